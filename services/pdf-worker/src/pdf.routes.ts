import { Router, type Request, type Response } from 'express';
import { AppError, assertRole, authenticate, requireTenant, staffAccess, type AuthMiddlewareOptions } from '@journal/server-kit';
import { staffRoutes } from '@journal/contracts';
import type { CachedFile } from './cache.repo';
import type { RequestContext } from './content.client';
import { ADMIN_KINDS, type PdfService } from './pdf.service';
import type { PdfJobData } from './pdf.types';

const ctxOf = (req: Request): RequestContext => ({ journalId: req.journalId, requestId: req.requestId });

/** `?async=1` or `Prefer: respond-async`: answer 202 with the job instead of waiting for the file. */
const wantsAsync = (req: Request) => {
  const q = req.query.async;
  return q === '1' || q === 'true' || /\brespond-async\b/i.test(req.header('prefer') ?? '');
};

function sendFile(res: Response, file: CachedFile, hit: boolean) {
  // File names are ours (digits and fixed words), but quote and encode them all the same.
  const ascii = file.filename.replace(/[^A-Za-z0-9._-]/g, '_');
  res.status(200);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Length', String(file.data.length));
  res.setHeader('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`);
  res.setHeader('Cache-Control', 'private, no-cache');
  res.setHeader('ETag', `"${file.key}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Pdf-Cache', hit ? 'hit' : 'miss');
  res.end(file.data);
}

export function pdfRoutes(service: PdfService, opts: { auth: AuthMiddlewareOptions; syncTimeoutMs: number }): Router {
  const r = Router();
  const staff = staffAccess(opts.auth);

  async function answer(req: Request, res: Response, data: PdfJobData) {
    if (wantsAsync(req)) {
      const started = await service.start(data);
      const id = data.key;
      res.status(202).setHeader('Location', `/api/pdf/jobs/${id}`);
      res.json({
        jobId: id,
        state: started.cached ? 'completed' : 'queued',
        statusUrl: `/api/pdf/jobs/${id}`,
        resultUrl: `/api/pdf/jobs/${id}/result`,
        filename: data.filename,
      });
      return;
    }
    const { file, hit } = await service.produce(data, opts.syncTimeoutMs);
    sendFile(res, file, hit);
  }

  r.use('/api/pdf', requireTenant);

  r.get('/api/pdf/certificate/:refno/:authorname', async (req, res) => {
    await answer(req, res, await service.certificate(ctxOf(req), String(req.params.refno), String(req.params.authorname)));
  });
  r.get('/api/pdf/coverpage/:refno', async (req, res) => {
    await answer(req, res, await service.coverpage(ctxOf(req), String(req.params.refno)));
  });
  r.get(['/api/pdf/editorialboard', '/api/pdf/editorialboard/'], async (req, res) => {
    await answer(req, res, await service.editorialBoard(ctxOf(req)));
  });
  r.post('/api/pdf/indexpage', staff(staffRoutes.indexPage), async (req, res) => {
    await answer(req, res, await service.indexPage(ctxOf(req), req.body));
  });
  r.post('/api/pdf/bulkcertificates', staff(staffRoutes.bulkCertificates), async (req, res) => {
    await answer(req, res, await service.bulkCertificates(ctxOf(req), req.body));
  });
  // The signed link is the only key: answered with the file, never with a job (whose reads are staff's).
  r.get('/api/pdf/reviewer-certificate/:reviewId/:signature', async (req, res) => {
    const data = await service.reviewerCertificate(ctxOf(req), String(req.params.reviewId), String(req.params.signature));
    const { file, hit } = await service.produce(data, opts.syncTimeoutMs);
    sendFile(res, file, hit);
  });
  r.post('/api/pdf/reviewercertificates', staff(staffRoutes.reviewerCertificates), async (req, res) => {
    await answer(req, res, await service.reviewerCertificates(ctxOf(req), req.body, req.header('authorization') ?? ''));
  });
  r.post('/api/pdf/editorscertificate', staff(staffRoutes.editorsCertificate), async (req, res) => {
    await answer(req, res, await service.editorsCertificate(ctxOf(req), req.body));
  });

  /**
   * Jobs of staff documents are for the roles that may make them (the same roles on every staff
   * document); public documents' jobs are public like the documents, while their articles are.
   */
  async function guard(req: Request): Promise<string> {
    const id = String(req.params.id);
    const job = await service.jobOf(id);
    if (job && ADMIN_KINDS.has(job.kind)) req.auth = assertRole(await authenticate(req, opts.auth), staffRoutes.indexPage.roles);
    else if (job) await service.assertReaderMayRead(ctxOf(req), job);
    return id;
  }

  r.get('/api/pdf/jobs/:id', async (req, res) => {
    const id = await guard(req);
    const status = await service.status(id, req.journalId);
    if (!status) throw new AppError(404, 'job_not_found', 'No such job');
    res.setHeader('Cache-Control', 'no-store');
    res.json(status);
  });

  r.get('/api/pdf/jobs/:id/result', async (req, res) => {
    const id = await guard(req);
    const file = await service.result(id, req.journalId);
    if (file) {
      sendFile(res, file, true);
      return;
    }
    const status = await service.status(id, req.journalId);
    if (!status) throw new AppError(404, 'job_not_found', 'No such job');
    if (status.state === 'failed') throw new AppError(500, 'render_failed', 'The document could not be produced');
    throw new AppError(409, 'not_ready', 'The document is not ready yet');
  });

  return r;
}

import { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express';
import { activityActor, AppError, classifyError, noStore, requireTenant } from '@journal/server-kit';
import { MAX_MANUSCRIPT_BYTES, MAX_RECEIPT_BYTES, OBJECT_ID_RE, SUBMISSION_MESSAGES as M, staffRoutes as routes } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { multipart } from '../admin/upload';
import { contentStaff } from '../admin/staff-access';
import { publicOrigin } from '../seo/public-url';
import { statusPath } from './submission-mail';
import type { PublicCaller, SubmissionService } from './submission.service';
import type { SubmissionStaffService } from './submission-staff.service';
import type { SubmissionSettingsService } from './submission-settings.service';

const manuscript = (field: string) => multipart(field, { maxBytes: MAX_MANUSCRIPT_BYTES, tooLarge: M.manuscriptTooLarge });
const receiptUpload = multipart('receipt', { maxBytes: MAX_RECEIPT_BYTES, tooLarge: M.receiptTooLarge });
/** Forms without a file come as multipart too (the pages' forms all are): parsed, no file taken. */
const fields = multipart('none');

const caller = (req: Request, deps: ContentDeps): PublicCaller => ({ journalId: req.journalId, origin: publicOrigin(req, deps.config), ip: req.clientIp, requestId: req.requestId });
const from = (req: Request) => ({ ip: req.clientIp ?? '', requestId: req.requestId ?? '' });

/**
 * A browser's form post (no script) wants a page, not JSON: it is sent on with a redirect, to the
 * status page on success, back to the form's page with an error code otherwise. The page shows a
 * fixed message for the code, never text from the URL.
 */
export const wantsPage = (req: Request) => req.accepts(['application/json', 'text/html']) === 'text/html';
export function pageAnswer(res: Response, ok: string, back: string, err?: unknown) {
  res.setHeader('Cache-Control', 'no-store');
  if (!err) return res.redirect(303, ok);
  const c = classifyError(err);
  if (c.status >= 500) throw err;
  const field = (c.details as { path?: string }[] | undefined)?.[0]?.path?.split('.')[0] ?? '';
  const q = new URLSearchParams({ error: c.code, ...(field ? { field } : {}) });
  return res.redirect(303, `${back}${back.includes('?') ? '&' : '?'}${q}`);
}

/** Runs a public act; JSON for scripts, a redirect for a plain form post. */
export function act(handler: (req: Request) => Promise<{ status?: number; body: unknown; page: string }>, back: (req: Request) => string): RequestHandler {
  return async (req, res) => {
    const html = wantsPage(req);
    try {
      const out = await handler(req);
      if (html) return pageAnswer(res, out.page, back(req));
      res.setHeader('Cache-Control', 'no-store');
      return res.status(out.status ?? 200).json(out.body);
    } catch (err) {
      if (!html) throw err;
      return pageAnswer(res, '', back(req), err);
    }
  };
}

const tokenOf = (req: Request) => String(req.params.token ?? '');
const idParam = (req: Request) => {
  const id = String(req.params.id ?? '');
  if (!OBJECT_ID_RE.test(id)) throw new AppError(404, 'not_found', 'Submission not found');
  return id;
};

/** What the routes call (built in submission.setup.ts). */
export interface SubmissionRouteServices {
  authors: SubmissionService;
  staff: SubmissionStaffService;
  /** docs/product.md#submission-worklog: which events the journal's work-log gets. */
  settings: SubmissionSettingsService;
}

/**
 * docs/product.md#submissions: the public submission routes (the journal from the Host, status
 * links by token) and the staff's (roles per staffRoutes).
 */
export function submissionRoutes(deps: ContentDeps, services: SubmissionRouteServices): Router {
  const { authors, staff: staffSide, settings: settingsSide } = services;
  const staff = contentStaff(deps);
  const r = Router();
  const statusBack = (req: Request) => statusPath(tokenOf(req));

  r.post(
    ['/api/submissions', '/api/submissions/'],
    requireTenant,
    manuscript('manuscript'),
    act(async (req) => {
      const out = await authors.create(caller(req, deps), req.body, req.file);
      return { status: 201, body: out, page: `${statusPath(out.token)}?done=submitted` };
    }, () => '/submit'),
  );

  r.post(
    '/api/submissions/resend',
    requireTenant,
    fields,
    act(async (req) => ({ status: 202, body: await authors.resend(caller(req, deps), req.body), page: '/submission?done=resent' }), () => '/submission'),
  );

  r.get('/api/submissions/status/:token', requireTenant, noStore, async (req, res) => {
    res.json(await authors.status(req.journalId, tokenOf(req)));
  });

  r.post(
    '/api/submissions/status/:token/withdraw',
    requireTenant,
    fields,
    act(async (req) => ({ body: await authors.withdraw(req.journalId, publicOrigin(req, deps.config), tokenOf(req), req.body, from(req)), page: `${statusBack(req)}?done=withdrawn` }), statusBack),
  );

  r.post(
    '/api/submissions/status/:token/revision',
    requireTenant,
    manuscript('manuscript'),
    act(async (req) => ({ body: await authors.revise(req.journalId, tokenOf(req), req.body, req.file, from(req)), page: `${statusBack(req)}?done=revised` }), statusBack),
  );

  r.post(
    '/api/submissions/status/:token/receipt',
    requireTenant,
    receiptUpload,
    act(async (req) => ({ body: await authors.receipt(req.journalId, tokenOf(req), req.body, req.file, from(req)), page: `${statusBack(req)}?done=receipt` }), statusBack),
  );

  // A refusal before the act (an upload over its limit, a body that cannot be read) sends a
  // browser's plain form post back to its page too.
  r.use('/api/submissions', ((err, req, res, next) => {
    if (!wantsPage(req)) return next(err);
    const token = /^\/status\/([^/]+)\//.exec(req.path)?.[1];
    try {
      pageAnswer(res, '', token ? statusPath(token) : req.path.startsWith('/resend') ? '/submission' : '/submit', err);
    } catch (e) {
      next(e);
    }
  }) as ErrorRequestHandler);

  // Staff.
  r.get(['/api/admin/submissions', '/api/admin/submissions/'], requireTenant, staff(routes.submissions), async (req, res) => {
    res.json(await staffSide.list(req.journalId, req.query));
  });

  r.get('/api/admin/submissions/:id', requireTenant, staff(routes.submission), async (req, res) => {
    res.json(await staffSide.detail(req.journalId, idParam(req)));
  });

  r.get('/api/admin/submissions/:id/files/:fileId', requireTenant, staff(routes.submissionFile), async (req, res) => {
    const f = await staffSide.file(req.journalId, idParam(req), String(req.params.fileId ?? ''));
    res.setHeader('Content-Type', f.contentType);
    res.setHeader('Content-Length', String(f.length));
    res.setHeader('Content-Disposition', `attachment; filename="${f.downloadName.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    f.stream().on('error', (err) => res.destroy(err)).pipe(res);
  });

  r.post('/api/admin/submissions/:id/decision', requireTenant, staff(routes.submissionDecision), async (req, res) => {
    res.json(await staffSide.decide(req.journalId, publicOrigin(req, deps.config), activityActor(req), idParam(req), req.body));
  });

  r.post('/api/admin/submissions/:id/payment', requireTenant, staff(routes.submissionPayment), async (req, res) => {
    res.json(await staffSide.payment(req.journalId, publicOrigin(req, deps.config), activityActor(req), idParam(req), req.body));
  });

  r.post('/api/admin/submissions/:id/publish', requireTenant, staff(routes.submissionPublish), multipart('pdfFile'), async (req, res) => {
    res.json(await staffSide.publish(req.journalId, publicOrigin(req, deps.config), activityActor(req), idParam(req), req.body, req.file));
  });

  // docs/product.md#submission-worklog: which events the journal's work-log gets.
  r.get('/api/admin/submission-settings', requireTenant, staff(routes.submissionSettings), async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json(await settingsSide.get(req.journalId));
  });
  r.put('/api/admin/submission-settings', requireTenant, staff(routes.updateSubmissionSettings), async (req, res) => {
    res.json(await settingsSide.update(req.journalId, activityActor(req), req.body));
  });

  return r;
}

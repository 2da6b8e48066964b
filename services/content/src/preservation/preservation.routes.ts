import { Router, type Request } from 'express';
import { AppError, requireTenant } from '@journal/server-kit';
import type { ContentDeps } from '../deps';
import { sendCached } from '../cache/http-cache';
import { etagOf } from '../views/view-cache';
import { plain } from '../shared/text';
import { publicOrigin } from '../seo/public-url';
import { manifestIndex, yearManifest, type ManifestJournal } from './lockss-manifest';

const HTML = 'text/html; charset=utf-8';

/** LOCKSS and CLOCKSS manifest pages of the journal the host names (docs/product.md#preservation). */
export function preservationRoutes(deps: ContentDeps): Router {
  const svc = deps.publicService;
  const r = Router();

  const journalOf = async (req: Request): Promise<ManifestJournal> => {
    const j = await svc.journal(req.journalId);
    if (!j) throw new AppError(404, 'unknown_journal', 'Journal not found');
    const name = plain(j.websitename || j.slug);
    return { name, publisher: name, issn: j.issn ?? '', eissn: j.journal_essn ?? '', origin: publicOrigin(req, deps.config) };
  };

  const send = (req: Request, res: Parameters<typeof sendCached>[1], html: string) =>
    sendCached(req, res, { body: Buffer.from(html), contentType: HTML, etag: etagOf(html) });

  r.get(['/lockss', '/clockss'], requireTenant, async (req, res) => {
    send(req, res, manifestIndex(await journalOf(req), await svc.archiveYears(req.journalId)));
  });

  r.get(['/lockss/:year', '/clockss/:year'], requireTenant, async (req, res) => {
    const year = /^\d{4}$/.test(String(req.params.year)) ? Number(req.params.year) : NaN;
    const html = Number.isNaN(year) ? null : yearManifest(await journalOf(req), await svc.archiveYears(req.journalId), year);
    if (!html) throw new AppError(404, 'not_found', 'No published issues that year');
    send(req, res, html);
  });

  return r;
}

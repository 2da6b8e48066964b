import { Router } from 'express';
import { z } from 'zod';
import { AppError, parse, requireTenant } from '@journal/server-kit';
import type { ContentDeps } from '../deps';
import { pagePath, publicOrigin } from '../seo/public-url';
import { publishedFileUrl, staffRoutes as routes } from '@journal/contracts';
import { languageCode } from '@journal/contracts';
import { doajRecords } from './doaj-xml';
import { contentStaff } from '../admin/staff-access';

const issueKey = z.object({
  year: z.coerce.number().int().min(0).max(9999),
  volume: z.coerce.number().int().min(0).max(1_000_000),
  issue: z.coerce.number().int().min(0).max(1_000_000),
});

/**
 * GET /api/admin/archives/:year/:vol/:issue/doaj.xml: the issue's public articles in DOAJ's
 * article XML, for upload on DOAJ's publisher area (editors and managers).
 */
export function doajRoutes(deps: ContentDeps): Router {
  const svc = deps.publicService;
  const staff = contentStaff(deps);
  const r = Router();
  r.get('/api/admin/archives/:year/:vol/:issue/doaj.xml', requireTenant, staff(routes.doajExport), async (req, res) => {
    const key = parse(issueKey, { year: req.params.year, volume: req.params.vol, issue: req.params.issue });
    const j = await svc.journal(req.journalId);
    if (!j) throw new AppError(404, 'unknown_journal', 'Journal not found');
    const inIssue = await svc.issueArticles(req.journalId, key);
    if (!inIssue.length) throw new AppError(404, 'not_found', 'This issue has no public articles');
    const details = await svc.detailsByRefs(req.journalId, inIssue.map((a) => a.refnumber));
    const origin = publicOrigin(req, deps.config);
    const xml = doajRecords(
      { title: j.websitename, publisher: j.websitename, issn: j.issn, eissn: j.journal_essn, language: languageCode(j.journal_language ?? '') },
      details.map((a) => ({ ...a, url: origin + pagePath.article(a), pdfUrl: publishedFileUrl(origin, a.pdf_url) })),
    );
    res.setHeader('Content-Type', 'application/xml; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="doaj-${j.slug.replace(/[^A-Za-z0-9_-]/g, '_')}-${key.year}-v${key.volume}-i${key.issue}.xml"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(xml);
  });
  return r;
}

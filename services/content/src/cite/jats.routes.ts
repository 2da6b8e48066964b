import { Router, type Request } from 'express';
import { AppError, requireTenant } from '@journal/server-kit';
import { publishedFileUrl, ARTICLE_REF_RE as REF_RE } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { etagOf } from '../views/view-cache';
import { sendCached } from '../cache/http-cache';
import { pagePath, publicOrigin } from '../seo/public-url';
import { effectiveLicense, languageCode } from '@journal/contracts';
import { jatsArticle } from './jats-xml';

const PATH_RE = /^\/api\/archives\/ref\/([^/]+)\/jats\.xml$/;

/**
 * GET /api/archives/ref/:ref/jats.xml: the article's front matter as JATS XML. Public like the
 * article page: an article the page does not show (disabled, withdrawn, unknown) is a 404 here.
 */
export function jatsRoutes(deps: ContentDeps): Router {
  const svc = deps.publicService;
  const r = Router();
  r.get(PATH_RE, requireTenant, async (req: Request, res) => {
    const ref = decodeURIComponent(PATH_RE.exec(req.path)![1]!);
    if (!REF_RE.test(ref)) throw new AppError(404, 'not_found', 'Article not found!');
    const origin = publicOrigin(req, deps.config);
    const c = await deps.cache.get(req.journalId, `jats:${origin}:${ref}`, async () => {
      const [a, j] = await Promise.all([svc.articleByRef(req.journalId, ref), svc.journal(req.journalId)]);
      if (!a || !j) return null;
      const xml = jatsArticle(
        { id: j.slug, title: j.websitename, issn: j.issn, eissn: j.journal_essn, publisher: j.websitename, language: languageCode(j.journal_language ?? '') },
        { ...a, license: effectiveLicense(a.license, j.license)?.url ?? '', url: origin + pagePath.article(a), pdfUrl: publishedFileUrl(origin, a.pdf_url) },
      );
      const body = Buffer.from(xml);
      return { body, contentType: 'application/xml; charset=utf-8', etag: etagOf(body) };
    });
    if (!c) throw new AppError(404, 'not_found', 'Article not found!');
    sendCached(req, res, c);
  });
  return r;
}

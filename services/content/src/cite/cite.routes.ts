import { Router, type Request } from 'express';
import { AppError, requireTenant } from '@journal/server-kit';
import { publishedFileUrl, ARTICLE_REF_RE as REF_RE, languageCode } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { etagOf } from '../views/view-cache';
import { sendCached } from '../cache/http-cache';
import type { ArticleDetail } from '../public/public.service';
import { pagePath, publicOrigin } from '../seo/public-url';
import type { Journal } from '../journals/journal.repo';
import { toBibtex, toCslJson, toRis, type CiteContext } from './cite-formats';


const FORMATS = {
  bib: { contentType: 'application/x-bibtex; charset=utf-8', make: (a: ArticleDetail, c: CiteContext) => toBibtex(a, c) },
  ris: { contentType: 'application/x-research-info-systems; charset=utf-8', make: (a: ArticleDetail, c: CiteContext) => toRis(a, c) },
  json: {
    contentType: 'application/vnd.citationstyles.csl+json; charset=utf-8',
    make: (a: ArticleDetail, c: CiteContext) => `${JSON.stringify(toCslJson(a, c), null, 2)}\n`,
  },
} as const;
type Format = keyof typeof FORMATS;

/** The journal's fields a citation names. */
export function citeContext(j: Journal, origin: string, a: ArticleDetail): CiteContext {
  return {
    journalName: j.websitename,
    issn: j.issn || j.journal_essn,
    language: languageCode(j.journal_language),
    pageUrl: origin + pagePath.article(a),
    pdfUrl: publishedFileUrl(origin, a.pdf_url),
  };
}

/** GET /api/archives/ref/:ref/cite.{bib,ris,json}: the article as a file for reference managers. */
export function citeRoutes(deps: ContentDeps): Router {
  const svc = deps.publicService;
  const r = Router();
  r.get(/^\/api\/archives\/ref\/([^/]+)\/cite\.(bib|ris|json)$/, requireTenant, async (req: Request, res) => {
    const m = /^\/api\/archives\/ref\/([^/]+)\/cite\.(bib|ris|json)$/.exec(req.path)!;
    const ref = decodeURIComponent(m[1]!);
    const fmt = m[2] as Format;
    if (!REF_RE.test(ref)) throw new AppError(404, 'not_found', 'Article not found!');
    const origin = publicOrigin(req, deps.config);
    const c = await deps.cache.get(req.journalId, `cite:${fmt}:${origin}:${ref}`, async () => {
      const [a, j] = await Promise.all([svc.articleByRef(req.journalId, ref), svc.journal(req.journalId)]);
      if (!a || !j) return null;
      const body = Buffer.from(FORMATS[fmt].make(a, citeContext(j, origin, a)));
      return { body, contentType: FORMATS[fmt].contentType, etag: etagOf(body) };
    });
    if (!c) throw new AppError(404, 'not_found', 'Article not found!');
    // The ref number passed REF_RE: safe in a header as it is.
    res.setHeader('Content-Disposition', `attachment; filename="${ref}.${fmt}"`);
    sendCached(req, res, c);
  });
  return r;
}

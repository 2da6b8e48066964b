import express, { Router, type Request, type Response } from 'express';
import { AppError, PUBLIC_HOST_HEADER, requireTenant } from '@journal/server-kit';
import { publishedFileUrl } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import type { Journal } from '../journals/journal.repo';
import { etagOf } from '../views/view-cache';
import { sendCached } from '../cache/http-cache';
import { pagePath, publicOrigin } from './public-url';
import { buildSitemaps, robotsTxt, sitemapIndex, SITEMAP_LIMITS, type SitemapUrl } from './sitemap';
import { handleOai, oaiTokenKey } from './oai';
import { preservationRoutes } from '../preservation/preservation.routes';

const XML = 'text/xml; charset=utf-8';

/** Sitemap, robots.txt and OAI-PMH; pages themselves come from the render process (web/server). */
export function seoRoutes(deps: ContentDeps, opts: { sitemapLimits?: typeof SITEMAP_LIMITS } = {}): Router {
  const { cache, config, publicService: svc } = deps;
  const limits = opts.sitemapLimits ?? SITEMAP_LIMITS;
  const r = Router();

  const journalOf = async (jid: string): Promise<Journal> => {
    const j = await svc.journal(jid);
    if (!j) throw new AppError(404, 'unknown_journal', 'Journal not found');
    return j;
  };

  const hostOf = (req: Request) => new URL(publicOrigin(req, config)).hostname || req.header(PUBLIC_HOST_HEADER) || 'localhost';

  /** Every URL of the journal for the sitemap: fixed pages, then issue pages, articles and PDFs. */
  async function sitemapFiles(req: Request): Promise<{ files: string[]; lastmod?: string }> {
    const origin = publicOrigin(req, config);
    return cache.get(
      req.journalId,
      `sitemap:${origin}`,
      async () => {
        const { articles } = await svc.corpus(req.journalId);
        const urls: SitemapUrl[] = ['/', '/archives', '/board', '/indexing', '/instructions', '/about', '/contact'].map((p) => ({ loc: origin + p }));
        const seen = new Set<string>();
        let latest = 0;
        for (const a of articles) {
          const lastmod = a.modification.slice(0, 10);
          latest = Math.max(latest, Date.parse(a.modification) || 0);
          const ip = pagePath.issue(a);
          if (!seen.has(ip)) {
            seen.add(ip);
            urls.push({ loc: origin + ip });
          }
          urls.push({ loc: origin + pagePath.article(a), lastmod });
          if (a.pdf_url) urls.push({ loc: publishedFileUrl(origin, a.pdf_url), lastmod });
        }
        return { files: buildSitemaps(urls, limits), lastmod: latest ? new Date(latest).toISOString().slice(0, 10) : undefined };
      },
      (s) => s.files.reduce((n, f) => n + f.length, 0),
    );
  }

  const sendText = (req: Request, res: Response, text: string, contentType: string) =>
    sendCached(req, res, { body: Buffer.from(text), contentType, etag: etagOf(text) });

  r.get('/sitemap.xml', requireTenant, async (req, res) => {
    const { files, lastmod } = await sitemapFiles(req);
    sendText(req, res, files.length === 1 ? files[0]! : sitemapIndex(publicOrigin(req, config), files.length, lastmod), XML);
  });

  r.get(/^\/sitemap-(\d{1,6})\.xml$/, requireTenant, async (req, res) => {
    const n = Number(/^\/sitemap-(\d{1,6})\.xml$/.exec(req.path)![1]);
    const { files } = await sitemapFiles(req);
    if (files.length < 2 || n < 1 || n > files.length) throw new AppError(404, 'not_found', 'No such sitemap');
    sendText(req, res, files[n - 1]!, XML);
  });

  r.get('/robots.txt', requireTenant, (req, res) => {
    sendText(req, res, robotsTxt(publicOrigin(req, config)), 'text/plain; charset=utf-8');
  });

  const oai = async (req: Request, res: Response) => {
    const params = req.method === 'POST' ? { ...(req.body as Record<string, unknown>) } : { ...req.query };
    const [j, corpus, deleted] = await Promise.all([journalOf(req.journalId), svc.corpus(req.journalId), svc.deletedRecords(req.journalId)]);
    const xml = await handleOai(params, {
      journal: j,
      origin: publicOrigin(req, config),
      host: hostOf(req),
      articles: corpus.articles,
      deleted,
      details: (refs) => svc.detailsByRefs(req.journalId, refs),
      tokenKey: oaiTokenKey(config.JWT_SECRET, req.journalId),
    });
    res.setHeader('Content-Type', XML);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(xml);
  };
  r.use(preservationRoutes(deps));
  r.get('/oai', requireTenant, oai);
  r.post('/oai', requireTenant, express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }), oai);

  return r;
}

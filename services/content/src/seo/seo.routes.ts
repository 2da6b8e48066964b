import express, { Router, type Request, type Response } from 'express';
import { AppError, PUBLIC_HOST_HEADER, requireTenant } from '@journal/server-kit';
import type { ContentDeps } from '../deps';
import type { Journal } from '../journals/journal.repo';
import { etagOf } from '../views/view-cache';
import { sendCached } from '../cache/http-cache';
import { publicOrigin } from './public-url';
import { robotsTxt, sitemapIndex, SITEMAP_LIMITS } from './sitemap';
import { handleOai, oaiTokenKey } from './oai';
import { preservationRoutes } from '../preservation/preservation.routes';

const XML = 'text/xml; charset=utf-8';

/** Sitemap, robots.txt and OAI-PMH; pages themselves come from the render process (web/server). */
export function seoRoutes(deps: ContentDeps, opts: { sitemapLimits?: typeof SITEMAP_LIMITS } = {}): Router {
  const { config, publicService: svc } = deps;
  const limits = opts.sitemapLimits ?? SITEMAP_LIMITS;
  const r = Router();

  const journalOf = async (jid: string): Promise<Journal> => {
    const j = await svc.journal(jid);
    if (!j) throw new AppError(404, 'unknown_journal', 'Journal not found');
    return j;
  };

  const hostOf = (req: Request) => new URL(publicOrigin(req, config)).hostname || req.header(PUBLIC_HOST_HEADER) || 'localhost';

  /**
   * The sitemap's file `want` (or only their count): fixed pages, then issue pages, articles and
   * PDFs, walked over the journal's stored sitemap index (a file reads the chunks it lists).
   */
  const sitemapFileOf = (req: Request, want?: number) => svc.sitemapFile(req.journalId, publicOrigin(req, config), limits, want);

  const sendText = (req: Request, res: Response, text: string, contentType: string) =>
    sendCached(req, res, { body: Buffer.from(text), contentType, etag: etagOf(text) });

  r.get('/sitemap.xml', requireTenant, async (req, res) => {
    // The first file is read along: it is the answer when it is the only one.
    const { count, file, lastmod } = await sitemapFileOf(req, 1);
    sendText(req, res, count === 1 ? file! : sitemapIndex(publicOrigin(req, config), count, lastmod), XML);
  });

  r.get(/^\/sitemap-(\d{1,6})\.xml$/, requireTenant, async (req, res) => {
    const n = Number(/^\/sitemap-(\d{1,6})\.xml$/.exec(req.path)![1]);
    const { count, file } = n >= 1 ? await sitemapFileOf(req, n) : { count: 0, file: undefined };
    if (count < 2 || !file) throw new AppError(404, 'not_found', 'No such sitemap');
    sendText(req, res, file, XML);
  });

  r.get('/robots.txt', requireTenant, (req, res) => {
    sendText(req, res, robotsTxt(publicOrigin(req, config)), 'text/plain; charset=utf-8');
  });

  const oai = async (req: Request, res: Response) => {
    const params = req.method === 'POST' ? { ...(req.body as Record<string, unknown>) } : { ...req.query };
    const xml = await handleOai(params, {
      journal: await journalOf(req.journalId),
      origin: publicOrigin(req, config),
      host: hostOf(req),
      repo: svc.oai(req.journalId),
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

import express, { Router, type Request, type Response } from 'express';
import { AppError, PUBLIC_HOST_HEADER, requireTenant } from '@journal/common';
import type { ContentDeps } from '../deps';
import type { Journal } from '../journals/journal.repo';
import { etagOf, type CachedBody } from '../cache/public-cache';
import { sendCached } from '../cache/http-cache';
import { PublicService } from '../public/public.service';
import { firstNumber } from '../shared/text';
import { articlePage, genericPage, issuePage, type PageParts } from './page-html';
import { absolute, pagePath, publicOrigin } from './public-url';
import { buildSitemaps, robotsTxt, sitemapIndex, SITEMAP_LIMITS, type SitemapUrl } from './sitemap';
import { handleOai } from './oai';
import { renderShell, WebShell } from './web-shell';

const REF_RE = /^[A-Za-z0-9._-]{1,64}$/;
const HTML = 'text/html; charset=utf-8';
const XML = 'text/xml; charset=utf-8';

type Page = { status: number; body: CachedBody };

/** Served HTML of archive pages, sitemap, robots.txt and OAI-PMH (docs/product.md#deliberate-changes). */
export function seoRoutes(deps: ContentDeps, opts: { sitemapLimits?: typeof SITEMAP_LIMITS } = {}): Router {
  const { cache, config } = deps;
  const svc = new PublicService(deps);
  const shell = new WebShell(config.WEB_INDEX_URL, config.WEB_INDEX_TTL_MS, deps.logger);
  const limits = opts.sitemapLimits ?? SITEMAP_LIMITS;
  const r = Router();

  const journalOf = async (jid: string): Promise<Journal> => {
    const j = (await cache.view(jid)).journal;
    if (!j) throw new AppError(404, 'unknown_journal', 'Journal not found');
    return j;
  };

  const hostOf = (req: Request) => new URL(publicOrigin(req, config)).hostname || req.header(PUBLIC_HOST_HEADER) || 'localhost';

  async function renderArchivePage(req: Request, origin: string, segs: string[]): Promise<Page> {
    const j = await journalOf(req.journalId);
    const { html, tag } = await shell.get();
    const page = async (status: number, parts: PageParts): Promise<Page> => {
      const body = Buffer.from(renderShell(html, parts));
      return { status, body: { body, contentType: HTML, etag: etagOf(body) } };
    };
    const key = `html:${tag}:${origin}:${segs.join('/')}`;
    return cache.get<Page>(
      req.journalId,
      key,
      async () => {
        if (segs.length === 3 || segs.length === 4) {
          const year = firstNumber(segs[0]);
          const volume = firstNumber(segs[1]);
          const issue = firstNumber(segs[2]);
          if (year !== null && volume !== null && issue !== null) {
            if (segs.length === 4) {
              const ref = segs[3]!;
              const a = REF_RE.test(ref) ? await svc.articleByRef(req.journalId, ref) : null;
              if (a) return page(200, articlePage(j, a, origin));
              return page(404, genericPage(j, 'Article not found!', origin, null));
            }
            const key3 = { year, volume, issue };
            const list = await svc.issueArticles(req.journalId, key3);
            return page(list.length ? 200 : 404, list.length ? issuePage(j, key3, list, origin) : genericPage(j, 'Issue not found', origin, null));
          }
          return page(404, genericPage(j, 'Not found', origin, null));
        }
        if (segs.length === 0) return page(200, genericPage(j, 'ARCHIVES', origin, '/archives'));
        return page(404, genericPage(j, 'Not found', origin, null));
      },
      (p) => p.body.body.length + 200,
    );
  }

  r.get(['/archives', '/archives/*rest'], requireTenant, async (req, res) => {
    let segs: string[];
    try {
      segs = req.path.split('/').slice(2).filter(Boolean).map((s) => decodeURIComponent(s));
    } catch {
      throw new AppError(400, 'invalid_path', 'Invalid path');
    }
    // Anything deeper or longer than an article path is a plain not-found page.
    if (segs.length > 4 || segs.some((s) => s.length > 100)) segs = ['not-found'];
    const p = await renderArchivePage(req, publicOrigin(req, config), segs);
    sendCached(req, res, p.body, { status: p.status });
  });

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
          if (a.pdf_url) urls.push({ loc: absolute(origin, a.pdf_url), lastmod });
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
    const [j, corpus] = await Promise.all([journalOf(req.journalId), svc.corpus(req.journalId)]);
    const xml = await handleOai(params, {
      journal: j,
      origin: publicOrigin(req, config),
      host: hostOf(req),
      articles: corpus.articles,
      details: (refs) => svc.detailsByRefs(req.journalId, refs),
    });
    res.setHeader('Content-Type', XML);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(xml);
  };
  r.get('/oai', requireTenant, oai);
  r.post('/oai', requireTenant, express.urlencoded({ extended: false, limit: '16kb', parameterLimit: 20 }), oai);

  return r;
}

import { Router, type Request, type Response } from 'express';
import { AppError, EDGE_MISS_HEADER, requireTenant } from '@journal/server-kit';
import { ARTICLE_REF_RE as REF_RE, OBJECT_ID_RE as ID_RE } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { sendCached } from '../cache/http-cache';
import { firstNumber } from '../shared/text';
import { normaliseKeyword } from '../search/search-keyword';
import { jsonList } from './public.service';


const JSON_TYPE = 'application/json; charset=utf-8';
const notFound = (what: string) => new AppError(404, 'not_found', what);

/** The public API of docs/product.md#api (settings live in journals/settings.routes.ts). Every answer is cached per journal version. */
export function publicRoutes(deps: ContentDeps): Router {
  const { cache, publicService: svc, search } = deps;
  const r = Router();
  r.use(['/api/editors', '/api/indexing', '/api/archives', '/api/search'], requireTenant);

  const cachedJson = async (req: Request, res: Response, key: string, produce: () => Promise<unknown>, missing?: string) => {
    const c = await cache.json(req.journalId, key, produce);
    if (missing && c.body.length === 4 && c.body.toString() === 'null') throw notFound(missing);
    sendCached(req, res, c);
  };

  r.get(['/api/editors', '/api/editors/'], (req, res) => cachedJson(req, res, 'editors', () => svc.editors(req.journalId)));
  r.get('/api/editors/:id', async (req, res) => {
    const id = String(req.params.id);
    if (!ID_RE.test(id)) throw notFound('Editor not found');
    await cachedJson(req, res, `editor:${id}`, () => svc.editor(req.journalId, id), 'Editor not found');
  });

  r.get(['/api/indexing', '/api/indexing/'], (req, res) => cachedJson(req, res, 'indexing', () => svc.indexing(req.journalId)));

  r.get(['/api/archives', '/api/archives/'], (req, res) => cachedJson(req, res, 'years', () => svc.archiveYears(req.journalId)));

  /** One article's page data, from its view; a withdrawn article answers its tombstone (docs/product.md#withdrawals). */
  r.get('/api/archives/ref/:ref', async (req, res) => {
    const ref = String(req.params.ref).trim();
    if (!REF_RE.test(ref)) throw notFound('Article not found!');
    await cachedJson(req, res, `ref:${ref}`, () => svc.pageByRef(req.journalId, ref), 'Article not found!');
  });

  r.get('/api/archives/:id', async (req, res) => {
    const id = String(req.params.id);
    if (!ID_RE.test(id)) throw notFound('Article not found!');
    await cachedJson(req, res, `id:${id}`, () => svc.articleById(req.journalId, id), 'Article not found!');
  });

  r.get('/api/archives/:year/:vol/:issue', async (req, res) => {
    const year = firstNumber(req.params.year);
    const volume = firstNumber(req.params.vol);
    const issue = firstNumber(req.params.issue);
    // docs/product.md#route-params: unparsable params simply match nothing.
    if (year === null || volume === null || issue === null) {
      res.setHeader(EDGE_MISS_HEADER, '1');
      await cachedJson(req, res, 'empty', async () => []);
      return;
    }
    const c = await cache.body(req.journalId, `issue:${year}/${volume}/${issue}`, async () => ({
      body: await svc.issueArticlesJson(req.journalId, { year, volume, issue }),
      contentType: JSON_TYPE,
    }));
    // No such issue (made-up numbers are endless): nginx keeps the empty list seconds, unrecorded.
    if (c.body.length <= 2) res.setHeader(EDGE_MISS_HEADER, '1');
    sendCached(req, res, c);
  });

  r.get(['/api/search', '/api/search/'], async (req, res) => {
    const k = normaliseKeyword(req.query.keyword);
    const c = await cache.body(req.journalId, `search:${k}`, async () => ({ body: jsonList(await search.search(req.journalId, k)), contentType: JSON_TYPE }));
    sendCached(req, res, c);
  });

  return r;
}

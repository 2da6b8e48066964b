import { Router } from 'express';
import { parse, requireTenant } from '@journal/server-kit';
import { articleBatchRequestSchema, type ArticleBatchResponse } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { PublicService, type CorpusArticle } from './public.service';

/**
 * POST /internal/articles/by-refs: the public articles of the request's journal with these
 * reference numbers, in one call (the PDF service's bulk jobs; docs/product.md#api). Read from
 * the journal's in-memory corpus, so 1000 references cost no database read once it is warm. The
 * gateway never forwards /internal from outside.
 */
export function articleBatchRoutes(deps: ContentDeps): Router {
  const svc = new PublicService(deps);
  const r = Router();
  r.post('/internal/articles/by-refs', requireTenant, async (req, res) => {
    const refs = [...new Set(parse(articleBatchRequestSchema, req.body).refs)];
    const { byRef, articles } = await svc.corpus(req.journalId);
    const found: CorpusArticle[] = [];
    const missing: string[] = [];
    for (const ref of refs) {
      const i = byRef.get(ref);
      if (i === undefined) missing.push(ref);
      else found.push(articles[i]!);
    }
    const body: ArticleBatchResponse = { articles: found, missing };
    res.set('cache-control', 'no-store').json(body);
  });
  return r;
}

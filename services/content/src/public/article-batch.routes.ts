import { Router } from 'express';
import { parse, requireTenant } from '@journal/server-kit';
import { articleBatchRequestSchema, staffEditorsRequestSchema, type ArticleBatchAnswer } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import type { CorpusArticle } from './public.service';

/**
 * POST /internal/articles/by-refs: the public articles of the request's journal with these
 * reference numbers, in one call (the PDF service's bulk jobs; docs/product.md#api). Read from
 * the articles' views (one read by `_id` each, kept in the budgeted cache). The
 * gateway never forwards /internal from outside.
 */
export function articleBatchRoutes(deps: ContentDeps): Router {
  const svc = deps.publicService;
  const r = Router();
  r.post('/internal/articles/by-refs', requireTenant, async (req, res) => {
    const refs = [...new Set(parse(articleBatchRequestSchema, req.body).refs)];
    const listed = await svc.listedByRefs(req.journalId, refs);
    const found: CorpusArticle[] = [];
    const missing: string[] = [];
    for (const ref of refs) {
      const c = listed.get(ref);
      if (c) found.push(c);
      else missing.push(ref);
    }
    const body: ArticleBatchAnswer = { articles: found, missing };
    res.set('cache-control', 'no-store').json(body);
  });

  /**
   * The staff reads of docs/product.md#bulk-documents: what staff selected, whatever its status or
   * withdrawal, for the admin-only documents (the pdf service checks the admin's token before it
   * asks). Only ever reachable inside the cluster, like the route above.
   */
  r.post('/internal/staff/articles/by-refs', requireTenant, async (req, res) => {
    const refs = [...new Set(parse(articleBatchRequestSchema, req.body).refs)];
    res.set('cache-control', 'no-store').json(await svc.staffArticles(req.journalId, refs));
  });

  r.post('/internal/staff/editors/by-ids', requireTenant, async (req, res) => {
    const ids = [...new Set(parse(staffEditorsRequestSchema, req.body).ids)];
    res.set('cache-control', 'no-store').json(await svc.staffEditors(req.journalId, ids));
  });
  return r;
}

import { Router } from 'express';
import { activityActor, noStore, parse, requireTenant, staffAccess, type AuthMiddlewareOptions } from '@journal/server-kit';
import { isPagedQuery, objectIdSchema, staffRoutes, workEntryCreateSchema, workEntryUpdateSchema, workListQuerySchema } from '@journal/contracts';
import type { WorklogService } from './worklog.service';

/**
 * docs/product.md#api: work-log calls; every one needs the bearer token of the request's journal
 * and a role that opens the work-log (docs/product.md#roles).
 */
export function worklogRoutes(service: WorklogService, authOpts: AuthMiddlewareOptions): Router {
  const r = Router();
  const staff = staffAccess(authOpts);
  r.use('/api/webdata', noStore, requireTenant);

  r.get(['/api/webdata', '/api/webdata/'], staff(staffRoutes.workList), async (req, res) => {
    const q = parse(workListQuerySchema, req.query);
    res.setHeader('Cache-Control', 'no-store');
    const page = await service.list(req.journalId, q);
    if (isPagedQuery(q)) return void res.json(page);
    // The original's array, one page long: the total and the next page are told in headers.
    res.setHeader('X-Total-Count', String(page.total));
    if (page.total > page.pageSize) res.setHeader('Link', `</api/webdata?page=2&pageSize=${page.pageSize}>; rel="next"`);
    res.json(page.items);
  });

  r.post(['/api/webdata', '/api/webdata/'], staff(staffRoutes.workCreate), async (req, res) => {
    const body = parse(workEntryCreateSchema, req.body ?? {});
    res.status(201).json(await service.create(req.journalId, activityActor(req), body));
  });

  r.put('/api/webdata/:id', staff(staffRoutes.workStatus), async (req, res) => {
    const id = parse(objectIdSchema, req.params.id);
    const body = parse(workEntryUpdateSchema, req.body ?? {});
    res.json(await service.setStatus(req.journalId, activityActor(req), id, body.status));
  });

  return r;
}

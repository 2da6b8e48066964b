import { Router } from 'express';
import { noStore, parse, requireTenant } from '@journal/server-kit';
import { workEntryInternalSchema } from '@journal/contracts';
import type { WorklogService } from './worklog.service';

/**
 * POST /internal/webdata/entries: entries other services write for a journal (the content
 * service's submission events). Like every /internal path it is never routed by the gateway, and
 * in Kubernetes only the content pods reach it (docs/security.md#internal-routes).
 */
export function internalWorklogRoutes(service: WorklogService): Router {
  const r = Router();
  r.post('/internal/webdata/entries', noStore, requireTenant, async (req, res) => {
    const body = parse(workEntryInternalSchema, req.body ?? {});
    res.status(201).json(await service.createOnce(req.journalId, body, req.requestId));
  });
  return r;
}

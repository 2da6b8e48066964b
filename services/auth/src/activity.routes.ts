import { Router } from 'express';
import { noStore, parse, requireTenant, staffAccess, type ActivityLog, type AuthMiddlewareOptions } from '@journal/server-kit';
import { activityQuerySchema, staffRoutes } from '@journal/contracts';

/**
 * GET /api/activity (docs/product.md#activity-log): a page of the journal's activity log, for
 * managers only (`staffRoutes.activity`); every other role gets 403 before the query is even read.
 */
export function activityRoutes(activity: ActivityLog, authOpts: AuthMiddlewareOptions): Router {
  const r = Router();
  r.get(['/api/activity', '/api/activity/'], noStore, requireTenant, staffAccess(authOpts)(staffRoutes.activity), async (req, res) => {
    const q = parse(activityQuerySchema, req.query);
    res.json(await activity.list(req.journalId, q));
  });
  return r;
}

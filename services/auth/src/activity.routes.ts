import { Router } from 'express';
import { AppError, authenticate, noStore, parse, requestRole, requireTenant, type ActivityLog, type AuthMiddlewareOptions } from '@journal/server-kit';
import { activityQuerySchema } from '@journal/contracts';

/**
 * GET /api/activity (docs/product.md#activity-log): a page of the journal's activity log, for
 * managers only; every other role gets 403 before the query is even read.
 */
export function activityRoutes(activity: ActivityLog, authOpts: AuthMiddlewareOptions): Router {
  const r = Router();
  r.get(['/api/activity', '/api/activity/'], noStore, requireTenant, async (req, res) => {
    req.auth = await authenticate(req, authOpts);
    if (requestRole(req) !== 'manager') throw new AppError(403, 'forbidden', 'Only managers can read the activity log');
    const q = parse(activityQuerySchema, req.query);
    res.json(await activity.list(req.journalId, q));
  });
  return r;
}

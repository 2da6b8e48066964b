import { Router } from 'express';
import { requireTenant } from '@journal/server-kit';
import { staffRoutes as routes } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { contentStaff } from '../admin/staff-access';
import type { LiveStatusService } from './live-status.service';

/** docs/product.md#publishing-status: whether the journal's saved changes are live on the public site. */
export function liveStatusRoutes(deps: ContentDeps, status: LiveStatusService): Router {
  const staff = contentStaff(deps);
  const r = Router();
  r.get('/api/admin/edge-status', requireTenant, staff(routes.edgeStatus), async (req, res) => {
    res.json(await status.status(req.journalId));
  });
  return r;
}

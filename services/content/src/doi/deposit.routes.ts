import { Router } from 'express';
import { z } from 'zod';
import { activityActor, parse, requireTenant } from '@journal/server-kit';
import { staffRoutes as routes } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import { publicOrigin } from '../seo/public-url';
import type { DepositService } from './deposit.service';
import { contentStaff } from '../admin/staff-access';

const issueKey = z.object({
  year: z.coerce.number().int().min(0).max(9999),
  volume: z.coerce.number().int().min(0).max(1_000_000),
  issue: z.coerce.number().int().min(0).max(1_000_000),
});

/**
 * Crossref deposits from the admin (docs/product.md#crossref-deposits):
 * the journal's Crossref login (managers; stored sealed, never answered), deposits (editors and
 * managers; queued, 202), each article's DOI state and a submission's progress.
 */
export function depositRoutes(deps: ContentDeps, svc: DepositService): Router {
  const staff = contentStaff(deps);
  const r = Router();
  r.get('/api/admin/crossref/credentials', requireTenant, staff(routes.crossrefCredentials), async (req, res) => {
    res.json(await svc.credentialsStatus(req.journalId));
  });
  r.put('/api/admin/crossref/credentials', requireTenant, staff(routes.setCrossrefCredentials), async (req, res) => {
    res.json(await svc.setCredentials(req.journalId, activityActor(req), req.body));
  });
  r.delete('/api/admin/crossref/credentials', requireTenant, staff(routes.removeCrossrefCredentials), async (req, res) => {
    res.json(await svc.deleteCredentials(req.journalId, activityActor(req)));
  });
  r.post('/api/admin/crossref/deposits', requireTenant, staff(routes.crossrefDeposit), async (req, res) => {
    res.status(202).json(await svc.enqueue(req.journalId, activityActor(req), req.body, publicOrigin(req, deps.config)));
  });
  r.get('/api/admin/crossref/deposits/:year/:vol/:issue', requireTenant, staff(routes.crossrefDepositStates), async (req, res) => {
    const key = parse(issueKey, { year: req.params.year, volume: req.params.vol, issue: req.params.issue });
    res.json(await svc.issueStates(req.journalId, key));
  });
  r.get('/api/admin/crossref/submissions/:id', requireTenant, staff(routes.crossrefSubmission), async (req, res) => {
    res.json(await svc.submission(req.journalId, String(req.params.id)));
  });
  return r;
}

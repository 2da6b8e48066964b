import { Router } from 'express';
import { z } from 'zod';
import { activityActor, parse, staffJson } from '@journal/server-kit';
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
  const r = Router();
  const on = staffJson(r, contentStaff(deps));
  on(routes.crossrefCredentials, (req) => svc.credentialsStatus(req.journalId));
  on(routes.setCrossrefCredentials, (req) => svc.setCredentials(req.journalId, activityActor(req), req.body));
  on(routes.removeCrossrefCredentials, (req) => svc.deleteCredentials(req.journalId, activityActor(req)));
  on(routes.crossrefDeposit, (req) => svc.enqueue(req.journalId, activityActor(req), req.body, publicOrigin(req, deps.config)), { status: 202 });
  on(routes.crossrefDepositStates, (req) =>
    svc.issueStates(req.journalId, parse(issueKey, { year: req.params.year, volume: req.params.vol, issue: req.params.issue })),
  );
  on(routes.crossrefSubmission, (req) => svc.submission(req.journalId, String(req.params.id)));
  return r;
}

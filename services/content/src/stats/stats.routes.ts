import { Router } from 'express';
import { z } from 'zod';
import { parse, requireTenant } from '@journal/server-kit';
import { staffRoutes } from '@journal/contracts';
import { contentStaff } from '../admin/staff-access';
import type { ContentDeps } from '../deps';
import type { StatsService } from './stats.service';

const issueKey = z.object({
  year: z.coerce.number().int().min(0).max(9999),
  volume: z.coerce.number().int().min(0).max(1_000_000),
  issue: z.coerce.number().int().min(0).max(1_000_000),
});

/** The usage counts (docs/product.md#usage-counting): an article's public totals, an issue's report for the admin. */
export function statsRoutes(deps: ContentDeps, stats: StatsService): Router {
  const staff = contentStaff(deps);
  const r = Router();

  /** The public counts of one article, when the journal shows them. */
  r.get('/api/archives/ref/:ref/stats', requireTenant, async (req, res) => {
    const totals = await stats.articleTotals(req.journalId, String(req.params.ref));
    res.setHeader('Cache-Control', 'public, max-age=60');
    res.json(totals);
  });

  /** Per-article and per-month counts of one issue (all statuses), for the admin. */
  r.get('/api/admin/stats/:year/:vol/:issue', requireTenant, staff(staffRoutes.issueStats), async (req, res) => {
    const key = parse(issueKey, { year: req.params.year, volume: req.params.vol, issue: req.params.issue });
    const report = await stats.issueReport(req.journalId, key);
    res.setHeader('Cache-Control', 'no-store');
    res.json(report);
  });

  return r;
}

import { AppError } from '@journal/server-kit';
import type { CounterReportId } from '@journal/contracts';
import type { Journal } from '../journals/journal.repo';
import type { StatsRepo } from '../stats/stats.repo';
import { THE_WORLD } from './counter-reports';
import { readReportRequest } from './counter-request';
import { titleLevelReport } from './counter-scope';

/**
 * A title-level report of every journal of the deployment (or one), for its operator (`jp counter
 * report`): the platform's PR sums all journals, TR lists each. Item reports of the platform are
 * the platform-wide SUSHI API's (docs/product.md#counter-platform).
 */
export async function platformReport(
  stats: StatsRepo,
  journals: Journal[],
  id: CounterReportId,
  query: Record<string, unknown>,
  opts: { platform: string; now?: Date; scheme?: string },
) {
  if (id === 'ir' || id === 'ir_a1') throw new AppError(400, 'per_journal', 'Item reports of the platform are harvested through its SUSHI API');
  const scope = { journals, platform: opts.platform, origin: (j: Journal) => `${opts.scheme ?? 'https'}://${j.hosts[0] ?? j.slug}` };
  return titleLevelReport(stats, scope, readReportRequest(id, query), THE_WORLD, opts.now ?? new Date());
}

import { AppError } from '@journal/server-kit';
import type { CounterReportId } from '@journal/contracts';
import type { Journal } from '../journals/journal.repo';
import type { StatsRepo } from '../stats/stats.repo';
import { THE_WORLD, titleReport, type ReportContext } from './counter-reports';
import { readReportRequest } from './counter-request';
import { PLATFORM_ID, readablePeriod, searchRows, titleOf, titleRows } from './counter.service';

/**
 * A title-level report of every journal of the deployment (or one), for its operator (`jp counter
 * report`): the platform's PR sums all journals, TR lists each. Item reports stay per journal
 * (the admin and SUSHI), where an article list is one journal's.
 */
export async function platformReport(
  stats: StatsRepo,
  journals: Journal[],
  id: CounterReportId,
  query: Record<string, unknown>,
  opts: { platform: string; now?: Date; scheme?: string },
) {
  if (id === 'ir' || id === 'ir_a1') throw new AppError(400, 'per_journal', 'Item reports are per journal: ask the journal (admin or SUSHI)');
  const now = opts.now ?? new Date();
  const req = readReportRequest(id, query);
  const ids = journals.map((j) => j.id);
  const upTo = await readablePeriod(stats, ids, req, now);
  const ctx: ReportContext = { platform: opts.platform, platformId: PLATFORM_ID, createdBy: opts.platform, institution: THE_WORLD, now };
  const titles = journals.map((j) => titleOf(j, `${opts.scheme ?? 'https'}://${j.hosts[0] ?? j.slug}`)).sort((a, b) => a.name.localeCompare(b.name));
  if (!upTo) return titleReport(req, ctx, titles, []);
  const [rows, searches] = await Promise.all([titleRows(stats, ids, req.begin, upTo), searchRows(stats, ids, req, upTo)]);
  return titleReport(req, ctx, titles, rows, searches);
}

import { AppError, type CliCommand } from '@journal/server-kit';
import { counterReportIds } from '@journal/contracts';
import type { JournalRepo } from '../journals/journal.repo';
import { ITEM_MONTH_SETTLE_MS, type StatsRepo } from '../stats/stats.repo';
import { isReportId } from '../counter/counter-request';
import { platformReport } from '../counter/counter-platform';
import { monthsOf } from '../counter/counter.service';
import { counterTsv } from '../counter/counter-tsv';
import { fillTitleRollup, type Describe } from '../stats/title-rollup';

export interface CounterCliDeps {
  journals: JournalRepo;
  stats: StatsRepo;
  /** The year of publication and access type of a journal's articles. */
  describe: Describe;
}

/** `jp counter report`: COUNTER title-level reports of the whole platform (or one journal), for its operator. */
export function counterCommands(deps: () => Promise<CounterCliDeps>): CliCommand[] {
  return [
    {
      words: ['counter', 'rollup'],
      summary: 'sum the months counted before the title rollup existed into it (once, after upgrading; months already rolled up are left alone)',
      options: { journal: { type: 'string', describe: 'only this journal (its slug); default: every journal' } },
      async run(a) {
        const d = await deps();
        const journals = a.journal ? [await d.journals.findBySlug(String(a.journal))] : await d.journals.listAll();
        if (journals.some((j) => !j)) throw new AppError(404, 'unknown_journal', `No journal with the slug ${String(a.journal)}`);
        const done: { slug: string; months: string[] }[] = [];
        for (const j of journals) done.push({ slug: j!.slug, months: (await fillTitleRollup(d.stats, d.describe, j!.id)).months });
        return { data: { journals: done }, text: done.map((x) => `${x.slug.padEnd(16)} ${x.months.length ? x.months.join(' ') : 'nothing to add'}`).join('\n') };
      },
    },
    {
      words: ['counter', 'item-months'],
      summary: 'store the complete months from --since on for the item reports (once, after upgrading; later months are stored as each settles)',
      options: { since: { type: 'string', required: true, describe: 'first month, yyyy-mm' } },
      async run(a) {
        const since = String(a.since);
        if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(since)) throw new AppError(400, 'invalid_month', 'The first month is yyyy-mm');
        const d = await deps();
        const last = new Date(Date.now() - ITEM_MONTH_SETTLE_MS);
        const stored: { month: string; stored: number }[] = [];
        // Months that settled: the last is the one before the month an hour ago falls in.
        for (const m of monthsOf(since, new Date(Date.UTC(last.getUTCFullYear(), last.getUTCMonth() - 1, 1)).toISOString().slice(0, 7))) {
          stored.push({ month: m, stored: await d.stats.storeItemMonthsOf(m) });
        }
        return { data: { months: stored }, text: stored.map((x) => `${x.month} ${x.stored} stored`).join('\n') || 'no complete month since then' };
      },
    },
    {
      words: ['counter', 'report'],
      summary: 'a COUNTER R5.1 platform or title report of every journal (JSON, or TSV with --tsv)',
      options: {
        report: { type: 'string', required: true, describe: `one of ${counterReportIds.filter((id) => !id.startsWith('ir')).join(', ')}` },
        begin: { type: 'string', required: true, describe: 'first month, yyyy-mm' },
        end: { type: 'string', required: true, describe: 'last month, yyyy-mm' },
        journal: { type: 'string', describe: 'only this journal (its slug)' },
        platform: { type: 'string', describe: 'the platform name the report gives (default: Journal platform)' },
        tsv: { type: 'boolean', describe: 'the tabular form' },
      },
      async run(a) {
        const id = String(a.report).toLowerCase();
        if (!isReportId(id)) throw new AppError(400, 'unknown_report', `No report ${String(a.report)}: ${counterReportIds.join(', ')}`);
        const d = await deps();
        const journals = a.journal ? [await d.journals.findBySlug(String(a.journal))] : await d.journals.listAll();
        if (journals.some((j) => !j)) throw new AppError(404, 'unknown_journal', `No journal with the slug ${String(a.journal)}`);
        const report = await platformReport(d.stats, journals.map((j) => j!), id, { begin_date: String(a.begin), end_date: String(a.end) }, { platform: a.platform ? String(a.platform) : 'Journal platform' });
        return { data: report, text: a.tsv ? counterTsv(report) : JSON.stringify(report, null, 2) };
      },
    },
  ];
}

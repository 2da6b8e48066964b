import { writeFile } from 'node:fs/promises';
import { AppError, type CliCommand } from '@journal/server-kit';
import { counterReportIds } from '@journal/contracts';
import type { JournalRepo } from '../journals/journal.repo';
import { ITEM_MONTH_SETTLE_MS, type StatsRepo } from '../stats/stats.repo';
import { isReportId } from '../counter/counter-request';
import { platformReport } from '../counter/counter-platform';
import { monthsOf } from '../shared/months';
import { counterTsv } from '../counter/counter-tsv';
import { counterXlsx } from '../counter/counter-xlsx';
import { fillTitleRollup, type Describe } from '../stats/title-rollup';
import type { PlatformCustomer, PlatformCustomerService } from '../counter/platform-customer.service';

export interface CounterCliDeps {
  journals: JournalRepo;
  stats: StatsRepo;
  /** The year of publication and access type of a journal's articles. */
  describe: Describe;
  /** The platform-wide SUSHI API's customers. */
  platformCustomers: PlatformCustomerService;
}

/** The fields of a platform customer the options give (absent ones left out: an update keeps them). */
const customerFields = (a: Record<string, unknown>) => {
  const text = (k: string) => (typeof a[k] === 'string' ? { [k]: a[k] } : {});
  return {
    ...text('name'),
    ...(typeof a['customer-id'] === 'string' ? { customerId: a['customer-id'] } : {}),
    ...(typeof a['requestor-id'] === 'string' ? { requestorId: a['requestor-id'] } : {}),
    ...text('notes'),
    ...(typeof a.journals === 'string' ? { journals: list(a.journals) } : {}),
    ...(typeof a['ip-ranges'] === 'string' ? { ipRanges: list(a['ip-ranges']) } : {}),
    ...(typeof a['all-usage'] === 'boolean' ? { allUsage: a['all-usage'] } : {}),
  };
};
const list = (v: string) => v.split(',').map((s) => s.trim()).filter(Boolean);
const customerLine = (c: PlatformCustomer) =>
  `${c.customerId.padEnd(24)} ${c.name} (requestor ${c.requestorId || '-'}; journals ${c.journals.join(', ')}; ${c.allUsage ? 'all usage' : `usage from ${c.ipRanges.join(', ')}`})`;
const CUSTOMER_OPTIONS = {
  name: { type: 'string', describe: 'the institution\'s name' },
  'requestor-id': { type: 'string', describe: 'the Requestor ID the harvester must send too (default: none)' },
  notes: { type: 'string', describe: 'a note shown in members' },
  journals: { type: 'string', describe: '* for every journal, or the slugs of the journals it may harvest, comma-separated' },
  'ip-ranges': { type: 'string', describe: 'an institution\'s addresses, CIDR blocks or first-last ranges, comma-separated: it is reported the usage from them' },
  'all-usage': { type: 'boolean', describe: 'report every reader\'s usage of its journals (a consortium or monitor), not an institution\'s' },
} as const;

/**
 * `jp counter …`: COUNTER title-level reports of the whole platform (or one journal), the customers
 * of the platform-wide SUSHI API, and the aggregates' upkeep, for the deployment's operator.
 */
export function counterCommands(deps: () => Promise<CounterCliDeps>): CliCommand[] {
  return [
    {
      words: ['counter', 'customer', 'list'],
      summary: 'the customers of the platform-wide SUSHI API (docs/product.md#counter-platform)',
      options: {},
      async run() {
        const list = await (await deps()).platformCustomers.list();
        return { data: list, text: list.map(customerLine).join('\n') || 'no platform customers' };
      },
    },
    {
      words: ['counter', 'customer', 'add'],
      summary: 'add a customer of the platform-wide SUSHI API; its API key is printed this once',
      options: { 'customer-id': { type: 'string', required: true, describe: 'the Customer ID the harvester sends' }, ...CUSTOMER_OPTIONS, name: { ...CUSTOMER_OPTIONS.name, required: true }, journals: { ...CUSTOMER_OPTIONS.journals, required: true } },
      async run(a) {
        const made = await (await deps()).platformCustomers.create(customerFields(a));
        return { data: made, text: `${customerLine(made.customer)}\nAPI key (shown once): ${made.apiKey}` };
      },
    },
    {
      words: ['counter', 'customer', 'update'],
      summary: 'change a platform customer\'s name, requestor ID, notes, journals, IP ranges or all-usage',
      options: { 'customer-id': { type: 'string', required: true, describe: 'the customer to change' }, ...CUSTOMER_OPTIONS },
      async run(a) {
        const { customerId: _id, ...patch } = customerFields(a);
        const c = await (await deps()).platformCustomers.update(String(a['customer-id']), patch);
        return { data: c, text: customerLine(c) };
      },
    },
    {
      words: ['counter', 'customer', 'remove'],
      summary: 'remove a platform customer (its key stops working at once)',
      options: { 'customer-id': { type: 'string', required: true, describe: 'the customer to remove' } },
      async run(a) {
        await (await deps()).platformCustomers.remove(String(a['customer-id']));
        return { data: { removed: a['customer-id'] }, text: `removed ${String(a['customer-id'])}` };
      },
    },
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
      summary: 'a COUNTER R5.1 platform or title report of every journal (JSON, TSV with --tsv, or an XLSX file with --xlsx)',
      options: {
        report: { type: 'string', required: true, describe: `one of ${counterReportIds.filter((id) => !id.startsWith('ir')).join(', ')}` },
        begin: { type: 'string', required: true, describe: 'first month, yyyy-mm' },
        end: { type: 'string', required: true, describe: 'last month, yyyy-mm' },
        journal: { type: 'string', describe: 'only this journal (its slug)' },
        platform: { type: 'string', describe: 'the platform name the report gives (default: Journal platform)' },
        tsv: { type: 'boolean', describe: 'the tabular form' },
        xlsx: { type: 'string', describe: 'write the tabular form to this .xlsx file' },
      },
      async run(a) {
        const id = String(a.report).toLowerCase();
        if (!isReportId(id)) throw new AppError(400, 'unknown_report', `No report ${String(a.report)}: ${counterReportIds.join(', ')}`);
        const d = await deps();
        const journals = a.journal ? [await d.journals.findBySlug(String(a.journal))] : await d.journals.listAll();
        if (journals.some((j) => !j)) throw new AppError(404, 'unknown_journal', `No journal with the slug ${String(a.journal)}`);
        const report = await platformReport(d.stats, journals.map((j) => j!), id, { begin_date: String(a.begin), end_date: String(a.end) }, { platform: a.platform ? String(a.platform) : 'Journal platform' });
        if (typeof a.xlsx === 'string') {
          await writeFile(a.xlsx, await counterXlsx(report));
          return { data: { file: a.xlsx }, text: `written to ${a.xlsx}` };
        }
        return { data: report, text: a.tsv ? counterTsv(report) : JSON.stringify(report, null, 2) };
      },
    },
  ];
}

import { LRUCache } from 'lru-cache';
import { COUNTER_REPORT_DESCRIPTIONS, COUNTER_REPORTS, citationDate, counterReportIds, type CounterReportId } from '@journal/contracts';
import { publicOriginOf } from '@journal/server-kit';
import type { ContentDeps } from '../deps';
import type { Journal } from '../journals/journal.repo';
import { ITEM_MONTH_SETTLE_MS, type ArticleMonth } from '../stats/stats.repo';
import { accessOf } from '../stats/title-rollup';
import { articleAuthors, displayName } from '../cite/article-authors';
import { plain } from '../shared/text';
import { pagePath } from '../seo/public-url';
import { SushiError } from './counter-exceptions';
import { itemReport, THE_WORLD, type Item, type Row } from './counter-reports';
import { InstitutionDirectory } from './institution-ranges';
import { readReportRequest } from './counter-request';
import { monthAfter, monthBefore, monthsOf } from '../shared/months';
import {
  monthSpanOf,
  readablePeriod,
  reportContext,
  platformRequesterOf,
  requesterOf,
  titleLevelReport,
  titlesOf,
  type ReportScope,
  type Requester,
  usageKeyOf,
} from './counter-scope';
import { keyMatches, PLATFORM_CUSTOMERS, type StoredCustomer, type SushiCustomerRepo } from './sushi-customer.repo';

/** One COUNTER_SUSHI API (a journal's, or the platform's) as its routes call it. */
export interface SushiApi {
  /** What its rate limit is counted per, beside the customer. */
  scope: string;
  status(): Promise<unknown>;
  authorize(q: Record<string, unknown>): Promise<StoredCustomer>;
  reportList(c: StoredCustomer): Promise<unknown>;
  report(c: StoredCustomer, id: CounterReportId, q: Record<string, unknown>): Promise<unknown>;
}

/**
 * COUNTER reports of one journal over SUSHI and in the admin (docs/product.md#counter): who may
 * harvest (customer, requestor and API key), what is available, and the reports from the stored
 * aggregates. Usage from an institution's IP ranges is counted for it as well as for the world:
 * a customer with ranges gets its own usage, one without (a harvester of an open journal's whole
 * usage) the world's ("The World" in the Code of Practice).
 */
export class CounterService {
  /** The journals' IP ranges, which the counting attributes usage by. */
  readonly institutions: InstitutionDirectory;

  /**
   * The item reports' data of a journal and period being read: a big journal's year not read
   * before is every article-month, which may take longer than a request may wait, so it is read
   * once in the background (storing its complete months) and kept until a request takes it.
   */
  private readonly itemReads = new LRUCache<string, { done: boolean; data: Promise<{ items: Item[]; rows: Row[] }> }>({ max: 4, ttl: 3600_000 });

  constructor(
    private readonly deps: ContentDeps,
    readonly customers: SushiCustomerRepo,
  ) {
    this.institutions = new InstitutionDirectory(
      async (journalId) => customers.list(journalId),
      async () => customers.list(PLATFORM_CUSTOMERS),
    );
  }

  /** The item data, or 1011 (queued) if it is not read within COUNTER_ITEM_WAIT_MS; the read goes on. */
  private async itemDataQueued(scope: ReportScope, begin: string, end: string, inst: string | null): Promise<{ items: Item[]; rows: Row[] }> {
    const key = `${scope.journals.map((j) => `${j.id}@${scope.origin(j)}`).join(',')}|${begin}|${end}|${inst ?? ''}`;
    let read = this.itemReads.get(key);
    if (!read) {
      const entry = { done: false, data: this.itemData(scope, begin, end, inst) };
      entry.data.then(
        () => (entry.done = true),
        () => this.itemReads.delete(key),
      );
      this.itemReads.set(key, (read = entry));
    }
    // A read is kept until a request is answered with it (the harvester asking again after 1011);
    // later requests read afresh, from the months it stored.
    if (read.done) {
      this.itemReads.delete(key);
      return read.data;
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), this.deps.config.COUNTER_ITEM_WAIT_MS)));
    try {
      const data = await Promise.race([read.data, waited]);
      if (!data) throw new SushiError(1011, 'The item report is being built: ask again in a minute');
      this.itemReads.delete(key);
      return data;
    } finally {
      clearTimeout(timer);
    }
  }

  private async journal(journalId: string): Promise<Journal> {
    const j = await this.deps.publicService.journal(journalId);
    if (!j) throw new SushiError(1000, 'Unknown journal');
    return j;
  }

  /** One journal's reports: its own host, its name as the platform's. */
  private async journalScope(journalId: string, origin: string): Promise<ReportScope> {
    const j = await this.journal(journalId);
    return { journals: [j], platform: plain(j.websitename || j.slug), origin: () => origin };
  }

  /** The journals a platform customer may harvest (enabled ones: a disabled journal serves nothing). */
  private async entitled(c: Pick<StoredCustomer, 'journals'>): Promise<ReportScope> {
    const ids = c.journals.includes('*') ? (await this.deps.repos.journals.listHosts()).filter((j) => j.status === 'enabled').map((j) => j.id) : c.journals;
    const journals = (await Promise.all(ids.map((id) => this.deps.publicService.journal(id)))).filter((j): j is Journal => !!j && j.status !== 'disabled');
    return { journals, platform: this.deps.config.COUNTER_PLATFORM_NAME, origin: (j) => publicOriginOf(j.hosts[0], this.deps.config) };
  }

  /** The COUNTER_SUSHI API of one journal, answered on its host with its data alone. */
  journalApi(journalId: string, origin: string): SushiApi {
    return {
      scope: journalId,
      status: async () => {
        const j = await this.journal(journalId);
        return [{ Description: `COUNTER Release 5.1 usage reports of ${plain(j.websitename || j.slug)}`, Service_Active: true }];
      },
      authorize: (q) => this.authorize(journalId, q),
      reportList: async () => this.reportList([journalId]),
      report: async (c, id, q) => this.reportOf(await this.journalScope(journalId, origin), id, q, requesterOf(c)),
    };
  }

  /**
   * The platform-wide COUNTER_SUSHI API (docs/product.md#counter-platform): its customers are the
   * operator's, and each is reported the journals it may harvest, no other.
   */
  platformApi(): SushiApi {
    return {
      scope: 'platform',
      status: async () => [{ Description: `COUNTER Release 5.1 usage reports of ${this.deps.config.COUNTER_PLATFORM_NAME}`, Service_Active: true }],
      authorize: (q) => this.authorize(PLATFORM_CUSTOMERS, q),
      reportList: async (c) => this.reportList((await this.entitled(c)).journals.map((j) => j.id)),
      report: async (c, id, q) => this.reportOf(await this.entitled(c), id, q, platformRequesterOf(c)),
    };
  }

  /**
   * The platform's report as its operators read it (docs/product.md#counter-platform): every
   * enabled journal's usage by every reader, or the report a platform customer harvests.
   */
  async platformReport(id: CounterReportId, query: Record<string, unknown>, customer: StoredCustomer | null, now = new Date()) {
    const scope = await this.entitled(customer ?? { journals: ['*'] });
    return this.reportOf(scope, id, query, customer ? platformRequesterOf(customer) : THE_WORLD, now);
  }

  /** Code of Practice 8.2: customer_id always; the requestor ID when the customer has one; the API key. */
  async authorize(scope: string, q: Record<string, unknown>): Promise<StoredCustomer> {
    const text = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : '');
    const customerId = text('customer_id');
    if (!customerId) throw new SushiError(1030, 'customer_id is required');
    const c = await this.customers.findByCustomerId(scope, customerId);
    if (!c) throw new SushiError(2010, `Unknown customer_id: ${customerId}`);
    if (c.requestorId && text('requestor_id') !== c.requestorId) throw new SushiError(2000, text('requestor_id') ? 'Unknown requestor_id' : 'requestor_id is required');
    if (!text('api_key')) throw new SushiError(2020, 'api_key is required');
    if (!keyMatches(c, text('api_key'))) throw new SushiError(2020);
    return c;
  }

  members(c: StoredCustomer) {
    return [{ Customer_ID: c.customerId, Institution_Name: c.name, ...(c.notes.length >= 2 ? { Notes: c.notes } : {}) }];
  }

  /** The reports served, with the months usage is available for (complete months only). */
  async reportList(journalIds: string[], now = new Date()) {
    const span = journalIds.length ? await monthSpanOf(this.deps.repos.stats, journalIds) : null;
    const last = monthBefore(now);
    return counterReportIds.map((id) => ({
      Report_Name: COUNTER_REPORTS[id],
      Report_ID: id.toUpperCase(),
      Release: '5.1',
      Report_Description: COUNTER_REPORT_DESCRIPTIONS[id],
      Path: `/r51/reports/${id}`,
      ...(span && span.first <= last ? { First_Month_Available: span.first, Last_Month_Available: last } : {}),
    }));
  }

  /** One journal's report, as its admin reads it (the world's, or a customer's). */
  async report(journalId: string, id: CounterReportId, query: Record<string, unknown>, who: Requester, origin: string, now = new Date()) {
    return this.reportOf(await this.journalScope(journalId, origin), id, query, who, now);
  }

  /**
   * One report of a scope's journals. The months asked for that are not complete yet are left out
   * (3031), as are those before any usage was counted (3032); the rest is read from the stored
   * aggregates.
   */
  private async reportOf(scope: ReportScope, id: CounterReportId, query: Record<string, unknown>, who: Requester, now = new Date()) {
    if (id !== 'ir' && id !== 'ir_a1') return titleLevelReport(this.deps.repos.stats, scope, readReportRequest(id, query), who, now);
    const req = readReportRequest(id, query);
    const upTo = await readablePeriod(this.deps.repos.stats, scope.journals.map((j) => j.id), req, now);
    const inst = usageKeyOf(who);
    const { items, rows } = upTo ? await this.itemDataQueued(scope, req.begin, upTo, inst) : { items: [], rows: [] };
    return itemReport(req, reportContext(scope, who, now), titlesOf(scope), items, rows);
  }

  /**
   * The articles' monthly counts of the period: each month from its stored document (every
   * complete month has one, StatsRecorder.storeItemMonths), or, one not stored yet or made stale
   * by a late hit, from the article-months, then stored (once the month has been over long enough
   * for every hit of it to be counted).
   */
  private async itemCounts(journalId: string, begin: string, end: string, inst: string | null, now = Date.now()) {
    const stats = this.deps.repos.stats;
    const months = monthsOf(begin, end);
    const { rows: stored, gens } = await stats.storedItemMonths(journalId, months, inst);
    const read: ArticleMonth[] = [];
    // A month at a time, each stored as soon as read: a long read that is cut short keeps what it did.
    for (const m of months.filter((x) => !stored.has(x))) {
      const counts = await stats.articleMonths(journalId, [m], inst);
      if (Date.parse(`${monthAfter(m)}-01T00:00:00Z`) + ITEM_MONTH_SETTLE_MS <= now) await stats.storeItemMonth(journalId, m, counts, inst, gens.get(m));
      read.push(...counts);
    }
    return [...[...stored.values()].flat(), ...read];
  }

  /** The articles with usage in the period, and their monthly counts, of every journal of the scope that has any. */
  private async itemData(scope: ReportScope, begin: string, end: string, inst: string | null): Promise<{ items: Item[]; rows: Row[] }> {
    let journals = scope.journals;
    if (journals.length > 1) {
      const used = new Set((await this.deps.repos.stats.titleMonths(journals.map((j) => j.id), begin, end, inst)).map((t) => t.journalId));
      journals = journals.filter((j) => used.has(j.id));
    }
    const out: { items: Item[]; rows: Row[] } = { items: [], rows: [] };
    // One journal after another: each is a read of its stored months and its article list.
    for (const j of journals) {
      const { items, rows } = await this.journalItemData(j, begin, end, scope.origin(j), inst);
      out.items.push(...items);
      out.rows.push(...rows);
    }
    return out;
  }

  /** One journal's articles with usage in the period, and their monthly counts (the world's or one institution's). */
  private async journalItemData(j: Journal, begin: string, end: string, origin: string, inst: string | null): Promise<{ items: Item[]; rows: Row[] }> {
    const counts = await this.itemCounts(j.id, begin, end, inst);
    const used = new Set(counts.map((c) => c.articleId));
    const articles = (await this.deps.repos.articles.list(j.id, ITEM_FIELDS)).filter((a) => used.has(a.id));
    const items: Item[] = articles.map((a) => ({
      articleId: a.id,
      journalId: j.id,
      title: plain(a.title),
      authors: articleAuthors(a).map(displayName),
      published: /^\d{4}-\d{2}-\d{2}$/.test(citationDate(a.publishdate, a.year).replace(/\//g, '-')) ? citationDate(a.publishdate, a.year).replace(/\//g, '-') : '',
      doi: a.doi ?? '',
      refnumber: a.refnumber,
      uri: origin + pagePath.article(a),
      yop: a.year,
      access: accessOf(a.license, j.license),
    }));
    const about = new Map(items.map((i) => [i.articleId, i]));
    const rows: Row[] = counts.flatMap((c) => {
      const i = about.get(c.articleId);
      return i ? [{ ...c, key: c.articleId, yop: i.yop, access: i.access }] : [];
    });
    return { items, rows };
  }
}

/** What an item report names of an article. */
const ITEM_FIELDS = ['title', 'authorname', 'authors', 'publishdate', 'doi', 'license'] as const;

import { LRUCache } from 'lru-cache';
import { COUNTER_REPORT_DESCRIPTIONS, COUNTER_REPORTS, citationDate, counterReportIds, type CounterReportId } from '@journal/contracts';
import type { ContentDeps } from '../deps';
import type { Journal } from '../journals/journal.repo';
import { ITEM_MONTH_SETTLE_MS, type ArticleMonth, type StatsRepo } from '../stats/stats.repo';
import { accessOf } from '../stats/title-rollup';
import { articleAuthors, displayName } from '../cite/article-authors';
import { plain } from '../shared/text';
import { pagePath } from '../seo/public-url';
import { sushiException, SushiError } from './counter-exceptions';
import { itemReport, titleReport, type Item, type ReportContext, type ReportRequest, type Row, type SearchRow, type Title } from './counter-reports';
import { InstitutionDirectory } from './institution-ranges';
import { readReportRequest } from './counter-request';
import { keyMatches, type StoredCustomer, type SushiCustomerRepo } from './sushi-customer.repo';

/** The namespace of the platform's proprietary ids in reports (Code of Practice: platform ID as namespace). */
export const PLATFORM_ID = 'jp';


const ISSN = /^(\d{4})-?(\d{3}[\dXx])$/;
const issn = (v: string | undefined) => {
  const m = ISSN.exec(v ?? '');
  return m ? `${m[1]}-${m[2]!.toUpperCase()}` : '';
};

const monthBefore = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

/**
 * An institution a request is made for: a SUSHI customer, or the journal's own staff (the whole
 * world's usage). `attributed`: its usage is counted by its IP ranges, and its reports are of that
 * usage alone; otherwise they are the world's.
 */
export interface Requester {
  name: string;
  customerId: string;
  attributed: boolean;
}

/** Who a customer's reports are for: its own usage when it has IP ranges, the world's otherwise. */
export const requesterOf = (c: StoredCustomer): Requester => ({ name: c.name, customerId: c.customerId, attributed: c.ipRanges.length > 0 });

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
    this.institutions = new InstitutionDirectory(async (journalId) => customers.list(journalId));
  }

  /** The item data, or 1011 (queued) if it is not read within COUNTER_ITEM_WAIT_MS; the read goes on. */
  private async itemDataQueued(j: Journal, begin: string, end: string, origin: string, inst: string | null): Promise<{ items: Item[]; rows: Row[] }> {
    const key = `${j.id}|${begin}|${end}|${origin}|${inst ?? ''}`;
    let read = this.itemReads.get(key);
    if (!read) {
      const entry = { done: false, data: this.itemData(j, begin, end, origin, inst) };
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

  /** Code of Practice 8.2: customer_id always; the requestor ID when the customer has one; the API key. */
  async authorize(journalId: string, q: Record<string, unknown>): Promise<StoredCustomer> {
    const text = (k: string) => (typeof q[k] === 'string' ? (q[k] as string) : '');
    const customerId = text('customer_id');
    if (!customerId) throw new SushiError(1030, 'customer_id is required');
    const c = await this.customers.findByCustomerId(journalId, customerId);
    if (!c) throw new SushiError(2010, `Unknown customer_id: ${customerId}`);
    if (c.requestorId && text('requestor_id') !== c.requestorId) throw new SushiError(2000, text('requestor_id') ? 'Unknown requestor_id' : 'requestor_id is required');
    if (!text('api_key')) throw new SushiError(2020, 'api_key is required');
    if (!keyMatches(c, text('api_key'))) throw new SushiError(2020);
    return c;
  }

  async status(journalId: string) {
    const j = await this.journal(journalId);
    return [{ Description: `COUNTER Release 5.1 usage reports of ${plain(j.websitename || j.slug)}`, Service_Active: true }];
  }

  members(c: StoredCustomer) {
    return [{ Customer_ID: c.customerId, Institution_Name: c.name, ...(c.notes.length >= 2 ? { Notes: c.notes } : {}) }];
  }

  /** The reports served, with the months usage is available for (complete months only). */
  async reportList(journalId: string, now = new Date()) {
    const span = await monthSpanOf(this.deps.repos.stats, [journalId]);
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

  /**
   * One report. The months asked for that are not complete yet are left out (3031), as are those
   * before any usage was counted (3032); the rest is read from the stored aggregates.
   */
  async report(journalId: string, id: CounterReportId, query: Record<string, unknown>, who: Requester, origin: string, now = new Date()) {
    const req = readReportRequest(id, query);
    const j = await this.journal(journalId);
    const upTo = await readablePeriod(this.deps.repos.stats, [journalId], req, now);
    const name = plain(j.websitename || j.slug);
    const inst = who.attributed ? who.customerId : null;
    const ctx: ReportContext = { platform: name, platformId: PLATFORM_ID, createdBy: name, institution: { name: who.name, customerId: who.customerId, attributed: who.attributed }, now };
    const title = titleOf(j, origin);
    if (id === 'ir' || id === 'ir_a1') {
      const { items, rows } = upTo ? await this.itemDataQueued(j, req.begin, upTo, origin, inst) : { items: [], rows: [] };
      return itemReport(req, ctx, [title], items, rows);
    }
    const stats = this.deps.repos.stats;
    const [rows, searches] = upTo ? await Promise.all([titleRows(stats, [journalId], req.begin, upTo, inst), searchRows(stats, [journalId], req, upTo, inst)]) : [[], []];
    return titleReport(req, ctx, [title], rows, searches);
  }

  /**
   * The articles' monthly counts of the period: each month from its stored document when a report
   * read it before, otherwise from the article-months, then stored (once the month has been over
   * long enough for every hit of it to be counted; counting a late one drops it again).
   */
  private async itemCounts(journalId: string, begin: string, end: string, inst: string | null, now = Date.now()) {
    const stats = this.deps.repos.stats;
    const months = monthsOf(begin, end);
    const stored = await stats.storedItemMonths(journalId, months, inst);
    const read: ArticleMonth[] = [];
    // A month at a time, each stored as soon as read: a long read that is cut short keeps what it did.
    for (const m of months.filter((x) => !stored.has(x))) {
      const counts = await stats.articleMonths(journalId, [m], inst);
      if (Date.parse(`${monthAfter(m)}-01T00:00:00Z`) + ITEM_MONTH_SETTLE_MS <= now) await stats.storeItemMonth(journalId, m, counts, inst);
      read.push(...counts);
    }
    return [...[...stored.values()].flat(), ...read];
  }

  /** The articles with usage in the period, and their monthly counts (the world's or one institution's). */
  private async itemData(j: Journal, begin: string, end: string, origin: string, inst: string | null): Promise<{ items: Item[]; rows: Row[] }> {
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

/**
 * The first and last month with usage, kept a minute per journal set: it moves only when a month
 * begins or older months are rolled up, and every report asks for it.
 */
const spans = new LRUCache<string, { span: { first: string; last: string } | null }>({ max: 1000, ttl: 60_000 });
async function monthSpanOf(stats: StatsRepo, journalIds: string[] | null) {
  const key = journalIds ? journalIds.join(',') : '*';
  let hit = spans.get(key);
  if (!hit) spans.set(key, (hit = { span: await stats.monthSpan(journalIds) }));
  return hit.span;
}

/** A journal as the title reports name it. */
export const titleOf = (j: Journal, origin: string): Title => {
  const name = plain(j.websitename || j.slug);
  return { journalId: j.id, name, publisher: name, issn: issn(j.issn), eissn: issn(j.journal_essn), uri: origin };
};

/**
 * The last month of the request to read (null: none), and its exceptions: months not complete yet
 * are not reported (3031), months before counting began have no data (3032).
 */
export async function readablePeriod(stats: StatsRepo, journalIds: string[] | null, req: ReportRequest, now: Date): Promise<string | null> {
  const span = await monthSpanOf(stats, journalIds);
  const last = monthBefore(now);
  if (req.end > last) req.exceptions.push(sushiException(3031, `${req.begin > last ? req.begin : monthAfter(last)} to ${req.end}`));
  if (span && req.begin < span.first && req.end >= span.first) req.exceptions.push(sushiException(3032, `before ${span.first}`));
  if (req.begin > last) return null;
  return req.end > last ? last : req.end;
}

export async function titleRows(stats: StatsRepo, journalIds: string[] | null, begin: string, end: string, inst: string | null = null): Promise<Row[]> {
  return (await stats.titleMonths(journalIds, begin, end, inst)).map((d) => ({ ...d, key: d.journalId }));
}

/** The searches of the period, for the platform reports that ask for them (none for the others). */
export async function searchRows(stats: StatsRepo, journalIds: string[] | null, req: ReportRequest, end: string, inst: string | null = null): Promise<SearchRow[]> {
  return req.searches ? stats.searchMonths(journalIds, req.begin, end, inst) : [];
}

const monthAfter = (m: string) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, mo, 1)).toISOString().slice(0, 7);
};

/** The months begin..end (YYYY-MM, inclusive). */
export const monthsOf = (begin: string, end: string) => {
  const out: string[] = [];
  for (let m = begin; m <= end; m = monthAfter(m)) out.push(m);
  return out;
};

/** What an item report names of an article. */
const ITEM_FIELDS = ['title', 'authorname', 'authors', 'publishdate', 'doi', 'license'] as const;

import { LRUCache } from 'lru-cache';
import type { Journal } from '../journals/journal.repo';
import type { StatsRepo } from '../stats/stats.repo';
import { plain } from '../shared/text';
import { monthAfter, monthBefore } from '../shared/months';
import { sushiException } from './counter-exceptions';
import { titleReport, type ReportContext, type ReportRequest, type Row, type SearchRow, type Title } from './counter-reports';
import type { StoredCustomer } from './sushi-customer.repo';
import { platformInst } from './institution-ranges';

/** The namespace of the platform's proprietary ids in reports (Code of Practice: platform ID as namespace). */
export const PLATFORM_ID = 'jp';

/**
 * Whose usage a report is of: one journal (on its host, named as its own platform), or the
 * journals a platform customer may harvest (the deployment's platform name, each journal under
 * its own host).
 */
export interface ReportScope {
  journals: Journal[];
  platform: string;
  origin: (j: Journal) => string;
}

/**
 * An institution a request is made for: a SUSHI customer, or the journal's own staff (the whole
 * world's usage). `attributed`: its usage is counted by its IP ranges, and its reports are of that
 * usage alone; otherwise they are the world's.
 */
export interface Requester {
  name: string;
  customerId: string;
  attributed: boolean;
  /** What its usage is counted under, when that is not its customer ID (a platform customer's). */
  usageKey?: string;
}

/** Who a journal customer's reports are for: its own usage when it has IP ranges, the world's otherwise. */
export const requesterOf = (c: StoredCustomer): Requester => ({ name: c.name, customerId: c.customerId, attributed: c.ipRanges.length > 0 });

/** A platform customer's: an institution's own usage in its journals, or all of it when it is reported all usage. */
export const platformRequesterOf = (c: StoredCustomer): Requester => ({
  name: c.name,
  customerId: c.customerId,
  attributed: !c.allUsage && c.ipRanges.length > 0,
  usageKey: platformInst(c.customerId),
});

/** The institution whose counts a report reads (null: the world's). */
export const usageKeyOf = (who: Requester): string | null => (who.attributed ? (who.usageKey ?? who.customerId) : null);

const ISSN = /^(\d{4})-?(\d{3}[\dXx])$/;
const issn = (v: string | undefined) => {
  const m = ISSN.exec(v ?? '');
  return m ? `${m[1]}-${m[2]!.toUpperCase()}` : '';
};

/**
 * The first and last month with usage, kept a minute per journal set: it moves only when a month
 * begins or older months are rolled up, and every report asks for it.
 */
const spans = new LRUCache<string, { span: { first: string; last: string } | null }>({ max: 1000, ttl: 60_000 });
export async function monthSpanOf(stats: StatsRepo, journalIds: string[] | null) {
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

/** The scope's journals as titles, by name. */
export const titlesOf = (scope: ReportScope): Title[] => scope.journals.map((j) => titleOf(j, scope.origin(j))).sort((a, b) => a.name.localeCompare(b.name));

export const reportContext = (scope: ReportScope, who: Requester, now: Date): ReportContext => ({
  platform: scope.platform,
  platformId: PLATFORM_ID,
  createdBy: scope.platform,
  institution: { name: who.name, customerId: who.customerId, attributed: who.attributed },
  now,
});

/**
 * The last month of the request to read (null: none), and its exceptions: months not complete yet
 * are not reported (3031), months before counting began have no data (3032).
 */
export async function readablePeriod(stats: StatsRepo, journalIds: string[] | null, req: ReportRequest, now: Date): Promise<string | null> {
  const span = journalIds?.length === 0 ? null : await monthSpanOf(stats, journalIds);
  const last = monthBefore(now);
  if (req.end > last) req.exceptions.push(sushiException(3031, `${req.begin > last ? req.begin : monthAfter(last)} to ${req.end}`));
  if (span && req.begin < span.first && req.end >= span.first) req.exceptions.push(sushiException(3032, `before ${span.first}`));
  if (req.begin > last || journalIds?.length === 0) return null;
  return req.end > last ? last : req.end;
}

/**
 * A platform or title report (PR, PR_P1, TR and its views) of a scope's journals, from their
 * monthly rollups and searches: a few documents a month per journal.
 */
export async function titleLevelReport(stats: StatsRepo, scope: ReportScope, req: ReportRequest, who: Requester, now: Date) {
  const ids = scope.journals.map((j) => j.id);
  const inst = usageKeyOf(who);
  const upTo = await readablePeriod(stats, ids, req, now);
  const ctx = reportContext(scope, who, now);
  if (!upTo) return titleReport(req, ctx, titlesOf(scope), []);
  // Complete months only (readablePeriod): a harvest's other reports, and other harvesters of the world's usage, read them again.
  const period = `${inst ?? ''}|${req.begin}|${upTo}`;
  const [rows, searches] = await Promise.all([
    stats.settled.read(ids, `titles|${period}`, () => stats.titleMonths(ids, req.begin, upTo, inst)),
    // The searches of the period, for the platform reports that ask for them.
    req.searches ? stats.settled.read(ids, `searches|${period}`, () => stats.searchMonths(ids, req.begin, upTo, inst)) : Promise.resolve([] as SearchRow[]),
  ]);
  return titleReport(req, ctx, titlesOf(scope), rows.map((d): Row => ({ ...d, key: d.journalId })), searches);
}

import { COUNTER_REPORTS, type CounterReportId } from '@journal/contracts';
import type { AccessType, UsageCounts } from '../stats/stats.repo';
import { sushiException, type SushiException } from './counter-exceptions';

/**
 * COUNTER Release 5.1 reports (JSON as the COUNTER_SUSHI API defines it) from stored monthly
 * aggregates: pure, no I/O. Journal content only: titles are journals (Data_Type Journal), items
 * articles (Data_Type Article), every access Regular (no text and data mining is told apart), and
 * the access type Open (an open licence) or Free_To_Read (free to read, no open licence): nothing
 * on the platform is Controlled, so TR_J1 and TR_J4 are empty (3030). Searches of a journal's
 * site are its platform's Searches_Platform (PR and PR_P1, Data_Type Platform); the unique title
 * metrics (books only in 5.1) are not counted, so no report carries them.
 */

export const METRICS = ['Total_Item_Investigations', 'Total_Item_Requests', 'Unique_Item_Investigations', 'Unique_Item_Requests'] as const;
export type Metric = (typeof METRICS)[number];

const metricOf: Record<Metric, (c: UsageCounts) => number> = {
  // A download is an investigation too.
  Total_Item_Investigations: (c) => c.views + c.downloads,
  Total_Item_Requests: (c) => c.downloads,
  Unique_Item_Investigations: (c) => c.uii,
  Unique_Item_Requests: (c) => c.uir,
};

export interface Title {
  journalId: string;
  name: string;
  publisher: string;
  issn: string;
  eissn: string;
  /** The journal's site. */
  uri: string;
}

export interface Item {
  articleId: string;
  journalId: string;
  title: string;
  authors: string[];
  /** YYYY-MM-DD, or '' when unknown. */
  published: string;
  doi: string;
  refnumber: string;
  uri: string;
  yop: number;
  access: AccessType;
}

/** One aggregate: a title's (or an item's) counts in one month for one year of publication and access type. */
export interface Row extends UsageCounts {
  /** The journal (title reports) or the article (item reports). */
  key: string;
  month: string;
  yop: number;
  access: AccessType;
}

/** A journal's searches in one month. */
export interface SearchRow {
  journalId: string;
  month: string;
  searches: number;
}

/** What a request asks for, read and checked (counter-request.ts). */
export interface ReportRequest {
  id: CounterReportId;
  /** YYYY-MM, inclusive. */
  begin: string;
  end: string;
  metrics: Metric[];
  /** Whether Searches_Platform is reported (the platform reports, unless a filter leaves it out). */
  searches: boolean;
  accessTypes: string[] | null;
  yops: [number, number][] | null;
  /** Attributes_To_Show of the master reports. */
  show: string[];
  granularity: 'Month' | 'Total';
  parentDetails: boolean;
  /** Filters and attributes as the header echoes them. */
  echo: { filters: Record<string, unknown>; attributes: Record<string, unknown> };
  exceptions: SushiException[];
}

/** The Code of Practice's institution for usage attributed to nobody in particular. */
export const THE_WORLD = { name: 'The World', customerId: '0000000000000000', attributed: false } as const;

export interface ReportContext {
  platform: string;
  platformId: string;
  createdBy: string;
  /** Whose usage the report is: an institution's own (attributed) or the world's asked for by it. */
  institution: { name: string; customerId: string; attributed: boolean };
  now: Date;
}

/** The metrics and fixed filters of each Standard View (Code of Practice 4.x). */
const VIEWS: Partial<Record<CounterReportId, { metrics: readonly Metric[]; filters: Record<string, string[]>; headerMetrics?: string[] }>> = {
  // The view's definition names unique titles too; the platform has no books to count them of.
  pr_p1: {
    metrics: ['Total_Item_Requests', 'Unique_Item_Requests'],
    filters: { Access_Method: ['Regular'] },
    headerMetrics: ['Searches_Platform', 'Total_Item_Requests', 'Unique_Item_Requests', 'Unique_Title_Requests'],
  },
  tr_j1: { metrics: ['Total_Item_Requests', 'Unique_Item_Requests'], filters: { Data_Type: ['Journal'], Access_Type: ['Controlled'], Access_Method: ['Regular'] } },
  tr_j3: { metrics: METRICS, filters: { Data_Type: ['Journal'], Access_Method: ['Regular'] } },
  tr_j4: { metrics: ['Total_Item_Requests', 'Unique_Item_Requests'], filters: { Data_Type: ['Journal'], Access_Type: ['Controlled'], Access_Method: ['Regular'] } },
  ir_a1: { metrics: ['Total_Item_Requests', 'Unique_Item_Requests'], filters: { Data_Type: ['Article'], Access_Method: ['Regular'] } },
};

export const standardView = (id: CounterReportId) => VIEWS[id];

const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

const inYops = (yop: number, ranges: [number, number][] | null) => !ranges || ranges.some(([a, b]) => yop >= a && yop <= b);

/** Counts by month (or one total for the period) of the metrics asked for; metrics all zero are left out, as the format requires. */
function performance(rows: Row[], req: ReportRequest, metrics: readonly Metric[]): Record<string, Record<string, number>> | null {
  const out: Record<string, Record<string, number>> = {};
  for (const m of metrics) {
    if (!req.metrics.includes(m)) continue;
    const counts: Record<string, number> = {};
    for (const r of rows) {
      const v = metricOf[m](r);
      if (!v) continue;
      // With Granularity Total the period's sum stands under its first month.
      const k = req.granularity === 'Total' ? req.begin : r.month;
      counts[k] = (counts[k] ?? 0) + v;
    }
    if (Object.keys(counts).length) out[m] = Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
  }
  return Object.keys(out).length ? out : null;
}

/** Rows grouped by the attributes shown, each group's Attribute_Performance entry (null when it has no usage). */
function attributePerformance(rows: Row[], req: ReportRequest, shown: string[], base: Record<string, string>, metrics: readonly Metric[]) {
  const groups = new Map<string, { attrs: Record<string, string>; rows: Row[] }>();
  for (const r of rows) {
    const attrs: Record<string, string> = { ...base };
    if (shown.includes('YOP')) attrs.YOP = String(r.yop);
    if (shown.includes('Access_Type')) attrs.Access_Type = r.access;
    if (shown.includes('Access_Method')) attrs.Access_Method = 'Regular';
    const k = JSON.stringify(attrs);
    const g = groups.get(k) ?? { attrs, rows: [] };
    g.rows.push(r);
    groups.set(k, g);
  }
  // One order whatever order the aggregates were read in: by the attributes' values.
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, g]) => g)
    .map((g) => {
      const p = performance(g.rows, req, metrics);
      return p && { ...g.attrs, Performance: p };
    })
    .filter((x): x is NonNullable<typeof x> => !!x);
}

const proprietary = (ctx: ReportContext, id: string) => `${ctx.platformId}:${id}`;

function titleId(t: Title, ctx: ReportContext) {
  return {
    ...(t.issn ? { Print_ISSN: t.issn.toUpperCase() } : {}),
    ...(t.eissn ? { Online_ISSN: t.eissn.toUpperCase() } : {}),
    Proprietary: proprietary(ctx, t.journalId),
    URI: t.uri,
  };
}

function itemId(i: Item, ctx: ReportContext) {
  return { ...(i.doi ? { DOI: i.doi } : {}), Proprietary: proprietary(ctx, `${i.journalId}/${i.refnumber}`), URI: i.uri };
}

function header(req: ReportRequest, ctx: ReportContext, exceptions: SushiException[]) {
  const view = VIEWS[req.id];
  const attributes = view ? {} : req.echo.attributes;
  return {
    Report_Name: COUNTER_REPORTS[req.id],
    Report_ID: req.id.toUpperCase(),
    Release: '5.1',
    // An institution's own usage is under its name and customer ID; the world's under the Code of
    // Practice's id for "The World", beside the customer ID the report was asked with.
    ...(ctx.institution.attributed
      ? { Institution_Name: ctx.institution.name, Institution_ID: { Proprietary: [proprietary(ctx, ctx.institution.customerId)] } }
      : {
          Institution_Name: THE_WORLD.name,
          Institution_ID: { Proprietary: [...new Set([THE_WORLD.customerId, ctx.institution.customerId])].map((id) => proprietary(ctx, id)) },
        }),
    ...(Object.keys(attributes).length ? { Report_Attributes: attributes } : {}),
    Report_Filters: {
      ...(view ? { Metric_Type: view.headerMetrics ?? [...view.metrics], ...view.filters } : {}),
      ...req.echo.filters,
      Begin_Date: `${req.begin}-01`,
      End_Date: lastDay(req.end),
    },
    ...(exceptions.length ? { Exceptions: exceptions } : {}),
    Created: ctx.now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Created_By: ctx.createdBy,
    Registry_Record: '',
  };
}

/** Rows the request's filters keep (access types, years of publication, Controlled for the views that ask for it). */
function filtered(rows: Row[], req: ReportRequest): Row[] {
  const access = VIEWS[req.id]?.filters.Access_Type ?? req.accessTypes;
  return rows.filter((r) => r.month >= req.begin && r.month <= req.end && (!access || access.includes(r.access)) && inYops(r.yop, req.yops));
}

/** The platform's searches as an Attribute_Performance entry (Data_Type Platform), or null when none are reported. */
function searchPerformance(searches: SearchRow[], req: ReportRequest, shown: string[]) {
  const counts: Record<string, number> = {};
  for (const s of searches) {
    if (!req.searches || !s.searches || s.month < req.begin || s.month > req.end) continue;
    const k = req.granularity === 'Total' ? req.begin : s.month;
    counts[k] = (counts[k] ?? 0) + s.searches;
  }
  if (!Object.keys(counts).length) return null;
  const Searches_Platform = Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
  return { Data_Type: 'Platform', ...(shown.includes('Access_Method') ? { Access_Method: 'Regular' } : {}), Performance: { Searches_Platform } };
}

/** A report from the titles' rollups (PR, PR_P1, TR and its journal views), with the platform's searches (PR, PR_P1). */
export function titleReport(req: ReportRequest, ctx: ReportContext, titles: Title[], data: Row[], searches: SearchRow[] = []) {
  const rows = filtered(data, req);
  const exceptions = [...req.exceptions];
  let items: unknown[];
  if (req.id === 'pr' || req.id === 'pr_p1') {
    const base = { Data_Type: 'Article' };
    const shown = req.id === 'pr' ? req.show.filter((a) => a === 'Access_Method') : [];
    const perf: unknown[] = attributePerformance(rows, req, shown, base, VIEWS[req.id]?.metrics ?? METRICS);
    const searched = searchPerformance(searches, req, shown);
    if (searched) perf.push(searched);
    items = perf.length ? [{ Platform: ctx.platform, Attribute_Performance: perf }] : [];
  } else {
    const shown = req.id === 'tr' ? req.show : req.id === 'tr_j3' ? ['Access_Type'] : req.id === 'tr_j4' ? ['YOP'] : [];
    const base: Record<string, string> = req.id === 'tr' ? { Data_Type: 'Journal' } : {};
    items = titles
      .map((t) => {
        const perf = attributePerformance(rows.filter((r) => r.key === t.journalId), req, shown, base, VIEWS[req.id]?.metrics ?? METRICS);
        return perf.length ? { Title: t.name, Publisher: t.publisher, Platform: ctx.platform, Item_ID: titleId(t, ctx), Attribute_Performance: perf } : null;
      })
      .filter((x) => x !== null);
  }
  if (!items.length) exceptions.push(sushiException(3030, `${req.begin} to ${req.end}`));
  return { Report_Header: header(req, ctx, exceptions), Report_Items: items };
}

/** IR and IR_A1 from the articles' monthly counts; the items grouped under their journal when the parent is shown. */
export function itemReport(req: ReportRequest, ctx: ReportContext, titles: Title[], items: Item[], data: Row[]) {
  const rows = filtered(data, req);
  const exceptions = [...req.exceptions];
  const byItem = new Map<string, Row[]>();
  for (const r of rows) byItem.set(r.key, [...(byItem.get(r.key) ?? []), r]);
  const a1 = req.id === 'ir_a1';
  const shown = a1 ? ['Access_Type'] : req.show;
  const base: Record<string, string> = a1 ? {} : { Data_Type: 'Article' };
  const reportItem = (i: Item) => {
    const perf = attributePerformance(byItem.get(i.articleId) ?? [], req, shown, base, VIEWS[req.id]?.metrics ?? METRICS);
    if (!perf.length) return null;
    const authors = i.authors.slice(0, 3).filter((n) => n.length >= 2).map((Name) => ({ Name }));
    return {
      Item: i.title,
      Publisher: titles.find((t) => t.journalId === i.journalId)?.publisher ?? ctx.createdBy,
      Platform: ctx.platform,
      ...((a1 || shown.includes('Authors')) && authors.length ? { Authors: authors } : {}),
      ...((a1 || shown.includes('Publication_Date')) && i.published ? { Publication_Date: i.published } : {}),
      ...(!a1 && shown.includes('Article_Version') ? { Article_Version: 'VoR' } : {}),
      Item_ID: itemId(i, ctx),
      Attribute_Performance: perf,
    };
  };
  const out: unknown[] = [];
  const unparented: unknown[] = [];
  for (const t of titles) {
    const list = items
      .filter((i) => i.journalId === t.journalId)
      .sort((a, b) => a.title.localeCompare(b.title) || a.refnumber.localeCompare(b.refnumber))
      .map(reportItem)
      .filter((x) => x !== null);
    if (!list.length) continue;
    // IR_A1's parent has no Data_Type; items without their parent shown go in one list ("minimal" JSON).
    if (a1) out.push({ Title: t.name, Item_ID: titleId(t, ctx), Items: list });
    else if (req.parentDetails) out.push({ Title: t.name, Data_Type: 'Journal', Item_ID: titleId(t, ctx), Items: list });
    else unparented.push(...list);
  }
  if (unparented.length) out.push({ Items: unparented });
  if (!out.length) exceptions.push(sushiException(3030, `${req.begin} to ${req.end}`));
  return { Report_Header: header(req, ctx, exceptions), Report_Items: out };
}

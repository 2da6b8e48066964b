import { counterReportIds, type CounterReportId } from '@journal/contracts';
import { sushiException, SushiError, type SushiException } from './counter-exceptions';
import { METRICS, standardView, type Metric, type ReportRequest } from './counter-reports';

/**
 * A COUNTER_SUSHI report request's parameters read as the Code of Practice (section 8) says:
 * missing dates → 1030, malformed or reversed dates → 3020 (both 400); a parameter the report does
 * not know → 3050, a filter or attribute value it does not support → 3060 / 3062, each reported in
 * the header with the report built as if it were absent.
 */

const AUTH = ['customer_id', 'requestor_id', 'api_key', 'platform'];
const DATES = ['begin_date', 'end_date'];
const MASTER_FILTERS: Partial<Record<CounterReportId, string[]>> = {
  pr: ['metric_type', 'data_type', 'access_method', 'attributes_to_show', 'granularity'],
  tr: ['metric_type', 'data_type', 'access_type', 'access_method', 'yop', 'attributes_to_show', 'granularity'],
  ir: ['metric_type', 'data_type', 'access_type', 'access_method', 'yop', 'attributes_to_show', 'include_parent_details', 'granularity'],
};
const ATTRIBUTES: Partial<Record<CounterReportId, string[]>> = {
  pr: ['Access_Method'],
  tr: ['YOP', 'Access_Type', 'Access_Method'],
  ir: ['YOP', 'Access_Type', 'Access_Method', 'Authors', 'Publication_Date', 'Article_Version'],
};
/** The data type each level's usage is of: nothing else is on the platform. */
const DATA_TYPE: Record<'pr' | 'tr' | 'ir', string> = { pr: 'Article', tr: 'Journal', ir: 'Article' };
const ACCESS_TYPES = ['Controlled', 'Open', 'Free_To_Read'];
const OTHER_METRICS = ['Searches_Platform', 'Unique_Title_Investigations', 'Unique_Title_Requests', 'Limit_Exceeded', 'No_License'];

export const isReportId = (id: string): id is CounterReportId => (counterReportIds as string[]).includes(id);

/** YYYY-MM of a `yyyy-mm-dd` or `yyyy-mm` date; null when it is neither or no such day exists. */
function monthOfDate(v: string): string | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(v);
  if (!m) return null;
  const [y, mo] = [Number(m[1]), Number(m[2])];
  if (mo < 1 || mo > 12 || y < 1900) return null;
  if (m[3] !== undefined) {
    const d = new Date(Date.UTC(y, mo - 1, Number(m[3])));
    // A date inside a month still means the whole month: COUNTER counts whole months.
    if (d.getUTCMonth() !== mo - 1) return null;
  }
  return `${m[1]}-${m[2]}`;
}

const list = (v: string) => v.split('|').map((x) => x.trim()).filter(Boolean);

export function readReportRequest(id: CounterReportId, query: Record<string, unknown>): ReportRequest {
  const exceptions: SushiException[] = [];
  const q: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    if (typeof v !== 'string') throw new SushiError(1030, `Repeated parameter: ${k}`);
    q[k.toLowerCase()] = v;
  }
  if (!q.begin_date || !q.end_date) throw new SushiError(1030, `Missing ${[!q.begin_date && 'begin_date', !q.end_date && 'end_date'].filter(Boolean).join(' and ')}`);
  const begin = monthOfDate(q.begin_date);
  const end = monthOfDate(q.end_date);
  if (!begin || !end) throw new SushiError(3020, `Dates must be yyyy-mm-dd or yyyy-mm: ${!begin ? q.begin_date : q.end_date}`);
  if (end < begin) throw new SushiError(3020, 'end_date is before begin_date');

  const master = (['pr', 'tr', 'ir'] as const).find((m) => m === id);
  const known = [...AUTH, ...DATES, ...(master ? (MASTER_FILTERS[master] ?? []) : [])];
  const unknown = Object.keys(q).filter((k) => !known.includes(k));
  if (unknown.length) exceptions.push(sushiException(3050, unknown.join(', ')));

  const view = standardView(id);
  const filters: Record<string, unknown> = {};
  const attributes: Record<string, unknown> = {};
  const badFilters: string[] = [];
  let metrics: Metric[] = [...(view?.metrics ?? METRICS)];
  let accessTypes: string[] | null = null;
  let yops: [number, number][] | null = null;
  let show: string[] = [];
  let granularity: 'Month' | 'Total' = 'Month';
  let parentDetails = false;
  let dataTypeMiss = false;
  // Searches are the platform reports' (Data_Type Platform), unless a filter leaves them out.
  let searches = id === 'pr' || id === 'pr_p1';
  if (master) {
    if (q.metric_type) {
      const asked = list(q.metric_type);
      const ok = asked.filter((m): m is Metric => (METRICS as readonly string[]).includes(m));
      badFilters.push(...asked.filter((m) => !ok.includes(m as Metric) && !OTHER_METRICS.includes(m)).map((m) => `metric_type=${m}`));
      // Only invalid values: the filter is ignored (3060), as if absent.
      const known = asked.filter((m) => ok.includes(m as Metric) || OTHER_METRICS.includes(m));
      if (known.length) {
        metrics = ok;
        filters.Metric_Type = known;
        if (!known.includes('Searches_Platform')) searches = false;
      }
    }
    if (q.data_type) {
      const asked = list(q.data_type);
      filters.Data_Type = asked;
      dataTypeMiss = !asked.includes(DATA_TYPE[master]);
      if (!asked.includes('Platform')) searches = false;
    }
    if (q.access_method) {
      const asked = list(q.access_method);
      badFilters.push(...asked.filter((a) => a !== 'Regular' && a !== 'TDM').map((a) => `access_method=${a}`));
      filters.Access_Method = asked;
      if (!asked.includes('Regular')) {
        dataTypeMiss = true;
        searches = false;
      }
    }
    if (q.access_type && master !== 'pr') {
      const asked = list(q.access_type);
      badFilters.push(...asked.filter((a) => !ACCESS_TYPES.includes(a)).map((a) => `access_type=${a}`));
      const valid = asked.filter((a) => ACCESS_TYPES.includes(a));
      if (valid.length) {
        accessTypes = valid;
        filters.Access_Type = valid;
      }
    }
    if (q.yop && master !== 'pr') {
      const ranges: [number, number][] = [];
      for (const y of list(q.yop)) {
        const m = /^(\d{4})(?:-(\d{4}))?$/.exec(y);
        if (m && Number(m[2] ?? m[1]) >= Number(m[1])) ranges.push([Number(m[1]), Number(m[2] ?? m[1])]);
        else badFilters.push(`yop=${y}`);
      }
      if (ranges.length) {
        yops = ranges;
        filters.YOP = list(q.yop).filter((y) => /^(\d{4})(?:-(\d{4}))?$/.test(y));
      }
    }
    if (q.attributes_to_show) {
      const asked = list(q.attributes_to_show);
      const allowed = ATTRIBUTES[master] ?? [];
      const bad = asked.filter((a) => !allowed.includes(a));
      if (bad.length) exceptions.push(sushiException(3062, bad.map((a) => `attributes_to_show=${a}`).join(', ')));
      show = asked.filter((a) => allowed.includes(a));
      if (show.length) attributes.Attributes_To_Show = show;
    }
    if (q.granularity) {
      if (q.granularity === 'Month' || q.granularity === 'Totals' || q.granularity === 'Total') {
        granularity = q.granularity === 'Month' ? 'Month' : 'Total';
        if (granularity === 'Total') attributes.Granularity = 'Total';
      } else exceptions.push(sushiException(3062, `granularity=${q.granularity}`));
    }
    if (master === 'ir' && q.include_parent_details) {
      if (q.include_parent_details === 'True' || q.include_parent_details === 'False') {
        parentDetails = q.include_parent_details === 'True';
        if (parentDetails) attributes.Include_Parent_Details = 'True';
      } else exceptions.push(sushiException(3062, `include_parent_details=${q.include_parent_details}`));
    }
  }
  if (badFilters.length) exceptions.push(sushiException(3060, badFilters.join(', ')));
  return {
    id,
    begin,
    end,
    // A data type or access method the platform has no usage of: nothing matches.
    metrics: dataTypeMiss ? [] : metrics,
    searches,
    accessTypes,
    yops,
    show,
    granularity,
    parentDetails,
    echo: { filters, attributes },
    exceptions,
  };
}

/**
 * A COUNTER report as the Code of Practice's tabular form (section 3.2, TSV and XLSX): the header's
 * thirteen rows, a blank row, the column headings, then a row per item, attribute combination and
 * metric with the period's total and each month. Pure: made from the JSON report.
 */

type Json = Record<string, unknown>;
type Perf = Record<string, Record<string, number>>;

const cell = (v: unknown) => String(v ?? '').replace(/[\t\r\n]+/g, ' ');

/** `name=value` pairs joined by semicolons, lists by '|', as tabular headers write filters and attributes. */
const pairs = (o: Json | undefined) =>
  Object.entries(o ?? {})
    .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('|') : String(v)}`)
    .join('; ');

const ids = (o: Json | undefined) =>
  Object.entries(o ?? {})
    .map(([k, v]) => `${k}:${Array.isArray(v) ? v.join('|') : String(v)}`)
    .join('; ');

function months(begin: string, end: string): string[] {
  const out: string[] = [];
  const d = new Date(`${begin.slice(0, 7)}-01T00:00:00Z`);
  while (d.toISOString().slice(0, 7) <= end.slice(0, 7)) {
    out.push(d.toISOString().slice(0, 7));
    d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthHeading = (m: string) => `${MONTH_NAMES[Number(m.slice(5, 7)) - 1]}-${m.slice(0, 4)}`;

/** The item columns of each level, in the Code of Practice's order. */
function itemColumns(reportId: string): string[] {
  if (reportId.startsWith('PR')) return ['Platform'];
  if (reportId.startsWith('TR')) return ['Title', 'Publisher', 'Platform', 'Proprietary_ID', 'Print_ISSN', 'Online_ISSN', 'URI'];
  return ['Item', 'Publisher', 'Platform', 'Authors', 'Publication_Date', 'Article_Version', 'DOI', 'Proprietary_ID', 'URI', 'Parent_Title', 'Parent_Proprietary_ID'];
}

export type CounterReportJson = { Report_Header: Json; Report_Items: unknown[] };

/** The tabular form as rows of cells: what the TSV and the XLSX download both write. */
export function counterTable(report: CounterReportJson): string[][] {
  const h = report.Report_Header;
  const filters = (h.Report_Filters ?? {}) as Json;
  const begin = String(filters.Begin_Date);
  const end = String(filters.End_Date);
  const { Begin_Date: _b, End_Date: _e, Metric_Type: metricFilter, ...otherFilters } = filters;
  void _b;
  void _e;
  const exceptions = ((h.Exceptions ?? []) as { Code: number; Message: string; Data?: string }[]).map((x) => `${x.Code}: ${x.Message}${x.Data ? ` (${x.Data})` : ''}`);
  const reportId = String(h.Report_ID);
  const granularityTotal = (h.Report_Attributes as Json | undefined)?.Granularity === 'Total';
  const headerRows: [string, string][] = [
    ['Report_Name', cell(h.Report_Name)],
    ['Report_ID', reportId],
    ['Release', cell(h.Release)],
    ['Institution_Name', cell(h.Institution_Name)],
    ['Institution_ID', ids(h.Institution_ID as Json)],
    ['Metric_Types', Array.isArray(metricFilter) ? metricFilter.join('; ') : ''],
    ['Report_Filters', pairs(otherFilters)],
    ['Report_Attributes', pairs(h.Report_Attributes as Json)],
    ['Exceptions', exceptions.join('; ')],
    ['Reporting_Period', `Begin_Date=${begin}; End_Date=${end}`],
    ['Created', cell(h.Created)],
    ['Created_By', cell(h.Created_By)],
    ['Registry_Record', cell(h.Registry_Record)],
  ];
  // The attribute columns are those any row carries, in the Code of Practice's order.
  const attrOrder = ['Data_Type', 'YOP', 'Access_Type', 'Access_Method'];
  type Line = { item: Record<string, string>; attrs: Record<string, string>; perf: Perf };
  const lines: Line[] = [];
  const itemCells = (it: Json, parent?: Json): Record<string, string> => {
    const id = (it.Item_ID ?? {}) as Record<string, string>;
    const pid = (parent?.Item_ID ?? {}) as Record<string, string>;
    return {
      Platform: cell(it.Platform),
      Title: cell(it.Title),
      Item: cell(it.Item),
      Publisher: cell(it.Publisher),
      Authors: ((it.Authors ?? []) as { Name: string }[]).map((a) => a.Name).join('; '),
      Publication_Date: cell(it.Publication_Date),
      Article_Version: cell(it.Article_Version),
      DOI: cell(id.DOI),
      Proprietary_ID: cell(id.Proprietary),
      Print_ISSN: cell(id.Print_ISSN),
      Online_ISSN: cell(id.Online_ISSN),
      URI: cell(id.URI),
      Parent_Title: cell(parent?.Title),
      Parent_Proprietary_ID: cell(pid.Proprietary),
    };
  };
  const addItem = (it: Json, parent?: Json) => {
    for (const ap of (it.Attribute_Performance ?? []) as Json[]) {
      const { Performance, ...attrs } = ap;
      lines.push({ item: itemCells(it, parent), attrs: attrs as Record<string, string>, perf: Performance as Perf });
    }
  };
  for (const it of report.Report_Items as Json[]) {
    if (Array.isArray(it.Items)) for (const child of it.Items as Json[]) addItem(child, it.Title ? it : undefined);
    else addItem(it);
  }
  const attrs = attrOrder.filter((a) => lines.some((l) => a in l.attrs));
  const ms = months(begin, end);
  const columns = [...itemColumns(reportId), ...attrs, 'Metric_Type', 'Reporting_Period_Total', ...(granularityTotal ? [] : ms.map(monthHeading))];
  const body = lines.flatMap((l) =>
    Object.entries(l.perf).map(([metric, counts]) => {
      const total = Object.values(counts).reduce((a, b) => a + b, 0);
      return [
        ...itemColumns(reportId).map((c) => l.item[c] ?? ''),
        ...attrs.map((a) => cell(l.attrs[a])),
        metric,
        String(total),
        ...(granularityTotal ? [] : ms.map((m) => String(counts[m] ?? 0))),
      ];
    }),
  );
  return [...headerRows, [], columns, ...body];
}

export const counterTsv = (report: CounterReportJson): string => `${counterTable(report).map((r) => r.join('\t')).join('\n')}\n`;

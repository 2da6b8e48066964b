import { useState } from 'react';
import { COUNTER_REPORTS, COUNTER_REPORT_DESCRIPTIONS, counterReportIds, type CounterReportId, type PlatformCustomer } from '@journal/contracts';
import { FileExportButton } from '@/components/file-export-button';
import type { PlatformApi } from '../api/platform.api';

/** The last complete month and the eleven before it, as `yyyy-mm`. */
export function lastTwelveMonths(now = new Date()): { begin: string; end: string } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const begin = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 11, 1));
  return { begin: begin.toISOString().slice(0, 7), end: end.toISOString().slice(0, 7) };
}

const FORMATS = [
  ['tsv', 'Download TSV'],
  ['xlsx', 'Download XLSX'],
  ['json', 'Download JSON'],
] as const;

/** A COUNTER report of whole months over every journal, or the one a customer harvests, as a file. */
export function PlatformReports({ api, customers }: { api: PlatformApi; customers: PlatformCustomer[] }) {
  const [id, setId] = useState<CounterReportId>('pr');
  const [range, setRange] = useState(lastTwelveMonths);
  const [customerId, setCustomerId] = useState('');
  const valid = /^\d{4}-\d{2}$/.test(range.begin) && /^\d{4}-\d{2}$/.test(range.end) && range.begin <= range.end;
  return (
    <section aria-labelledby="platform-reports-h">
      <h2 id="platform-reports-h">COUNTER reports</h2>
      <div className="counter-report-form">
        <label>
          Report
          <select value={id} onChange={(e) => setId(e.target.value as CounterReportId)}>
            {counterReportIds.map((r) => (
              <option key={r} value={r}>
                {r.toUpperCase()}: {COUNTER_REPORTS[r]}
              </option>
            ))}
          </select>
        </label>
        <label>
          From month
          <input type="month" value={range.begin} onChange={(e) => setRange({ ...range, begin: e.target.value })} />
        </label>
        <label>
          To month
          <input type="month" value={range.end} onChange={(e) => setRange({ ...range, end: e.target.value })} />
        </label>
        <label>
          Usage of
          <select value={customerId} onChange={(e) => setCustomerId(e.target.value)}>
            <option value="">Every reader, every journal</option>
            {customers.map((c) => (
              <option key={c.id} value={c.customerId}>
                {c.name} (as it harvests)
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="hint">{COUNTER_REPORT_DESCRIPTIONS[id]}</p>
      {!valid && (
        <p className="admin-error" role="alert">
          Choose a first month no later than the last.
        </p>
      )}
      <div className="action-bar">
        {FORMATS.map(([format, label]) => (
          <FileExportButton
            key={format}
            label={label}
            download={() => api.report(id, range.begin, range.end, format, customerId)}
            fallbackName={`${id.toUpperCase()}_${range.begin}_${range.end}.${format}`}
            failure="The report could not be made. Try again in a minute."
            disabled={!valid}
          />
        ))}
      </div>
    </section>
  );
}

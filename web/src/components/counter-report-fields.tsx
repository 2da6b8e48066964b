import { useState, type ReactNode } from 'react';
import { COUNTER_REPORTS, COUNTER_REPORT_DESCRIPTIONS, counterReportIds, type CounterReportId } from '@journal/contracts';

/** The last complete month and the eleven before it, as `yyyy-mm`. */
export function lastTwelveMonths(now = new Date()): { begin: string; end: string } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const begin = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 11, 1));
  return { begin: begin.toISOString().slice(0, 7), end: end.toISOString().slice(0, 7) };
}

/** Which COUNTER report, for which whole months (docs/product.md#counter), and whether the months make a period. */
export function useReportChoice(initial: CounterReportId) {
  const [id, setId] = useState<CounterReportId>(initial);
  const [range, setRange] = useState(lastTwelveMonths);
  const valid = /^\d{4}-\d{2}$/.test(range.begin) && /^\d{4}-\d{2}$/.test(range.end) && range.begin <= range.end;
  return { id, setId, range, setRange, valid, fileName: (ext: string) => `${id.toUpperCase()}_${range.begin}_${range.end}.${ext}` };
}
export type ReportChoice = ReturnType<typeof useReportChoice>;

/** The report and its months, with what the report holds and a refusal of an empty period; `children` add fields (whose usage). */
export function CounterReportFields({ choice, children }: { choice: ReportChoice; children?: ReactNode }) {
  const { id, setId, range, setRange, valid } = choice;
  return (
    <>
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
        {children}
      </div>
      <p className="hint">{COUNTER_REPORT_DESCRIPTIONS[id]}</p>
      {!valid && (
        <p className="admin-error" role="alert">
          Choose a first month no later than the last.
        </p>
      )}
    </>
  );
}

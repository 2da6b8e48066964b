import { useState } from 'react';
import type { PlatformCustomer } from '@journal/contracts';
import { CounterReportFields, useReportChoice } from '@/components/counter-report-fields';
import { FileExportButton } from '@/components/file-export-button';
import type { PlatformApi } from '../api/platform.api';

const FORMATS = [
  ['tsv', 'Download TSV'],
  ['xlsx', 'Download XLSX'],
  ['json', 'Download JSON'],
] as const;

/** A COUNTER report of whole months over every journal, or the one a customer harvests, as a file. */
export function PlatformReports({ api, customers }: { api: PlatformApi; customers: PlatformCustomer[] }) {
  const choice = useReportChoice('pr');
  const [customerId, setCustomerId] = useState('');
  const { id, range, valid } = choice;
  return (
    <section aria-labelledby="platform-reports-h">
      <h2 id="platform-reports-h">COUNTER reports</h2>
      <CounterReportFields choice={choice}>
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
      </CounterReportFields>
      <div className="action-bar">
        {FORMATS.map(([format, label]) => (
          <FileExportButton
            key={format}
            label={label}
            download={() => api.report(id, range.begin, range.end, format, customerId)}
            fallbackName={choice.fileName(format)}
            failure="The report could not be made. Try again in a minute."
            disabled={!valid}
          />
        ))}
      </div>
    </section>
  );
}

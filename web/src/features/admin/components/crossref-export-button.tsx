import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, saveBlob } from '@/lib/api-client';
import { useScholarlyApi } from '../api/scholarly.api';
import { invalidateAfterSave, staleAfterSaving } from '../api/keys';

/**
 * Exports the selected articles as a Crossref deposit file (schema 5.3.1), which staff upload to
 * Crossref. Articles without a DOI get one from the journal's pattern on the way.
 */
export function CrossrefExportButton({ year, volume, issue, refs }: { year: number; volume: number; issue: number; refs: string[] }) {
  const scholarlyApi = useScholarlyApi();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      const { blob, filename } = await scholarlyApi.crossrefDeposit(year, volume, issue, refs);
      saveBlob(blob, filename ?? `crossref-${year}-v${volume}-i${issue}.xml`);
      await invalidateAfterSave(qc, staleAfterSaving.dois(year, volume, issue));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not export the Crossref file');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" onClick={run} disabled={busy || refs.length === 0} aria-busy={busy}>
        {busy ? 'Exporting…' : 'Crossref XML'}
      </button>
      {error && (
        <span className="admin-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

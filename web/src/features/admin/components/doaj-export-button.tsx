import { useState } from 'react';
import { ApiError, saveBlob } from '@/lib/api-client';
import { useScholarlyApi } from '../api/scholarly.api';

/** Downloads the issue's public articles as DOAJ article XML, for upload on DOAJ's publisher area. */
export function DoajExportButton({ year, volume, issue }: { year: number; volume: number; issue: number }) {
  const scholarlyApi = useScholarlyApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      const { blob, filename } = await scholarlyApi.doajXml(year, volume, issue);
      saveBlob(blob, filename ?? `doaj-${year}-v${volume}-i${issue}.xml`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Could not export the DOAJ file');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" onClick={run} disabled={busy} aria-busy={busy}>
        {busy ? 'Exporting…' : 'DOAJ XML'}
      </button>
      {error && (
        <span className="admin-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

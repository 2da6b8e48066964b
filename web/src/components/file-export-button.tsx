import { useState } from 'react';
import { ApiError, saveBlob } from '@/lib/api-client';

export interface FileExportButtonProps {
  label: string;
  /** Asks the server for the file. */
  download: () => Promise<{ blob: Blob; filename?: string }>;
  /** The file's name when the server gives none. */
  fallbackName: string;
  /** Shown when the export fails for a reason the server does not give. */
  failure: string;
  /** Runs once the file is handed over (what the export changed on the server). */
  afterSave?: () => Promise<void>;
  disabled?: boolean;
}

/** Has the server make a file and hands it to the browser: busy meanwhile, the server's refusal beside it. */
export function FileExportButton({ label, download, fallbackName, failure, afterSave, disabled = false }: FileExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      const { blob, filename } = await download();
      saveBlob(blob, filename ?? fallbackName);
      await afterSave?.();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" onClick={run} disabled={busy || disabled} aria-busy={busy}>
        {busy ? 'Exporting…' : label}
      </button>
      {error && (
        <span className="admin-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

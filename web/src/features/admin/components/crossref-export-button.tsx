import { useQueryClient } from '@tanstack/react-query';
import { useScholarlyApi } from '../api/scholarly.api';
import { invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { FileExportButton } from '@/components/file-export-button';

/**
 * Exports the selected articles as a Crossref deposit file (schema 5.3.1), which staff upload to
 * Crossref. Articles without a DOI get one from the journal's pattern on the way.
 */
export function CrossrefExportButton({ year, volume, issue, refs }: { year: number; volume: number; issue: number; refs: string[] }) {
  const scholarlyApi = useScholarlyApi();
  const qc = useQueryClient();
  return (
    <FileExportButton
      label="Crossref XML"
      download={() => scholarlyApi.crossrefDeposit(year, volume, issue, refs)}
      fallbackName={`crossref-${year}-v${volume}-i${issue}.xml`}
      failure="Could not export the Crossref file"
      afterSave={() => invalidateAfterSave(qc, staleAfterSaving.dois(year, volume, issue))}
      disabled={refs.length === 0}
    />
  );
}

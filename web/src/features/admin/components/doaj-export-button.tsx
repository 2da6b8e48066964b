import { useScholarlyApi } from '../api/scholarly.api';
import { FileExportButton } from '@/components/file-export-button';

/** Downloads the issue's public articles as DOAJ article XML, for upload on DOAJ's publisher area. */
export function DoajExportButton({ year, volume, issue }: { year: number; volume: number; issue: number }) {
  const scholarlyApi = useScholarlyApi();
  return (
    <FileExportButton
      label="DOAJ XML"
      download={() => scholarlyApi.doajXml(year, volume, issue)}
      fallbackName={`doaj-${year}-v${volume}-i${issue}.xml`}
      failure="Could not export the DOAJ file"
    />
  );
}

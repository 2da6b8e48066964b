/** The citation files of an article, as plain links: they work without JavaScript. */
const FORMATS = [
  { ext: 'bib', label: 'BibTeX' },
  { ext: 'ris', label: 'RIS' },
  { ext: 'json', label: 'CSL-JSON' },
] as const;

export const citationFileUrl = (ref: string | number, ext: (typeof FORMATS)[number]['ext']) =>
  `/api/archives/ref/${encodeURIComponent(String(ref))}/cite.${ext}`;

export function CitationDownloads({ refnumber }: { refnumber: string | number }) {
  return (
    <p className="cite-downloads">
      <span>Download citation:</span>
      {FORMATS.map((f) => (
        <a key={f.ext} className="btn btn-small btn-outline" href={citationFileUrl(refnumber, f.ext)} download={`${refnumber}.${f.ext}`}>
          {f.label}
        </a>
      ))}
    </p>
  );
}

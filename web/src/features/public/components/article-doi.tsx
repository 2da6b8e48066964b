import { doiUrl } from '@journal/contracts/doi-url';

/** The article's DOI as its resolver link, the form Crossref asks journals to display. */
export function ArticleDoi({ doi, className = 'doi' }: { doi?: string | null; className?: string }) {
  if (!doi) return null;
  const url = doiUrl(doi);
  return (
    <p className={className}>
      <strong>DOI:</strong>{' '}
      <a href={url} rel="noopener">
        {url}
      </a>
    </p>
  );
}

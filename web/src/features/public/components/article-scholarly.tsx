import { doiUrl } from '@journal/contracts/doi-url';
import type { Article } from '../api/public.api';

/**
 * docs/product.md#article-page: each author's ORCID iD (linked) and affiliations, shown when the
 * list names any; the names themselves are the author line above.
 */
export function AuthorDetails({ authors = [] }: { authors: Article['authors'] }) {
  if (!authors.some((p) => p.orcid || p.affiliations.length)) return null;
  return (
    <ul className="author-details">
      {authors.map((p, i) => (
        <li key={i}>
          <span className="author-name">{p.given ? `${p.given} ${p.family}` : p.family}</span>
          {p.corresponding && <span className="muted"> (corresponding author)</span>}
          {p.orcid && (
            <>
              {' '}
              <a className="orcid" href={`https://orcid.org/${p.orcid}`} rel="noopener" aria-label={`ORCID iD of ${p.given} ${p.family}`.replace(/\s+/g, ' ')}>
                https://orcid.org/{p.orcid}
              </a>
            </>
          )}
          {p.affiliations.length > 0 && <span className="muted affiliation">{` — ${p.affiliations.map((f) => f.name).join('; ')}`}</span>}
        </li>
      ))}
    </ul>
  );
}

/** docs/product.md#references: the article's references under the abstract, each DOI linked. */
export function ArticleReferences({ references = [] }: { references: Article['references'] }) {
  if (!references.length) return null;
  return (
    <section id="references" aria-labelledby="references-h">
      <h3 id="references-h">References</h3>
      <ol className="references">
        {references.map((r, i) => (
          <li key={i}>
            {r.text}
            {r.doi && !r.text.includes(doiUrl(r.doi)) && (
              <>
                {' '}
                <a href={doiUrl(r.doi)} rel="noopener">
                  {doiUrl(r.doi)}
                </a>
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

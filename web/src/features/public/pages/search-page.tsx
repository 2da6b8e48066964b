import { useSearchParams } from '@/lib/router';
import { PageTitle } from '@/components/page-title';
import { EmptyState, Loading } from '@/components/status';
import { MAX_KEYWORD, useSearch } from '../api/public.api';
import { ArticleTable } from '../components/article-table';
import { PageHead } from '../components/page-head';
import { useJournal } from '../components/use-journal';

export const NO_MATCH = 'Sorry, nothing matched your search terms. Please try again with different keywords.';

/** docs/product.md#search: /search?keyword=: count and query, then the article table; the exact empty text. */
export function SearchPage() {
  const [params] = useSearchParams();
  const keyword = (params.get('keyword') ?? '').slice(0, MAX_KEYWORD);
  const { name, flags } = useJournal();
  const q = useSearch(keyword);
  const results = q.data ?? [];
  return (
    <div className="container">
      <PageHead title="Search" path={null} noindex />
      <PageTitle>Search</PageTitle>
      {q.isLoading && <Loading />}
      {q.isSuccess && results.length === 0 && <EmptyState>{NO_MATCH}</EmptyState>}
      {results.length > 0 && (
        <>
          <p className="result-count" role="status">
            {results.length} {results.length === 1 ? 'result' : 'results'} found for &ldquo;<strong>{keyword}</strong>&rdquo;
          </p>
          <ArticleTable
            articles={results}
            journalName={name}
            showSubject={flags.showSubject}
            // Search results link by bare numbers (docs/product.md) (/archives/{year}/{volume}/{issue}/{ref}); the article page reads either.
            articleHref={(a) => `/archives/${a.year}/${a.volume}/${a.issue}/${encodeURIComponent(String(a.refnumber))}`}
            caption={`Search results for ${keyword}`}
          />
        </>
      )}
    </div>
  );
}

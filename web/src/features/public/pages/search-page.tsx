import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';
import { EmptyState, Loading } from '@/components/status';
import { useDocumentTitle } from '@/components/use-document-title';
import { useSearch } from '../api/public.api';
import { ArticleTable } from '../components/article-table';
import { useJournal } from '../components/use-journal';

export const NO_MATCH = 'Sorry, nothing matched your search terms. Please try again with different keywords.';

/** docs/product.md#search: /search?keyword=: count and query, then the article table; the exact empty text. */
export function SearchPage() {
  const [params] = useSearchParams();
  const keyword = params.get('keyword') ?? '';
  const { name, flags } = useJournal();
  useDocumentTitle('Search', name || ' ');
  const q = useSearch(keyword);
  const results = q.data ?? [];
  return (
    <div className="container">
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
            articleHref={(a) => `/archives/${a.year}/${a.volume}/${a.issue}/${encodeURIComponent(String(a.refnumber))}`}
            caption={`Search results for ${keyword}`}
          />
        </>
      )}
    </div>
  );
}

import { useParams } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { useScrollToSection } from '@/components/use-scroll-to-section';
import { useIssue } from '../api/public.api';
import { ArticleTable } from '../components/article-table';
import { PageHead } from '../components/page-head';
import { useJournal } from '../components/use-journal';
import { firstNumber, issueHeading, pad3 } from '../lib/citation';

/** docs/product.md#issue-page: /archives/:year/:vol/:issue: the issue's articles, params by their first number. */
export function IssuePage() {
  const params = useParams();
  const year = firstNumber(params.year);
  const volume = firstNumber(params.vol);
  const issue = firstNumber(params.issue);
  const { name, flags } = useJournal();
  const q = useIssue(year, volume, issue);
  const valid = year !== null && volume !== null && issue !== null;
  const heading = valid ? issueHeading(year, volume, issue, q.data?.frequency) : '';
  useScrollToSection(!q.isLoading);

  if (!valid) return <EmptyState>Issue not found.</EmptyState>;
  const articles = q.data?.articles ?? [];
  return (
    <section className="issue" aria-labelledby="issue-heading">
      <PageHead
        title={heading}
        path={paths.issue(year, volume, issue)}
        description={`${heading}, ${name}: ${articles.length} ${articles.length === 1 ? 'article' : 'articles'}.`}
      />
      <h2 id="issue-heading" className="issue-heading">
        {heading}
      </h2>
      {q.isLoading && <Loading />}
      {q.isError && <ErrorState>This issue could not be loaded.</ErrorState>}
      {q.isSuccess && articles.length === 0 && <EmptyState>No articles have been published in this issue yet.</EmptyState>}
      {articles.length > 0 && (
        <>
          <p className="issue-count">
            Articles: <strong>{pad3(articles.length)}</strong>
          </p>
          <ArticleTable
            articles={articles}
            journalName={name}
            showSubject={flags.showSubject}
            articleHref={(a) => paths.article(year, volume, issue, a.refnumber)}
            caption={`Articles of ${heading}`}
          />
        </>
      )}
    </section>
  );
}

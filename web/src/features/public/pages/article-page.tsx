import { createElement } from 'react';
import { Link, useParams } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { useOrigin } from '@/lib/site-context';
import { SafeHtml } from '@/components/safe-html';
import { Loading } from '@/components/status';
import { useScrollToSection } from '@/components/use-scroll-to-section';
import { useRead } from '@/lib/read-cache';
import { articlePdfUrl, publicQueries, useArticleByRef, type Article, type Settings } from '../api/public.api';
import { PageHead } from '../components/page-head';
import { ArticleDoi } from '../components/article-doi';
import { CitationDownloads } from '../components/citation-downloads';
import { UsageCounts } from '../components/usage-counts';
import { WithdrawalNotice } from '../components/withdrawal-notice';
import { useJournal } from '../components/use-journal';
import { citationHtml, cleanTitle, issueHeading, titleText } from '../lib/citation';

/** The head the route loader built for an article: tags, JSON-LD and the licence. */
const useHead = (a: Article, settings: Settings | undefined) => useRead(publicQueries.articleHead(a, settings, useOrigin())).data;

/** Title, description, canonical link, citation tags and JSON-LD of one article (built by the route loader). */
function ArticleHead({ a, settings }: { a: Article; settings: Settings | undefined }) {
  const path = paths.article(a.year, a.volume, a.issue, encodeURIComponent(a.refnumber));
  const head = useHead(a, settings);
  return (
    <PageHead title={titleText(a.title)} description={head?.description ?? titleText(a.title)} path={path} type="article">
      {head?.meta.map(([n, c], i) => (
        <meta key={`${n}-${i}`} name={n} content={c} />
      ))}
      {head && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: head.jsonLd }} />}
      {head?.license && <link rel="license" href={head.license.url} />}
    </PageHead>
  );
}

/** One of the scholarly parts the head carries as HTML (docs/product.md#article-page), in an element of its own. */
function HeadPart({ a, settings, part, as = 'div', id }: { a: Article; settings: Settings | undefined; part: 'authors' | 'license' | 'references'; as?: 'div' | 'p' | 'section'; id?: string }) {
  const html = useHead(a, settings)?.html[part];
  return html ? createElement(as, { id, className: part, dangerouslySetInnerHTML: { __html: html } }) : null;
}

/** docs/product.md#article-page: /archives/:year/:vol/:issue/:ref: loading, 'Article not found!', loaded. */
export function ArticlePage() {
  const { ref } = useParams();
  const { name, settings, flags } = useJournal();
  const q = useArticleByRef(ref);
  const a = q.data ?? null;
  useScrollToSection(!q.isLoading);

  if (q.isLoading) return <Loading />;
  if (q.isError) console.error('article load failed', q.error);
  if (!a) {
    return (
      <div className="not-found">
        <PageHead title="Article not found!" path={null} noindex />
        <h2>Article not found!</h2>
      </div>
    );
  }
  if (a.withdrawal?.kind === 'withdrawn') {
    // docs/product.md#withdrawals: the URL keeps a tombstone (answered 410): what was withdrawn and why.
    return (
      <article className="article tombstone" aria-labelledby="article-title">
        <PageHead title={titleText(a.title)} path={null} noindex />
        <WithdrawalNotice withdrawal={a.withdrawal} />
        <p className="article-issue">
          <Link to={paths.issue(a.year, a.volume, a.issue)}>{issueHeading(a.year, a.volume, a.issue, a.frequency)}</Link>
        </p>
        <SafeHtml as="h2" id="article-title" className="article-title" html={cleanTitle(a.title)} variant="title" />
        <p className="art-authors">{a.authorname}</p>
      </article>
    );
  }
  const pdf = articlePdfUrl(a);
  return (
    <article className="article" aria-labelledby="article-title">
      <ArticleHead a={a} settings={settings} />
      {a.withdrawal && <WithdrawalNotice withdrawal={a.withdrawal} />}
      <p className="article-issue">
        <Link to={paths.issue(a.year, a.volume, a.issue)}>{issueHeading(a.year, a.volume, a.issue, a.frequency)}</Link>
      </p>
      <SafeHtml as="h2" id="article-title" className="article-title" html={cleanTitle(a.title)} variant="title" />

      <section id="authors" aria-labelledby="authors-h">
        <h3 id="authors-h">Authors</h3>
        <p className="art-authors">{a.authorname}</p>
        <HeadPart a={a} settings={settings} part="authors" />
        {a.country && <p className="muted">Country: {a.country}</p>}
      </section>

      <section id="abstract" aria-labelledby="abstract-h">
        <h3 id="abstract-h">Abstract</h3>
        <SafeHtml className="rich-text abstract" html={a.abstract} />
        {a.keywords && (
          <p className="keywords">
            <strong>Keywords:</strong> {a.keywords}
          </p>
        )}
      </section>

      <HeadPart a={a} settings={settings} part="references" as="section" id="references" />

      <section id="download" className="article-meta" aria-label="Download and pages">
        {pdf && (
          <a className="btn" href={pdf} target="_blank" rel="noopener noreferrer">
            Download
          </a>
        )}
        {a.pagenumber && (
          <p className="pages">
            <strong>Pages:</strong> {a.pagenumber}
          </p>
        )}
        <ArticleDoi doi={a.doi} />
        <HeadPart a={a} settings={settings} part="license" as="p" />
        <UsageCounts refnumber={a.refnumber} enabled={!!flags.showUsageStats} />
      </section>

      <section id="citation" className="cite-box" aria-labelledby="cite-h">
        <h3 id="cite-h">How to cite this article:</h3>
        <SafeHtml as="p" html={citationHtml(a, name)} variant="title" />
        <CitationDownloads refnumber={a.refnumber} />
      </section>
    </article>
  );
}

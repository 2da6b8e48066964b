import { RETRACTED_MARK } from '@journal/contracts/withdrawal.rules';
import { Link } from '@/lib/router';
import { SafeHtml } from '@/components/safe-html';
import type { ScrollState } from '@/components/use-scroll-to-section';
import { articlePdfUrl, type Article } from '../api/public.api';
import { citationHtml, cleanTitle } from '../lib/citation';
import { ArticleDoi } from './article-doi';

interface Props {
  articles: Article[];
  journalName: string;
  showSubject: boolean;
  /** Where a row's Abstract button goes (issue pages and search use different URL shapes). */
  articleHref: (a: Article) => string;
  caption: string;
}

/** The article table of the issue page and the search page (docs/product.md#issue-page). */
export function ArticleTable({ articles, journalName, showSubject, articleHref, caption }: Props) {
  return (
    <div className="table-wrap">
      <table className="data-table article-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">S.No.</th>
            <th scope="col">Title and Authors Name</th>
            {showSubject && <th scope="col">Subject</th>}
            <th scope="col">Country</th>
          </tr>
        </thead>
        <tbody>
          {articles.map((a, i) => {
            const pdf = articlePdfUrl(a);
            return (
              <tr key={a.id ?? a.refnumber}>
                <td className="sno">{i + 1}</td>
                <td className="art-cell">
                  {a.withdrawal?.kind === 'retracted' && <p className="retracted-mark">{RETRACTED_MARK}</p>}
                  <SafeHtml as="p" className="art-title" html={cleanTitle(a.title)} variant="title" />
                  <p className="art-authors">{a.authorname}</p>
                  <ArticleDoi doi={a.doi} className="doi art-doi" />
                  <div className="art-actions">
                    <Link className="btn btn-small" to={articleHref(a)} state={{ section: 'abstract' } satisfies ScrollState}>
                      Abstract
                    </Link>
                    {pdf && (
                      <a className="btn btn-small btn-outline" href={pdf} target="_blank" rel="noopener noreferrer">
                        Download
                      </a>
                    )}
                    {a.pagenumber && <span className="pages">Pages: {a.pagenumber}</span>}
                  </div>
                  <p className="cite">
                    <strong>How to cite this article:</strong>{' '}
                    <SafeHtml as="span" html={citationHtml(a, journalName)} variant="title" />
                  </p>
                </td>
                {showSubject && <td data-label="Subject">{a.subject}</td>}
                <td data-label="Country">{a.country}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

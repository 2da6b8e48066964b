import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PdfJobButton, pdfRequests } from '@/components/pdf';
import { QueryStates } from '@/components/query-states';
import { useRouteIssue } from '../api/use-route-issue';
import { capitalizePeriod, pad2 } from '../lib/format';
import { useSelection } from '../lib/use-selection';
import { AdminTable, EditCell, PageHead, SelectAll } from './admin-table';
import { ArticleTitleCell } from './article-title-cell';
import { CrossrefExportButton } from './crossref-export-button';
import { CrossrefDeposits } from './crossref-deposits';
import { DoajExportButton } from './doaj-export-button';
import { IssueUsageStats } from './issue-usage-stats';

/** docs/product.md#admin-area: /admin/archives/:year/:vol/:issue: the issue's articles by page, selectable. */
export function IssueArticlesPage() {
  const { year, volume, issue, query: q } = useRouteIssue();
  const articles = useMemo(() => q.data?.articles ?? [], [q.data]);
  // The documents keep the page order, whatever order the boxes were ticked in.
  const { selected, allSelected, toggle, toggleAll, inOrder: refs } = useSelection(articles.map((a) => a.refnumber));

  return (
    <section>
      <PageHead
        title={
          <>
            Vol. {pad2(volume)}, Issue {pad2(issue)} ({year})
            {q.data?.issue?.frequency ? ` — ${capitalizePeriod(q.data.issue.frequency)}` : ''}
          </>
        }
      >
        <div className="actions">
          {selected.size > 0 && (
            <>
              <PdfJobButton request={pdfRequests.indexPage(refs)}>Index Page</PdfJobButton>
              <PdfJobButton request={pdfRequests.bulkCertificates(refs)}>Certificate</PdfJobButton>
              <CrossrefExportButton year={year!} volume={volume!} issue={issue!} refs={refs} />
            </>
          )}
          {articles.length > 0 && <DoajExportButton year={year!} volume={volume!} issue={issue!} />}
          <Link to={paths.admin.addArticle(year, volume, issue)} className="btn btn-primary">
            Add New
          </Link>
        </div>
      </PageHead>
      <QueryStates query={q} failed="Could not load the articles." isEmpty={articles.length === 0} empty="No articles in this issue yet." />
      {articles.length > 0 && (
        <AdminTable label="Articles" columns={[<SelectAll key="all" checked={allSelected} onChange={toggleAll} />, 'Ref No.', 'Title', 'Authors', 'Pages', 'Status', '']}>
          {articles.map((a) => (
            <tr key={a.id}>
              <td>
                <input type="checkbox" aria-label={`Select ${a.refnumber}`} checked={selected.has(a.refnumber)} onChange={() => toggle(a.refnumber)} />
              </td>
              <td>{a.refnumber}</td>
              <ArticleTitleCell title={a.title} />
              <td>{a.authorname}</td>
              <td>{a.pagenumber}</td>
              <td>{a.withdrawal ? `${a.status}, ${a.withdrawal.kind}` : a.status}</td>
              <EditCell to={paths.admin.article(a.id)} />
            </tr>
          ))}
        </AdminTable>
      )}
      {articles.length > 0 && <CrossrefDeposits year={year!} volume={volume!} issue={issue!} />}
      {articles.length > 0 && <IssueUsageStats year={year!} volume={volume!} issue={issue!} />}
    </section>
  );
}

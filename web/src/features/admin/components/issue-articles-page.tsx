import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { decodeEntities, sanitizeTitle } from '@/lib/sanitize';
import { useAdminApi } from '../api/admin.api';
import { capitalizePeriod, firstNumber, pad2 } from '../lib/format';
import { PdfJobButton, pdfRequests } from '@/components/pdf';
import { CrossrefExportButton } from './crossref-export-button';
import { IssueUsageStats } from './issue-usage-stats';
import { adminKeys } from '../api/keys';

/** docs/product.md#admin-area: /admin/archives/:year/:vol/:issue: the issue's articles by page, selectable. */
export function IssueArticlesPage() {
  const adminApi = useAdminApi();
  const params = useParams();
  const year = firstNumber(params.year);
  const volume = firstNumber(params.vol);
  const issue = firstNumber(params.issue);
  const q = useQuery({
    queryKey: adminKeys.issue(year, volume, issue),
    queryFn: () => adminApi.issueArticles(year, volume, issue),
    enabled: [year, volume, issue].every(Number.isFinite),
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const articles = useMemo(() => q.data?.articles ?? [], [q.data]);
  const allSelected = articles.length > 0 && articles.every((a) => selected.has(a.refnumber));

  const toggle = (ref: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(ref)) n.delete(ref);
      else n.add(ref);
      return n;
    });
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(articles.map((a) => a.refnumber)));

  // The documents keep the page order, whatever order the boxes were ticked in.
  const refs = articles.map((a) => a.refnumber).filter((r) => selected.has(r));

  return (
    <section>
      <div className="page-head">
        <h1>
          Vol. {pad2(volume)}, Issue {pad2(issue)} ({year})
          {q.data?.issue?.frequency ? ` — ${capitalizePeriod(q.data.issue.frequency)}` : ''}
        </h1>
        <div className="actions">
          {selected.size > 0 && (
            <>
              <PdfJobButton request={pdfRequests.indexPage(refs)}>Index Page</PdfJobButton>
              <PdfJobButton request={pdfRequests.bulkCertificates(refs)}>Certificate</PdfJobButton>
              <CrossrefExportButton year={year!} volume={volume!} issue={issue!} refs={refs} />
            </>
          )}
          <Link to={paths.admin.addArticle(year, volume, issue)} className="btn btn-primary">
            Add New
          </Link>
        </div>
      </div>
      {q.isLoading && <p>Loading...</p>}
      {q.isError && <p className="admin-error">Could not load the articles.</p>}
      {q.data && articles.length === 0 && <p>No articles in this issue yet.</p>}
      {articles.length > 0 && (
        <table className="admin-table" aria-label="Articles">
          <thead>
            <tr>
              <th>
                <input type="checkbox" aria-label="Select all" checked={allSelected} onChange={toggleAll} />
              </th>
              <th>Ref No.</th>
              <th>Title</th>
              <th>Authors</th>
              <th>Pages</th>
              <th>Status</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {articles.map((a) => (
              <tr key={a.id}>
                <td>
                  <input type="checkbox" aria-label={`Select ${a.refnumber}`} checked={selected.has(a.refnumber)} onChange={() => toggle(a.refnumber)} />
                </td>
                <td>{a.refnumber}</td>
                <td dangerouslySetInnerHTML={{ __html: sanitizeTitle(decodeEntities(a.title)) }} />
                <td>{a.authorname}</td>
                <td>{a.pagenumber}</td>
                <td>{a.status}</td>
                <td>
                  <Link to={paths.admin.article(a.id)}>EDIT</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {articles.length > 0 && <IssueUsageStats year={year!} volume={volume!} issue={issue!} />}
    </section>
  );
}

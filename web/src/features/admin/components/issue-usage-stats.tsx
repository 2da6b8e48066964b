import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { QueryStates } from '@/components/query-states';
import { useScholarlyApi } from '../api/scholarly.api';
import { adminKeys } from '../api/keys';
import { AdminTable } from './admin-table';
import { ArticleTitleCell } from './article-title-cell';
import { UsageChart } from './usage-chart';

/** The issue's views and downloads (COUNTER-style: robots and repeat clicks left out). */
export function IssueUsageStats({ year, volume, issue }: { year: number; volume: number; issue: number }) {
  const scholarlyApi = useScholarlyApi();
  const q = useQuery({
    queryKey: adminKeys.usage(year, volume, issue),
    queryFn: () => scholarlyApi.issueUsage(year, volume, issue),
    enabled: [year, volume, issue].every(Number.isFinite),
  });
  return (
    <section className="usage-stats" aria-labelledby="usage-h">
      <h2 id="usage-h">Views and downloads</h2>
      <p className="hint">
        The journal's COUNTER reports and its SUSHI customers: <Link to={paths.admin.usage}>Usage reports</Link>
      </p>
      <QueryStates
        query={q} failed="Could not load the usage counts."
        isEmpty={q.data?.views === 0 && q.data.downloads === 0} empty="No views or downloads counted yet."
      />
      {q.data && q.data.views + q.data.downloads > 0 && (
        <>
          <p>
            Issue total: <strong>{q.data.views}</strong> views, <strong>{q.data.downloads}</strong> downloads
          </p>
          <UsageChart months={q.data.months} label="Views and downloads of the issue per month" />
          <AdminTable label="Views and downloads per article" columns={['Ref No.', 'Title', 'Views', 'Downloads']}>
            {q.data.articles.map((a) => (
              <tr key={a.id}>
                <td>{a.refnumber}</td>
                <ArticleTitleCell title={a.title} />
                <td>{a.views}</td>
                <td>{a.downloads}</td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
    </section>
  );
}

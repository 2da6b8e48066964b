import { useQuery } from '@tanstack/react-query';
import { decodeEntities, sanitizeTitle } from '@/lib/sanitize';
import { useScholarlyApi } from '../api/scholarly.api';
import { UsageChart } from './usage-chart';
import { adminKeys } from '../api/keys';

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
      {q.isLoading && <p>Loading...</p>}
      {q.isError && <p className="admin-error">Could not load the usage counts.</p>}
      {q.data && q.data.views + q.data.downloads === 0 && <p>No views or downloads counted yet.</p>}
      {q.data && q.data.views + q.data.downloads > 0 && (
        <>
          <p>
            Issue total: <strong>{q.data.views}</strong> views, <strong>{q.data.downloads}</strong> downloads
          </p>
          <UsageChart months={q.data.months} label="Views and downloads of the issue per month" />
          <table className="admin-table" aria-label="Views and downloads per article">
            <thead>
              <tr>
                <th>Ref No.</th>
                <th>Title</th>
                <th>Views</th>
                <th>Downloads</th>
              </tr>
            </thead>
            <tbody>
              {q.data.articles.map((a) => (
                <tr key={a.id}>
                  <td>{a.refnumber}</td>
                  <td dangerouslySetInnerHTML={{ __html: sanitizeTitle(decodeEntities(a.title)) }} />
                  <td>{a.views}</td>
                  <td>{a.downloads}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { decodeEntities, sanitizeTitle } from '@/lib/sanitize';
import { useAdminApi } from '../api/admin.api';
import { adminKeys } from '../api/keys';

/** docs/product.md#admin-area: /admin/search?q=: matching articles with EDIT links; 'Not Found!' when empty. */
export function AdminSearchPage() {
  const adminApi = useAdminApi();
  const [params] = useSearchParams();
  const text = params.get('q') ?? '';
  const q = useQuery({ queryKey: adminKeys.search(text), queryFn: () => adminApi.search(text), enabled: text.trim() !== '' });
  if (text.trim() === '') return <p>Not Found!</p>;
  if (q.isLoading) return <p>Loading...</p>;
  if (q.isError || !q.data || q.data.length === 0) return <p>Not Found!</p>;
  return (
    <section>
      <h1>Search: {text}</h1>
      <table className="admin-table" aria-label="Search results">
        <thead>
          <tr>
            <th>S.No.</th>
            <th>Ref No.</th>
            <th>Title</th>
            <th>Authors</th>
            <th>Issue</th>
            <th>Pages</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {q.data.map((a, i) => (
            <tr key={a.id}>
              <td>{i + 1}</td>
              <td>{a.refnumber}</td>
              <td dangerouslySetInnerHTML={{ __html: sanitizeTitle(decodeEntities(a.title)) }} />
              <td>{a.authorname}</td>
              <td>
                {a.year} / Vol. {a.volume} / Issue {a.issue}
              </td>
              <td>{a.pagenumber}</td>
              <td>
                <Link to={paths.admin.article(a.id)}>EDIT</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export const AdminNotFound = () => <p>Not Found!</p>;

import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Loading } from '@/components/status';
import { useAdminApi } from '../api/admin.api';
import { adminKeys } from '../api/keys';
import { AdminTable, EditCell } from './admin-table';
import { ArticleTitleCell } from './article-title-cell';

/** docs/product.md#admin-area: /admin/search?q=: matching articles with EDIT links; 'Not Found!' when empty. */
export function AdminSearchPage() {
  const adminApi = useAdminApi();
  const [params] = useSearchParams();
  const text = params.get('q') ?? '';
  const q = useQuery({ queryKey: adminKeys.search(text), queryFn: () => adminApi.search(text), enabled: text.trim() !== '' });
  if (text.trim() === '') return <p>Not Found!</p>;
  if (q.isLoading) return <Loading />;
  if (q.isError || !q.data || q.data.length === 0) return <p>Not Found!</p>;
  return (
    <section>
      <h1>Search: {text}</h1>
      <AdminTable label="Search results" columns={['S.No.', 'Ref No.', 'Title', 'Authors', 'Issue', 'Pages', '']}>
        {q.data.map((a, i) => (
          <tr key={a.id}>
            <td>{i + 1}</td>
            <td>{a.refnumber}</td>
            <ArticleTitleCell title={a.title} />
            <td>{a.authorname}</td>
            <td>
              {a.year} / Vol. {a.volume} / Issue {a.issue}
            </td>
            <td>{a.pagenumber}</td>
            <EditCell to={paths.admin.article(a.id)} />
          </tr>
        ))}
      </AdminTable>
    </section>
  );
}

/** Outside the shell (any unknown admin path lands here): a page of its own, with its main region and heading. */
export const AdminNotFound = () => (
  <main className="admin admin-main">
    <h1>Not Found!</h1>
  </main>
);

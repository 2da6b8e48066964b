import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ACTIVITY_AREAS, ACTIVITY_KINDS, activityQuerySchema, type ActivityPage as ActivityAnswer, type ActivityQuery } from '@journal/contracts';
import { ActivityChanges, activityTime } from '@/components/activity-changes';
import { FormError, QueryStates } from '@/components/query-states';
import { ApiError } from '@/lib/api-client';
import { firstProblem } from '@/lib/form-errors';
import { useAdminApi } from '../api/admin.api';
import { adminKeys } from '../api/keys';
import { failureMessage } from '../lib/failure';
import { AdminTable, PageHead } from './admin-table';
import { BackToDashboard } from './inline-form';
import { Pager } from './pager';

export const ACTIVITY_FORBIDDEN_TEXT = 'Only managers can read the activity log.';
export const ACTIVITY_EMPTY_TEXT = 'No activity matches these filters.';

const when = activityTime;

interface Filters {
  user: string;
  kind: string;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = { user: '', kind: '', from: '', to: '' };

/**
 * The activity log (docs/product.md#activity-log): filters by user, kind and day, newest first,
 * a page at a time. `fetchPage` is the API call (the page passes the admin API's).
 */
export function ActivityLog({ fetchPage }: { fetchPage: (q: ActivityQuery) => Promise<ActivityAnswer> }) {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [query, setQuery] = useState<ActivityQuery>({});
  const [error, setError] = useState('');
  const q = useQuery({ queryKey: adminKeys.activity(query), queryFn: () => fetchPage(query), placeholderData: keepPreviousData, retry: false });

  function apply(e: FormEvent) {
    e.preventDefault();
    const parsed = activityQuerySchema.safeParse(Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== '')));
    if (!parsed.success) {
      setError(firstProblem(parsed.error));
      return;
    }
    setError('');
    setQuery({ ...parsed.data, page: 1 });
  }

  const set = (k: keyof Filters) => (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value });
  const page = q.data?.page ?? 1;
  const total = q.data?.total ?? 0;
  const forbidden = q.error instanceof ApiError && q.error.status === 403;
  const failed = forbidden ? ACTIVITY_FORBIDDEN_TEXT : (failureMessage(q.error) ?? 'The activity log could not be read.');

  return (
    <section className="admin-activity">
      <PageHead title="Activity log" />
      <form className="activity-filters" role="search" aria-label="Filter the activity log" noValidate onSubmit={apply}>
        <div className="field">
          <label htmlFor="activity-user">User</label>
          <input id="activity-user" value={draft.user} onChange={set('user')} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="activity-kind">Kind</label>
          <select id="activity-kind" value={draft.kind} onChange={set('kind')}>
            <option value="">All kinds</option>
            {ACTIVITY_AREAS.map((a) => (
              <option key={a} value={a}>
                {a} (all)
              </option>
            ))}
            {ACTIVITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="activity-from">From</label>
          <input id="activity-from" type="date" value={draft.from} onChange={set('from')} />
        </div>
        <div className="field">
          <label htmlFor="activity-to">To</label>
          <input id="activity-to" type="date" value={draft.to} onChange={set('to')} />
        </div>
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
        <FormError message={error} />
      </form>
      <QueryStates query={q} failed={failed} empty={ACTIVITY_EMPTY_TEXT} isEmpty={total === 0} />
      {q.data && total > 0 && (
        <>
          <AdminTable columns={['When', 'User', 'Kind', 'Record', 'Changes', 'From']} label="Activity">
            {q.data.entries.map((e) => (
              <tr key={e.id}>
                <td>{when(e.at)}</td>
                <td>
                  {e.actor.name} <small>({e.actor.role})</small>
                </td>
                <td>{e.kind}</td>
                <td>
                  {e.record.type} {e.record.label || e.record.id}
                </td>
                <td>
                  <ActivityChanges entry={e} />
                </td>
                <td>
                  {e.ip}
                  {e.requestId && <small className="activity-request"> {e.requestId}</small>}
                </td>
              </tr>
            ))}
          </AdminTable>
          <Pager page={page} pageSize={q.data.pageSize} total={total} label="Activity pages" onPage={(p) => setQuery({ ...query, page: p })} />
        </>
      )}
      <BackToDashboard />
    </section>
  );
}

/** /admin/activity */
export function ActivityPage() {
  const adminApi = useAdminApi();
  return <ActivityLog fetchPage={adminApi.activity} />;
}

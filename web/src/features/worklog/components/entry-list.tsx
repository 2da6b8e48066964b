import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isWorkStatus, WORK_FILTERS, WORK_STATUSES, WORKLOG_PAGE_SIZE, workStatusLabel, type WorkEntry, type WorkStatus } from '@journal/contracts';
import { paths } from '@/config/paths';
import { sanitizeRich } from '@/lib/sanitize';
import { worklogKeys } from '../api/keys';
import { useWorklogApi } from '../api/worklog.api';
import { formatCreated, pagerText } from '../lib/format';

const CONFIRM_TEXT = 'Do you really want to Change.';

/**
 * docs/product.md#worklog: entry list. Filter from the route (default all), search from ?search= (used only
 * with the all filter), 20 a page from the server; any change of filter, search or data starts
 * again at page 1. Failures are only logged and the table stays empty.
 */
export function EntryList() {
  const { filterType = 'all' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const worklog = useWorklogApi();
  const known = filterType === 'all' || isWorkStatus(filterType);
  const status = (known ? filterType : 'all') as 'all' | WorkStatus;
  const search = status === 'all' ? (params.get('search') ?? '').trim() : '';

  // docs/product.md#worklog: a new filter or search text starts again at page 1, and so does a
  // change of the data (another total) under the same view. The view and the total the page was
  // chosen under are kept with it: going back to a view never brings its old page back.
  const viewKey = `${filterType}\u0000${search}`;
  const [paging, setPaging] = useState<{ viewKey: string; page: number; total: number | null }>({ viewKey, page: 1, total: null });
  if (paging.viewKey !== viewKey) setPaging({ viewKey, page: 1, total: null });
  const page = paging.viewKey === viewKey ? paging.page : 1;
  const setPage = (p: number) => setPaging((cur) => ({ ...cur, viewKey, page: p }));

  const query = useQuery({
    queryKey: worklogKeys.list({ status, search, page }),
    queryFn: ({ signal }) => worklog.list({ status, search, page }, signal),
    enabled: known,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  useEffect(() => {
    if (query.error) console.error('worklog: list failed', query.error);
  }, [query.error]);

  // While the next view loads, the previous view's rows are shown, never its page number.
  const data = query.isError || !known ? undefined : query.data;
  const fresh = data && !query.isPlaceholderData ? data : undefined;
  if (fresh && paging.viewKey === viewKey && paging.total !== fresh.total) {
    setPaging({ viewKey, page: paging.total === null ? page : 1, total: fresh.total });
  }
  const total = data?.total ?? 0;
  const shownPage = fresh?.page ?? page;
  const lastPage = Math.max(1, Math.ceil(total / WORKLOG_PAGE_SIZE));
  const items = data?.items ?? [];

  const change = useMutation({
    mutationFn: ({ id, status: s }: { id: string; status: WorkStatus }) => worklog.updateStatus(id, s),
    onSuccess: async () => {
      setPage(1);
      await qc.invalidateQueries({ queryKey: worklogKeys.all });
    },
    onError: (err) => console.error('worklog: status change failed', err),
  });

  function onStatus(entry: WorkEntry, next: string) {
    if (!isWorkStatus(next) || next === entry.status) return;
    if (!window.confirm(CONFIRM_TEXT)) return;
    change.mutate({ id: entry.id, status: next });
  }

  const go = (p: number) => setPage(Math.min(Math.max(1, p), lastPage));

  return (
    <section className="worklog-list">
      <div className="worklog-actions">
        <button type="button" className="worklog-add" onClick={() => navigate(paths.webdata.add)}>
          Add New
        </button>
        <nav className="worklog-filters" aria-label="Filter entries">
          {WORK_FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              className={`worklog-filter${f.value === filterType ? ' active' : ''}`}
              aria-pressed={f.value === filterType}
              onClick={() => navigate(paths.webdata.filter(f.value))}
            >
              {f.label}
            </button>
          ))}
        </nav>
      </div>

      <table className="worklog-table" aria-busy={known && query.isFetching}>
        <thead>
          <tr>
            <th>s.no.</th>
            <th>Work</th>
            <th>Date</th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {query.isPending && known ? (
            <tr>
              <td colSpan={4} className="worklog-state">
                Loading...
              </td>
            </tr>
          ) : items.length === 0 ? (
            <tr>
              <td colSpan={4} className="worklog-state worklog-empty">
                {query.isError ? '' : 'No entries found.'}
              </td>
            </tr>
          ) : (
            items.map((e, i) => (
              <tr key={e.id} className={`worklog-row status-${e.status}`} data-status={e.status} data-id={e.id}>
                <td>{(shownPage - 1) * WORKLOG_PAGE_SIZE + i + 1}</td>
                <td className="worklog-work" dangerouslySetInnerHTML={{ __html: sanitizeRich(e.content) }} />
                <td className="worklog-date">{formatCreated(e)}</td>
                <td className="worklog-status">
                  <select aria-label="Status" value={e.status} disabled={change.isPending} onChange={(ev) => onStatus(e, ev.target.value)}>
                    {WORK_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {workStatusLabel(s)}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>

      <div className="worklog-pager">
        <button type="button" aria-label="Previous page" disabled={shownPage <= 1} onClick={() => go(shownPage - 1)}>
          &#8249;
        </button>
        <span className="worklog-pager-text">{pagerText(shownPage, total)}</span>
        <button type="button" aria-label="Next page" disabled={shownPage >= lastPage} onClick={() => go(shownPage + 1)}>
          &#8250;
        </button>
      </div>
    </section>
  );
}

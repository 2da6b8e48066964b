import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DOI_STATE_LABELS, type DepositRequest } from '@journal/contracts';
import { ApiError } from '@/lib/api-client';
import { QueryStates } from '@/components/query-states';
import { useScholarlyApi } from '../api/scholarly.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { AdminTable } from './admin-table';
import { ArticleTitleCell } from './article-title-cell';

/**
 * docs/product.md#crossref-deposits: each article's DOI state at Crossref, with deposits of the
 * issue, of one article, or of everything not deposited yet; failed ones retry from here. The
 * list refreshes itself while a deposit is on its way.
 */
export function CrossrefDeposits({ year, volume, issue }: { year: number; volume: number; issue: number }) {
  const scholarlyApi = useScholarlyApi();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: adminKeys.doiStates(year, volume, issue),
    queryFn: () => scholarlyApi.doiStates(year, volume, issue),
    refetchInterval: (query) => (query.state.data?.some((a) => a.state === 'queued' || a.state === 'submitted') ? 3000 : false),
  });
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const deposit = async (body: DepositRequest) => {
    setBusy(true);
    setMessage(null);
    try {
      const r = await scholarlyApi.deposit(body);
      const n = r.submissions.reduce((sum, s) => sum + s.articles, 0);
      // Said once the table shows the queued states (said before, it came over the old ones).
      await invalidateAfterSave(qc, staleAfterSaving.deposit(year, volume, issue));
      setMessage({ ok: true, text: n ? `${n} article${n === 1 ? '' : 's'} queued for Crossref` : 'Nothing to deposit' });
    } catch (err) {
      setMessage({ ok: false, text: err instanceof ApiError ? err.message : 'Could not queue the deposit' });
    } finally {
      setBusy(false);
    }
  };
  const rows = q.data ?? [];
  return (
    <section className="crossref-deposits" aria-labelledby="crossref-h">
      <h2 id="crossref-h">Crossref DOIs</h2>
      <div className="actions">
        <button type="button" className="btn" disabled={busy} onClick={() => deposit({ scope: 'issue', year, volume, issue })}>
          Deposit this issue
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => deposit({ scope: 'pending' })}>
          Deposit everything not deposited
        </button>
        {message && (
          <span className={message.ok ? 'admin-ok' : 'admin-error'} role={message.ok ? 'status' : 'alert'}>
            {message.text}
          </span>
        )}
      </div>
      <QueryStates query={q} failed="Could not load the DOI states." isEmpty={rows.length === 0} empty="No articles in this issue yet." />
      {rows.length > 0 && (
        <AdminTable label="DOI states" columns={['Ref No.', 'Title', 'DOI', 'State', 'Crossref says', '']}>
          {rows.map((a) => (
            <tr key={a.id}>
              <td>{a.refnumber}</td>
              <ArticleTitleCell title={a.title} />
              <td>{a.doi}</td>
              <td>{DOI_STATE_LABELS[a.state]}</td>
              <td>{a.message}</td>
              <td>
                {(a.state === 'failed' || a.state === 'not_deposited') && (
                  <button type="button" className="btn" disabled={busy} onClick={() => deposit({ scope: 'article', refnumber: a.refnumber })}>
                    {a.state === 'failed' ? 'Retry' : 'Deposit'}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}

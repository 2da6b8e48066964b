import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PdfJobButton, pdfRequests } from '@/components/pdf';
import { QueryStates } from '@/components/query-states';
import { paths } from '@/config/paths';
import { useReviewsApi, type ReviewerFields, type ReviewerQuery, type ReviewsApi } from '../api/reviews.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { failureMessage, showFailure } from '../lib/failure';
import { AdminTable, PageHead } from './admin-table';
import { useFlash } from './flash';
import { BackToDashboard } from './inline-form';
import { Pager } from './pager';
import { ReviewerForm } from './reviewer-form';

export const REVIEWERS_EMPTY_TEXT = 'No reviewers match. Add one, or import the editorial board.';

/** Average days as the list shows them: one decimal, or a dash before the first review. */
export const averageDays = (d: number | null) => (d === null ? '–' : d.toFixed(1));

/** The years the certificates zip offers: this year and the nine before it. */
const recentYears = (now = new Date()) => Array.from({ length: 10 }, (_, i) => now.getUTCFullYear() - i);

/** docs/product.md#reviewer-certificates: every review submitted in the chosen year, one zip, with progress. */
function YearCertificates() {
  const [year, setYear] = useState(recentYears()[0]!);
  return (
    <div className="review-year-certs">
      <label htmlFor="cert-year">Certificates of</label>
      <select id="cert-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
        {recentYears().map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
      <PdfJobButton request={pdfRequests.reviewerCertificates(year)}>Reviewer certificates</PdfJobButton>
    </div>
  );
}

/**
 * docs/product.md#peer-review: the journal's reviewers, searched by name, email or affiliation and
 * filtered by subject and availability, a page at a time; Add New, the board import, and the
 * year's certificates. `api` is the reviews API (tests pass one on a test server).
 */
export function ReviewersList({ api }: { api: ReviewsApi }) {
  const qc = useQueryClient();
  const flash = useFlash();
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  const [available, setAvailable] = useState<ReviewerQuery['available']>('');
  const [query, setQuery] = useState<ReviewerQuery>({ q: '', subject: '', available: '', page: 1 });
  const [adding, setAdding] = useState(false);
  const [addError, setAddError] = useState('');
  const q = useQuery({ queryKey: adminKeys.reviewers(query), queryFn: () => api.reviewers(query), placeholderData: keepPreviousData, retry: false });

  const create = useMutation({
    mutationFn: (f: ReviewerFields) => api.createReviewer(f),
    // The list has the reviewer before the message says they were added.
    onSuccess: async (r) => {
      await invalidateAfterSave(qc, staleAfterSaving.reviewer());
      setAdding(false);
      setAddError('');
      flash(`${r.name} added`);
    },
    onError: (err) => setAddError(failureMessage(err) ?? ''),
  });
  const importBoard = useMutation({
    mutationFn: () => api.importBoard(),
    onSuccess: async (r) => {
      const skipped = r.skipped.length ? ` ${r.skipped.length} skipped: ${r.skipped.map((s) => `${s.name} (${s.reason})`).join('; ')}` : '';
      await invalidateAfterSave(qc, staleAfterSaving.reviewer());
      flash(`${r.created} reviewer${r.created === 1 ? '' : 's'} imported from the editorial board.${skipped}`);
    },
    onError: showFailure(flash),
  });

  function apply(e: FormEvent) {
    e.preventDefault();
    setQuery({ q: text.trim().slice(0, 200), subject: subject.trim().slice(0, 200), available, page: 1 });
  }
  const total = q.data?.total ?? 0;

  return (
    <section className="admin-reviewers">
      <PageHead title="Reviewers" onAdd={() => setAdding(true)}>
        <div className="actions">
          <button type="button" className="btn" disabled={importBoard.isPending} onClick={() => importBoard.mutate()}>
            {importBoard.isPending ? 'Importing…' : 'Import from editorial board'}
          </button>
        </div>
      </PageHead>
      <YearCertificates />
      {adding && (
        <ReviewerForm label="Add reviewer" busy={create.isPending} error={addError} onSubmit={(f) => create.mutate(f)} onClose={() => setAdding(false)} />
      )}
      <form className="activity-filters" role="search" aria-label="Filter the reviewers" onSubmit={apply}>
        <div className="field">
          <label htmlFor="rev-q">Search</label>
          <input id="rev-q" type="search" value={text} maxLength={200} placeholder="Name, email or affiliation" onChange={(e) => setText(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="rev-subject">Subject</label>
          <input id="rev-subject" value={subject} maxLength={200} onChange={(e) => setSubject(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="rev-available">Availability</label>
          <select id="rev-available" value={available} onChange={(e) => setAvailable(e.target.value as ReviewerQuery['available'])}>
            <option value="">All</option>
            <option value="true">Available</option>
            <option value="false">Unavailable</option>
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
      </form>
      <QueryStates query={q} failed={failureMessage(q.error) ?? 'The reviewers could not be read.'} empty={REVIEWERS_EMPTY_TEXT} isEmpty={total === 0} />
      {q.data && total > 0 && (
        <>
          <AdminTable columns={['Name', 'Affiliation', 'Subjects', 'Available', 'Open', 'Reviews done', 'Average days']} label="Reviewers">
            {q.data.items.map((r) => (
              <tr key={r.id} data-reviewer={r.name}>
                <td>
                  <Link to={paths.admin.reviewer(r.id)}>{r.name}</Link>
                  <br />
                  <small>{r.email}</small>
                </td>
                <td>{r.affiliation}</td>
                <td>{r.subjects.join(', ')}</td>
                <td>{r.available ? 'Yes' : 'No'}</td>
                <td>{r.openReviews}</td>
                <td>{r.reviewsDone}</td>
                <td>{averageDays(r.averageDays)}</td>
              </tr>
            ))}
          </AdminTable>
          <Pager page={q.data.page} pageSize={q.data.pageSize} total={total} label="Reviewer pages" onPage={(p) => setQuery({ ...query, page: p })} />
        </>
      )}
      <BackToDashboard />
    </section>
  );
}

/** /admin/reviewers */
export function ReviewersPage() {
  return <ReviewersList api={useReviewsApi()} />;
}

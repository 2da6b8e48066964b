import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SUBMISSION_STATES, submissionStateLabels, type SubmissionList, type SubmissionListQuery, type SubmissionState } from '@journal/contracts';
import { QueryStates } from '@/components/query-states';
import { paths } from '@/config/paths';
import { useSubmissionsApi } from '../api/submissions.api';
import { adminKeys } from '../api/keys';
import { failureMessage } from '../lib/failure';
import { AdminTable, PageHead } from './admin-table';
import { BackToDashboard } from './inline-form';
import { Pager } from './pager';

export const SUBMISSIONS_EMPTY_TEXT = 'No submissions match.';
export const day = (iso: string) => iso.slice(0, 10);

/** The title as plain text for a table cell (the stored title keeps only italics and sub-/superscript). */
export const plainTitle = (html: string) => html.replace(/<[^>]*>/g, '');

/**
 * docs/product.md#submissions: the journal's submissions, newest first, filtered by state and
 * searched by number, title, names or email, a page at a time. `fetchPage` is the API call.
 */
export function SubmissionsList({ fetchPage }: { fetchPage: (q: SubmissionListQuery) => Promise<SubmissionList> }) {
  const [status, setStatus] = useState<SubmissionState | ''>('');
  const [text, setText] = useState('');
  const [query, setQuery] = useState<SubmissionListQuery>({ status: '', q: '', page: 1 });
  const q = useQuery({ queryKey: adminKeys.submissions(query), queryFn: () => fetchPage(query), placeholderData: keepPreviousData, retry: false });

  function apply(e: FormEvent) {
    e.preventDefault();
    setQuery({ status, q: text.trim().slice(0, 200), page: 1 });
  }
  const page = q.data?.page ?? 1;
  const total = q.data?.total ?? 0;

  return (
    <section className="admin-submissions">
      <PageHead title="Submissions" />
      <form className="activity-filters" role="search" aria-label="Filter the submissions" onSubmit={apply}>
        <div className="field">
          <label htmlFor="sub-status">Status</label>
          <select id="sub-status" value={status} onChange={(e) => setStatus(e.target.value as SubmissionState | '')}>
            <option value="">All</option>
            {SUBMISSION_STATES.map((s) => (
              <option key={s} value={s}>
                {submissionStateLabels[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="sub-q">Search</label>
          <input id="sub-q" type="search" value={text} maxLength={200} placeholder="Number, title, name or email" onChange={(e) => setText(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
      </form>
      <QueryStates query={q} failed={failureMessage(q.error) ?? 'The submissions could not be read.'} empty={SUBMISSIONS_EMPTY_TEXT} isEmpty={total === 0} />
      {q.data && total > 0 && (
        <>
          <AdminTable columns={['Number', 'Title', 'Corresponding author', 'Country', 'Status', 'Submitted', 'Updated']} label="Submissions">
            {q.data.items.map((s) => (
              <tr key={s.id}>
                <td>
                  <Link to={paths.admin.submission(s.id)}>{s.number}</Link>
                </td>
                <td>{plainTitle(s.title)}</td>
                <td>
                  {s.correspondingName}
                  <br />
                  <small>{s.email}</small>
                </td>
                <td>{s.country}</td>
                <td>{submissionStateLabels[s.status]}</td>
                <td>{day(s.submittedAt)}</td>
                <td>{day(s.updatedAt)}</td>
              </tr>
            ))}
          </AdminTable>
          <Pager page={page} pageSize={q.data.pageSize} total={total} label="Submission pages" onPage={(p) => setQuery({ ...query, page: p })} />
        </>
      )}
      <BackToDashboard />
    </section>
  );
}

/** /admin/submissions */
export function SubmissionsPage() {
  const api = useSubmissionsApi();
  return <SubmissionsList fetchPage={api.list} />;
}

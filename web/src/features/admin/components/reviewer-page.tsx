import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewStateLabels, type ReviewerDetail } from '@journal/contracts';
import { FormError, QueryStates } from '@/components/query-states';
import { EmptyState } from '@/components/status';
import { paths } from '@/config/paths';
import { useReviewsApi, type ReviewerFields } from '../api/reviews.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { failureMessage } from '../lib/failure';
import { AdminTable, PageHead } from './admin-table';
import { useFlash } from './flash';
import { ReviewerForm, reviewerFieldsOf } from './reviewer-form';
import { averageDays } from './reviewers-page';
import { day } from './submissions-page';

/** The entry's facts: how to reach them, what they review, and their record. */
function Facts({ r }: { r: ReviewerDetail }) {
  return (
    <section className="card" aria-label="Reviewer">
      <dl className="sub-facts">
        <dt>Email</dt>
        <dd>{r.email}</dd>
        <dt>Affiliation</dt>
        <dd>
          {r.affiliation}
          {r.ror && ` (${r.ror})`}
        </dd>
        <dt>ORCID</dt>
        <dd>{r.orcid}</dd>
        <dt>Subjects</dt>
        <dd>{r.subjects.join(', ')}</dd>
        <dt>Available</dt>
        <dd>{r.available ? 'Yes' : 'No'}</dd>
        <dt>Source</dt>
        <dd>{r.source === 'board' ? 'Imported from the editorial board' : 'Added by staff'}</dd>
        <dt>Reviews done</dt>
        <dd>{r.reviewsDone}</dd>
        <dt>Average days</dt>
        <dd>{averageDays(r.averageDays)}</dd>
        <dt>Open invitations</dt>
        <dd>{r.openReviews}</dd>
        {r.notes && (
          <>
            <dt>Notes</dt>
            <dd className="sub-message">{r.notes}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** /admin/reviewers/:id: one reviewer's entry, its edit and removal, and their history of reviews. */
export function ReviewerPage() {
  const { id = '' } = useParams();
  const api = useReviewsApi();
  const qc = useQueryClient();
  const flash = useFlash();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState('');
  const q = useQuery({ queryKey: adminKeys.reviewer(id), queryFn: () => api.reviewer(id), retry: false });

  const save = useMutation({
    mutationFn: (f: ReviewerFields) => api.updateReviewer(id, f),
    // The page shows the saved entry before the message says it was saved.
    onSuccess: async () => {
      await invalidateAfterSave(qc, staleAfterSaving.reviewer());
      setEditing(false);
      setError('');
      flash('Saved');
    },
    onError: (err) => setError(failureMessage(err) ?? ''),
  });
  const remove = useMutation({
    mutationFn: () => api.removeReviewer(id),
    onSuccess: () => {
      flash(`${q.data?.name ?? 'The reviewer'} removed`);
      navigate(paths.admin.reviewers);
      // Dropped rather than refetched: the list, a page the cache keeps and not showing, would
      // show the removed reviewer until its reload; this page, left, reads the reviewer no more.
      for (const queryKey of staleAfterSaving.reviewer()) qc.removeQueries({ queryKey });
    },
    onError: (err) => setError(failureMessage(err) ?? ''),
  });

  const r = q.data;
  return (
    <section className="admin-reviewer">
      <PageHead title={r ? r.name : 'Reviewer'}>
        {r && (
          <div className="actions">
            <button type="button" className="btn" onClick={() => setEditing(true)}>
              Edit
            </button>
            <button
              type="button"
              className="btn btn-outline"
              disabled={remove.isPending}
              onClick={() => window.confirm(`Remove ${r.name} from the reviewers?`) && remove.mutate()}
            >
              Remove
            </button>
          </div>
        )}
      </PageHead>
      <QueryStates query={q} failed={failureMessage(q.error) ?? 'The reviewer could not be read.'} />
      {!editing && <FormError message={error} />}
      {r && (
        <>
          {editing && (
            <ReviewerForm
              label="Edit reviewer"
              initial={reviewerFieldsOf(r)}
              busy={save.isPending}
              error={error}
              onSubmit={(f) => save.mutate(f)}
              onClose={() => setEditing(false)}
            />
          )}
          <Facts r={r} />
          <h2>History</h2>
          {r.history.length === 0 ? (
            <EmptyState>No invitations yet.</EmptyState>
          ) : (
            <AdminTable columns={['Submission', 'State', 'Invited', 'Due', 'Submitted', 'Days']} label="History">
              {r.history.map((h) => (
                <tr key={h.reviewId}>
                  <td>
                    <Link to={paths.admin.submission(h.submissionId)}>{h.submissionNumber}</Link>
                  </td>
                  <td>{reviewStateLabels[h.state]}</td>
                  <td>{day(h.invitedAt)}</td>
                  <td>{h.dueDate}</td>
                  <td>{h.submittedAt ? day(h.submittedAt) : ''}</td>
                  <td>{h.days ?? ''}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </>
      )}
      <p>
        <Link to={paths.admin.reviewers}>Back to the reviewers</Link>
      </p>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REVIEW_MESSAGES,
  REVIEWABLE_SUBMISSION_STATES,
  isOpenReview,
  roleOpens,
  reviewStateLabels,
  type ReviewStaffView,
  type SubmissionDetail,
  type SubmissionReviews,
} from '@journal/contracts';
import { FormError, QueryStates } from '@/components/query-states';
import { paths } from '@/config/paths';
import { sessionRole } from '@/lib/session';
import { useReviewsApi, type ReviewsApi } from '../api/reviews.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { failureMessage } from '../lib/failure';
import { AdminTable } from './admin-table';
import { useNotice } from './flash';
import { ReviewConflicts } from './review-conflicts';
import { ReviewDecisionForm, ReviewsSideBySide } from './review-decision';
import { ReviewInvite, dayFromNow } from './review-invite';
import { day } from './submissions-page';

type Done = (r: SubmissionReviews, note: string) => Promise<void>;

const REMINDER_STATE: Record<string, string> = { scheduled: 'due', sent: 'sent', cancelled: 'not sent' };

/** The reminders of an invitation, as a short list: when, before or after the due date, and whether sent. */
function Reminders({ r }: { r: ReviewStaffView }) {
  if (!r.reminders.length) return null;
  return (
    <ul className="review-reminders">
      {r.reminders.map((m, i) => (
        <li key={i}>
          {day(m.at)}: {m.days} day{m.days === 1 ? '' : 's'} {m.kind} the due date, {REMINDER_STATE[m.state] ?? m.state}
        </li>
      ))}
    </ul>
  );
}

/** An open invitation's acts: cancel (with a reason), reassign to another reviewer, or move the due date. */
function OpenActs({ submissionId, r, api, done }: { submissionId: string; r: ReviewStaffView; api: ReviewsApi; done: Done }) {
  const [open, setOpen] = useState<'' | 'cancel' | 'reassign' | 'due'>('');
  const [reason, setReason] = useState('');
  const [reviewerId, setReviewerId] = useState('');
  const [dueDate, setDueDate] = useState(r.overdue ? dayFromNow(14) : r.dueDate);
  const [error, setError] = useState('');
  // The suggested reviewers first (by subject and load), then the other available ones.
  const suggested = useQuery({ queryKey: adminKeys.reviewerSuggestions(submissionId), queryFn: () => api.suggestions(submissionId), enabled: open === 'reassign', retry: false });
  const reviewers = useQuery({
    queryKey: adminKeys.reviewers({ q: '', subject: '', available: 'true', page: 1 }),
    queryFn: () => api.reviewers({ q: '', subject: '', available: 'true', page: 1 }),
    enabled: open === 'reassign',
    retry: false,
  });
  const choices = [...(suggested.data?.items ?? []), ...(reviewers.data?.items ?? [])].filter(
    (x, i, all) => x.id !== r.reviewer?.id && all.findIndex((y) => y.id === x.id) === i,
  );
  const act = useMutation({
    mutationFn: () =>
      open === 'cancel'
        ? api.cancel(submissionId, r.id, reason)
        : open === 'reassign'
          ? api.reassign(submissionId, r.id, { reviewerId, dueDate, message: '' })
          : api.setDue(submissionId, r.id, dueDate),
    onSuccess: async (d) => {
      const note = open === 'cancel' ? 'Invitation cancelled' : open === 'reassign' ? 'Reassigned; the new reviewer is invited' : `Due date moved to ${dueDate}`;
      setOpen('');
      setError('');
      await done(d, note);
    },
    onError: (err) => setError(failureMessage(err) ?? ''),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (open === 'reassign' && !reviewerId) return setError('Choose a reviewer');
    act.mutate();
  }
  const id = (k: string) => `review-${r.id}-${k}`;
  return (
    <div className="review-acts">
      {(['cancel', 'reassign', 'due'] as const).map((k) => (
        <button key={k} type="button" className="btn btn-small" aria-expanded={open === k} onClick={() => setOpen(open === k ? '' : k)}>
          {k === 'cancel' ? 'Cancel' : k === 'reassign' ? 'Reassign' : 'Due date'}
        </button>
      ))}
      {open && (
        <form onSubmit={submit} aria-label={`${open === 'due' ? 'Move the due date of' : open === 'cancel' ? 'Cancel' : 'Reassign'} the invitation of ${r.label}`} noValidate>
          {open === 'cancel' && (
            <div className="field">
              <label htmlFor={id('reason')}>Reason (sent to the reviewer)</label>
              <textarea id={id('reason')} rows={2} maxLength={2000} value={reason} onChange={(e) => setReason(e.target.value)} />
            </div>
          )}
          {open === 'reassign' && (
            <div className="field">
              <label htmlFor={id('reviewer')}>New reviewer</label>
              <select id={id('reviewer')} value={reviewerId} onChange={(e) => setReviewerId(e.target.value)}>
                <option value="">{reviewers.isLoading || suggested.isLoading ? 'Loading...' : 'Select'}</option>
                {choices.map((x) => (
                  <option key={x.id} value={x.id}>
                    {x.name} ({x.openReviews} open)
                  </option>
                ))}
              </select>
            </div>
          )}
          {open !== 'cancel' && (
            <div className="field">
              <label htmlFor={id('due')}>Due date</label>
              <input id={id('due')} type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
            </div>
          )}
          <button type="submit" className="btn btn-primary btn-small" disabled={act.isPending}>
            {open === 'cancel' ? 'Cancel the invitation' : open === 'reassign' ? 'Reassign' : 'Save the due date'}
          </button>
          <FormError message={error} />
        </form>
      )}
    </div>
  );
}

/** Every invitation of the submission with its state, dates and reminders. */
function Invitations({ submissionId, data, api, done }: { submissionId: string; data: SubmissionReviews; api: ReviewsApi; done: Done }) {
  return (
    <AdminTable columns={['Reviewer', 'State', 'Invited', 'Due', 'Reminders', '']} label="Invitations" className="review-invitations">
      {data.reviews.map((r) => (
        <tr key={r.id} data-review={r.label}>
          <td>
            {r.reviewer ? <Link to={paths.admin.reviewer(r.reviewer.id)}>{r.reviewer.name}</Link> : r.label}
            {r.reviewer?.affiliation && (
              <>
                <br />
                <small>{r.reviewer.affiliation}</small>
              </>
            )}
            {r.round > 1 && <small> (round {r.round})</small>}
          </td>
          <td>
            {reviewStateLabels[r.state]}
            {r.overdue && <strong className="field-error"> overdue</strong>}
            {r.state === 'accepted' && r.savedAt && <small> (draft saved {day(r.savedAt)})</small>}
            {r.declineReason && <small className="sub-message"> “{r.declineReason}”</small>}
          </td>
          <td>{day(r.invitedAt)}</td>
          <td>{r.dueDate}</td>
          <td>
            <Reminders r={r} />
          </td>
          <td>{isOpenReview(r.state) && !data.conflict ? <OpenActs submissionId={submissionId} r={r} api={api} done={done} /> : null}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

/** Which manuscript reviewers download: a version of the submission, or (double-blind) an anonymised copy. */
function ReviewManuscript({ s, data, api, done }: { s: SubmissionDetail; data: SubmissionReviews; api: ReviewsApi; done: Done }) {
  const [fileId, setFileId] = useState(data.reviewFileId ?? '');
  const [error, setError] = useState('');
  const mark = useMutation({
    mutationFn: (what: string | File) => (typeof what === 'string' ? api.markManuscript(s.id, what) : api.uploadManuscript(s.id, what)),
    onSuccess: async (d) => {
      setError('');
      setFileId(d.reviewFileId ?? '');
      await done(d, 'The manuscript for the reviewers is set');
    },
    onError: (err) => setError(failureMessage(err) ?? ''),
  });
  const marked = s.manuscripts.find((m) => m.id === data.reviewFileId);
  return (
    <div className="card review-manuscript">
      <p>
        Reviewers get: {marked ? `manuscript version ${marked.version} (${marked.kind.toUpperCase()})` : data.reviewFileId ? 'the anonymised copy' : data.doubleBlind ? 'nothing yet: mark an anonymised file' : 'the newest version'}
        {data.doubleBlind && ' · double-blind: without the authors’ names'}
      </p>
      <div className="review-find">
        <div className="field">
          <label htmlFor="review-file">Manuscript version for the reviewers</label>
          <select id="review-file" value={fileId} onChange={(e) => setFileId(e.target.value)}>
            <option value="">Select</option>
            {s.manuscripts.map((m) => (
              <option key={m.id} value={m.id}>
                Version {m.version} ({m.kind.toUpperCase()}, {day(m.at)})
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="btn" disabled={!fileId || mark.isPending} onClick={() => mark.mutate(fileId)}>
          Use this version
        </button>
        <div className="field">
          <label htmlFor="review-file-upload">Or upload an anonymised copy</label>
          <input id="review-file-upload" type="file" accept=".pdf,.docx,application/pdf" onChange={(e) => e.target.files?.[0] && mark.mutate(e.target.files[0])} />
        </div>
      </div>
      <FormError message={error} />
    </div>
  );
}

/**
 * docs/product.md#peer-review: the submission's peer review: the manuscript reviewers get, the
 * invitations and their states, inviting, the submitted reviews side by side and the decision.
 * When the signed-in editor is an author of the submission, reviewers stay hidden and inviting is
 * closed to them (the conflict rule).
 */
export function SubmissionReviewsPanel({ s }: { s: SubmissionDetail }) {
  const api = useReviewsApi();
  const qc = useQueryClient();
  const notice = useNotice();
  const q = useQuery({ queryKey: adminKeys.submissionReviews(s.id), queryFn: () => api.reviews(s.id), retry: false });
  const done: Done = async (d, note) => {
    qc.setQueryData(adminKeys.submissionReviews(s.id), d);
    await invalidateAfterSave(qc, staleAfterSaving.reviews(s.id));
    notice(note);
  };
  const data = q.data;
  const reviewable = (REVIEWABLE_SUBMISSION_STATES as readonly string[]).includes(s.status);
  const submitted = data?.reviews.filter((r) => r.state === 'submitted') ?? [];
  return (
    <section className="submission-reviews" aria-labelledby="peer-review-head">
      <h2 id="peer-review-head">Peer review</h2>
      <QueryStates
        query={q}
        failed={failureMessage(q.error) ?? 'The reviews could not be read.'}
        empty={reviewable ? 'No reviewer invited yet.' : 'This submission was not sent to reviewers.'}
        isEmpty={data?.reviews.length === 0}
      />
      {data && (
        <>
          {data.conflict && <p className="author-message">{REVIEW_MESSAGES.conflict}</p>}
          {reviewable && !data.conflict && <ReviewManuscript s={s} data={data} api={api} done={done} />}
          {data.reviews.length > 0 && <Invitations submissionId={s.id} data={data} api={api} done={done} />}
          {reviewable && !data.conflict && <ReviewInvite submissionId={s.id} reviews={data} api={api} done={done} />}
          {submitted.length > 0 && <ReviewsSideBySide submissionId={s.id} reviews={submitted} api={api} />}
          <ReviewDecisionForm submissionId={s.id} data={data} api={api} done={done} />
          {roleOpens(sessionRole(), 'staff') && <ReviewConflicts submissionId={s.id} data={data} api={api} done={done} />}
        </>
      )}
    </section>
  );
}

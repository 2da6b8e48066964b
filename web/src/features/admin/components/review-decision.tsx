import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { recommendationLabels, submissionStateLabels, type ReviewDecision, type ReviewStaffView, type SubmissionReviews } from '@journal/contracts';
import { FormError } from '@/components/query-states';
import { saveBlob } from '@/lib/api-client';
import type { ReviewsApi } from '../api/reviews.api';
import { failureMessage } from '../lib/failure';
import { day } from './submissions-page';

/** The submitted reviews next to each other: recommendation, comments to the author, confidential comments, annotated file. */
export function ReviewsSideBySide({ submissionId, reviews, api }: { submissionId: string; reviews: ReviewStaffView[]; api: ReviewsApi }) {
  const [error, setError] = useState('');
  async function download(r: ReviewStaffView) {
    setError('');
    try {
      const { blob, filename } = await api.annotated(submissionId, r.id);
      saveBlob(blob, filename ?? `review-${r.label}.${r.annotated?.kind ?? 'pdf'}`);
    } catch (err) {
      setError(failureMessage(err) ?? '');
    }
  }
  return (
    <section aria-label="Reviews side by side">
      <h3>Reviews</h3>
      <div className="reviews-side">
        {reviews.map((r) => (
          <article key={r.id} className="card review-card" aria-label={`Review by ${r.label}`}>
            <h4>{r.label}</h4>
            <p>
              <strong>{r.recommendation ? recommendationLabels[r.recommendation] : ''}</strong>
              {r.submittedAt && <small> · submitted {day(r.submittedAt)}</small>}
            </p>
            <h5>Comments to the author</h5>
            <p className="sub-message">{r.toAuthor}</p>
            <h5>Confidential comments to the editor</h5>
            <p className="sub-message">{r.toEditor || '—'}</p>
            {r.annotated && (
              <button type="button" className="btn btn-small" onClick={() => void download(r)}>
                Annotated file ({r.annotated.kind.toUpperCase()}, {Math.ceil(r.annotated.size / 1024)} KB)
              </button>
            )}
          </article>
        ))}
      </div>
      <FormError message={error} />
    </section>
  );
}

/**
 * docs/product.md#peer-review: the editor's decision from the reviews. It moves the submission and
 * emails the author the editor's message with the chosen reviews' comments to the author (never
 * the confidential comments, never a reviewer's name in double-blind review).
 */
export function ReviewDecisionForm({ submissionId, data, api, done }: {
  submissionId: string;
  data: SubmissionReviews;
  api: ReviewsApi;
  done: (r: SubmissionReviews, note: string) => Promise<void>;
}) {
  const submitted = data.reviews.filter((r) => r.state === 'submitted');
  const [decision, setDecision] = useState<ReviewDecision | ''>('');
  const [message, setMessage] = useState('');
  const [included, setIncluded] = useState<Set<string>>(() => new Set(submitted.map((r) => r.id)));
  const [error, setError] = useState('');
  const decide = useMutation({
    mutationFn: (d: ReviewDecision) => api.decide(submissionId, { decision: d, message, includeReviews: submitted.filter((r) => included.has(r.id)).map((r) => r.id) }),
    onSuccess: async (r, d) => {
      setMessage('');
      setDecision('');
      setError('');
      await done(r, `Decision recorded: ${submissionStateLabels[d]}. The author's email is queued.`);
    },
    onError: (err) => setError(failureMessage(err) ?? ''),
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!decision) return setError('Choose a decision');
    decide.mutate(decision);
  }
  function toggle(id: string) {
    const next = new Set(included);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setIncluded(next);
  }
  if (data.decisions.length === 0) return null;
  return (
    <form className="card" aria-label="Record a decision" onSubmit={submit} noValidate>
      <h3>Record a decision</h3>
      <div className="field">
        <label htmlFor="review-decision">Decision</label>
        <select id="review-decision" value={decision} onChange={(e) => setDecision(e.target.value as ReviewDecision | '')}>
          <option value="">Select</option>
          {data.decisions.map((d) => (
            <option key={d} value={d}>
              {submissionStateLabels[d]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="review-decision-message">Message to the author</label>
        <textarea id="review-decision-message" rows={4} maxLength={10_000} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      {submitted.length > 0 && (
        <fieldset className="review-candidates">
          <legend>Comments to the author sent with the decision</legend>
          <ul>
            {submitted.map((r) => (
              <li key={r.id}>
                <label>
                  <input type="checkbox" checked={included.has(r.id)} onChange={() => toggle(r.id)} /> {r.label}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <button type="submit" className="btn btn-primary" disabled={decide.isPending}>
        {decide.isPending ? 'Recording…' : 'Record decision'}
      </button>
      <FormError message={error} />
    </form>
  );
}

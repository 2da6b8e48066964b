import type { ReactNode } from 'react';
import { useParams, useSearchParams } from '@/lib/router';
import { PageTitle } from '@/components/page-title';
import { SafeHtml } from '@/components/safe-html';
import { ErrorState, Loading } from '@/components/status';
import {
  MAX_DECLINE_REASON,
  MAX_REVIEW_COMMENTS,
  RECOMMENDATIONS,
  recommendationLabels,
  REVIEW_DONE_TEXT,
  REVIEW_MESSAGES,
  reviewErrorText,
  reviewerMay,
  reviewStateLabels,
} from '@journal/contracts/review-workflow';
import type { ReviewPage as ReviewView } from '@journal/contracts/review-page.schema';
import { useRead } from '@/lib/read-cache';
import { publicKeys } from '@/lib/public-keys';
import { ReadError } from '../api/read-json';
import { useReads, type PublicReads } from '../api/public.api';
import { PageHead } from '../components/page-head';

/**
 * docs/product.md#peer-review: a review by its private link; null for any token that opens none
 * (the service answers 404 for a malformed one as for an unknown one). Never kept by the render
 * process. In the page's chunk, so no other page's first load carries it; the route loader imports it.
 */
export const reviewQuery = (r: PublicReads, token: string) => ({
  queryKey: [...publicKeys.all, 'review', token] as const,
  queryFn: async () => {
    try {
      return await r.get(`/api/reviews/${encodeURIComponent(token)}`, 'reviewPage');
    } catch (e) {
      if (e instanceof ReadError && e.status === 404) return null;
      throw e;
    }
  },
});

const kb = (n: number) => `${Math.max(1, Math.round(n / 1024))} KB`;

function Notices() {
  const [params] = useSearchParams();
  const done = params.get('done');
  const error = params.get('error');
  return (
    <>
      {done && REVIEW_DONE_TEXT[done] && (
        <p className="state-ok" role="status">
          {REVIEW_DONE_TEXT[done]}
        </p>
      )}
      {error && (
        <p className="state-error sub-problem" role="alert">
          {reviewErrorText(error)}
        </p>
      )}
    </>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={`rv-${title.replace(/\W+/g, '-').toLowerCase()}`}>
      <h2 id={`rv-${title.replace(/\W+/g, '-').toLowerCase()}`}>{title}</h2>
      {children}
    </section>
  );
}

/** The invitation: what the manuscript is, and the two answers. */
function Invitation({ v, api }: { v: ReviewView; api: string }) {
  return (
    <>
      <Card title="Abstract">
        <SafeHtml as="div" html={v.submission.abstract} />
        {v.submission.keywords && (
          <p>
            <strong>Keywords:</strong> {v.submission.keywords}
          </p>
        )}
      </Card>
      <Card title="Will you review this manuscript?">
        <p>Accept to download the manuscript and open the review form. The review is due by {v.dueDate}.</p>
        <form method="post" action={`${api}/accept`} encType="multipart/form-data">
          <button className="btn" type="submit">
            Accept the invitation
          </button>
        </form>
        <form className="sub-form" method="post" action={`${api}/decline`} encType="multipart/form-data">
          <div className="sub-field">
            <label htmlFor="rv-reason">Reason for declining (optional; suggestions of other reviewers are welcome)</label>
            <textarea id="rv-reason" name="reason" rows={3} maxLength={MAX_DECLINE_REASON} />
          </div>
          <button className="btn" type="submit">
            Decline
          </button>
        </form>
      </Card>
    </>
  );
}

/** The review form: drafts save, "Submit review" locks it (both plain posts, no script needed). */
function ReviewForm({ v, api }: { v: ReviewView; api: string }) {
  const r = v.review;
  return (
    <Card title="Your review">
      {r.savedAt && <p className="muted">Draft saved on {r.savedAt.slice(0, 16).replace('T', ' ')} UTC.</p>}
      <form className="sub-form" method="post" action={`${api}/draft`} encType="multipart/form-data">
        <fieldset className="sub-field">
          <legend>Recommendation</legend>
          {RECOMMENDATIONS.map((k) => (
            <div key={k}>
              <input type="radio" id={`rv-rec-${k}`} name="recommendation" value={k} defaultChecked={r.recommendation === k} />
              <label htmlFor={`rv-rec-${k}`}>{recommendationLabels[k]}</label>
            </div>
          ))}
        </fieldset>
        <div className="sub-field">
          <label htmlFor="rv-to-author">Comments to the author</label>
          <textarea id="rv-to-author" name="toAuthor" rows={10} maxLength={MAX_REVIEW_COMMENTS} defaultValue={r.toAuthor} />
        </div>
        <div className="sub-field">
          <label htmlFor="rv-to-editor">Confidential comments to the editor (never shown to the author)</label>
          <textarea id="rv-to-editor" name="toEditor" rows={5} maxLength={MAX_REVIEW_COMMENTS} defaultValue={r.toEditor} />
        </div>
        <div className="sub-field">
          <label htmlFor="rv-annotated">Annotated manuscript (optional; Word .docx or PDF, at most 20 MB)</label>
          <input id="rv-annotated" name="annotated" type="file" accept=".docx,.pdf,application/pdf" />
          {r.annotated && (
            <div>
              <input type="checkbox" id="rv-remove" name="removeAnnotated" value="on" />
              <label htmlFor="rv-remove">
                Remove the annotated file saved ({r.annotated.kind.toUpperCase()}, {kb(r.annotated.size)})
              </label>
            </div>
          )}
        </div>
        <p className="muted">Submitting needs a recommendation and comments to the author; a submitted review can no longer be changed.</p>
        <button className="btn" type="submit">
          Save draft
        </button>{' '}
        <button className="btn" type="submit" formAction={`${api}/submit`}>
          Submit review
        </button>
      </form>
    </Card>
  );
}

function Submitted({ v }: { v: ReviewView }) {
  const r = v.review;
  return (
    <Card title="Your review">
      <dl className="sub-facts">
        <dt>Submitted</dt>
        <dd>{(r.submittedAt ?? '').slice(0, 10)}</dd>
        <dt>Recommendation</dt>
        <dd>{r.recommendation ? recommendationLabels[r.recommendation] : ''}</dd>
      </dl>
      <h3>Comments to the author</h3>
      <p className="sub-message">{r.toAuthor}</p>
      {r.toEditor && (
        <>
          <h3>Confidential comments to the editor</h3>
          <p className="sub-message">{r.toEditor}</p>
        </>
      )}
    </Card>
  );
}

/**
 * docs/product.md#peer-review: /review/<token>, the reviewer's private page: the invitation
 * (accept or decline), then the manuscript and the review form, then the submitted review. Every
 * act is a plain form post: it works without JavaScript.
 */
export function ReviewPage() {
  const token = useParams().token ?? '';
  const q = useRead(reviewQuery(useReads(), token));
  const v = q.data;
  const api = `/api/reviews/${token}`;
  const closed = v?.state === 'cancelled' || v?.state === 'declined';
  return (
    <div className="container narrow submission-page">
      <PageHead title="Manuscript review" path={null} noindex />
      <PageTitle>Manuscript review</PageTitle>
      {q.isLoading && <Loading />}
      {q.isError && <ErrorState />}
      {v && (
        <>
          <Notices />
          <section className="card" aria-label="Review details">
            <dl className="sub-facts">
              <dt>Journal</dt>
              <dd>{v.journalName}</dd>
              <dt>Reviewer</dt>
              <dd>{v.reviewerName}</dd>
              <dt>Manuscript</dt>
              <dd>{v.submission.number}</dd>
              {!closed && (
                <>
                  <dt>Title</dt>
                  <dd>
                    <SafeHtml as="span" html={v.submission.title} variant="title" />
                  </dd>
                  {v.submission.subject && (
                    <>
                      <dt>Subject</dt>
                      <dd>{v.submission.subject}</dd>
                    </>
                  )}
                  {v.submission.authors.length > 0 && (
                    <>
                      <dt>Authors</dt>
                      <dd>{v.submission.authors.map((a) => [a.name, ...a.affiliations].join(', ')).join('; ')}</dd>
                    </>
                  )}
                  <dt>Due date</dt>
                  <dd>
                    {v.dueDate}
                    {v.overdue && v.state !== 'submitted' ? ' (overdue)' : ''}
                  </dd>
                </>
              )}
              <dt>Status</dt>
              <dd>
                <strong>{reviewStateLabels[v.state]}</strong>
              </dd>
            </dl>
            {v.doubleBlind && !closed && <p className="muted">This journal uses double-blind review: the authors are not shown to you, nor you to them.</p>}
          </section>
          {v.state === 'cancelled' && <p role="status">{REVIEW_MESSAGES.cancelled}</p>}
          {v.state === 'declined' && <p role="status">{REVIEW_MESSAGES.declined}</p>}
          {v.state === 'invited' && <Invitation v={v} api={api} />}
          {reviewerMay('download', v.state) && (
            <Card title="Manuscript for review">
              {v.manuscript.available ? (
                <p>
                  <a className="btn" href={`${api}/manuscript`} download>
                    Download the manuscript ({(v.manuscript.kind ?? 'pdf').toUpperCase()})
                  </a>
                </p>
              ) : (
                <p>{REVIEW_MESSAGES.notReady}</p>
              )}
            </Card>
          )}
          {v.state === 'accepted' && <ReviewForm v={v} api={api} />}
          {v.state === 'submitted' && <Submitted v={v} />}
        </>
      )}
    </div>
  );
}


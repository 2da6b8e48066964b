import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { useOrigin } from '@/lib/site-context';
import { PageTitle } from '@/components/page-title';
import { SafeHtml } from '@/components/safe-html';
import { ErrorState, Loading } from '@/components/status';
import { SUBMISSION_RESENT, submissionErrorText } from '@journal/contracts/submission-form';
import { useRead } from '@/lib/read-cache';
import { publicKeys } from '@/lib/public-keys';
import { ReadError } from '../api/read-json';
import { useReads, type PublicReads } from '../api/public.api';
import { PageHead } from '../components/page-head';

const day = (iso: string) => iso.slice(0, 10);
/** A status page's path (its token is the author's private link). */
export const submissionPath = (token: string) => `/submission/${token}`;

/**
 * docs/product.md#submissions: a submission by its status link; null for any token that opens none
 * (the service answers 404 for a malformed one as for an unknown one). Never kept by the render process (not a shared read). Here,
 * in the page's chunk, so no other page's first load carries it; the route loader imports it.
 */
export const submissionQuery = (r: PublicReads, token: string) => ({
  queryKey: [...publicKeys.all, 'submission', token] as const,
  queryFn: async () => {
    try {
      return await r.get(`/api/submissions/status/${encodeURIComponent(token)}`, 'submissionStatus');
    } catch (e) {
      if (e instanceof ReadError && e.status === 404) return null;
      throw e;
    }
  },
});
const useSubmissionStatus = (token: string) => useRead(submissionQuery(useReads(), token));

const DONE: Record<string, string> = {
  withdrawn: 'Your submission has been withdrawn.',
  revised: 'Thank you. Your revision has been received.',
  receipt: 'Thank you. Your payment receipt has been received.',
};

/** A form of the status page: a plain multipart post to the API, which sends the browser back here. */
function ActForm({ action, title, children, submit }: { action: string; title: string; children: ReactNode; submit: string }) {
  return (
    <section className="card" aria-label={title}>
      <h2>{title}</h2>
      <form className="sub-form" method="post" action={action} encType="multipart/form-data">
        {children}
        <button className="btn" type="submit">
          {submit}
        </button>
      </form>
    </section>
  );
}

function Notices() {
  const [params] = useSearchParams();
  const done = params.get('done');
  const error = params.get('error');
  return (
    <>
      {done && DONE[done] && (
        <p className="state-ok" role="status">
          {DONE[done]}
        </p>
      )}
      {error && (
        <p className="state-error sub-problem" role="alert">
          {submissionErrorText(error, params.get('field') ?? '')}
        </p>
      )}
    </>
  );
}

/**
 * docs/product.md#submissions: /submission/<token>, the author's private status page: the state
 * and its history, the fee once accepted, and what the author may do now (withdraw before
 * acceptance, send a revision when asked, send the payment receipt).
 */
export function SubmissionPage() {
  const token = useParams().token ?? '';
  const [params] = useSearchParams();
  const origin = useOrigin();
  const q = useSubmissionStatus(token);
  const s = q.data;
  const api = `/api/submissions/status/${token}`;
  return (
    <div className="container narrow submission-page">
      <PageHead title="Your submission" path={null} noindex />
      <PageTitle>Your submission</PageTitle>
      {q.isLoading && <Loading />}
      {q.isError && <ErrorState />}
      {s && (
        <>
          {params.get('done') === 'submitted' && (
            <div className="state-ok sub-confirmation" role="status">
              <p>
                Thank you. Your manuscript has been received. Your submission number is <strong>{s.number}</strong>.
              </p>
              <p>
                This page is your private status link (it has been emailed to you too); keep it and do not share it:
                <br />
                <code className="sub-link">{`${origin}${submissionPath(token)}`}</code>
              </p>
            </div>
          )}
          <Notices />
          <section className="card" aria-label="Submission">
            <dl className="sub-facts">
              <dt>Submission number</dt>
              <dd>{s.number}</dd>
              <dt>Title</dt>
              <dd>
                <SafeHtml as="span" html={s.title} variant="title" />
              </dd>
              <dt>Corresponding author</dt>
              <dd>{s.correspondingName}</dd>
              <dt>Submitted</dt>
              <dd>{day(s.submittedAt)}</dd>
              <dt>Status</dt>
              <dd>
                <strong>{s.statusLabel}</strong>
              </dd>
            </dl>
            {s.articlePath && (
              <p>
                Your article is published: <Link to={s.articlePath}>read it online</Link>.
              </p>
            )}
          </section>
          {s.fee && (
            <section className="card" aria-label="Publication fee">
              <h2>Publication fee</h2>
              <ul className="fee-lines">
                <li>
                  <span>India</span>
                  <strong>INR {s.fee.india}</strong>
                </li>
                <li>
                  <span>Other Countries</span>
                  <strong>USD {s.fee.foreign}</strong>
                </li>
              </ul>
              {s.receipt && (
                <p>
                  Receipt sent on {day(s.receipt.at)} for transaction <strong>{s.receipt.txnid}</strong>
                  {s.status === 'payment_pending' ? '; the journal will confirm it.' : '.'}
                </p>
              )}
            </section>
          )}
          {s.may.receipt && (
            <ActForm action={`${api}/receipt`} title={s.receipt ? 'Send another receipt' : 'Send the payment receipt'} submit="Send receipt">
              <div className="sub-field">
                <label htmlFor="sub-txnid">Transaction id</label>
                <input id="sub-txnid" name="txnid" required maxLength={80} pattern="[A-Za-z0-9][A-Za-z0-9_.\/\-]{0,79}" />
              </div>
              <div className="sub-field">
                <label htmlFor="sub-receipt">Receipt (image or PDF, at most 5 MB)</label>
                <input id="sub-receipt" name="receipt" type="file" required accept="image/png,image/jpeg,image/gif,image/webp,application/pdf" />
              </div>
            </ActForm>
          )}
          {s.may.revise && (
            <ActForm action={`${api}/revision`} title="Send your revised manuscript" submit="Send revision">
              <div className="sub-field">
                <label htmlFor="sub-revision">Revised manuscript (Word .docx or PDF, at most 20 MB)</label>
                <input id="sub-revision" name="manuscript" type="file" required accept=".docx,.pdf,application/pdf" />
              </div>
              <div className="sub-field">
                <label htmlFor="sub-revision-note">Note to the editors</label>
                <textarea id="sub-revision-note" name="message" rows={3} maxLength={5000} />
              </div>
            </ActForm>
          )}
          <section className="card" aria-label="History">
            <h2>History</h2>
            <table className="sub-history">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {s.history.map((h, i) => (
                  <tr key={i}>
                    <td>{day(h.at)}</td>
                    <td>{h.label}</td>
                    <td className="sub-message">{h.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="muted">
              Manuscript versions: {s.manuscripts.map((m) => `${m.version} (${m.kind.toUpperCase()}, ${day(m.at)})`).join(', ')}
            </p>
          </section>
          {s.may.withdraw && (
            <ActForm action={`${api}/withdraw`} title="Withdraw the submission" submit="Withdraw">
              <div className="sub-field">
                <label htmlFor="sub-withdraw-note">Reason (optional)</label>
                <textarea id="sub-withdraw-note" name="message" rows={2} maxLength={2000} />
              </div>
            </ActForm>
          )}
        </>
      )}
    </div>
  );
}

/** docs/product.md#submissions: /submission, asking for the status link again (sent to the submitting email only). */
export function SubmissionLinkPage() {
  const [params] = useSearchParams();
  const done = params.get('done') === 'resent';
  return (
    <div className="container narrow submission-page">
      <PageHead title="Your submission's status link" path={null} noindex />
      <PageTitle>Your submission&rsquo;s status link</PageTitle>
      {done && (
        <p className="state-ok" role="status">
          {SUBMISSION_RESENT}
        </p>
      )}
      <Notices />
      <ActForm action="/api/submissions/resend" title="Send me the link again" submit="Send">
        <div className="sub-field">
          <label htmlFor="sub-number">Submission number</label>
          <input id="sub-number" name="number" required maxLength={40} placeholder="e.g. IJARS-2026-00042" />
        </div>
        <div className="sub-field">
          <label htmlFor="sub-email">Email you submitted with</label>
          <input id="sub-email" name="email" type="email" required maxLength={254} autoComplete="email" />
        </div>
      </ActForm>
      <p>
        New submission? <Link to={paths.submit}>Submit your article</Link>.
      </p>
    </div>
  );
}

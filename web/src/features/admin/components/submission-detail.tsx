import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { authorDisplayName, submissionStateLabels, type SubmissionDetail, type SubmissionPublish, type SubmissionState } from '@journal/contracts';
import { FormError, QueryStates } from '@/components/query-states';
import { ApiError, saveBlob } from '@/lib/api-client';
import { paths } from '@/config/paths';
import { useMailApi } from '../api/mail.api';
import { useSubmissionsApi, type SubmissionsApi } from '../api/submissions.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { failureMessage } from '../lib/failure';
import { AdminTable, PageHead } from './admin-table';
import { useNotice } from './flash';
import { day, plainTitle } from './submissions-page';
import { SubmissionReviewsPanel } from './submission-reviews';

const DECISION_LABELS: Partial<Record<SubmissionState, string>> = {
  under_review: 'Send to review',
  revision_requested: 'Ask for a revision',
  accepted: 'Accept',
  rejected: 'Reject',
};
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The acts open in the submission's state: decisions with a message, the fee, "Publish". */
function Acts({ s, api, done }: { s: SubmissionDetail; api: SubmissionsApi; done: (d: SubmissionDetail, note: string) => Promise<void> }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const act = useMutation({
    mutationFn: (run: () => Promise<SubmissionDetail>) => run(),
    onSuccess: async (d) => {
      setMessage('');
      setError('');
      await done(d, `Now: ${submissionStateLabels[d.status]}`);
    },
    onError: (err) => setError(failureMessage(err) ?? ''),
  });
  const payable = s.status === 'accepted' || s.status === 'payment_pending';
  if (!s.decisions.length && !payable) return null;
  return (
    <section className="card" aria-label="Decision">
      <h2>Decision</h2>
      <div className="field">
        <label htmlFor="sub-message">Message to the author (shown on the status page and in the email)</label>
        <textarea id="sub-message" rows={3} maxLength={5000} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      <div className="sub-acts">
        {s.decisions.map((to) => (
          <button key={to} type="button" className="btn" disabled={act.isPending} onClick={() => act.mutate(() => api.decide(s.id, to, message))}>
            {to === 'accepted' && s.status === 'payment_pending' ? 'Refuse the receipt' : (DECISION_LABELS[to] ?? submissionStateLabels[to])}
          </button>
        ))}
        {s.status === 'payment_pending' && (
          <button type="button" className="btn" disabled={act.isPending} onClick={() => act.mutate(() => api.payment(s.id, 'confirm', message))}>
            Confirm payment
          </button>
        )}
        {payable && (
          <button type="button" className="btn btn-outline" disabled={act.isPending} onClick={() => act.mutate(() => api.payment(s.id, 'waive', message))}>
            Waive the fee
          </button>
        )}
      </div>
      <FormError message={error} />
    </section>
  );
}

/** "Publish": the article made from the submission in the chosen issue, the proposal filled in. */
function Publish({ s, api, done }: { s: SubmissionDetail; api: SubmissionsApi; done: (d: SubmissionDetail, note: string) => Promise<void> }) {
  const p = s.proposal;
  const [fields, setFields] = useState<SubmissionPublish>(
    p ?? { year: new Date().getUTCFullYear(), volume: 1, issue: 1, pagenumber: '1-10', refnumber: '', publishdate: new Date().toISOString().slice(0, 10) },
  );
  const [pdf, setPdf] = useState<File | undefined>();
  const [error, setError] = useState('');
  const publish = useMutation({
    mutationFn: () => api.publish(s.id, fields, pdf),
    onSuccess: async (d) => {
      setError('');
      await done(d, `Published as ${d.article?.refnumber ?? ''}; the delivery email is queued.`);
    },
    onError: async (err) => {
      setError(failureMessage(err) ?? '');
      // Another add took these pages meanwhile: propose the range after the issue's new last page.
      if (err instanceof ApiError && err.code === 'invalid_pagenumber') {
        const next = (await api.detail(s.id).catch(() => undefined))?.proposal;
        if (next && next.year === fields.year && next.volume === fields.volume && next.issue === fields.issue) {
          setFields((f) => ({ ...f, pagenumber: next.pagenumber }));
        }
      }
    },
  });
  const set = (k: keyof SubmissionPublish, numeric = false) => (e: { target: { value: string } }) =>
    setFields({ ...fields, [k]: numeric ? Number(e.target.value) : e.target.value });
  function submit(e: FormEvent) {
    e.preventDefault();
    publish.mutate();
  }
  const field = (k: keyof SubmissionPublish, label: string, numeric = false) => (
    <div className="field">
      <label htmlFor={`pub-${k}`}>{label}</label>
      <input id={`pub-${k}`} required value={String(fields[k])} inputMode={numeric ? 'numeric' : undefined} onChange={set(k, numeric)} />
    </div>
  );
  return (
    <section className="card" aria-label="Publish">
      <h2>Publish</h2>
      {!p && <p>No issue exists yet: create the issue first, then choose it here.</p>}
      <form className="sub-publish" onSubmit={submit}>
        {field('year', 'Year', true)}
        {field('volume', 'Volume', true)}
        {field('issue', 'Issue', true)}
        {field('pagenumber', 'Pages')}
        {field('refnumber', 'Ref number')}
        {field('publishdate', 'Certificate date')}
        <div className="field">
          <label htmlFor="pub-pdf">Final PDF (empty: the newest PDF version)</label>
          <input id="pub-pdf" type="file" accept="application/pdf" onChange={(e) => setPdf(e.target.files?.[0])} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={publish.isPending}>
          {publish.isPending ? 'Publishing…' : 'Publish'}
        </button>
        <FormError message={error} />
      </form>
    </section>
  );
}

/** /admin/submissions/:id: everything of one submission and what staff can do with it now. */
export function SubmissionDetailPage() {
  const { id = '' } = useParams();
  const api = useSubmissionsApi();
  const mail = useMailApi();
  const qc = useQueryClient();
  const notice = useNotice();
  const q = useQuery({ queryKey: adminKeys.submission(id), queryFn: () => api.detail(id), retry: false });
  const emails = useQuery({ queryKey: adminKeys.submissionEmails(id), queryFn: () => mail.submissionEmails(id), retry: false });
  const [downloadError, setDownloadError] = useState('');

  async function done(d: SubmissionDetail, note: string) {
    qc.setQueryData(adminKeys.submission(id), d);
    await invalidateAfterSave(qc, d.status === 'published' ? staleAfterSaving.published() : staleAfterSaving.submission(id));
    notice(note);
  }
  async function download(fileId: string, name: string) {
    setDownloadError('');
    try {
      const { blob, filename } = await api.file(id, fileId);
      saveBlob(blob, filename ?? name);
    } catch (err) {
      setDownloadError(failureMessage(err) ?? '');
    }
  }

  const s = q.data;
  return (
    <section className="admin-submission">
      <PageHead title={s ? `Submission ${s.number}` : 'Submission'} />
      <QueryStates query={q} failed={failureMessage(q.error) ?? 'The submission could not be read.'} />
      {s && (
        <>
          <section className="card" aria-label="Submission">
            <dl className="sub-facts">
              <dt>Status</dt>
              <dd>
                <strong>{submissionStateLabels[s.status]}</strong>
                {s.ptype && ` (${s.ptype}${s.txnid ? `, ${s.txnid}` : ''})`}
              </dd>
              <dt>Title</dt>
              <dd>{plainTitle(s.title)}</dd>
              <dt>Abstract</dt>
              <dd className="sub-message">{plainTitle(s.abstract)}</dd>
              <dt>Keywords</dt>
              <dd>{s.keywords}</dd>
              <dt>Subject</dt>
              <dd>{s.subject}</dd>
              <dt>Contact</dt>
              <dd>
                {s.email}, {s.mobile}, {s.country}
              </dd>
              <dt>Fee</dt>
              <dd>
                INR {s.fee.india} (India) / USD {s.fee.foreign} (other countries)
              </dd>
              {s.article && (
                <>
                  <dt>Article</dt>
                  <dd>
                    <a href={s.article.path} target="_blank" rel="noreferrer">
                      {s.article.refnumber}
                    </a>{' '}
                    (<Link to={paths.admin.article(s.article.id)}>edit</Link>)
                  </dd>
                </>
              )}
            </dl>
          </section>
          <AdminTable columns={['Author', 'ORCID', 'Affiliations', 'Email']} label="Authors">
            {s.authors.map((a, i) => (
              <tr key={i}>
                <td>
                  {authorDisplayName(a)}
                  {a.corresponding && <small> (corresponding)</small>}
                </td>
                <td>{a.orcid}</td>
                <td>{a.affiliations.map((f) => f.name + (f.ror ? ` (${f.ror})` : '')).join('; ')}</td>
                <td>{a.email}</td>
              </tr>
            ))}
          </AdminTable>
          <AdminTable columns={['File', 'Kind', 'Size', 'Sent', '']} label="Files">
            {s.manuscripts.map((m) => (
              <tr key={m.id}>
                <td>Manuscript version {m.version}</td>
                <td>{m.kind.toUpperCase()}</td>
                <td>{Math.ceil(m.size / 1024)} KB</td>
                <td>{day(m.at)}</td>
                <td>
                  <button type="button" className="btn btn-small" onClick={() => void download(m.id, `${s.number}-v${m.version}.${m.kind}`)}>
                    Download
                  </button>
                </td>
              </tr>
            ))}
            {s.receipt && (
              <tr>
                <td>Payment receipt ({s.receipt.txnid})</td>
                <td>{s.receipt.kind.toUpperCase()}</td>
                <td>{Math.ceil(s.receipt.size / 1024)} KB</td>
                <td>{day(s.receipt.at)}</td>
                <td>
                  <button type="button" className="btn btn-small" onClick={() => void download(s.receipt!.id, `${s.number}-receipt`)}>
                    Download
                  </button>
                </td>
              </tr>
            )}
          </AdminTable>
          <FormError message={downloadError} />
          <SubmissionReviewsPanel s={s} />
          <Acts s={s} api={api} done={done} />
          {s.status === 'paid' && <Publish s={s} api={api} done={done} />}
          <AdminTable columns={['When', 'From', 'To', 'By', 'Message']} label="History">
            {s.history.map((h, i) => (
              <tr key={i}>
                <td>{when(h.at)}</td>
                <td>{h.from ? submissionStateLabels[h.from as SubmissionState] : ''}</td>
                <td>{submissionStateLabels[h.to]}</td>
                <td>
                  {h.by.name} <small>({h.by.kind === 'author' ? 'author' : h.by.role})</small>
                </td>
                <td className="sub-message">{h.message}</td>
              </tr>
            ))}
          </AdminTable>
          <h2>Emails</h2>
          <QueryStates query={emails} failed={failureMessage(emails.error) ?? 'The emails could not be read.'} empty="No email has been sent for this submission." isEmpty={emails.data?.length === 0} />
          {!!emails.data?.length && (
            <AdminTable columns={['Queued', 'Event', 'To', 'Subject', 'State', 'Attachments']} label="Emails">
              {emails.data.map((m) => (
                <tr key={m.id}>
                  <td>{when(m.createdAt)}</td>
                  <td>{m.event}</td>
                  <td>{m.to.email}</td>
                  <td>{m.subject}</td>
                  <td>
                    {m.state}
                    {m.lastError && <small className="field-error"> {m.lastError}</small>}
                  </td>
                  <td>{m.attachments.map((a) => `${a.filename} (${a.delivery})`).join(', ')}</td>
                </tr>
              ))}
            </AdminTable>
          )}
        </>
      )}
      <p>
        <Link to={paths.admin.submissions}>Back to the submissions</Link>
      </p>
    </section>
  );
}

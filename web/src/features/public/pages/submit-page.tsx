import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { PageTitle } from '@/components/page-title';
import { MAX_SUBMISSION_ABSTRACT, MAX_SUBMISSION_TITLE, newSubmissionFormKey, submissionErrorText } from '@journal/contracts/submission-form';
import { PageHead } from '../components/page-head';
import { useJournal } from '../components/use-journal';

/** Co-author slots of the form (the instructions allow five authors); a script may send more as JSON. */
const COAUTHOR_SLOTS = 4;
export const DECLARATION =
  'I declare that this manuscript is original, has not been published and is not under consideration elsewhere, and that every author named here agrees to its submission.';

interface Problem {
  message: string;
  field: string;
}

function Field(props: { name: string; label: string; type?: string; required?: boolean; maxLength?: number; autoComplete?: string; hint?: string; invalid?: boolean }) {
  const id = `sub-${props.name.replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <div className="sub-field">
      <label htmlFor={id}>
        {props.label}
        {props.required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        required={props.required}
        maxLength={props.maxLength ?? 200}
        autoComplete={props.autoComplete ?? 'off'}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.hint ? `${id}-hint` : undefined}
      />
      {props.hint && (
        <small id={`${id}-hint`} className="muted">
          {props.hint}
        </small>
      )}
    </div>
  );
}

/**
 * docs/product.md#submissions: /submit, the journal's submission form. A plain multipart form
 * posting to the API (which sends a browser on to the status page, or back here with an error
 * code); with scripts it is sent in place, so a correction keeps what was typed.
 */
export function SubmitPage() {
  const { name } = useJournal();
  const [params] = useSearchParams();
  const fromUrl = params.get('error');
  const [problem, setProblem] = useState<Problem | null>(fromUrl ? { message: submissionErrorText(fromUrl, params.get('field') ?? ''), field: params.get('field') ?? '' } : null);
  const [busy, setBusy] = useState(false);
  // One key per rendering of the form: a double click or a re-sent post is one submission. The
  // server's rendering has its own; hydration puts this one in the field before a script can send.
  const [formKey] = useState(newSubmissionFormKey);

  async function send(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const res = await fetch('/api/submissions', { method: 'POST', body: new FormData(e.currentTarget), headers: { Accept: 'application/json' } });
      const body = (await res.json().catch(() => ({}))) as { token?: string; message?: string; error?: string; details?: { path?: string; message?: string }[] };
      if (res.ok && body.token) {
        window.location.assign(`/submission/${body.token}?done=submitted`);
        return;
      }
      const detail = body.details?.[0];
      const field = detail?.path?.split('.')[0] ?? '';
      setProblem({ message: detail?.message ? `${submissionErrorText(body.error ?? '', field)} ${detail.message}` : (body.message ?? submissionErrorText(body.error ?? '')), field });
    } catch {
      setProblem({ message: 'The submission could not be sent. Please check your connection and try again.', field: '' });
    }
    setBusy(false);
  }

  const bad = (field: string) => problem?.field === field;
  return (
    <div className="container narrow submit-page">
      <PageHead title="Submit your article" description={`Submit a manuscript to ${name || 'the journal'}.`} />
      <PageTitle>Submit your article</PageTitle>
      <p>
        Please read the <Link to={paths.instructions}>instructions to authors</Link> first. After submitting you receive a submission number and a private
        link where you follow the review, send a revision or the payment receipt. Lost the link? <Link to="/submission">Ask for it again</Link>.
      </p>
      {problem && (
        <p className="state-error sub-problem" role="alert">
          {problem.message}
        </p>
      )}
      <form className="sub-form" method="post" action="/api/submissions" encType="multipart/form-data" onSubmit={send}>
        <input type="hidden" name="formKey" defaultValue={formKey} suppressHydrationWarning />
        {/* Left empty by people (it is hidden from them); robots fill it in. */}
        <div className="sub-hp" aria-hidden="true">
          <label>
            Website <input name="website" tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <fieldset className="card">
          <legend>Corresponding author</legend>
          <Field name="given" label="Given name" autoComplete="given-name" invalid={bad('given')} />
          <Field name="family" label="Family name" required autoComplete="family-name" invalid={bad('family')} />
          <Field name="email" label="Email" type="email" required maxLength={254} autoComplete="email" invalid={bad('email')} />
          <Field name="mobile" label="Mobile" type="tel" required maxLength={30} autoComplete="tel" invalid={bad('mobile')} />
          <Field name="country" label="Country" required maxLength={100} autoComplete="country-name" invalid={bad('country')} />
          <Field name="orcid" label="ORCID iD (e.g. 0000-0002-1825-0097)" invalid={bad('orcid')} />
          <Field name="affiliation" label="Affiliation" maxLength={500} invalid={bad('affiliation')} />
          <Field name="ror" label="ROR id of the affiliation" invalid={bad('ror')} />
        </fieldset>
        <fieldset className="card">
          <legend>Co-authors</legend>
          <p className="muted">Leave the rows you do not need empty.</p>
          {Array.from({ length: COAUTHOR_SLOTS }, (_, i) => (
            <div className="sub-coauthor" key={i} role="group" aria-label={`Co-author ${i + 1}`}>
              <Field name={`coauthors[${i}][given]`} label={`Co-author ${i + 1}: given name`} invalid={bad('coauthors')} />
              <Field name={`coauthors[${i}][family]`} label="Family name" invalid={bad('coauthors')} />
              <Field name={`coauthors[${i}][orcid]`} label="ORCID iD" />
              <Field name={`coauthors[${i}][affiliation]`} label="Affiliation" maxLength={500} />
              <Field name={`coauthors[${i}][ror]`} label="ROR id" />
            </div>
          ))}
        </fieldset>
        <fieldset className="card">
          <legend>Manuscript</legend>
          <div className="sub-field">
            <label htmlFor="sub-title">
              Title<span aria-hidden="true"> *</span>
            </label>
            <input id="sub-title" name="title" required maxLength={MAX_SUBMISSION_TITLE} aria-invalid={bad('title') || undefined} aria-describedby="sub-title-hint" />
            <small id="sub-title-hint" className="muted">
              Italics, sub- and superscript may be written as &lt;i&gt;, &lt;sub&gt;, &lt;sup&gt;.
            </small>
          </div>
          <div className="sub-field">
            <label htmlFor="sub-abstract">
              Abstract<span aria-hidden="true"> *</span>
            </label>
            <textarea id="sub-abstract" name="abstract" required rows={8} maxLength={MAX_SUBMISSION_ABSTRACT} aria-invalid={bad('abstract') || undefined} />
          </div>
          <Field name="keywords" label="Keywords" maxLength={1000} hint="Separated by commas" invalid={bad('keywords')} />
          <Field name="subject" label="Subject" maxLength={300} invalid={bad('subject')} />
          <div className="sub-field">
            <label htmlFor="sub-manuscript">
              Manuscript file (Word .docx or PDF, at most 20 MB)<span aria-hidden="true"> *</span>
            </label>
            <input
              id="sub-manuscript"
              name="manuscript"
              type="file"
              required
              accept=".docx,.pdf,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
              aria-invalid={bad('manuscript') || undefined}
            />
          </div>
        </fieldset>
        <div className="sub-field sub-check">
          <input id="sub-declaration" name="declaration" type="checkbox" required aria-invalid={bad('declaration') || undefined} />
          <label htmlFor="sub-declaration">{DECLARATION}</label>
        </div>
        <button className="btn" type="submit" disabled={busy} aria-busy={busy}>
          {busy ? 'Sending…' : 'Submit'}
        </button>
      </form>
    </div>
  );
}

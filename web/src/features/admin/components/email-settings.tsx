import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_MAIL_TEMPLATES, MAIL_EVENTS, MAIL_EVENT_LABELS, MAIL_PLACEHOLDER_HELP, MAIL_SAMPLE_VALUES, mailPlaceholdersOf, mailSettingsUpdateSchema,
  mailTemplateSchema, renderMailTemplate, unknownPlaceholderMessage, unknownPlaceholders, type MailEvent, type MailSettingsUpdate,
} from '@journal/contracts';
import { QueryStates } from '@/components/query-states';
import { useMailApi } from '../api/mail.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

/** A save of the mail settings, the query refreshed after it. */
function useSave(ok: string) {
  const mailApi = useMailApi();
  const qc = useQueryClient();
  const outcome = useSaveOutcome();
  const save = (body: MailSettingsUpdate) =>
    outcome.run(async () => {
      await mailApi.updateSettings(body);
      await invalidateAfterSave(qc, staleAfterSaving.mailSettings());
    }, ok);
  return { ...outcome, save };
}

function SenderForm({ initial }: { initial: { fromName: string; fromAddress: string; replyTo: string } }) {
  const [form, setForm] = useState(initial);
  const { save, refuse, busy, message } = useSave('Sender saved');
  const { fromName, fromAddress, replyTo } = initial;
  useEffect(() => setForm({ fromName, fromAddress, replyTo }), [fromName, fromAddress, replyTo]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = mailSettingsUpdateSchema.safeParse(form);
    if (!parsed.success) return refuse(parsed.error.issues);
    void save(parsed.data);
  };
  const field = (k: keyof typeof form, label: string, hint: string) => (
    <label>
      {label}
      <input name={k} value={form[k]} placeholder={hint} onChange={(e) => setForm({ ...form, [k]: e.target.value })} />
    </label>
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Email sender">
      {field('fromName', 'From name', "The journal's name")}
      {field('fromAddress', 'From address', "The journal's email")}
      {field('replyTo', 'Reply-To', 'None')}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Save sender
      </button>
      <SaveOutcome message={message} />
    </form>
  );
}

function Preview({ event, subject, body }: { event: MailEvent; subject: string; body: string }) {
  const r = renderMailTemplate({ subject, body }, MAIL_SAMPLE_VALUES, event === 'published_delivery' ? 'certificate.pdf: https://journal.example.org/certificate.pdf' : '');
  return (
    <div className="email-preview" aria-label="Preview">
      <p>
        <strong>Subject:</strong> {r.subject}
      </p>
      <pre className="email-preview-text">{r.text}</pre>
      {/* The HTML part as a mail client shows it: a frame of its own, no script. */}
      <iframe title="HTML part" sandbox="" srcDoc={r.html} className="email-preview-html" />
    </div>
  );
}

function TemplateForm({ templates, customised }: { templates: Record<MailEvent, { subject: string; body: string }>; customised: MailEvent[] }) {
  const [event, setEvent] = useState<MailEvent>(MAIL_EVENTS[0]);
  const [subject, setSubject] = useState(templates[event].subject);
  const [body, setBody] = useState(templates[event].body);
  const [preview, setPreview] = useState(false);
  const { save, refuse, busy, message, setMessage } = useSave('Template saved');
  useEffect(() => {
    setSubject(templates[event].subject);
    setBody(templates[event].body);
  }, [event, templates]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = mailTemplateSchema.safeParse({ subject, body });
    if (!parsed.success) return refuse(parsed.error.issues);
    const unknown = unknownPlaceholders(event, parsed.data);
    if (unknown.length) return setMessage({ ok: false, text: unknownPlaceholderMessage(event, unknown) });
    void save({ templates: { [event]: parsed.data } });
  };
  const isDefault = subject === DEFAULT_MAIL_TEMPLATES[event].subject && body === DEFAULT_MAIL_TEMPLATES[event].body;
  return (
    <form onSubmit={submit} noValidate aria-label="Email template">
      <label>
        Event
        <select name="event" value={event} onChange={(e) => { setEvent(e.target.value as MailEvent); setMessage(null); }}>
          {MAIL_EVENTS.map((ev) => (
            <option key={ev} value={ev}>
              {MAIL_EVENT_LABELS[ev]}
              {customised.includes(ev) ? ' (changed)' : ''}
            </option>
          ))}
        </select>
      </label>
      <label>
        Subject
        <input name="subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
      </label>
      <label>
        Body
        <textarea name="body" rows={14} value={body} onChange={(e) => setBody(e.target.value)} />
      </label>
      <details className="hint">
        <summary>Placeholders of this email</summary>
        <ul>
          {mailPlaceholdersOf(event).map((p) => (
            <li key={p}>
              <code>{`{{${p}}}`}</code> {MAIL_PLACEHOLDER_HELP[p]}
            </li>
          ))}
        </ul>
      </details>
      <div className="actions">
        <button type="button" className="btn" onClick={() => setPreview(!preview)} aria-expanded={preview}>
          {preview ? 'Hide the preview' : 'Preview'}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          Save template
        </button>
        {customised.includes(event) && (
          <button type="button" className="btn" disabled={busy} onClick={() => void save({ templates: { [event]: null } })}>
            Restore the default
          </button>
        )}
        {!customised.includes(event) && isDefault && <small className="hint">The default text</small>}
      </div>
      <SaveOutcome message={message} />
      {preview && <Preview event={event} subject={subject} body={body} />}
    </form>
  );
}

/** Settings → Emails (docs/product.md#emails): the journal's sender and each event's template, previewed with sample values. */
export function EmailSettings() {
  const mailApi = useMailApi();
  const q = useQuery({ queryKey: adminKeys.mailSettings(), queryFn: () => mailApi.settings() });
  return (
    <section className="email-settings" aria-labelledby="emails-h">
      <h2 id="emails-h">Emails</h2>
      <QueryStates query={q} failed="Could not load the email settings." />
      {q.data && (
        <>
          <SenderForm initial={{ fromName: q.data.fromName, fromAddress: q.data.fromAddress, replyTo: q.data.replyTo }} />
          <TemplateForm templates={q.data.templates as Record<MailEvent, { subject: string; body: string }>} customised={q.data.customised} />
        </>
      )}
    </section>
  );
}

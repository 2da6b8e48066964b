import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { reviewSettingsSchema, type ReviewSettings } from '@journal/contracts';
import { QueryStates } from '@/components/query-states';
import { useReviewsApi } from '../api/reviews.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { failureMessage } from '../lib/failure';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

/** The form's text of the reminder days after the due date: '3, 7'. */
const daysText = (days: number[]) => days.join(', ');
const daysOf = (text: string) =>
  text
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
    .map(Number);

function SettingsForm({ initial }: { initial: ReviewSettings }) {
  const api = useReviewsApi();
  const qc = useQueryClient();
  const [f, setF] = useState(initial);
  const [after, setAfter] = useState(daysText(initial.reminderDaysAfter));
  const { run, refuse, busy, message } = useSaveOutcome();
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = reviewSettingsSchema.safeParse({ ...f, reminderDaysAfter: daysOf(after) });
    if (!parsed.success) return refuse(parsed.error.issues.slice(0, 1));
    void run(async () => {
      await api.updateSettings(parsed.data);
      await invalidateAfterSave(qc, staleAfterSaving.reviewSettings());
    }, 'Review settings saved');
  }
  const check = (k: 'doubleBlind' | 'hideTitleOnCertificate', label: string) => (
    <label className="switch">
      <input type="checkbox" checked={f[k]} onChange={(e) => setF({ ...f, [k]: e.target.checked })} /> {label}
    </label>
  );
  const number = (k: 'reminderDaysBefore' | 'tokenDaysAfterDue' | 'defaultDueDays', label: string, hint: string) => (
    <div className="field">
      <label htmlFor={`rs-${k}`}>{label}</label>
      <input id={`rs-${k}`} type="number" inputMode="numeric" min={0} value={f[k]} aria-describedby={`rs-${k}-hint`} onChange={(e) => setF({ ...f, [k]: Number(e.target.value) })} />
      <small className="hint" id={`rs-${k}-hint`}>
        {hint}
      </small>
    </div>
  );
  return (
    <form onSubmit={submit} noValidate aria-label="Peer review settings" className="review-settings">
      {check('doubleBlind', 'Double-blind review: reviewers get the anonymised file and no author names')}
      {check('hideTitleOnCertificate', 'Leave the manuscript title off reviewer certificates')}
      {number('defaultDueDays', 'Days to review', 'The due date an invitation proposes, in days from today')}
      {number('reminderDaysBefore', 'Reminder before the due date (days)', '0: no reminder before')}
      <div className="field">
        <label htmlFor="rs-after">Reminders after the due date (days)</label>
        <input id="rs-after" value={after} aria-describedby="rs-after-hint" onChange={(e) => setAfter(e.target.value)} />
        <small className="hint" id="rs-after-hint">
          Comma-separated, e.g. 3, 7
        </small>
      </div>
      {number('tokenDaysAfterDue', 'Review links open until (days after the due date)', 'Then the link answers that it has expired')}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Save review settings
      </button>
      <SaveOutcome message={message} />
    </form>
  );
}

/** docs/product.md#peer-review: the journal's review settings (managers). */
export function ReviewSettingsSection() {
  const api = useReviewsApi();
  const q = useQuery({ queryKey: adminKeys.reviewSettings(), queryFn: () => api.settings() });
  return (
    <section className="card" aria-labelledby="review-settings-h">
      <h2 id="review-settings-h">Peer review</h2>
      <QueryStates query={q} failed={failureMessage(q.error) ?? 'Could not load the review settings.'} />
      {q.data && <SettingsForm initial={q.data} />}
    </section>
  );
}

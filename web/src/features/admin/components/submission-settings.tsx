import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SUBMISSION_STATES, type SubmissionSettings, type SubmissionState } from '@journal/contracts';
import { QueryStates } from '@/components/query-states';
import { useSubmissionsApi } from '../api/submissions.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { failureMessage } from '../lib/failure';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

/** What each state's entry records, as the form lists it. */
const EVENT_TEXT: Record<SubmissionState, string> = {
  received: 'A new submission (Received)',
  under_review: 'Under review (staff, or the author sending a revision)',
  revision_requested: 'Revision requested',
  accepted: 'Accepted',
  payment_pending: 'Payment receipt sent by the author',
  paid: 'Paid or fee waived',
  published: 'Published',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn by the author',
};

function SettingsForm({ initial }: { initial: SubmissionSettings }) {
  const api = useSubmissionsApi();
  const qc = useQueryClient();
  const [chosen, setChosen] = useState<SubmissionState[]>(initial.worklogStates);
  const { run, busy, message } = useSaveOutcome();
  function submit(e: FormEvent) {
    e.preventDefault();
    void run(async () => {
      await api.updateSettings({ worklogStates: SUBMISSION_STATES.filter((s) => chosen.includes(s)) });
      await invalidateAfterSave(qc, staleAfterSaving.submissionSettings());
    }, 'Submission settings saved');
  }
  const toggle = (s: SubmissionState, on: boolean) => setChosen(on ? [...chosen, s] : chosen.filter((x) => x !== s));
  return (
    <form onSubmit={submit} noValidate aria-label="Submission settings">
      <fieldset>
        <legend>Work-log entries for these submission events</legend>
        <p className="hint">Each chosen event of a submission adds a line to the work-log (events that need staff to act as Pending, the rest as Information).</p>
        {SUBMISSION_STATES.map((s) => (
          <label className="switch" key={s}>
            <input type="checkbox" checked={chosen.includes(s)} onChange={(e) => toggle(s, e.target.checked)} /> {EVENT_TEXT[s]}
          </label>
        ))}
      </fieldset>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Save submission settings
      </button>
      <SaveOutcome message={message} />
    </form>
  );
}

/** docs/product.md#submission-worklog: which submission events the work-log gets (managers). */
export function SubmissionSettingsSection() {
  const api = useSubmissionsApi();
  const q = useQuery({ queryKey: adminKeys.submissionSettings(), queryFn: () => api.settings() });
  return (
    <section className="card" aria-labelledby="submission-settings-h">
      <h2 id="submission-settings-h">Submissions</h2>
      <QueryStates query={q} failed={failureMessage(q.error) ?? 'Could not load the submission settings.'} />
      {q.data && <SettingsForm initial={q.data} />}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { doiSettingsSchema, formatDoi } from '@journal/contracts';
import { QueryStates } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import { useScholarlyApi } from '../api/scholarly.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { useReauth } from './reauth-prompt';
import { SaveOutcome, useSaveOutcome } from './save-outcome';

/** The journal's DOI prefix and suffix pattern, with the DOI a sample article would get. */
export function DoiSettings() {
  const scholarlyApi = useScholarlyApi();
  const adminApi = useAdminApi();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: adminKeys.settings(), queryFn: () => adminApi.settings() });
  const [prefix, setPrefix] = useState('');
  const [pattern, setPattern] = useState('');
  const { run, refuse, busy, message } = useSaveOutcome();
  // docs/security.md#recent-authentication: DOI settings ask for the password again.
  const { guard, prompt } = useReauth();
  useEffect(() => {
    if (!q.data) return;
    setPrefix(q.data.doi_prefix ?? '');
    setPattern(q.data.doi_suffix_pattern ?? '');
  }, [q.data]);

  const sample = formatDoi(prefix.trim(), pattern.trim(), { year: new Date().getFullYear(), volume: 5, issue: 2, refnumber: '1234' });
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = doiSettingsSchema.safeParse({ doi_prefix: prefix, doi_suffix_pattern: pattern });
    if (!parsed.success) return refuse(parsed.error.issues);
    await run(async () => {
      await guard(() => scholarlyApi.updateDoiSettings(parsed.data), 'save the DOI settings');
      await invalidateAfterSave(qc, staleAfterSaving.doiSettings());
    }, 'DOI settings saved');
  };

  return (
    <section className="doi-settings" aria-labelledby="doi-h">
      <h2 id="doi-h">DOI</h2>
      <QueryStates query={q} failed="Could not load the settings." />
      {q.data && (
        <form onSubmit={save} noValidate>
          <label>
            DOI prefix
            <input value={prefix} onChange={(e) => setPrefix(e.target.value)} placeholder="10.12345" />
          </label>
          <label>
            Suffix pattern
            <input value={pattern} onChange={(e) => setPattern(e.target.value)} placeholder="ijars.{year}.v{volume}.i{issue}.{refnumber}" />
          </label>
          <p className="hint">
            Placeholders: {'{year} {volume} {issue} {refnumber} {journal}'}; {'{refnumber}'} is required. Articles keep the DOIs they
            already have. {sample ? `Example: ${sample}` : ''}
          </p>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Save DOI settings
          </button>
          <SaveOutcome message={message} />
        </form>
      )}
      {prompt}
    </section>
  );
}

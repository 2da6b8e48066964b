import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { doiSettingsSchema, formatDoi } from '@journal/contracts';
import { ApiError } from '@/lib/api-client';
import { QueryStates } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import { useScholarlyApi } from '../api/scholarly.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { failureMessage } from '../lib/failure';
import { useReauth } from './reauth-prompt';

/** The journal's DOI prefix and suffix pattern, with the DOI a sample article would get. */
export function DoiSettings() {
  const scholarlyApi = useScholarlyApi();
  const adminApi = useAdminApi();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: adminKeys.settings(), queryFn: () => adminApi.settings() });
  const [prefix, setPrefix] = useState('');
  const [pattern, setPattern] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
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
    if (!parsed.success) {
      setMessage({ ok: false, text: parsed.error.issues.map((i) => i.message).join('; ') });
      return;
    }
    setBusy(true);
    try {
      await guard(() => scholarlyApi.updateDoiSettings(parsed.data), 'save the DOI settings');
      await invalidateAfterSave(qc, staleAfterSaving.doiSettings());
      setMessage({ ok: true, text: 'DOI settings saved' });
    } catch (err) {
      const text = err instanceof ApiError ? err.message : failureMessage(err);
      setMessage(text ? { ok: false, text } : null);
    } finally {
      setBusy(false);
    }
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
          {message && (
            <p className={message.ok ? 'admin-ok' : 'admin-error'} role={message.ok ? 'status' : 'alert'}>
              {message.text}
            </p>
          )}
        </form>
      )}
      {prompt}
    </section>
  );
}

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { crossrefCredentialsSchema } from '@journal/contracts';
import { ApiError } from '@/lib/api-client';
import { QueryStates } from '@/components/query-states';
import { useScholarlyApi } from '../api/scholarly.api';
import { adminKeys, invalidateAfterSave, staleAfterSaving } from '../api/keys';
import { ReauthCancelled } from '../lib/failure';
import { useReauth } from './reauth-prompt';

/**
 * The journal's Crossref username and password for deposits (managers). The server never sends
 * them back: the form only says whether a login is stored, and always starts empty.
 */
export function CrossrefCredentials() {
  const scholarlyApi = useScholarlyApi();
  const qc = useQueryClient();
  const q = useQuery({ queryKey: adminKeys.crossrefCredentials(), queryFn: () => scholarlyApi.crossrefCredentials(), retry: false });
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  // One save at a time: a second click while the first is on its way would send the login twice.
  const [busy, setBusy] = useState(false);
  // docs/security.md#recent-authentication: the Crossref login asks for the password again.
  const { guard, prompt } = useReauth();
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = crossrefCredentialsSchema.safeParse({ loginId, password });
    if (!parsed.success) {
      setMessage({ ok: false, text: parsed.error.issues.map((i) => i.message).join('; ') });
      return;
    }
    setBusy(true);
    try {
      await guard(() => scholarlyApi.setCrossrefCredentials(parsed.data), 'save the Crossref login');
      setLoginId('');
      setPassword('');
      await invalidateAfterSave(qc, staleAfterSaving.crossrefCredentials());
      setMessage({ ok: true, text: 'Crossref login saved' });
    } catch (err) {
      if (err instanceof ReauthCancelled) setMessage(null);
      else setMessage({ ok: false, text: err instanceof ApiError ? err.message : 'Something went wrong' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="crossref-credentials" aria-labelledby="crossref-login-h">
      <h2 id="crossref-login-h">Crossref login</h2>
      <QueryStates query={q} failed="Only managers can see and change the Crossref login." />
      {q.data && (
        <form onSubmit={save} noValidate autoComplete="off">
          <p className="hint">
            {q.data.configured ? `A Crossref login is stored (changed ${new Date(q.data.updatedAt ?? '').toLocaleString()}).` : 'No Crossref login is stored.'}
            {!q.data.storable && ' The server has no key to store one: see the operations guide (CROSSREF_CREDENTIALS_KEY).'}
          </p>
          <label>
            Crossref username
            <input value={loginId} onChange={(e) => setLoginId(e.target.value)} autoComplete="off" />
          </label>
          <label>
            Crossref password
            <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
          </label>
          <button type="submit" className="btn btn-primary" disabled={!q.data.storable || busy} aria-busy={busy}>
            Save Crossref login
          </button>
          {message && (
            <span className={message.ok ? 'admin-ok' : 'admin-error'} role={message.ok ? 'status' : 'alert'}>
              {message.text}
            </span>
          )}
        </form>
      )}
      {prompt}
    </section>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { userUpdateSchema } from '@journal/contracts';
import { getSession, setSession } from '@/lib/session';
import { QueryStates } from '@/components/query-states';
import { useAdminApi } from '../api/admin.api';
import { adminKeys } from '../api/keys';
import { showFailure } from '../lib/failure';
import { useFlash } from './flash';
import { BackToDashboard } from './inline-form';
import { firstProblem } from '@/lib/form-errors';

/** docs/product.md#admin-area: /admin/account/:id: username and new password. */
export function AccountPage() {
  const adminApi = useAdminApi();
  const { id = '' } = useParams();
  const flash = useFlash();
  const q = useQuery({ queryKey: adminKeys.user(id), queryFn: () => adminApi.user(id) });
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (q.data) setName(q.data.name);
  }, [q.data]);

  const save = useMutation({
    mutationFn: (body: { name: string; password?: string; currentPassword?: string }) => adminApi.updateUser(id, body),
    onSuccess: (r) => {
      const s = getSession();
      // A new password ends the other sessions; the answer carries this one's fresh token.
      if (s) setSession({ token: r.token ?? s.token, user: { ...s.user, id: r.user?.id ?? s.user.id, name: r.user?.name ?? name } });
      setPassword('');
      setCurrentPassword('');
      flash('User updated successfully');
    },
    // The server's own message says what to fix (taken name, weak or missing current password).
    onError: showFailure(flash),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = userUpdateSchema.safeParse({ name, password, currentPassword });
    if (!parsed.success) {
      setError(firstProblem(parsed.error));
      return;
    }
    if (parsed.data.password && !parsed.data.currentPassword) {
      setError('Enter your current password to set a new one');
      return;
    }
    setError('');
    save.mutate({
      name: parsed.data.name,
      ...(parsed.data.password ? { password: parsed.data.password, currentPassword: parsed.data.currentPassword } : {}),
    });
  }

  return (
    <section>
      <BackToDashboard />
      <h1>Account</h1>
      <QueryStates query={q} failed="Not Found!" />
      {q.data && (
        <form className="account-form" onSubmit={submit} noValidate aria-label="Account">
          <div className={error ? 'field invalid' : 'field'}>
            <label htmlFor="account-name">Username</label>
            <input id="account-name" name="name" autoComplete="username" value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor="account-password">New Password</label>
            <input id="account-password" name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <small className="hint">Leave empty to keep the current password.</small>
          </div>
          {password && (
            <div className="field">
              <label htmlFor="account-current-password">Current Password</label>
              <input
                id="account-current-password" name="currentPassword" type="password" autoComplete="current-password"
                value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)}
              />
            </div>
          )}
          {error && <span className="field-error">{error}</span>}
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            Submit
          </button>
        </form>
      )}
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { loginErrorMessage, loginSchema, type LoginInput } from '@journal/contracts';
import { ApiError, useApiClient } from '@/lib/api-client';
import { authApi } from '@/lib/auth';
import { setSession } from '@/lib/session';
import { firstProblem } from '@/lib/form-errors';

/**
 * The one login form, used by /admin/login and /webdata/login (docs/product.md#admin-area) and, with
 * its own `login` (the platform's operators keep a session of their own), by /platform/login.
 */
export function LoginForm({ onSuccess, title = 'Login', login }: { onSuccess: () => void; title?: string; login?: (input: LoginInput) => Promise<void> }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const client = useApiClient();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = loginSchema.safeParse({ username, password });
    if (!parsed.success) {
      setError(firstProblem(parsed.error));
      return;
    }
    setBusy(true);
    setError('');
    try {
      if (login) await login(parsed.data);
      else setSession(await authApi(client).login(parsed.data));
      onSuccess();
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? err.message : loginErrorMessage(err instanceof ApiError ? err.code : undefined));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="login-form" onSubmit={submit} aria-label="Login form">
      <h1>{title}</h1>
      <label>
        Username
        <input name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      </label>
      {error && (
        <p role="alert" className="login-error">
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Login'}
      </button>
    </form>
  );
}

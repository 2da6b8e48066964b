import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { REAUTH_REQUIRED, reauthSchema } from '@journal/contracts';
import { ApiError } from '@/lib/api-client';
import { FormError } from '@/components/query-states';
import { firstProblem } from '@/lib/form-errors';

/** A sensitive act whose password prompt the user cancelled: not done, and nothing to say about it. */
export class ReauthCancelled extends Error {}

/** The password form a sensitive act asks for (docs/security.md#recent-authentication). */
export function ReauthForm({ action, onSubmit, onCancel, busy, error }: {
  /** What the password is asked for, said in the prompt ('change the role of alice to Editor'). */
  action?: string;
  onSubmit: (password: string) => void;
  onCancel: () => void;
  busy: boolean;
  error: string;
}) {
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = reauthSchema.safeParse({ password });
    if (!parsed.success) {
      setProblem(firstProblem(parsed.error));
      return;
    }
    setProblem('');
    onSubmit(parsed.data.password);
  }
  return (
    <form className="inline-form reauth-form" role="dialog" aria-label="Confirm your password" onSubmit={submit} noValidate>
      <p>Enter your password again to {action ?? 'continue'}.</p>
      <div className="field">
        <label htmlFor="reauth-password">Your password</label>
        <input id="reauth-password" type="password" autoComplete="current-password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Confirm
      </button>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <FormError message={problem || error} />
    </form>
  );
}

/**
 * Runs a sensitive act; when the server asks for the password again (403 `reauth_required`) it
 * shows `prompt`, naming the act (`action`), confirms the password with `confirmPassword` (the
 * journal's session or the platform operator's) and runs the act once more; `describe` says why a
 * password was refused (null: nothing to say). Cancelling rejects with ReauthCancelled.
 */
export function usePasswordRecheck(
  confirmPassword: (password: string) => Promise<unknown>,
  describe: (err: unknown) => string | null,
): { guard: <T>(act: () => Promise<T>, action?: string) => Promise<T>; prompt: ReactNode } {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [action, setAction] = useState<string | undefined>();
  const pending = useRef<{ confirmed: () => void; cancelled: () => void } | null>(null);

  const guard = useCallback(async <T,>(act: () => Promise<T>, what?: string): Promise<T> => {
    try {
      return await act();
    } catch (err) {
      if (!(err instanceof ApiError && err.code === REAUTH_REQUIRED)) throw err;
    }
    await new Promise<void>((resolve, reject) => {
      pending.current = { confirmed: resolve, cancelled: () => reject(new ReauthCancelled('cancelled')) };
      setError('');
      setAction(what);
      setOpen(true);
    });
    return act();
  }, []);

  async function confirm(password: string) {
    setBusy(true);
    try {
      await confirmPassword(password);
      setOpen(false);
      pending.current?.confirmed();
      pending.current = null;
    } catch (err) {
      setError(describe(err) ?? '');
    } finally {
      setBusy(false);
    }
  }
  function cancel() {
    setOpen(false);
    pending.current?.cancelled();
    pending.current = null;
  }

  return { guard, prompt: open ? <ReauthForm action={action} onSubmit={(p) => void confirm(p)} onCancel={cancel} busy={busy} error={error} /> : null };
}

import { useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { failureMessage } from '../lib/failure';

export type SaveMessage = { ok: boolean; text: string } | null;

/** The line under a form after a save: a status when it was done, an alert when refused. */
export function SaveOutcome({ message }: { message: SaveMessage }) {
  if (!message) return null;
  return (
    <p className={message.ok ? 'admin-ok' : 'admin-error'} role={message.ok ? 'status' : 'alert'}>
      {message.text}
    </p>
  );
}

/**
 * A form's saves: busy while one runs, then its outcome said; a refusal in the server's words,
 * nothing for a cancelled password prompt. `refuse` says what the form's own check found.
 */
export function useSaveOutcome() {
  const [message, setMessage] = useState<SaveMessage>(null);
  const [busy, setBusy] = useState(false);
  const run = async (task: () => Promise<unknown>, ok: string) => {
    setBusy(true);
    try {
      await task();
      setMessage({ ok: true, text: ok });
    } catch (err) {
      const text = err instanceof ApiError ? err.message : failureMessage(err);
      setMessage(text ? { ok: false, text } : null);
    } finally {
      setBusy(false);
    }
  };
  const refuse = (issues: readonly { message: string }[]) => setMessage({ ok: false, text: issues.map((i) => i.message).join('; ') });
  return { run, refuse, busy, message, setMessage };
}

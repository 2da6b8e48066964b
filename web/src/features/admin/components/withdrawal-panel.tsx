import { useState, type FormEvent } from 'react';
import { withdrawalHeading, withdrawRequestSchema, type AdminArticle, type WithdrawRequest, type WithdrawalKind } from '@journal/contracts';

/** What the confirmation of a withdrawal asks. */
export const confirmText = (kind: WithdrawalKind, updating: boolean): string =>
  updating
    ? 'Update the notice readers are shown for this article?'
    : kind === 'retracted'
      ? 'Retract this article? It stays listed with a retraction notice and the reason.'
      : 'Withdraw this article? It leaves every list and its page answers that it was withdrawn.';

/**
 * docs/product.md#withdrawals: withdraw or retract an article with the reason readers are shown,
 * or restore it. The reason is checked with the schema the server uses.
 */
export function WithdrawalPanel(props: {
  article: Pick<AdminArticle, 'withdrawal'>;
  busy: boolean;
  onWithdraw: (body: WithdrawRequest) => void;
  onRestore: () => void;
}) {
  const current = props.article.withdrawal ?? null;
  const [kind, setKind] = useState<WithdrawalKind>(current?.kind ?? 'withdrawn');
  const [reason, setReason] = useState(current?.reason ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const r = withdrawRequestSchema.safeParse({ kind, reason });
    if (!r.success) {
      setError(r.error.issues[0]?.message ?? 'Give the reason');
      return;
    }
    setError(null);
    // Readers lose the article (or see it marked) at once: the act is confirmed first.
    if (!window.confirm(confirmText(r.data.kind, !!current))) return;
    props.onWithdraw(r.data);
  };

  return (
    <section className="withdrawal-panel" aria-labelledby="withdrawal-title">
      <h2 id="withdrawal-title">Withdraw or retract</h2>
      {current && (
        <p className="withdrawal-state" role="status">
          <strong>{withdrawalHeading(current.kind)}</strong> on {current.at.slice(0, 10)}: {current.reason}{' '}
          <button type="button" className="btn" disabled={props.busy} onClick={props.onRestore}>
            Restore
          </button>
        </p>
      )}
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="withdrawal-kind">Kind</label>
          <select id="withdrawal-kind" value={kind} onChange={(e) => setKind(e.target.value as WithdrawalKind)}>
            <option value="withdrawn">Withdrawn (removed from lists, page answers 410)</option>
            <option value="retracted">Retracted (stays listed with a notice)</option>
          </select>
        </div>
        <div className={error ? 'field invalid' : 'field'}>
          <label htmlFor="withdrawal-reason">Reason shown to readers</label>
          <textarea id="withdrawal-reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={!!error} />
          {error && <span className="field-error">{error}</span>}
        </div>
        <button type="submit" className="btn btn-danger" disabled={props.busy}>
          {current ? 'Update' : kind === 'retracted' ? 'Retract' : 'Withdraw'}
        </button>
      </form>
    </section>
  );
}

import { withdrawalHeading } from '@journal/contracts/withdrawal.rules';
import type { WithdrawalRead } from '@journal/contracts';

/** docs/product.md#withdrawals: the prominent notice of a withdrawn or retracted article, with the journal's reason. */
export function WithdrawalNotice({ withdrawal }: { withdrawal: NonNullable<WithdrawalRead> }) {
  const on = new Date(withdrawal.at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <aside className={`withdrawal-notice withdrawal-${withdrawal.kind}`} role="note" aria-labelledby="withdrawal-h">
      <h2 id="withdrawal-h">{withdrawalHeading(withdrawal.kind)}</h2>
      <p className="withdrawal-reason">
        <strong>Reason:</strong> {withdrawal.reason}
      </p>
      <p className="withdrawal-date muted">Notice dated {on}.</p>
    </aside>
  );
}

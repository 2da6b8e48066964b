/**
 * docs/product.md#withdrawals: the kinds and the texts readers see, without zod (public pages
 * import this file alone).
 */
export const WITHDRAWAL_KINDS = ['withdrawn', 'retracted'] as const;
export type WithdrawalKind = (typeof WITHDRAWAL_KINDS)[number];

export const withdrawalHeading = (kind: WithdrawalKind) => (kind === 'retracted' ? 'This article has been retracted' : 'This article has been withdrawn');
/** The mark of a retracted article in issue lists and search results. */
export const RETRACTED_MARK = 'Retracted';

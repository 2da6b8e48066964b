import { z } from 'zod';

/**
 * docs/product.md#withdrawals: an article taken back by its journal. A withdrawal removes it from
 * every list (its URL answers 410 with the reason); a retraction keeps it listed, marked, with a
 * prominent notice on its page (COPE practice).
 */
export const WITHDRAWAL_KINDS = ['withdrawn', 'retracted'] as const;
export const withdrawalKindSchema = z.enum(WITHDRAWAL_KINDS, { message: "Kind must be 'withdrawn' or 'retracted'" });
export type WithdrawalKind = z.infer<typeof withdrawalKindSchema>;

export const WITHDRAWAL_REASON_MAX = 2000;

/** POST /api/admin/articles/:id/withdraw: the body, shared with the admin form. */
export const withdrawRequestSchema = z.strictObject({
  kind: withdrawalKindSchema,
  reason: z
    .string({ message: 'Give the reason' })
    .trim()
    .min(1, 'Give the reason')
    .max(WITHDRAWAL_REASON_MAX, `The reason is at most ${WITHDRAWAL_REASON_MAX} characters`),
});
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;

/** The withdrawal as answers carry it (`at` is an ISO date); null when the article stands. */
export const withdrawalSchema = z.object({ kind: withdrawalKindSchema, reason: z.string(), at: z.string() }).nullable().catch(null);
export type WithdrawalRead = z.infer<typeof withdrawalSchema>;

/** The notices readers see (docs/product.md#withdrawals). */
export const withdrawalHeading = (kind: WithdrawalKind) => (kind === 'retracted' ? 'This article has been retracted' : 'This article has been withdrawn');
export const RETRACTED_MARK = 'Retracted';

import { z } from 'zod';
import { WITHDRAWAL_KINDS } from './withdrawal.rules.js';

export * from './withdrawal.rules.js';

/**
 * docs/product.md#withdrawals: an article taken back by its journal. A withdrawal removes it from
 * every list (its URL answers 410 with the reason); a retraction keeps it listed, marked, with a
 * prominent notice on its page (COPE practice).
 */
export const withdrawalKindSchema = z.enum(WITHDRAWAL_KINDS, { message: "Kind must be 'withdrawn' or 'retracted'" });

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
export const withdrawalSchema = z.object({ kind: withdrawalKindSchema, reason: z.string(), at: z.string() }).nullable();
export type WithdrawalRead = z.infer<typeof withdrawalSchema>;

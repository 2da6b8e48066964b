import { z } from 'zod';

/** docs/operations.md#peer-review: the review links' limit and the reminders' worker. */
export const reviewConfigShape = {
  /** Requests one client address may make to the review links per minute (per journal). */
  REVIEW_LINK_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** How often the reminder sweep looks for reminders a lost delayed job did not send. */
  REVIEW_REMINDER_SWEEP_MS: z.coerce.number().int().min(1000).default(300_000),
  /** Whether this process runs the reminder jobs (the `review-reminders` queue). */
  REVIEW_REMINDER_WORKER: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(true),
};

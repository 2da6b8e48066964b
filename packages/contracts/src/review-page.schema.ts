import { z } from 'zod';
import { RECOMMENDATIONS, REVIEW_STATES } from './review-workflow.js';

/**
 * GET /api/reviews/:token: what the reviewer's page shows (docs/product.md#peer-review). A file of
 * its own, with zod and the workflow's constants only: the public pages' reads parse it.
 */
const annotatedOut = z.object({ id: z.string(), kind: z.enum(['pdf', 'docx']), size: z.number() }).nullable();

/** A review's report as its reviewer and the editors read it. */
export const reviewReportOut = z.object({
  recommendation: z.union([z.literal(''), z.enum(RECOMMENDATIONS)]),
  toAuthor: z.string(),
  toEditor: z.string(),
  annotated: annotatedOut,
  savedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
});

export const reviewPageSchema = z.object({
  journalName: z.string(),
  state: z.enum(REVIEW_STATES),
  reviewerName: z.string(),
  dueDate: z.string(),
  overdue: z.boolean(),
  doubleBlind: z.boolean(),
  submission: z.object({
    number: z.string(),
    title: z.string(),
    abstract: z.string(),
    keywords: z.string(),
    subject: z.string(),
    /** Empty in double-blind review. */
    authors: z.array(z.object({ name: z.string(), affiliations: z.array(z.string()) })),
  }),
  manuscript: z.object({ available: z.boolean(), kind: z.enum(['pdf', 'docx']).nullable() }),
  review: reviewReportOut,
  declineReason: z.string(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;

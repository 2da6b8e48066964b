import { z } from 'zod';
import { requiredString } from './fields.schema.js';
import { orcidField, rorField } from './article-authors.schema.js';
import { mailEmailSchema, hasControlChars } from './mail.schemas.js';
import { objectIdSchema } from './id.schema.js';
import { reviewReportOut } from './review-page.schema.js';
import {
  MAX_DECLINE_REASON,
  MAX_INVITES_AT_ONCE,
  MAX_REVIEW_COMMENTS,
  RECOMMENDATIONS,
  REVIEW_DECISIONS,
  REVIEW_MESSAGES,
  REVIEW_STATES,
} from './review-workflow.js';

/**
 * docs/product.md#peer-review: the reviewers of a journal, invitations, the reviewer's form, the
 * editor's decision, and what each route answers.
 */

const line = (label: string, max: number) =>
  z.string({ error: 'Must be text' }).trim().max(max, `${label} is too long`).refine((s) => !hasControlChars(s), `${label} must be one line`);
const text = (label: string, max: number) => z.string({ error: 'Must be text' }).trim().max(max, `${label} is too long`);

/** A calendar day, `YYYY-MM-DD` (due dates are days; reminders run on the journal's clock in UTC). */
export const reviewDaySchema = z
  .string({ error: 'Due date must be a date' })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'Due date must be a date, YYYY-MM-DD');

/** Subjects as a list or as comma-separated text (the admin form's one field). */
const subjectsField = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[,;\n]/) : v),
  z.array(line('Subject', 200)).max(30, 'At most 30 subjects').transform((xs) => [...new Set(xs.filter(Boolean))]),
);

// Staff: reviewers.

export const reviewerInputSchema = z.strictObject({
  name: requiredString('Name is required').max(200, 'Name is too long').refine((s) => !hasControlChars(s) && !/[<>]/.test(s), 'Name must be one line of text'),
  email: mailEmailSchema,
  affiliation: line('Affiliation', 500).optional().default(''),
  ror: rorField.optional().default(''),
  orcid: orcidField.optional().default(''),
  subjects: subjectsField.optional().default([]),
  available: z.boolean({ error: 'Available must be true or false' }).optional().default(true),
  notes: text('Notes', 2000).optional().default(''),
});
export type ReviewerInput = z.output<typeof reviewerInputSchema>;
/** An update sends only what changes. */
export const reviewerUpdateSchema = reviewerInputSchema.partial();
export type ReviewerUpdate = z.output<typeof reviewerUpdateSchema>;

export const reviewerListQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search is too long').optional().default(''),
  subject: z.string().trim().max(200, 'Subject is too long').optional().default(''),
  available: z.enum(['', 'true', 'false']).optional().default(''),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(100_000).optional().default(1),
});

const reviewerOut = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  affiliation: z.string(),
  ror: z.string(),
  orcid: z.string(),
  subjects: z.array(z.string()),
  available: z.boolean(),
  notes: z.string(),
  /** Where the entry came from: typed by staff, or imported from the editorial board (the editor's id). */
  source: z.enum(['staff', 'board']),
  editorId: z.string(),
  /** Open invitations (invited or accepted). */
  openReviews: z.number(),
  reviewsDone: z.number(),
  /** Average days from invitation to submitted review; null before the first. */
  averageDays: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewerView = z.infer<typeof reviewerOut>;
export const reviewerSchema = reviewerOut;
export const reviewerListSchema = z.object({ items: z.array(reviewerOut), total: z.number(), page: z.number(), pageSize: z.number() });
export type ReviewerList = z.infer<typeof reviewerListSchema>;

/** One line of a reviewer's history on their entry (the submission number and the dates; never the review's text). */
const reviewerHistoryEntry = z.object({
  reviewId: z.string(),
  submissionId: z.string(),
  submissionNumber: z.string(),
  state: z.enum(REVIEW_STATES),
  invitedAt: z.string(),
  dueDate: z.string(),
  submittedAt: z.string().nullable(),
  days: z.number().nullable(),
});
export const reviewerDetailSchema = reviewerOut.extend({ history: z.array(reviewerHistoryEntry) });
export type ReviewerDetail = z.infer<typeof reviewerDetailSchema>;

export const reviewerImportSchema = z.object({ created: z.number(), skipped: z.array(z.object({ name: z.string(), reason: z.string() })) });

export const reviewerSuggestionsSchema = z.object({
  items: z.array(
    reviewerOut.extend({
      /** The submission's subject or keywords the reviewer's subjects matched. */
      matched: z.array(z.string()),
      /** Invitations of the last 180 days. */
      recentLoad: z.number(),
      score: z.number(),
    }),
  ),
});

// Staff: invitations, reviews, decision.

export const reviewInviteSchema = z.strictObject({
  reviewerIds: z.array(objectIdSchema).min(1, 'Choose at least one reviewer').max(MAX_INVITES_AT_ONCE, `At most ${MAX_INVITES_AT_ONCE} reviewers at once`),
  dueDate: reviewDaySchema,
  /** A note added to the invitation e-mail. */
  message: text('Message', 5000).optional().default(''),
});
export type ReviewInvite = z.output<typeof reviewInviteSchema>;

export const reviewCancelSchema = z.strictObject({ reason: text('Reason', 2000).optional().default('') });
export const reviewReassignSchema = z.strictObject({
  reviewerId: objectIdSchema,
  dueDate: reviewDaySchema,
  message: text('Message', 5000).optional().default(''),
});
export const reviewDueSchema = z.strictObject({ dueDate: reviewDaySchema });

/** docs/product.md#peer-review: the editor marks which manuscript version reviewers get (double-blind: the anonymised one). */
export const reviewManuscriptMarkSchema = z.strictObject({ fileId: objectIdSchema });

export const reviewDecisionSchema = z.strictObject({
  decision: z.enum(REVIEW_DECISIONS, { error: 'Choose revision requested, accepted or rejected' }),
  /** The editor's own words to the author. */
  message: text('Message', 10_000).optional().default(''),
  /** Submitted reviews whose comments to the author go into the e-mail (default: all). */
  includeReviews: z.array(objectIdSchema).max(50).optional(),
});
export type ReviewDecisionInput = z.output<typeof reviewDecisionSchema>;

/**
 * docs/product.md#peer-review: a staff user who is an author of the submission (conflict rule):
 * recorded by a manager; a user whose name is an author's e-mail or name is in conflict anyway.
 */
export const reviewConflictSchema = z.strictObject({
  userId: z.string().trim().min(1, 'User is required').max(64),
  name: line('Name', 200).optional().default(''),
  remove: z.boolean().optional().default(false),
});

/** Per-journal peer-review settings (managers). */
export const reviewSettingsSchema = z.strictObject({
  /** Reviewers get the anonymised file and no author names. */
  doubleBlind: z.boolean(),
  /** The reviewer certificate leaves out the manuscript's title. */
  hideTitleOnCertificate: z.boolean(),
  /** Reminder this many days before the due date (0: none). */
  reminderDaysBefore: z.number().int().min(0).max(60),
  /** Reminders this many days after the due date (each once). */
  reminderDaysAfter: z.array(z.number().int().min(1).max(120)).max(5),
  /** A review link opens until this many days after the due date. */
  tokenDaysAfterDue: z.number().int().min(1).max(365),
  /** The due date the invite form proposes, in days from today. */
  defaultDueDays: z.number().int().min(1).max(180),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
export const reviewSettingsUpdateSchema = reviewSettingsSchema.partial();

const reminderOut = z.object({ kind: z.enum(['before', 'after']), days: z.number(), at: z.string(), state: z.enum(['scheduled', 'sent', 'cancelled']) });
const historyOut = z.object({ at: z.string(), act: z.string(), by: z.string(), message: z.string() });

/** One invitation as the editor sees it (in double-blind the conflict rule may hide the reviewer). */
export const reviewStaffSchema = z.object({
  id: z.string(),
  /** Null when hidden by the conflict rule. */
  reviewer: z.object({ id: z.string(), name: z.string(), email: z.string(), affiliation: z.string() }).nullable(),
  label: z.string(),
  state: z.enum(REVIEW_STATES),
  round: z.number(),
  invitedAt: z.string(),
  dueDate: z.string(),
  overdue: z.boolean(),
  respondedAt: z.string().nullable(),
  declineReason: z.string(),
  ...reviewReportOut.shape,
  reminders: z.array(reminderOut),
  history: z.array(historyOut),
});
export type ReviewStaffView = z.infer<typeof reviewStaffSchema>;

/** GET /api/admin/submissions/:id/reviews */
export const submissionReviewsSchema = z.object({
  doubleBlind: z.boolean(),
  /** The caller is an author of the submission (conflict rule): reviewers are hidden, inviting is refused. */
  conflict: z.boolean(),
  /** Staff users recorded as in conflict with this submission. */
  conflicts: z.array(z.object({ userId: z.string(), name: z.string() })),
  /** The manuscript version reviewers download (null: none marked; single-blind falls back to the newest). */
  reviewFileId: z.string().nullable(),
  reviews: z.array(reviewStaffSchema),
  decisions: z.array(z.enum(REVIEW_DECISIONS)),
  settings: reviewSettingsSchema,
});
export type SubmissionReviews = z.infer<typeof submissionReviewsSchema>;

// Reviewer (the private link).

export const reviewDeclineSchema = z.object({ reason: text('Reason', MAX_DECLINE_REASON).optional().default('') });

/** A draft may be partial; `submit` requires a recommendation and comments to the author. */
export const reviewDraftSchema = z.object({
  recommendation: z.union([z.literal(''), z.enum(RECOMMENDATIONS, { error: REVIEW_MESSAGES.recommendationRequired })]).optional().default(''),
  toAuthor: text('Comments to the author', MAX_REVIEW_COMMENTS).optional().default(''),
  toEditor: text('Confidential comments', MAX_REVIEW_COMMENTS).optional().default(''),
  /** A form's checkbox: drop the annotated file saved before. */
  removeAnnotated: z.preprocess((v) => v === 'on' || v === 'true' || v === true, z.boolean()).optional().default(false),
});
export type ReviewDraft = z.output<typeof reviewDraftSchema>;


/**
 * The event a submitted review emits (the reviewer certificate is made from it). `title` is empty
 * when the journal hides titles on certificates.
 */
export const reviewSubmittedEventSchema = z.object({
  journalId: z.string(),
  reviewId: z.string(),
  submissionId: z.string(),
  reviewer: z.object({ id: z.string(), name: z.string(), email: z.string(), affiliation: z.string(), ror: z.string(), orcid: z.string() }),
  journalName: z.string(),
  submissionNumber: z.string(),
  title: z.string(),
  hideTitle: z.boolean(),
  /** ISO timestamp of the submission of the review. */
  submittedAt: z.string(),
  /** The same as a day, YYYY-MM-DD (UTC). */
  date: z.string(),
});
export type ReviewSubmittedEvent = z.infer<typeof reviewSubmittedEventSchema>;

/**
 * GET /api/admin/reviews/certificates?year=YYYY: every review submitted in a calendar year (UTC),
 * oldest first, for the bulk certificate zip; reviews hidden from the caller by the conflict rule
 * are left out.
 */
export const reviewCertificateListQuerySchema = z.object({
  year: z.coerce.number({ error: 'Year must be a number' }).int('Year must be a whole number').min(2000, 'Year must be 2000 or later').max(2100, 'Year must be 2100 or earlier'),
});
export const reviewCertificateListSchema = z.object({ items: z.array(reviewSubmittedEventSchema), withheld: z.number() });

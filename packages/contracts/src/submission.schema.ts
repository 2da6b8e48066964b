import { z } from 'zod';
import { requiredString } from './fields.schema.js';
import { authorSchema, orcidField, rorField } from './article-authors.schema.js';
import { PAYMENT_TYPES, pageNumberSchema, publishDateSchema, refNumberSchema, TXNID_RE, INVALID_TXNID_MESSAGE } from './article.schema.js';
import { wholeNumber, yearField } from './issue.schema.js';
import {
  MAX_COAUTHORS,
  MAX_SUBMISSION_ABSTRACT,
  MAX_SUBMISSION_TITLE,
  SUBMISSION_MESSAGES,
  SUBMISSION_NUMBER_RE,
  SUBMISSION_FORM_KEY_RE,
  SUBMISSION_STATES,
} from './submission-workflow.js';

/** One line: no CR/LF (nothing reaches a mail header or a file name with a line break in it). */
const oneLine = (s: string) => !/[\r\n]/.test(s);
const line = (label: string, max: number) =>
  z.string({ error: 'Must be text' }).trim().max(max, `${label} is too long`).refine(oneLine, `${label} must be one line`);
const optionalLine = (label: string, max: number) => line(label, max).optional().default('');

/** Checkbox values a form sends for "checked". */
const checked = z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), z.union([z.literal(true), z.enum(['on', 'true', '1', 'yes'])], { error: SUBMISSION_MESSAGES.declaration }));

const emailField = requiredString('Email is required').max(254, 'Email is too long').pipe(z.email('Email is invalid'));

/** A co-author as one slot of the form (given, family, ORCID, one affiliation with its ROR id). */
const coauthorSlot = z.object({
  given: authorSchema.shape.given,
  family: authorSchema.shape.family,
  orcid: orcidField.optional().default(''),
  affiliation: optionalLine('Affiliation', 500),
  ror: rorField.optional().default(''),
  email: z.union([z.literal(''), z.email('Email is invalid').max(254, 'Too long')]).optional().default(''),
});
export type CoauthorSlot = z.output<typeof coauthorSlot>;

/**
 * The form's co-author slots: bracketed fields (`coauthors[0][family]`) arrive as a list or an
 * object keyed by index, a script may send JSON text; blank slots are dropped.
 */
const coauthorsField = z.preprocess(
  (v) => {
    let x = v;
    if (typeof x === 'string') {
      try {
        x = x.trim() === '' ? [] : (JSON.parse(x) as unknown);
      } catch {
        return x;
      }
    }
    if (x && typeof x === 'object' && !Array.isArray(x)) x = Object.values(x);
    if (!Array.isArray(x)) return x;
    return x.filter((s) => !(s && typeof s === 'object' && Object.values(s as Record<string, unknown>).every((f) => typeof f !== 'string' || f.trim() === '')));
  },
  z
    .array(coauthorSlot, { error: 'Co-authors must be a list' })
    .max(MAX_COAUTHORS, `At most ${MAX_COAUTHORS} co-authors`),
);

/**
 * docs/product.md#submissions: the public submission form, as multipart text. `website` is the
 * hidden honeypot: people leave it empty.
 */
export const submissionFormSchema = z.object({
  website: z.string().optional().default(''),
  given: authorSchema.shape.given,
  family: authorSchema.shape.family,
  email: emailField,
  mobile: requiredString('Mobile is required').max(30, 'Mobile is too long').regex(/^\+?[0-9 ()./-]{6,30}$/, 'Mobile must be a phone number'),
  country: requiredString('Country is required').max(100, 'Country is too long').refine(oneLine, 'Country must be one line'),
  orcid: orcidField.optional().default(''),
  affiliation: optionalLine('Affiliation', 500),
  ror: rorField.optional().default(''),
  coauthors: coauthorsField.optional().default([]),
  // One line, whatever was pasted: a title reaches e-mail subjects and file names.
  title: requiredString('Title is required')
    .max(MAX_SUBMISSION_TITLE, `Title must be at most ${MAX_SUBMISSION_TITLE} characters`)
    .transform((t) => t.replace(/\s+/g, ' ')),
  abstract: requiredString('Abstract is required').max(MAX_SUBMISSION_ABSTRACT, `Abstract must be at most ${MAX_SUBMISSION_ABSTRACT} characters`),
  keywords: optionalLine('Keywords', 1000),
  subject: optionalLine('Subject', 300),
  declaration: checked,
  /** The form's one-time key (hidden field); a script may leave it out. */
  formKey: z.union([z.literal(''), z.string().regex(SUBMISSION_FORM_KEY_RE, SUBMISSION_MESSAGES.formKey)]).optional().default(''),
});
export type SubmissionForm = z.output<typeof submissionFormSchema>;

/** Staff decisions and the fee (docs/product.md#submissions). */
export const submissionDecisionSchema = z.strictObject({
  to: z.enum(SUBMISSION_STATES, { error: 'Unknown state' }),
  message: z.string({ error: 'Must be text' }).trim().max(5000, 'Message is too long').optional().default(''),
});
export const submissionPaymentSchema = z.strictObject({
  action: z.enum(['confirm', 'waive'], { error: 'Choose confirm or waive' }),
  message: z.string({ error: 'Must be text' }).trim().max(5000, 'Message is too long').optional().default(''),
});
export const submissionWithdrawSchema = z.object({
  message: z.string({ error: 'Must be text' }).trim().max(2000, 'Message is too long').optional().default(''),
});
export const submissionReceiptSchema = z.object({
  txnid: requiredString('Transaction id is required').regex(TXNID_RE, INVALID_TXNID_MESSAGE),
});
export const submissionRevisionSchema = z.object({
  message: z.string({ error: 'Must be text' }).trim().max(5000, 'Message is too long').optional().default(''),
});
export const submissionResendSchema = z.object({
  number: requiredString('Submission number is required').transform((s) => s.toUpperCase()).pipe(z.string().regex(SUBMISSION_NUMBER_RE, 'Submission number is invalid')),
  email: emailField,
});

export const SUBMISSIONS_PAGE_SIZE = 25;
export const submissionListQuerySchema = z.object({
  status: z.union([z.literal(''), z.enum(SUBMISSION_STATES)], { error: 'Unknown state' }).optional().default(''),
  q: z.string().trim().max(200, 'Search is too long').optional().default(''),
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(100_000).optional().default(1),
});
export type SubmissionListQuery = z.output<typeof submissionListQuerySchema>;

/** "Publish": the issue and the proposed page range, reference number and date (docs/product.md#submissions). */
export const submissionPublishSchema = z.object({
  year: yearField,
  volume: wholeNumber('Volume'),
  issue: wholeNumber('Issue'),
  pagenumber: pageNumberSchema,
  refnumber: refNumberSchema,
  publishdate: publishDateSchema,
});
export type SubmissionPublish = z.output<typeof submissionPublishSchema>;

// Answers.

const historyEntry = z.object({
  at: z.string(),
  from: z.string(),
  to: z.enum(SUBMISSION_STATES),
  message: z.string(),
});
const manuscriptEntry = z.object({ version: z.number(), kind: z.enum(['pdf', 'docx']), size: z.number(), at: z.string() });

/** What the author's status link shows. */
export const submissionStatusSchema = z.object({
  number: z.string(),
  status: z.enum(SUBMISSION_STATES),
  statusLabel: z.string(),
  /** What the author may do from the link now, by the workflow's table (the page shows those forms only). */
  may: z.object({ withdraw: z.boolean(), revise: z.boolean(), receipt: z.boolean() }),
  title: z.string(),
  submittedAt: z.string(),
  correspondingName: z.string(),
  /** Each with the label of its `to`, as the page shows it. */
  history: z.array(historyEntry.extend({ label: z.string() })),
  manuscripts: z.array(manuscriptEntry),
  /** Shown from acceptance until paid (India / other countries, from the journal's settings). */
  fee: z.object({ india: z.string(), foreign: z.string() }).nullable(),
  receipt: z.object({ txnid: z.string(), at: z.string() }).nullable(),
  ptype: z.union([z.literal(''), z.enum(PAYMENT_TYPES)]),
  /** The published article's page path, once published. */
  articlePath: z.string(),
});
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;

/** The answer to a new submission: its number and the private status link's token (shown once). */
export const submissionCreatedSchema = z.object({ number: z.string(), token: z.string(), status: z.enum(SUBMISSION_STATES) });
export type SubmissionCreated = z.infer<typeof submissionCreatedSchema>;

export const submissionSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(SUBMISSION_STATES),
  title: z.string(),
  correspondingName: z.string(),
  email: z.string(),
  country: z.string(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type SubmissionSummary = z.infer<typeof submissionSummarySchema>;
export const submissionListSchema = z.object({
  items: z.array(submissionSummarySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type SubmissionList = z.infer<typeof submissionListSchema>;

const authorOut = z.object({
  given: z.string(),
  family: z.string(),
  affiliations: z.array(z.object({ name: z.string(), ror: z.string() })),
  orcid: z.string(),
  corresponding: z.boolean(),
  email: z.string(),
});

/** The staff's view of one submission. */
export const submissionDetailSchema = submissionSummarySchema.extend({
  mobile: z.string(),
  abstract: z.string(),
  keywords: z.string(),
  subject: z.string(),
  authors: z.array(authorOut),
  manuscripts: z.array(manuscriptEntry.extend({ id: z.string() })),
  receipt: z.object({ id: z.string(), txnid: z.string(), kind: z.string(), size: z.number(), at: z.string() }).nullable(),
  ptype: z.union([z.literal(''), z.enum(PAYMENT_TYPES)]),
  txnid: z.string(),
  history: z.array(historyEntry.extend({ by: z.object({ kind: z.enum(['author', 'staff', 'reviewer', 'system']), name: z.string(), role: z.string() }), authorVisible: z.boolean() })),
  decisions: z.array(z.enum(SUBMISSION_STATES)),
  article: z.object({ id: z.string(), refnumber: z.string(), path: z.string() }).nullable(),
  fee: z.object({ india: z.string(), foreign: z.string() }),
  /** Once paid, what "Publish" proposes: the newest issue, the page after its last, the next reference number, today. */
  proposal: z.object({ year: z.number(), volume: z.number(), issue: z.number(), pagenumber: z.string(), refnumber: z.string(), publishdate: z.string() }).nullable(),
});
export type SubmissionDetail = z.infer<typeof submissionDetailSchema>;

import { z } from 'zod';
import { publicEditorSchema } from './public-read.schema.js';
import { withdrawalSchema } from './withdrawal.schema.js';
import { ARTICLE_REF_RE, EDITOR_ID_RE } from './ids.js';

/** At most this many articles in one batch read (docs/product.md#constants: bulk documents). */
export const ARTICLE_BATCH_MAX = 1000;


/** 1 to ARTICLE_BATCH_MAX keys of one pattern, e.g. `what` 'reference number'. */
const keyBatch = (re: RegExp, what: string) =>
  z
    .array(z.string().regex(re, `Invalid ${what}`))
    .min(1, `Send at least one ${what}`)
    .max(ARTICLE_BATCH_MAX, `At most ${ARTICLE_BATCH_MAX} ${what}s at once`);

/** POST /internal/articles/by-refs: the reference numbers wanted, 1 to 1000 of them. */
export const articleBatchRequestSchema = z.strictObject({ refs: keyBatch(ARTICLE_REF_RE, 'reference number') });
export type ArticleBatchRequest = z.infer<typeof articleBatchRequestSchema>;

const text = z.string();
const whole = z.coerce.number().int().nonnegative();

/**
 * A public article as the content service lists it, narrowed to the fields documents are built
 * from. Unknown fields are dropped; year, volume and issue may arrive as digits.
 */
export const listedArticleSchema = z.object({
  id: z.string(),
  year: whole,
  volume: whole,
  issue: whole,
  frequency: text,
  refnumber: z.coerce.string(),
  /** Sanitised HTML, i/em only. */
  title: z.string(),
  authorname: text,
  pagenumber: text,
  subject: text,
  country: text,
  publishdate: text,
  file: text,
  /** '' when the article has no DOI. */
  doi: text,
  /** docs/product.md#licences: the article's own licence URL, '' for the journal's default (absent in lists). */
  license: z.string().optional().default(''),
  /** The staff read also answers disabled articles ('enabled' when absent). */
  status: z.string().default('enabled'),
  withdrawal: withdrawalSchema.optional().transform((w) => w ?? null),
});
export type ListedArticle = z.infer<typeof listedArticleSchema>;

/** The answer: the public articles found, in the order asked, and the references not found. */
export const articleBatchResponseSchema = z.object({
  articles: z.array(listedArticleSchema),
  missing: z.array(z.string()),
});
export type ArticleBatchResponse = z.infer<typeof articleBatchResponseSchema>;

/**
 * POST /internal/staff/articles/by-refs answers the same shape for staff documents: every article
 * of the journal with these references, whatever its status or withdrawal (docs/product.md#bulk-documents).
 */
export const staffEditorsRequestSchema = z.strictObject({ ids: keyBatch(EDITOR_ID_RE, 'editor id') });
export type StaffEditorsRequest = z.infer<typeof staffEditorsRequestSchema>;

/** POST /internal/staff/editors/by-ids: these editors of the journal, enabled or not, and the ids not found. */
export const staffEditorsResponseSchema = z.object({
  editors: z.array(publicEditorSchema.extend({ status: z.string() })),
  missing: z.array(z.string()),
});
export type StaffEditorsResponse = z.infer<typeof staffEditorsResponseSchema>;
/** What the content service may send (status and withdrawal are filled in when absent). */
export type ArticleBatchAnswer = z.input<typeof articleBatchResponseSchema>;

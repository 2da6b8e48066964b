import { z } from 'zod';
import { periodField, wholeNumber, yearField } from './issue.schema.js';
import { DOI_MAX, DOI_MESSAGE, isValidDoi, normaliseDoi } from './doi.js';
import { requiredString } from './fields.schema.js';
import type { WithdrawalRead } from './withdrawal.schema.js';
import { isValidAuthorName } from './author-name.js';
import { ARTICLE_REF_RE, NEW_ARTICLE_REF_RE } from './ids.js';
import { decodeEntities } from './text.rules.js';
import { dropTags } from './plain-text.js';
import { authorsField, licenseField, referencesField } from './article-authors.schema.js';
import type { ArticleAuthor } from './article-authors.js';
import type { ArticleReference } from './references.js';

/** docs/product.md#constants: uploads are at most 5 MB. */
export const MAX_UPLOAD_BYTES = 5_242_880;
export const FILE_TOO_LARGE_MESSAGE = 'File size exceeds the limit of 5 MB';
export const AUTHOR_MAX_WORDS = 50;
export const TITLE_HINT_WORDS = 100;
export const COPIED_MS = 2000;

/** docs/product.md#article-rules: messages, letter for letter (the doubled 'The the' included). */
export const AUTHOR_WORDS_MESSAGE = 'Author name should not exceed 50 words';
export const TITLE_WORDS_MESSAGE = `Title should not exceed ${TITLE_HINT_WORDS} words`;
export const AUTHOR_CHARS_MESSAGE = 'Author name must contain only alphabets, spaces, commas, and periods';
export const REF_NUMBER_MESSAGE = 'Ref number must be a valid number';
export const PAGE_FORMAT_MESSAGE = 'Page number format must be like 1-6';
export const INVALID_PAGE_MESSAGE = 'Invalid page number';
export const INVALID_TXNID_MESSAGE = 'Invalid transaction id';
export const firstPageMessage = (lastPage: number | string) =>
  `The the first value of the page range should be one more than the last one. The last page was ${lastPage}`;

export const PAYMENT_TYPES = ['paid', 'free'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const countWords = (s: string) => String(s ?? '').trim().split(/\s+/).filter(Boolean).length;
/** The words of a (rich-text) title as a reader sees it: markup and entities are not words. */
export const titleWords = (html: string) => countWords(decodeEntities(dropTags(html)));

export const PAGE_RANGE_RE = /^\d{1,6}-\d{1,6}$/;
/** A new article's reference number (ids.ts holds the one rule of reference numbers). */
export const REF_NUMBER_RE = NEW_ARTICLE_REF_RE;
/** Payment gateway ids and bank references: letters, digits and - _ . / only. */
export const TXNID_RE = /^[A-Za-z0-9][A-Za-z0-9_./-]{0,79}$/;
export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function parsePageRange(s: string): { first: number; last: number } | null {
  const v = String(s ?? '').trim();
  if (!PAGE_RANGE_RE.test(v)) return null;
  const [a, b] = v.split('-');
  return { first: Number(a), last: Number(b) };
}

/** docs/product.md#article-rules: on add, the first page must exceed the last page of the issue's last article. */
export const firstPageAllowed = (pagenumber: string, lastPage: number) => {
  const r = parsePageRange(pagenumber);
  return !!r && r.first > lastPage;
};

const requiredText = (label: string, max: number) => requiredString(`${label} is required`).max(max, `${label} is too long`);
const optionalText = (max: number) =>
  z.string({ error: 'Must be text' }).trim().max(max, 'Too long').optional().default('');
/** One line: no CR/LF, so nothing can be smuggled into headers, file names or citations. */
const oneLine = (s: string) => !/[\r\n]/.test(s);

export const authorNameSchema = requiredString('Author name is required')
  .max(5000, AUTHOR_WORDS_MESSAGE)
  .refine((s) => countWords(s) <= AUTHOR_MAX_WORDS, AUTHOR_WORDS_MESSAGE)
  .refine(isValidAuthorName, AUTHOR_CHARS_MESSAGE);

export const refNumberSchema = requiredString('Ref number is required', REF_NUMBER_MESSAGE).regex(REF_NUMBER_RE, REF_NUMBER_MESSAGE);

export const pageNumberSchema = requiredString('Page number is required')
  .regex(PAGE_RANGE_RE, PAGE_FORMAT_MESSAGE)
  .refine((s) => {
    const r = parsePageRange(s);
    return !!r && r.first >= 1 && r.first <= r.last;
  }, INVALID_PAGE_MESSAGE);

export const txnIdSchema = requiredString('Transaction id is required').regex(TXNID_RE, INVALID_TXNID_MESSAGE);

export const publishDateSchema = requiredString('Certificate date is required')
  .regex(DATE_RE, 'Certificate date is invalid')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'Certificate date is invalid');

export const doiField = z
  .string({ error: 'Must be text' })
  .max(DOI_MAX + 40, DOI_MESSAGE)
  .transform(normaliseDoi)
  .refine((s) => s === '' || isValidDoi(s), DOI_MESSAGE)
  .optional()
  .default('');

/**
 * The article fields an admin sends (docs/product.md#entities), as multipart text. Unknown fields (status,
 * journal, createdby, ...) are dropped: the server sets them.
 */
export const articleFieldsSchema = z.object({
  year: yearField,
  volume: wholeNumber('Volume'),
  issue: wholeNumber('Issue'),
  frequency: z.union([z.literal(''), periodField]).optional().default(''),
  refnumber: refNumberSchema,
  title: requiredText('Title', 5000).refine((t) => titleWords(t) <= TITLE_HINT_WORDS, TITLE_WORDS_MESSAGE),
  authorname: authorNameSchema,
  abstract: requiredText('Abstract', 200_000),
  keywords: optionalText(2000).refine(oneLine, 'Keywords must be one line'),
  pagenumber: pageNumberSchema,
  subject: optionalText(300).refine(oneLine, 'Subject must be one line'),
  country: optionalText(100).refine(oneLine, 'Country must be one line'),
  email: requiredText('Email', 300).refine(oneLine, 'Email must be one line'),
  mobile: optionalText(50).refine(oneLine, 'Mobile must be one line'),
  txnid: txnIdSchema,
  ptype: z.enum(PAYMENT_TYPES, { error: 'Payment type is required' }),
  publishdate: publishDateSchema,
  /** Empty: made from the journal's DOI pattern when it has one. */
  doi: doiField,
  /**
   * docs/product.md#structured-authors: the authors in order (JSON text in multipart). When sent,
   * `authorname` is derived from them; absent, the stored list stays (or, on add, is split from
   * `authorname`).
   */
  authors: authorsField.optional(),
  /** docs/product.md#licences: '' for the journal's default; absent keeps the stored choice. */
  license: licenseField.optional(),
  /** docs/product.md#references: pasted, one a line; absent keeps the stored list. */
  references: referencesField.optional(),
});
/**
 * Edit: the same checks, but email is not required, and the reference number may be any
 * article's (ARTICLE_REF_RE): older records carry non-numeric ones, which an edit keeps as they
 * are; a changed one must be numeric (the server compares with the stored value).
 */
export const articleUpdateSchema = articleFieldsSchema.extend({
  email: optionalText(300).refine(oneLine, 'Email must be one line'),
  refnumber: requiredString('Ref number is required', REF_NUMBER_MESSAGE).regex(ARTICLE_REF_RE, REF_NUMBER_MESSAGE),
});

/** Fields the add form requires (docs/product.md#article-rules); a missing one turns red and blocks silently. */
export const ARTICLE_ADD_REQUIRED = ['txnid', 'email', 'ptype', 'publishdate', 'authorname', 'pagenumber', 'refnumber', 'file', 'title', 'abstract'] as const;
export const ARTICLE_EDIT_REQUIRED = ['ptype', 'txnid', 'publishdate', 'authorname', 'pagenumber', 'refnumber', 'title', 'abstract'] as const;
/** Red when empty, but they do not block (docs/product.md#article-rules). */
export const ARTICLE_SOFT_REQUIRED = ['volume', 'issue', 'year', 'subject'] as const;

export type ArticleFieldsInput = z.input<typeof articleFieldsSchema>;
export type ArticleFields = z.output<typeof articleFieldsSchema>;

/** Which error code (docs/product.md#error-messages) a failed field maps to (others are a plain validation_error). */
export const articleFieldErrorCode = (field: string): string | undefined =>
  field === 'pagenumber' ? 'invalid_pagenumber' : field === 'txnid' ? 'invalid_txnid' : undefined;

/** docs/product.md#error-messages: the text shown for an article error code; edit does not single out duplicate_txnid. */
export function articleErrorMessage(code: string | undefined, mode: 'add' | 'edit'): string {
  switch (code) {
    case 'duplicate_reference_number':
      return 'Duplicate reference number';
    case 'duplicate_title':
      return 'Duplicate title';
    case 'duplicate_txnid':
      return mode === 'add' ? 'Transaction ID Already Used' : 'Something went wrong';
    case 'invalid_txnid':
      return INVALID_TXNID_MESSAGE;
    case 'invalid_pagenumber':
      return INVALID_PAGE_MESSAGE;
    case 'file_too_large':
      return FILE_TOO_LARGE_MESSAGE;
    case 'invalid_refnumber':
      return REF_NUMBER_MESSAGE;
    default:
      return 'Something went wrong';
  }
}

/** An article as the admin API answers it. */
export interface AdminArticle {
  id: string;
  year: number;
  volume: number;
  issue: number;
  frequency: string;
  refnumber: string;
  title: string;
  authorname: string;
  abstract: string;
  keywords: string;
  pagenumber: string;
  subject: string;
  country: string;
  email: string;
  mobile: string;
  txnid: string;
  ptype: PaymentType | string;
  publishdate: string;
  /** '' when the article has none. */
  doi: string;
  /** docs/product.md#structured-authors: in order; `authorname` is derived from them. */
  authors: ArticleAuthor[];
  /** The name text before the list existed, kept as it was ('' for articles made with a list). */
  authorname_source?: string;
  /** docs/product.md#licences: the licence URL, '' for the journal's default. */
  license: string;
  /** docs/product.md#references. */
  references: ArticleReference[];
  description: string;
  file: string;
  status: string;
  /** docs/product.md#withdrawals; null when the article stands. */
  withdrawal?: WithdrawalRead;
  createdby?: string;
  creation?: string;
  modifiedby?: string;
  modification?: string;
}


/**
 * One line of the admin search's answer: what the results table shows. The EDIT link opens the
 * stored record (`GET /api/admin/articles/:id`), so the search itself is answered from memory.
 */
export const adminSearchHitSchema = z.object({
  id: z.string(),
  year: z.number(),
  volume: z.number(),
  issue: z.number(),
  refnumber: z.string(),
  title: z.string(),
  authorname: z.string(),
  pagenumber: z.string(),
  status: z.string(),
});
export type AdminSearchHit = z.infer<typeof adminSearchHitSchema>;

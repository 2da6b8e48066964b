import { z } from 'zod';
import { withdrawalSchema } from './withdrawal.schema.js';
import { journalFlagsSchema } from './settings.schema.js';
import { submissionStatusSchema } from './submission.schema.js';
import { reviewPageSchema } from './review-page.schema.js';

/**
 * Response contract of the public reads (settings, editors, indexing, archive years, issue
 * articles, one article, search). The render process parses what the content service answers with
 * these; the browser's read functions are typed by the same inferred types. Objects stay loose so
 * a field another part adds (a DOI, an asset URL) passes through untouched. Every field is strict:
 * an answer of the wrong shape fails to parse (a 503 to the reader) rather than passing as empty.
 */
const str = z.string();
const num = z.coerce.number();

/** The journal's text settings the public reads carry (and the journal store keeps, as text). */
export const SETTINGS_TEXT_FIELDS = [
  'websitename', 'domain', 'formatted_journal_name', 'websiteemail', 'whatsup_number', 'year_started',
  'journal_frequency', 'journal_type', 'journal_language', 'journal_essn', 'issn', 'nassScore', 'nassScoreYear',
  'impactfactor', 'fee_rupee', 'fee_dollar', 'google_review_link', 'home_content', 'doi_prefix', 'doi_suffix_pattern',
  /** docs/product.md#licences: the journal's default licence URL ('' for none). */
  'license',
] as const;
export type SettingsTextField = (typeof SETTINGS_TEXT_FIELDS)[number];

/** Every text setting empty: the base of a new journal's settings. */
export const emptySettingsText = (): Record<SettingsTextField, string> =>
  Object.fromEntries(SETTINGS_TEXT_FIELDS.map((k) => [k, ''])) as Record<SettingsTextField, string>;

const textFields = Object.fromEntries(SETTINGS_TEXT_FIELDS.map((k) => [k, str])) as Record<SettingsTextField, typeof str>;

export const publicSettingsSchema = z.looseObject({
  ...textFields,
  /** The publisher's postal address; absent or empty shows the default. */
  address: z.string().optional(),
  flags: journalFlagsSchema,
  /** Versioned URLs (`?v=`) of the site images the journal has stored, by file name ('logo.png'). */
  asset_urls: z.record(z.string(), z.string()),
});
export type PublicSettingsRead = z.infer<typeof publicSettingsSchema>;

export const publicEditorSchema = z.looseObject({
  id: z.string(),
  name: str,
  category: str,
  post: str,
  content: str,
  degree: str,
  email: str.optional(),
  phone: str.optional(),
  country: str,
  editor_website: str.optional(),
  picture: str,
  picture_url: z.string().nullish(),
  /** 1: pinned to the top of the board (the list comes pinned first already). */
  is_pinned: num,
});
export type PublicEditorRead = z.infer<typeof publicEditorSchema>;

export const publicIndexingItemSchema = z.looseObject({
  id: z.string(),
  title: str,
  link: str,
  image: str,
  sortnumber: num,
  image_url: z.string().nullish(),
});
export type PublicIndexingItem = z.infer<typeof publicIndexingItemSchema>;

export const yearSummarySchema = z.looseObject({
  year: z.coerce.number(),
  volume: z.coerce.number(),
  total_issues: num,
  /** Issue number → month text as stored (e.g. 'january', 'july-august'). */
  issue_month: z.record(z.string(), z.string()),
  /** The year's issues, newest first. */
  issues: z.array(z.looseObject({ volume: z.coerce.number(), issue: z.coerce.number(), month: str, articles: num })),
});
export type YearSummary = z.infer<typeof yearSummarySchema>;

const articleSummaryObject = z.object({
  id: z.string(),
  year: z.coerce.number(),
  volume: z.coerce.number(),
  issue: z.coerce.number(),
  frequency: str,
  refnumber: z.coerce.string(),
  /** Sanitised HTML, i/em only. */
  title: str,
  authorname: str,
  keywords: str,
  pagenumber: str,
  pageStart: num,
  pageEnd: num,
  subject: str,
  country: str,
  file: str,
  /** Public URL of the PDF, or null when the article has no file. */
  pdf_url: z.string().nullable(),
  publishdate: str,
  /** '' when the article has no DOI. */
  doi: str,
  /** Set when the journal withdrew or retracted it (docs/product.md#withdrawals); lists carry only retractions. */
  withdrawal: withdrawalSchema,
});
export const articleSummarySchema = articleSummaryObject.loose();
export type ArticleSummary = z.infer<typeof articleSummarySchema>;
/** The fields every list answer carries: what the content service builds (no index signature). */
export type ArticleSummaryFields = z.infer<typeof articleSummaryObject>;

/** docs/product.md#structured-authors: an author as public answers give it (no e-mail). */
export const publicAuthorSchema = z.object({
  given: str,
  family: str,
  affiliations: z.array(z.object({ name: str, ror: str })),
  orcid: str,
  corresponding: z.boolean(),
});

const articleDetailObject = articleSummaryObject.extend({
  /** Sanitised HTML under the common allow-list. */
  abstract: str,
  /** In order; `authorname` is their display text. */
  authors: z.array(publicAuthorSchema),
  /** docs/product.md#licences: the article's own licence URL; '' states the journal's default (settings `license`). */
  license: str,
  /** docs/product.md#references: plain text, each with the DOI found in it ('' when none). */
  references: z.array(z.object({ text: str, doi: str })),
  status: str,
  modification: str,
});
export const articleDetailSchema = articleDetailObject.loose();
export type ArticleDetail = z.infer<typeof articleDetailSchema>;
export type ArticleDetailFields = z.infer<typeof articleDetailObject>;

/** What a citation file (BibTeX, RIS, CSL-JSON) and a Crossref deposit say of an article. */
export type CitedArticle = Pick<
  ArticleDetailFields,
  'refnumber' | 'title' | 'authorname' | 'abstract' | 'keywords' | 'year' | 'volume' | 'issue' | 'pagenumber' | 'publishdate' | 'doi'
> &
  Partial<Pick<ArticleDetailFields, 'authors' | 'license' | 'references'>>;

/** Every public read by name: the path family it answers and its response schema. */
export const publicReadSchemas = {
  settings: publicSettingsSchema,
  editors: z.array(publicEditorSchema),
  indexing: z.array(publicIndexingItemSchema),
  archives: z.array(yearSummarySchema),
  issue: z.array(articleSummarySchema),
  article: articleDetailSchema,
  search: z.array(articleSummarySchema),
  /** docs/product.md#submissions: what an author's status link shows (never kept by the render process). */
  submissionStatus: submissionStatusSchema,
  /** docs/product.md#peer-review: what a reviewer's private link shows (never kept by the render process). */
  reviewPage: reviewPageSchema,
} as const;
export type PublicReadName = keyof typeof publicReadSchemas;
export type PublicRead<K extends PublicReadName> = z.infer<(typeof publicReadSchemas)[K]>;

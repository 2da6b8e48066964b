import { z } from 'zod';
import { journalFlagsSchema } from './settings.schema.js';

/**
 * Response contract of the public reads (settings, editors, indexing, archive years, issue
 * articles, one article, search). The render process parses what the content service answers with
 * these; the browser's read functions are typed by the same inferred types. Objects stay loose so
 * a field another part adds (a DOI, an asset URL) passes through untouched.
 */
const str = z.string().catch('');
const num = z.coerce.number().catch(0);

export const publicSettingsSchema = z.looseObject({
  websitename: str,
  domain: str,
  formatted_journal_name: str,
  websiteemail: str,
  whatsup_number: str,
  year_started: str,
  journal_frequency: str,
  journal_type: str,
  journal_language: str,
  journal_essn: str,
  issn: str,
  nassScore: str,
  nassScoreYear: str,
  impactfactor: str,
  fee_rupee: str,
  fee_dollar: str,
  google_review_link: str,
  home_content: str,
  /** The publisher's postal address; absent or empty shows the default. */
  address: z.string().optional().catch(undefined),
  doi_prefix: str,
  doi_suffix_pattern: str,
  flags: journalFlagsSchema.catch(journalFlagsSchema.parse({})),
  /** Versioned URLs (`?v=`) of the site images the journal has stored, by file name ('logo.png'). */
  asset_urls: z.record(z.string(), z.string()).catch({}),
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
  issue_month: z.record(z.string(), z.string()).catch({}),
  /** The year's issues, newest first. */
  issues: z.array(z.looseObject({ volume: z.coerce.number(), issue: z.coerce.number(), month: str, articles: num })).catch([]),
});
export type YearSummary = z.infer<typeof yearSummarySchema>;

export const articleSummarySchema = z.looseObject({
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
  pdf_url: z.string().nullable().catch(null),
  publishdate: str,
  /** '' when the article has no DOI. */
  doi: str,
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleDetailSchema = articleSummarySchema.extend({
  /** Sanitised HTML under the common allow-list. */
  abstract: str,
  status: str,
  modification: str,
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

/** Every public read by name: the path family it answers and its response schema. */
export const publicReadSchemas = {
  settings: publicSettingsSchema,
  editors: z.array(publicEditorSchema),
  indexing: z.array(publicIndexingItemSchema),
  archives: z.array(yearSummarySchema),
  issue: z.array(articleSummarySchema),
  article: articleDetailSchema,
  search: z.array(articleSummarySchema),
} as const;
export type PublicReadName = keyof typeof publicReadSchemas;
export type PublicRead<K extends PublicReadName> = z.infer<(typeof publicReadSchemas)[K]>;

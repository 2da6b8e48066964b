import { z } from 'zod';
import { DOI_PATTERN_MESSAGE, DOI_PREFIX_MESSAGE, DOI_PREFIX_RE, isValidDoiPattern } from './doi';

/** Per-journal flags that replace the original's hard-coded domain lists (docs/product.md#journal-flags). */
export const journalFlagsSchema = z.object({
  showSubject: z.boolean().default(false),
  hideOwnerNotice: z.boolean().default(false),
  showEditorContacts: z.boolean().default(false),
  showJournalList: z.boolean().default(false),
  banner: z.enum(['header', 'naas', 'sitename']).default('sitename'),
  coverImage: z.string().max(300).default(''),
  journalListLink: z.string().max(500).default(''),
  ownerNotice: z.string().max(2000).default(''),
  ownerLink: z.string().max(500).default(''),
  /** Public article pages show their view and download counts (absent: no). */
  showUsageStats: z.boolean().optional(),
});
export type JournalFlags = z.infer<typeof journalFlagsSchema>;

/** Settings as the public site reads them (docs/product.md#settings). */
export interface PublicSettings {
  websitename: string;
  domain: string;
  formatted_journal_name: string;
  websiteemail: string;
  whatsup_number: string;
  year_started: string;
  journal_frequency: string;
  journal_type: string;
  journal_language: string;
  journal_essn: string;
  issn: string;
  nassScore: string;
  nassScoreYear: string;
  impactfactor: string;
  fee_rupee: string;
  fee_dollar: string;
  google_review_link: string;
  home_content: string;
  doi_prefix: string;
  doi_suffix_pattern: string;
  flags: JournalFlags;
}

const shortText = (max = 200) => z.string().trim().max(max);

/** What the admin settings form edits (docs/product.md#settings), plus the per-journal flags. */
export const settingsUpdateSchema = z.object({
  websitename: shortText().min(1, 'Website name is required'),
  websiteemail: z.string().trim().email('Enter a valid email').max(200),
  impactfactor: shortText(),
  issn: shortText(50),
  whatsup_number: shortText(30),
  domain: shortText(253),
  flags: journalFlagsSchema.partial().optional(),
});
export type SettingsUpdateInput = z.infer<typeof settingsUpdateSchema>;

/**
 * DOI settings: the journal's Crossref prefix and the pattern an article's DOI suffix is made
 * from ({year} {volume} {issue} {refnumber} {journal}). Both empty: the journal assigns no DOIs.
 */
export const doiSettingsSchema = z
  .object({
    doi_prefix: z.string().trim().max(20).refine((s) => s === '' || DOI_PREFIX_RE.test(s), DOI_PREFIX_MESSAGE),
    doi_suffix_pattern: z.string().trim().max(150).refine((s) => s === '' || isValidDoiPattern(s), DOI_PATTERN_MESSAGE),
  })
  .refine((s) => !s.doi_prefix === !s.doi_suffix_pattern, { message: 'Set both the DOI prefix and the suffix pattern, or neither', path: ['doi_suffix_pattern'] });
export type DoiSettingsInput = z.infer<typeof doiSettingsSchema>;

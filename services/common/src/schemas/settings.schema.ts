import { z } from 'zod';

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

import { z } from 'zod';
import { imageUrlMessage, isSafeImageUrl, isSafeLink, linkMessage } from './link.rules.js';
import { checkHost } from './journal-admin.schema.js';
import { licenseField } from './article-authors.schema.js';
import { DOI_PATTERN_MESSAGE, DOI_PREFIX_MESSAGE, DOI_PREFIX_RE, isValidDoiPattern } from './doi.js';

/** Per-journal flags that replace the original's hard-coded domain lists (docs/product.md#journal-flags). */
export const journalFlagsSchema = z.object({
  showSubject: z.boolean().default(false),
  hideOwnerNotice: z.boolean().default(false),
  showEditorContacts: z.boolean().default(false),
  showJournalList: z.boolean().default(false),
  /** The NAAS rating banner, shown beside the header image or the site-name banner. */
  showNaas: z.boolean().optional(),
  /** Header image or site-name banner; 'naas' (stored by older versions) is the NAAS banner beside the site name. */
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
  /** docs/product.md#licences: the default licence URL of the journal's articles ('' for none). */
  license: string;
  /** The publisher's postal address (home cover card, contact page); empty shows the default. */
  address?: string;
  flags: JournalFlags;
}

const shortText = (max = 200) => z.string().trim().max(max);
/** docs/security.md#links: http:, https: or mailto: only; `javascript:` and `data:` are refused. */
const link = (label: string) => z.string().trim().max(500).refine(isSafeLink, linkMessage(label));
/** docs/security.md#links: an uploaded asset or an https: address. */
const imageUrl = (label: string) => z.string().trim().max(300).refine(isSafeImageUrl, imageUrlMessage(label));

/** The flags an admin may set; unknown flags are refused like unknown fields. */
export const flagsUpdateSchema = z.strictObject({
  showSubject: z.boolean(),
  hideOwnerNotice: z.boolean(),
  showEditorContacts: z.boolean(),
  showJournalList: z.boolean(),
  showNaas: z.boolean(),
  showUsageStats: z.boolean(),
  banner: z.enum(['header', 'naas', 'sitename']),
  coverImage: imageUrl('The cover image'),
  journalListLink: link('The journal list link'),
  ownerNotice: z.string().trim().max(2000),
  ownerLink: link('The owner link'),
}).partial();

/**
 * Everything the admin settings form edits, shared by the form and the server. Every field is
 * optional (a field not sent keeps its value) but the object is strict: an unknown field, an
 * operator object or a wrong type refuses the whole update and nothing changes. Rich text
 * (`formatted_journal_name`, `home_content`) is sanitised by the server before it is stored.
 */
export const settingsUpdateSchema = z.strictObject({
  websitename: shortText().min(1, 'Website name is required'),
  formatted_journal_name: z.string().max(2000, 'The formatted name is too long'),
  websiteemail: z.string().trim().email('Enter a valid email').max(200),
  // The journal's host name as readers see it: a host name alone, like the CLI's journal hosts.
  domain: shortText(253).superRefine((v, ctx) => {
    const c = v === '' ? null : checkHost(v);
    if (c && !c.ok) ctx.addIssue({ code: 'custom', message: c.problem });
  }),
  issn: shortText(50),
  journal_essn: shortText(50),
  impactfactor: shortText(),
  nassScore: shortText(50),
  nassScoreYear: z.string().trim().regex(/^(\d{4})?$/, 'Enter a 4-digit year'),
  year_started: z.string().trim().regex(/^(\d{4})?$/, 'Enter a 4-digit year'),
  journal_frequency: shortText(100),
  journal_type: shortText(100),
  journal_language: shortText(100),
  address: z.string().trim().max(1000),
  fee_rupee: z.string().trim().regex(/^(\d{1,9}(\.\d{1,2})?)?$/, 'Enter an amount in rupees, digits only'),
  fee_dollar: z.string().trim().regex(/^(\d{1,9}(\.\d{1,2})?)?$/, 'Enter an amount in dollars, digits only'),
  whatsup_number: z.string().trim().regex(/^(\+?[0-9][0-9 -]{5,29})?$/, 'Enter a phone number with country code, e.g. +911234567890'),
  google_review_link: link('The review link'),
  home_content: z.string().max(200_000, 'The home content is too long'),
  license: licenseField,
  flags: flagsUpdateSchema,
}).partial();
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
/** The four site images the admin uploads; each is served at /assets/site/{kind}.png. */
export const SITE_IMAGE_KINDS = ['logo', 'header', 'cover', 'chat'] as const;
export type SiteImageKind = (typeof SITE_IMAGE_KINDS)[number];


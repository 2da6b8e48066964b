import { z } from 'zod';
import { isValidAuthorName } from './author-name.js';
import { ORCID_CHECK_MESSAGE, normaliseOrcid, normaliseRor, orcidProblem, isValidRor, ROR_MESSAGE } from './scholarly-ids.js';
import { LICENSE_MESSAGE, licenseByUrl } from './licenses.js';
import { MAX_REFERENCE_CHARS, MAX_REFERENCES, parseReferences, REFERENCE_LENGTH_MESSAGE, REFERENCES_COUNT_MESSAGE } from './references.js';

/** docs/product.md#structured-authors: the rules of one author, shared by the admin form and the API. */
export const MAX_AUTHORS = 100;
export const MAX_AFFILIATIONS = 20;
export const AUTHOR_NAME_PART_MESSAGE = "Names use only letters (Latin or Devanagari), spaces and periods, and a hyphen or apostrophe between two letters (Jean-Luc, O'Brien)";
export const FAMILY_REQUIRED_MESSAGE = 'Family name is required';
export const AUTHORS_REQUIRED_MESSAGE = 'At least one author is required';

const namePart = (max: number) =>
  z
    .string({ error: 'Must be text' })
    .trim()
    .max(max, 'Too long')
    // No commas: the derived author text separates authors with them.
    .refine((s) => s === '' || (isValidAuthorName(s) && !s.includes(',')), AUTHOR_NAME_PART_MESSAGE);

export const orcidField = z
  .string({ error: 'Must be text' })
  .max(100, ORCID_CHECK_MESSAGE)
  .transform(normaliseOrcid)
  .superRefine((s, ctx) => {
    const p = s === '' ? null : orcidProblem(s);
    if (p) ctx.addIssue({ code: 'custom', message: p });
  });

export const rorField = z
  .string({ error: 'Must be text' })
  .max(100, ROR_MESSAGE)
  .transform(normaliseRor)
  .refine((s) => s === '' || isValidRor(s), ROR_MESSAGE);

export const affiliationSchema = z.object({
  name: z.string({ error: 'Must be text' }).trim().min(1, 'Affiliation name is required').max(500, 'Too long').refine((s) => !/[\r\n<>]/.test(s), 'Affiliation must be one line of text'),
  ror: rorField.optional().default(''),
});

export const authorSchema = z.object({
  given: namePart(200).optional().default(''),
  family: namePart(200).refine((s) => s !== '', FAMILY_REQUIRED_MESSAGE),
  affiliations: z.array(affiliationSchema).max(MAX_AFFILIATIONS, `At most ${MAX_AFFILIATIONS} affiliations`).optional().default([]),
  orcid: orcidField.optional().default(''),
  corresponding: z.boolean({ error: 'Must be true or false' }).optional().default(false),
  email: z.union([z.literal(''), z.email('Email is invalid').max(300, 'Too long')]).optional().default(''),
});
export type AuthorInput = z.input<typeof authorSchema>;

/** The list as multipart sends it (one JSON text) or as JSON; in order, at least one. */
export const authorsField = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z.array(authorSchema, { error: 'Authors must be a list' }).min(1, AUTHORS_REQUIRED_MESSAGE).max(MAX_AUTHORS, `At most ${MAX_AUTHORS} authors`),
);

/** '' (the journal's default) or one of the listed licences' URLs. */
export const licenseField = z
  .string({ error: 'Must be text' })
  .trim()
  .max(300, LICENSE_MESSAGE)
  .refine((s) => s === '' || !!licenseByUrl(s), LICENSE_MESSAGE);

/** The pasted reference list: plain text out, at most 2,000 lines. */
export const referencesField = z
  .string({ error: 'Must be text' })
  .max(MAX_REFERENCES * MAX_REFERENCE_CHARS, REFERENCES_COUNT_MESSAGE)
  .transform(parseReferences)
  .refine((r) => r.length <= MAX_REFERENCES, REFERENCES_COUNT_MESSAGE)
  .refine((r) => r.every((x) => x.text.length <= MAX_REFERENCE_CHARS), REFERENCE_LENGTH_MESSAGE);

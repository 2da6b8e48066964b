/**
 * DOIs: the per-journal prefix and suffix pattern, the checks an article's DOI passes, and the
 * suffix made from the pattern. Pure, so the server and the admin form apply the same rules.
 */

/** A Crossref DOI prefix: '10.' and the registrant code. */
export const DOI_PREFIX_RE = /^10\.\d{4,9}$/;
/**
 * Crossref's recommended pattern for modern DOIs (prefix '/' suffix of letters, digits and
 * -._;()/:). Anything else would need escaping in URLs and in deposit files.
 */
export const DOI_RE = /^10\.\d{4,9}\/[-._;()/:A-Za-z0-9]+$/;
export const DOI_MAX = 200;
export const DOI_PLACEHOLDERS = ['year', 'volume', 'issue', 'refnumber', 'journal'] as const;
export type DoiPlaceholder = (typeof DOI_PLACEHOLDERS)[number];

export const DOI_MESSAGE = 'DOI must look like 10.12345/suffix (letters, digits and - . _ ; ( ) / : only)';
export const DOI_PREFIX_MESSAGE = 'DOI prefix must look like 10.12345';
export const DOI_PATTERN_MESSAGE = 'Suffix pattern must contain {refnumber} and only letters, digits, - . _ ; ( ) / : and the placeholders';
export const DUPLICATE_DOI_MESSAGE = 'DOI already used by another article of this journal';

/** Trims and drops a resolver prefix (https://doi.org/, doi:), so pasted links are accepted. */
export function normaliseDoi(input: string | null | undefined): string {
  return String(input ?? '')
    .trim()
    .replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
}

export const isValidDoi = (doi: string) => doi.length <= DOI_MAX && DOI_RE.test(doi);

/** Checks a suffix pattern: {refnumber} keeps suffixes unique, and the rest stays within DOI characters. */
export function isValidDoiPattern(pattern: string): boolean {
  if (!pattern.includes('{refnumber}') || pattern.length > 150) return false;
  const rest = pattern.replace(/\{([a-z]+)\}/g, (m, name: string) => ((DOI_PLACEHOLDERS as readonly string[]).includes(name) ? 'x' : m));
  return /^[-._;()/:A-Za-z0-9]+$/.test(rest);
}

export interface DoiSource {
  year: number | string;
  volume: number | string;
  issue: number | string;
  refnumber: string;
}

/** The DOI a pattern gives an article, or '' when the journal has no prefix or pattern. */
export function formatDoi(prefix: string, pattern: string, a: DoiSource, journalSlug = ''): string {
  if (!DOI_PREFIX_RE.test(prefix) || !isValidDoiPattern(pattern)) return '';
  const values: Record<DoiPlaceholder, string> = {
    year: String(a.year),
    volume: String(a.volume),
    issue: String(a.issue),
    refnumber: String(a.refnumber),
    journal: journalSlug.toLowerCase().replace(/[^a-z0-9-]/g, ''),
  };
  const suffix = pattern.replace(/\{([a-z]+)\}/g, (m, name: string) => values[name as DoiPlaceholder] ?? m);
  const doi = `${prefix}/${suffix}`;
  return isValidDoi(doi) ? doi : '';
}

export { doiUrl } from './doi-url.js';

/** The unique-index key of an article's DOI: DOIs are case-insensitive; no DOI keys by the ref number. */
export const doiKey = (doi: string | null | undefined, refnumber: string) => (doi ? doi.toLowerCase() : `~ref:${refnumber}`);

import { decodeEntities } from './text.rules.js';
import { dropTags } from './plain-text.js';

/**
 * docs/product.md#references: an article's reference list, pasted one per line. Each line is kept
 * as plain text (markup and entities undone, whitespace collapsed) with the DOI found in it.
 */
export interface ArticleReference {
  text: string;
  /** '' or the bare DOI (10.xxxx/...), lower-case prefix as written. */
  doi: string;
}

export const MAX_REFERENCES = 2000;
export const MAX_REFERENCE_CHARS = 4000;
export const REFERENCES_COUNT_MESSAGE = `At most ${MAX_REFERENCES} references`;
export const REFERENCE_LENGTH_MESSAGE = `A reference is at most ${MAX_REFERENCE_CHARS} characters`;

/** A DOI inside free text: after 'doi:', a resolver URL, or standing alone; trailing punctuation is not part of it. */
const DOI_IN_TEXT = /(?:doi\.org\/|doi:\s*)?(10\.\d{4,9}\/[^\s"<>]+)/i;

export function findDoi(text: string): string {
  const m = DOI_IN_TEXT.exec(text);
  if (!m) return '';
  let doi = m[1]!.replace(/[.,;:]+$/, '');
  // A closing bracket belongs to the DOI only when the DOI opened one.
  while (/[)\]]$/.test(doi) && (doi.match(/[([]/g)?.length ?? 0) < (doi.match(/[)\]]/g)?.length ?? 0)) doi = doi.slice(0, -1);
  return doi;
}

/** One pasted line as plain text: tags dropped, entities decoded once, whitespace collapsed, a list number kept. */
export const referenceText = (line: string) =>
  decodeEntities(dropTags(line))
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The pasted text (one reference a line, empty lines skipped) as references, in order. */
export const parseReferences = (pasted: string): ArticleReference[] =>
  String(pasted ?? '')
    .split(/\r\n|\r|\n/)
    .map(referenceText)
    .filter(Boolean)
    .map((text) => ({ text, doi: findDoi(text) }));

/** The list as the form's text: one a line. */
export const referencesText = (refs: readonly Pick<ArticleReference, 'text'>[]) => refs.map((r) => r.text).join('\n');

import { splitAuthors } from './text.rules.js';

/**
 * docs/product.md#machine-readable-names: the titles dropped before an author's name wherever a
 * machine reads it (citation tags, JSON-LD, OAI, feeds, citation files, Crossref). Each may be
 * written with or without its period; repeated ones ('Prof. Dr.') all go.
 */
const HONORIFICS = ['Dr', 'Prof', 'Professor', 'Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Sir', 'Dame', 'Shri', 'Smt', 'Sri', 'Kumari', 'Er', 'Adv', 'Rev'];
const HONORIFIC_RE = new RegExp(`^(?:(?:${HONORIFICS.join('|')})(?:\\.\\s*|\\s+))+`, 'i');

/**
 * One author's bare name: whitespace collapsed and leading honorifics removed ('Dr. Anil Kumar' →
 * 'Anil Kumar', 'Prof.Dr. Meena' → 'Meena'). A name that is only a title stays as written, so
 * nothing is blanked.
 */
export function bareAuthorName(name: string): string {
  const n = String(name ?? '').replace(/\s+/g, ' ').trim();
  const bare = n.replace(HONORIFIC_RE, '').trim();
  return bare || n;
}

/** Every author of the comma-separated field, each a bare name: what machines are given. */
export const machineAuthors = (authorname: unknown): string[] => splitAuthors(authorname).map(bareAuthorName).filter(Boolean);

/** Letters an author name may use: Latin (diacritics included) and Devanagari. */
const LETTER = /[\p{Script=Latin}\p{Script=Devanagari}]/u;
/** Combining marks (a decomposed 'ñ', Devanagari vowel signs) belong to the letter before them. */
const MARK = /\p{M}/u;
const JOINERS = new Set(['-', "'", '\u2019']);

/**
 * docs/product.md#article-rules: letters of Latin and Devanagari script, spaces, commas and
 * periods, and a hyphen or apostrophe inside a name (a letter on both sides: 'Jean-Luc',
 * "O'Brien"), with at least one letter. Digits and any other symbol are refused.
 */
export function isValidAuthorName(s: string): boolean {
  const cs = Array.from(String(s ?? ''));
  let letters = 0;
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!;
    if (LETTER.test(c)) letters++;
    else if (MARK.test(c)) {
      if (i === 0 || !(LETTER.test(cs[i - 1]!) || MARK.test(cs[i - 1]!))) return false;
    } else if (JOINERS.has(c)) {
      const before = cs[i - 1];
      const after = cs[i + 1];
      if (!before || !after || !(LETTER.test(before) || MARK.test(before)) || !LETTER.test(after)) return false;
    } else if (c !== ' ' && c !== ',' && c !== '.') return false;
  }
  return letters > 0;
}

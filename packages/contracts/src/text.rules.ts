import { decodeHTML } from 'entities';

/**
 * Stored titles, abstracts and home content may be HTML-entity-encoded. Decodes every HTML5
 * entity exactly once, as a browser reads text (docs/product.md#encoded-text): decoding twice
 * would turn a literal '&amp;lt;' typed by staff into a tag. Sanitise the result before showing it.
 */
export const decodeEntities = (s: unknown): string => (s === undefined || s === null ? '' : decodeHTML(String(s)));

/** More digits than this is not a year, volume or issue. */
const MAX_NUMBER_DIGITS = 6;

/**
 * The number a route parameter carries: the first run of digits in the text ('vol3' → 3,
 * 'v1i2' → 1). Null when there is none or it has more than 6 digits, so such a parameter matches
 * nothing (docs/product.md#route-params).
 */
export function firstNumber(param: unknown): number | null {
  if (typeof param === 'number') param = Number.isInteger(param) && param >= 0 ? String(param) : '';
  if (typeof param !== 'string') return null;
  const m = /\d+/.exec(param);
  if (!m || m[0].length > MAX_NUMBER_DIGITS) return null;
  return Number(m[0]);
}

/** The authors of the comma-separated `authorname` field: whitespace collapsed, empty parts dropped (docs/product.md#authors). */
export const splitAuthors = (authorname: unknown): string[] =>
  (typeof authorname === 'string' ? authorname : '')
    .split(',')
    .map((a) => a.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

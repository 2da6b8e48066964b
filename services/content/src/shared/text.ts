import { sanitizeRichText, sanitizeTitle, toPlainText } from '@journal/common';

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

/**
 * Decodes one level of HTML entities: titles, abstracts and home content are stored entity-encoded
 * (docs/product.md#entities). The result is always sanitised afterwards, which re-escapes any bare text.
 */
export function decodeEntities(s: string): string {
  return String(s ?? '').replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8}|#39);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : m;
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
}

/** Stored (possibly encoded) title → safe HTML with i/em only, whitespace collapsed (docs/product.md#display-rules). */
export const cleanTitle = (s: string) => sanitizeTitle(decodeEntities(s));
/** Stored (possibly encoded) rich text → HTML under the common allow-list. */
export const cleanRich = (s: string) => sanitizeRichText(decodeEntities(s));
/** Stored rich text → plain text (meta tags, search). */
export const plain = (s: string) => decodeEntities(toPlainText(decodeEntities(s)));

/**
 * docs/product.md#route-params: a route param is a text prefix and a number, and the number is the first one in the
 * text ('vol3' → 3). Null when there is none or it is absurd (more than 6 digits).
 */
export function firstNumber(param: unknown): number | null {
  if (typeof param !== 'string' || param.length > 100) return null;
  const m = /\d+/.exec(param);
  if (!m || m[0].length > 6) return null;
  return Number(m[0]);
}

/** Author list of the comma-separated authorname field. */
export const splitAuthors = (authorname: string) =>
  String(authorname ?? '')
    .split(',')
    .map((a) => a.replace(/\s+/g, ' ').trim())
    .filter(Boolean);

/**
 * Lower-cased plain text for substring search: entities decoded, tags dropped, whitespace
 * collapsed. Cheap on purpose (no HTML parser): it is only ever matched, never shown.
 */
export function searchText(parts: (string | undefined)[]): string {
  return parts
    .map((p) => decodeEntities(decodeEntities(String(p ?? '')).replace(/<[^>]*>/g, ' ')))
    .join(' \u0001 ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

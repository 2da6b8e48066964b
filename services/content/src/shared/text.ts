import { sanitizeRichText, sanitizeTitle, storedToPlainText } from '@journal/server-kit';
import { decodeEntities } from '@journal/contracts';

/** The rules live in @journal/contracts; re-exported for this service's callers. */
export { decodeEntities, firstNumber, splitAuthors } from '@journal/contracts';

/** Stored (possibly encoded) title → safe HTML with the title tags only (TITLE_TAGS), whitespace collapsed (docs/product.md#display-rules). */
export const cleanTitle = (s: string) => sanitizeTitle(decodeEntities(s));
/** Stored (possibly encoded) rich text → HTML under the common allow-list. */
export const cleanRich = (s: string) => sanitizeRichText(decodeEntities(s));
/** Stored rich text → plain text (meta tags, OAI). */
export const plain = (s: string) => storedToPlainText(s);

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

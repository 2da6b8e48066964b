/**
 * Stored keywords and page numbers as citations, deposits and the article page's head read them.
 * In a file of their own: the public site's entry imports text.rules.ts, and in the browser only
 * the lazily loaded head builders use these.
 */

/** An article's keywords: the stored text split on commas and semicolons, trimmed, empty ones dropped. */
export const splitKeywords = (keywords: unknown): string[] =>
  (typeof keywords === 'string' ? keywords : '')
    .split(/[,;]/)
    .map((k) => k.trim())
    .filter(Boolean);

/**
 * First and last page of a stored page number ('12-19', '12–19', '12 — 19', or a lone '12' for
 * both); null for anything else. Citations and deposits read pages with this; new articles are
 * held to the stricter form of the article rules.
 */
export function pageSpan(pagenumber: unknown): { first: string; last: string } | null {
  const m = /^\s*(\d+)\s*(?:[-–—]\s*(\d+))?\s*$/.exec(typeof pagenumber === 'string' ? pagenumber : '');
  return m ? { first: m[1]!, last: m[2] ?? m[1]! } : null;
}

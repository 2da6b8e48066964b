/** docs/product.md#search: a keyword longer than this is cut. */
export const SEARCH_MAX_KEYWORD = 200;
/** docs/product.md#search: at most this many articles answer a public search. */
export const SEARCH_MAX_RESULTS = 1000;

/** Normalises a search keyword: string only, whitespace collapsed, capped in length. */
export function normaliseKeyword(k: unknown): string {
  if (typeof k !== 'string') return '';
  return k.slice(0, SEARCH_MAX_KEYWORD * 2).replace(/\s+/g, ' ').trim().slice(0, SEARCH_MAX_KEYWORD).toLowerCase();
}

import { memoizeText } from '@journal/server-kit';

/**
 * A pure function of a string, remembered: the same abstracts, titles and editor texts are
 * sanitised on every page that shows them, and sanitize-html parses each one in full. Bounded by
 * the characters kept (keys and results), the least recently used going first.
 */
export const memoText = (fn: (s: string) => string, maxChars = 8_000_000): ((s: string) => string) => memoizeText(maxChars, fn);

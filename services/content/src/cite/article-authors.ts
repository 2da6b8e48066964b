import type { CitedArticle } from '@journal/contracts';
import { authorsOf, type PersonName } from './cite-formats';

/**
 * The authors an export names, in order, as family and given names. Today they come from the
 * comma-separated `authorname` text (the contracts' split, honorifics removed); when articles
 * carry structured authors, this is the one place that changes for the JATS, DOAJ and Crossref
 * exports.
 */
export function articleAuthors(a: Pick<CitedArticle, 'authorname'>): PersonName[] {
  return authorsOf(a);
}

/** "Given Family", or the family name alone: how DOAJ wants a name. */
export const displayName = (p: PersonName) => (p.given ? `${p.given} ${p.family}` : p.family);

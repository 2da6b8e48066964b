import { type AuthorAffiliation, type CitedArticle } from '@journal/contracts';
import { authorsOf, type PersonName } from './cite-formats';

/** An author as the exports name them: family and given names, iD and affiliations. */
export interface CitedAuthor extends PersonName {
  orcid: string;
  affiliations: AuthorAffiliation[];
  corresponding: boolean;
}

/**
 * docs/product.md#structured-authors: the authors an export names, in order: the article's list,
 * or for an answer without one the comma-separated `authorname` split (honorifics removed).
 */
export function articleAuthors(a: Pick<CitedArticle, 'authorname' | 'authors'>): CitedAuthor[] {
  if (a.authors?.length) {
    return a.authors.map((p) => ({ family: p.family, given: p.given, orcid: p.orcid, affiliations: p.affiliations, corresponding: p.corresponding }));
  }
  return authorsOf(a).map((p) => ({ ...p, orcid: '', affiliations: [], corresponding: false }));
}

/** "Given Family", or the family name alone: how DOAJ wants a name. */
export const displayName = (p: PersonName) => (p.given ? `${p.given} ${p.family}` : p.family);

/** Every distinct affiliation of the authors, in first-seen order, and each author's indexes into it. */
export function affiliationIndex(authors: CitedAuthor[]): { list: AuthorAffiliation[]; of: number[][] } {
  const list: AuthorAffiliation[] = [];
  const key = (f: AuthorAffiliation) => `${f.name}\u0000${f.ror}`;
  const seen = new Map<string, number>();
  const of = authors.map((p) =>
    p.affiliations.map((f) => {
      let i = seen.get(key(f));
      if (i === undefined) {
        i = list.push(f) - 1;
        seen.set(key(f), i);
      }
      return i;
    }),
  );
  return { list, of };
}

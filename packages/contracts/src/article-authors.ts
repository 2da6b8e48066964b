import { bareAuthorName } from './author-name.js';
import { splitAuthors } from './text.rules.js';

/**
 * docs/product.md#structured-authors: one author of an article as stored and edited. The display
 * form is derived ('Given Family', or the family name alone for a single-name author); the
 * e-mail is for the journal only and never leaves the staff API.
 */
export interface AuthorAffiliation {
  name: string;
  /** '' or a ROR id as its URL (https://ror.org/0xxxxxxxx). */
  ror: string;
}
export interface ArticleAuthor {
  given: string;
  family: string;
  affiliations: AuthorAffiliation[];
  /** '' or the bare iD, 0000-0000-0000-000X. */
  orcid: string;
  corresponding: boolean;
  email: string;
  /** Set by the split of an older name text when the split is a guess; cleared by the next save. */
  review?: boolean;
}
/** What public answers carry of an author: no e-mail, no review flag. */
export type PublicAuthor = Omit<ArticleAuthor, 'email' | 'review'>;

export const authorDisplayName = (a: Pick<ArticleAuthor, 'given' | 'family'>) => (a.given ? `${a.given} ${a.family}` : a.family);

/** The comma-separated `authorname` the list stands for (what every older reader of the field gets). */
export const authornameOf = (authors: readonly Pick<ArticleAuthor, 'given' | 'family'>[]) => authors.map(authorDisplayName).join(', ');

export const publicAuthor = (a: ArticleAuthor): PublicAuthor => ({
  given: a.given,
  family: a.family,
  affiliations: a.affiliations.map((f) => ({ name: f.name, ror: f.ror })),
  orcid: a.orcid,
  corresponding: a.corresponding,
});

/** Lower-case words that start a family name ('van der Berg', 'da Silva'): a split there is a guess. */
const PARTICLES = new Set(['van', 'von', 'der', 'den', 'de', 'del', 'della', 'da', 'das', 'dos', 'di', 'du', 'la', 'le', 'bin', 'binti', 'al', 'el', 'ter', 'ten']);

/**
 * One name of the older comma-separated text as given and family names: honorifics dropped, the
 * last word the family name (as the citation line has always read it). `review` marks what a
 * person should check: one word only, a family name that is an initial ('Sharma A.'), a name
 * particle, more than four words, or a name that was only a title.
 */
export function splitAuthorName(full: string): Pick<ArticleAuthor, 'given' | 'family'> & { review: boolean } {
  const raw = String(full ?? '').replace(/\s+/g, ' ').trim();
  const bare = bareAuthorName(raw);
  const words = bare.split(' ').filter(Boolean);
  if (words.length <= 1) return { given: '', family: (words[0] ?? raw).replace(/\.$/, ''), review: true };
  const family = words[words.length - 1]!;
  const given = words.slice(0, -1).join(' ');
  const review =
    bare === raw.replace(/\.$/, '') && /^(dr|prof|mr|mrs|ms)\.?$/i.test(raw) ||
    /^\p{L}\.?$/u.test(family) ||
    /^(\p{L}\.)+$/u.test(family) ||
    words.slice(0, -1).some((w) => PARTICLES.has(w.toLowerCase())) ||
    words.length > 4;
  return { given, family, review };
}

/** The older `authorname` text as a list of authors (no affiliations, iDs or e-mails). */
export const authorsFromText = (authorname: unknown): ArticleAuthor[] =>
  splitAuthors(authorname).map((n) => {
    const s = splitAuthorName(n);
    return { given: s.given, family: s.family, affiliations: [], orcid: '', corresponding: false, email: '', ...(s.review ? { review: true } : {}) };
  });

import { authorsFromText, authornameOf, authorSchema, type ArticleAuthor } from '@journal/contracts';

/**
 * docs/product.md#structured-authors: the article form's author list, kept in step with the
 * "Author Name" text both ways, and checked with the contracts' author rules.
 */
export type AuthorDraft = Omit<ArticleAuthor, 'affiliations'> & { affiliations: { name: string; ror: string }[] };

export const emptyAuthor = (): AuthorDraft => ({ given: '', family: '', affiliations: [], orcid: '', corresponding: false, email: '' });

const sameName = (a: Pick<ArticleAuthor, 'given' | 'family'>, b: Pick<ArticleAuthor, 'given' | 'family'>) => a.given === b.given && a.family === b.family;

/**
 * The list a typed text stands for: each name split, and an author already in the list under the
 * same name keeps what else was entered for them (iD, affiliations, e-mail).
 */
export function listFromText(text: string, prev: readonly AuthorDraft[]): AuthorDraft[] {
  const unused = [...prev];
  return authorsFromText(text).map((a) => {
    const i = unused.findIndex((p) => sameName(p, a));
    if (i < 0) return { ...emptyAuthor(), given: a.given, family: a.family, ...(a.review ? { review: true } : {}) };
    const [kept] = unused.splice(i, 1);
    return kept!;
  });
}

/** The text for a list edited in the list: the typed text when it still names the same people. */
export function textFromList(list: readonly AuthorDraft[], typed: string): string {
  const split = authorsFromText(typed);
  const filled = list.filter((a) => a.family.trim() || a.given.trim());
  if (split.length === filled.length && split.every((s, i) => sameName(s, filled[i]!))) return typed;
  return authornameOf(filled.map((a) => ({ given: a.given.trim(), family: a.family.trim() })));
}

export function moveAuthor<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [x] = next.splice(from, 1);
  next.splice(to, 0, x!);
  return next;
}

/** Messages by field path ('0.orcid', '1.affiliations.0.ror'), from the shared author rules. */
export function authorMessages(list: readonly AuthorDraft[]): Record<string, string> {
  const out: Record<string, string> = {};
  list.forEach((a, i) => {
    const r = authorSchema.safeParse(a);
    if (!r.success) for (const issue of r.error.issues) out[[i, ...issue.path].join('.')] ??= issue.message;
  });
  return out;
}

/** What the form sends: the list as the API takes it (the review flag is cleared by saving). */
export const authorsPayload = (list: readonly AuthorDraft[]) =>
  JSON.stringify(list.map(({ review: _r, ...a }) => ({ ...a, given: a.given.trim(), family: a.family.trim(), orcid: a.orcid.trim(), email: a.email.trim() })));

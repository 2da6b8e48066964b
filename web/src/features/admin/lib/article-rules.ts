import {
  REF_NUMBER_MESSAGE, REF_NUMBER_RE, TITLE_HINT_WORDS, TITLE_WORDS_MESSAGE, authorNameSchema, firstPageMessage, pageNumberSchema, parsePageRange,
  titleWords,
} from '@journal/contracts';

export type ArticleFormMode = 'add' | 'edit';

export const ARTICLE_TEXT_FIELDS = [
  'year', 'volume', 'issue', 'frequency', 'refnumber', 'title', 'authorname', 'abstract', 'keywords', 'pagenumber',
  'subject', 'country', 'email', 'mobile', 'txnid', 'ptype', 'publishdate', 'doi', 'license', 'references',
] as const;
export type ArticleTextField = (typeof ARTICLE_TEXT_FIELDS)[number];
/** The DOI is optional: a form that leaves it out keeps the stored one (empty: made from the pattern). */
export type ArticleValues = Record<Exclude<ArticleTextField, 'doi' | 'license' | 'references'>, string> & {
  doi?: string;
  /** docs/product.md#licences: '' for the journal's default; absent, the form leaves it out. */
  license?: string;
  /** docs/product.md#references: one a line; absent, the form leaves it out. */
  references?: string;
};

/** Which of the article rules (docs/product.md#article-rules) the values break, field by field. */
export function articleMessages(mode: ArticleFormMode, v: ArticleValues, lastPage: number | undefined): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {};
  // The service's rule (articleFieldsSchema): a longer title would not fit its certificate.
  if (titleWords(v.title) > TITLE_HINT_WORDS) out.title = TITLE_WORDS_MESSAGE;
  if (v.authorname.trim()) {
    const r = authorNameSchema.safeParse(v.authorname);
    if (!r.success) out.authorname = r.error.issues[0]?.message;
  }
  if (mode === 'add' && v.refnumber.trim() && !REF_NUMBER_RE.test(v.refnumber.trim())) out.refnumber = REF_NUMBER_MESSAGE;
  if (v.pagenumber.trim()) {
    const r = pageNumberSchema.safeParse(v.pagenumber);
    if (!r.success) out.pagenumber = r.error.issues[0]?.message;
    else if (mode === 'add' && lastPage !== undefined) {
      const p = parsePageRange(v.pagenumber)!;
      if (p.first <= lastPage) out.pagenumber = firstPageMessage(lastPage);
    }
  }
  return out;
}


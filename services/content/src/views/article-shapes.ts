import { authorsFromText, publicAuthor, type ArticleReference, type ArticleSummaryFields, type PublicAuthor } from '@journal/contracts';
import { withdrawalRead, type Article } from '../archives/article.repo';
import { assetPath } from '../files/file-store';
import { cleanRich, cleanTitle } from '../shared/text';

/** An article in lists (issue page, search): no abstract, no private fields; the contract's fields. */
export type ArticleSummary = ArticleSummaryFields;

/** One article (article page, /pdf page): the summary plus abstract and dates. */
export interface ArticleDetail extends ArticleSummary {
  /** Sanitised HTML under the common allow-list. */
  abstract: string;
  /** docs/product.md#structured-authors: in order, without e-mails. */
  authors: PublicAuthor[];
  /** The article's own licence URL; '' states the journal's default. */
  license: string;
  references: ArticleReference[];
  description: string;
  ptype: string;
  status: string;
  creation: string;
  modification: string;
}

/** A list entry with the date OAI and the sitemap need. */
export type CorpusArticle = ArticleSummary & { modification: string };

export interface YearSummary {
  year: number;
  /** The year's volume (the highest if a year spans two). */
  volume: number;
  total_issues: number;
  /** Issue number → month text as stored on the issue (e.g. 'january', 'july-august'); only known months. */
  issue_month: Record<string, string>;
  /** The year's issues, newest first. */
  issues: { volume: number; issue: number; month: string; articles: number }[];
}

export function toSummary(a: Article): ArticleSummary {
  return {
    id: a.id,
    year: a.year,
    volume: a.volume,
    issue: a.issue,
    frequency: a.frequency ?? '',
    refnumber: a.refnumber,
    title: a.title_html || cleanTitle(a.title),
    authorname: a.authorname ?? '',
    keywords: a.keywords ?? '',
    pagenumber: a.pagenumber ?? '',
    pageStart: a.pageStart ?? 0,
    pageEnd: a.pageEnd ?? 0,
    subject: a.subject ?? '',
    country: a.country ?? '',
    file: a.file ?? '',
    pdf_url: a.file ? assetPath.article(a.year, a.volume, a.issue, a.file) : null,
    publishdate: a.publishdate ?? '',
    doi: a.doi ?? '',
    withdrawal: withdrawalRead(a.withdrawal),
  };
}

export function toDetail(a: Article): ArticleDetail {
  return {
    ...toSummary(a),
    abstract: cleanRich(a.abstract),
    authors: (a.authors?.length ? a.authors : authorsFromText(a.authorname)).map(publicAuthor),
    license: a.license ?? '',
    references: (a.references ?? []).map((r) => ({ text: r.text, doi: r.doi ?? '' })),
    description: cleanTitle(a.description ?? ''),
    ptype: a.ptype ?? '',
    status: a.status,
    creation: new Date(a.creation ?? 0).toISOString(),
    modification: new Date(a.modification ?? a.creation ?? 0).toISOString(),
  };
}

/** The list shape of a corpus entry (the date dropped). */
export function summaryOf(c: CorpusArticle): ArticleSummary {
  const { modification: _m, ...s } = c;
  return s;
}

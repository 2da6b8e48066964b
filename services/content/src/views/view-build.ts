import { byPageStart, isPublicArticle, isTombstone, type Article } from '../archives/article.repo';
import { byIssueDesc, type Issue } from '../archives/issue.repo';
import type { Journal } from '../journals/journal.repo';
import type { Editor } from '../editors/editor.repo';
import type { IndexingItem } from '../indexing/indexing.repo';
import { versionedUrl } from '../files/file-store';
import { toDetail, toSummary, type CorpusArticle, type YearSummary } from './article-shapes';
import { issueKeyOf, parseIssueKey, type ArticleView, type HeadView, type IssueEntry, type IssueKey, type IssueStat, type IssueView } from './view-docs';

/** Pure derivations of the views from stored documents: the publisher, the rebuild and a rebuild on read share them. */

/** The month an article of this issue shows when it has none of its own. */
export const monthOf = (head: Pick<HeadView, 'issues'>, key: IssueKey): string =>
  head.issues.find((i) => i.year === key.year && i.volume === key.volume && i.issue === key.issue)?.frequency ?? '';

/** A public article's list entry: month filled from its issue, PDF URL with the file's content version. */
export function entryOf(a: Article, month: string, pdfVersion: string | undefined): IssueEntry {
  const own = a.frequency ?? '';
  const summary = toSummary({ ...a, frequency: own || month });
  return {
    ...summary,
    pdf_url: summary.pdf_url ? versionedUrl(summary.pdf_url, pdfVersion) : null,
    modification: new Date(a.modification ?? 0).toISOString(),
    own,
  };
}

/** The entry as lists answer it. Issue views stored by earlier releases also carry the search text (`hay`): never answered. */
export const corpusEntry = (e: IssueEntry & { hay?: string }): CorpusArticle => {
  const { own: _o, hay: _h, ...c } = e;
  return c;
};

/**
 * The article page's view, for a public article (from its entry) or a withdrawn one (a
 * tombstone: title, authors and the reason; no abstract, no PDF). Null for any other article.
 */
export function articleViewOf(a: Article, entry: IssueEntry | null, month: string): ArticleView | null {
  if (entry && isPublicArticle(a)) {
    const summary = corpusEntry(entry);
    const detail = { ...toDetail({ ...a, frequency: a.frequency || entry.frequency }), pdf_url: entry.pdf_url };
    return { id: a.id, listed: true, summary, detail };
  }
  if (!isTombstone(a)) return null;
  const summary: CorpusArticle = { ...toSummary(a), file: '', pdf_url: null, modification: new Date(a.modification ?? 0).toISOString() };
  const detail = { ...toDetail({ ...a, frequency: a.frequency || month }), abstract: '', file: '', pdf_url: null };
  return { id: a.id, listed: false, summary, detail };
}

export function sortEntries(list: IssueEntry[]): IssueEntry[] {
  return list.sort(byPageStart);
}

export const statOf = (v: IssueView): IssueStat | null => (v.articles.length ? { n: v.articles.length, m: v.articles[0]!.frequency } : null);

/** Issue keys with public articles, newest first (the order of every public list). */
export function listedIssues(head: Pick<HeadView, 'stats'>): IssueKey[] {
  return Object.keys(head.stats)
    .map(parseIssueKey)
    .filter((k): k is IssueKey => k !== null)
    .sort(byIssueDesc);
}

/** Year summaries (docs/product.md#entities) of issues with public articles, newest year first. */
export function archiveYears(head: Pick<HeadView, 'stats'>): YearSummary[] {
  const byYear = new Map<number, YearSummary>();
  for (const k of listedIssues(head)) {
    const s = head.stats[issueKeyOf(k)]!;
    let y = byYear.get(k.year);
    if (!y) byYear.set(k.year, (y = { year: k.year, volume: k.volume, total_issues: 0, issue_month: {}, issues: [] }));
    y.volume = Math.max(y.volume, k.volume);
    y.total_issues++;
    if (s.m && !(String(k.issue) in y.issue_month)) y.issue_month[String(k.issue)] = s.m;
    y.issues.push({ volume: k.volume, issue: k.issue, month: s.m, articles: s.n });
  }
  return [...byYear.values()].sort((a, b) => b.year - a.year);
}

/** Articles per issue key, every status (HeadView.counts). */
export function issueCountsOf(articles: readonly Pick<Article, 'year' | 'volume' | 'issue'>[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of articles) {
    const k = issueKeyOf(a);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}

export const headIssue = (i: Issue): HeadView['issues'][number] => ({ id: i.id, year: i.year, volume: i.volume, issue: i.issue, frequency: i.frequency ?? '' });

export function headOf(parts: {
  journal: Journal | null;
  editors: Editor[];
  indexing: IndexingItem[];
  issues: Issue[];
  stats: HeadView['stats'];
  /** Articles per issue, every status (issueCountsOf). */
  counts?: HeadView['counts'];
  files: Map<string, string> | undefined;
}): HeadView {
  const files: Record<string, string> = {};
  for (const [path, v] of parts.files ?? []) if (!path.startsWith('/assets/archives/')) files[path] = v;
  return { journal: parts.journal, editors: parts.editors, indexing: parts.indexing, issues: parts.issues.map(headIssue), stats: parts.stats, counts: parts.counts ?? {}, files, complete: false };
}

/** Groups a journal's articles (any status) into issue views, page order. */
export function issueViewsOf(articles: Article[], head: Pick<HeadView, 'issues'>, pdfVersions: Map<string, string>): Map<string, IssueView> {
  const out = new Map<string, IssueView>();
  // Each issue's month looked up once (monthOf looks through every issue: thousands in a large journal).
  const months = new Map<string, string>();
  for (const a of articles) {
    if (!isPublicArticle(a)) continue;
    const k = issueKeyOf(a);
    let v = out.get(k);
    if (!v) out.set(k, (v = { key: { year: a.year, volume: a.volume, issue: a.issue }, articles: [] }));
    let month = months.get(k);
    if (month === undefined) months.set(k, (month = monthOf(head, a)));
    const e = entryOf(a, month, undefined);
    if (e.pdf_url) e.pdf_url = versionedUrl(e.pdf_url, pdfVersions.get(e.pdf_url));
    v.articles.push(e);
  }
  for (const v of out.values()) sortEntries(v.articles);
  return out;
}

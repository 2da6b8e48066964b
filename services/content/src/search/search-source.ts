import type { Article, ArticleRepo } from '../archives/article.repo';
import type { IssueRepo } from '../archives/issue.repo';
import type { FileStore } from '../files/file-store';
import { corpusEntry, headOf, issueViewsOf } from '../views/view-build';
import type { IssueEntry } from '../views/view-docs';
import { searchEntryOf, type SearchEntry } from './search-entry';

/**
 * Each article's search entry, its public summary being its entry in the issue views (`entries`,
 * by article id; absent: not public), so the search answers exactly what the issue lists show.
 */
export function* searchEntriesOf(articles: Iterable<Article>, entries: ReadonlyMap<string, IssueEntry>): Generator<SearchEntry> {
  for (const a of articles) {
    const e = entries.get(a.id);
    yield searchEntryOf(a, e ? corpusEntry(e) : null);
  }
}

/**
 * A journal's search entries read from the stored documents: what the search store rebuilds a
 * journal from when its persisted index is missing or bad. The issue months and PDF versions are
 * read as the views rebuild reads them.
 */
export async function* readSearchEntries(
  src: { articles: Pick<ArticleRepo, 'list'>; issues: Pick<IssueRepo, 'list'>; files: Pick<FileStore, 'versionsByJournal'> },
  journalId: string,
): AsyncGenerator<SearchEntry> {
  const [articles, issues, files] = await Promise.all([src.articles.list(journalId), src.issues.list(journalId), src.files.versionsByJournal(journalId)]);
  const head = headOf({ journal: null, editors: [], indexing: [], issues, stats: {}, files: undefined });
  const entries = new Map<string, IssueEntry>();
  for (const v of issueViewsOf(articles, head, files.get(journalId) ?? new Map()).values()) for (const e of v.articles) entries.set(e.id, e);
  yield* searchEntriesOf(articles, entries);
}

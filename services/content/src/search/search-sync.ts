import type { Connection } from 'mongoose';
import { KeyedLock, type Logger, type Redis } from '@journal/server-kit';
import type { ArticleRepo } from '../archives/article.repo';
import type { IssueRepo } from '../archives/issue.repo';
import type { FileStore } from '../files/file-store';
import type { ArticleListener } from '../views/change-publisher';
import type { ViewChangeListener } from '../views/view-cache';
import type { RebuiltListener } from '../views/view-store';
import { corpusEntry } from '../views/view-build';
import { searchEntryOf, type SearchEntry } from './search-entry';
import { readSearchEntries, searchEntriesOf } from './search-source';
import { SearchRepo } from './search.repo';
import { SearchWritersRepo } from './search-writers.repo';
import { SearchStore } from './search.store';

/**
 * The writer lock of a journal's search index, across replicas and tools. A rebuild holds it while
 * it writes the journal's chunks (seconds for 50,000 articles on a loaded machine), so a write
 * waits up to half a minute before giving up.
 */
export const SEARCH_LOCK = { ttlMs: 120_000, waitMs: 30_000, busyMessage: 'The journal is busy, try again' };

export const searchLockKey = (prefix: string, journalId: string) => `${prefix}content:search-lock:${journalId}`;

export interface SearchStoreSetup {
  conn: Connection;
  src: { articles: ArticleRepo; issues: IssueRepo; files: FileStore };
  redis: Redis | undefined;
  prefix: string;
  logger: Logger;
  budgetBytes: number;
  minIndexed?: number;
  follow?: (journalId: string) => Promise<void>;
}

/** The search store of a process: persisted beside the views, rebuilt from the articles on read, one writer per journal across replicas. */
export function createSearchStore(o: SearchStoreSetup): SearchStore {
  return new SearchStore({
    repo: new SearchRepo(o.conn),
    logger: o.logger,
    budgetBytes: o.budgetBytes,
    minIndexed: o.minIndexed,
    source: (journalId) => readSearchEntries(o.src, journalId),
    lock: new KeyedLock(o.redis, (journalId) => searchLockKey(o.prefix, journalId), SEARCH_LOCK),
    marks: o.redis ? new SearchWritersRepo(o.redis, o.prefix) : undefined,
    follow: o.follow,
  });
}

/**
 * Follows the views rebuilds: a rebuilt journal's search index is replaced from the articles the
 * views were just built from. A write that lands meanwhile may persist its change into the index
 * being replaced: when the journal's change counter moved during the rebuild, it is built again
 * from the articles as they are then (a write of this process while the entries are read is laid
 * over them by the store itself); still moving after three tries, the index is dropped and the
 * next search builds it.
 */
export function searchRebuilder(store: SearchStore, logger: Logger): RebuiltListener {
  return async ({ journalId, at, articles, entries, counter, src }) => {
    let from = at;
    let source: Iterable<SearchEntry> | AsyncIterable<SearchEntry> = searchEntriesOf(articles, entries);
    for (let tries = 0; tries < 3; tries++) {
      await store.rebuild(journalId, source);
      const now = await counter();
      if (now === from) return;
      from = now;
      source = readSearchEntries(src, journalId);
    }
    logger.warn({ journalId }, 'search index rebuild: writes kept landing; dropped, built on its next search');
    await store.discard(journalId);
  };
}

/** The write path: the replica that made a write persists its articles' new entries (the change publisher's article listener). */
export function searchWriter(store: SearchStore): ArticleListener {
  return (journalId, changes) => {
    const entries = new Map<string, SearchEntry | null>();
    for (const c of changes) entries.set(c.id, c.article ? searchEntryOf(c.article, c.entry ? corpusEntry(c.entry) : null) : null);
    return store.applyAll(journalId, entries, { persist: true });
  };
}

/**
 * The other replicas (and the writer, told of its own change): a journal held here reads the
 * changed articles' entries from the persisted index; a journal rebuilt (views `all`, a lost
 * message) is dropped and loaded again on its next search.
 */
export function searchFollower(store: SearchStore): ViewChangeListener {
  return async (journalId, changes) => {
    if (changes.some((c) => c.t !== 'views')) {
      store.evict(journalId);
      return;
    }
    const ids = changes.flatMap((c) => (c.t === 'views' && c.articles) || []);
    if (ids.length) await store.refresh(journalId, ids);
  };
}

import type { Connection } from 'mongoose';
import { CONTENT_CHANGE_FEED, KeyedLock, publishChange, type Logger, type Redis } from '@journal/server-kit';
import { JournalRepo } from './journals/journal.repo';
import { EditorRepo } from './editors/editor.repo';
import { IndexingRepo } from './indexing/indexing.repo';
import { IssueRepo } from './archives/issue.repo';
import { ArticleRepo } from './archives/article.repo';
import { FileStore } from './files/file-store';
import { ViewRepo } from './views/view.repo';
import { ViewStore } from './views/view-store';
import { ChangePublisher } from './views/change-publisher';
import type { ViewChange } from './views/view-cache';
import { VIEWS_LOCK, viewsLockKey } from './views/views-lock';
import { createSearchStore, searchRebuilder, searchWriter } from './search/search-sync';
import type { SearchStore } from './search/search.store';

/** A tool holds no journal's search in memory: the budget only bounds what a rebuild keeps (nothing). */
const OFFLINE_SEARCH_BYTES = 1;

/** The repositories the views are made from, for a process that is not the service (seeds, CLI). */
export const contentSources = async (conn: Connection) => ({
  journals: new JournalRepo(conn),
  editors: new EditorRepo(conn),
  indexing: new IndexingRepo(conn),
  issues: new IssueRepo(conn),
  articles: await ArticleRepo.open(conn),
  files: new FileStore(conn),
});

/**
 * The views, their publisher and the search indexes that follow them, for a process that holds no
 * cache (the operator CLI, seeds, benches): the same writes (search indexes included), the same
 * locks, the same announcement to running replicas.
 */
export async function offlineViews(
  conn: Connection,
  redis: Redis | undefined,
  prefix: string,
  logger: Logger,
): Promise<{ store: ViewStore; publisher: ChangePublisher; search: SearchStore }> {
  const src = await contentSources(conn);
  const lock = new KeyedLock(redis, (journalId) => viewsLockKey(prefix, journalId), VIEWS_LOCK);
  const repo = await ViewRepo.open(conn);
  const search = createSearchStore({ conn, src, redis, prefix, logger, budgetBytes: OFFLINE_SEARCH_BYTES });
  const store = new ViewStore(src, repo, logger, lock);
  store.onRebuilt(searchRebuilder(search, logger));
  const announce = async (journalId: string, changes: ViewChange[]) => {
    if (!redis) return;
    await publishChange(redis, { prefix, name: CONTENT_CHANGE_FEED }, journalId, changes).catch((err: unknown) => logger.warn({ err, journalId }, 'change not announced'));
  };
  const publisher = new ChangePublisher(store, announce, logger);
  publisher.onArticle(searchWriter(search));
  return { store, publisher, search };
}

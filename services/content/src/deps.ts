import type { Connection } from 'mongoose';
import type { ActivityLog, Logger, Redis } from '@journal/server-kit';
import type { ContentConfig } from './config';
import type { JournalRepo } from './journals/journal.repo';
import type { EditorRepo } from './editors/editor.repo';
import type { IndexingRepo } from './indexing/indexing.repo';
import type { IssueRepo } from './archives/issue.repo';
import type { ArticleRepo } from './archives/article.repo';
import type { FileStore } from './files/file-store';
import type { StatsRepo } from './stats/stats.repo';
import type { PublicCache } from './cache/public-cache';

export interface ContentRepos {
  journals: JournalRepo;
  editors: EditorRepo;
  indexing: IndexingRepo;
  issues: IssueRepo;
  articles: ArticleRepo;
  stats: StatsRepo;
}

/** Everything a router of the content service needs; `start()` builds one and passes it to each. */
export interface ContentDeps {
  config: ContentConfig;
  logger: Logger;
  conn: Connection;
  redis: Redis;
  repos: ContentRepos;
  files: FileStore;
  cache: PublicCache;
  /** The journal's activity log: every staff write is recorded once it succeeded. */
  activity: ActivityLog;
}

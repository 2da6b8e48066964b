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
import type { ViewCache } from './views/view-cache';
import type { ViewStore } from './views/view-store';
import type { ChangePublisher } from './views/change-publisher';
import type { PublicService } from './public/public.service';
import type { SearchStore } from './search/search.store';
import type { MailService } from './mail/mail.service';

export interface ContentRepos {
  journals: JournalRepo;
  editors: EditorRepo;
  indexing: IndexingRepo;
  issues: IssueRepo;
  articles: ArticleRepo;
  stats: StatsRepo;
}

/** Everything a router of the content service needs; the composition root (app.ts) builds each once. */
export interface ContentDeps {
  config: ContentConfig;
  logger: Logger;
  conn: Connection;
  redis: Redis;
  repos: ContentRepos;
  files: FileStore;
  /** The memory-budgeted cache of views and answers. */
  cache: ViewCache;
  /** The persisted public views. */
  views: ViewStore;
  /** The one change path: every admin write hands what it changed here. */
  publisher: ChangePublisher;
  /** The public and the admin search of every journal (docs/architecture.md#search). */
  search: SearchStore;
  /** The public reads, shared by every router. */
  publicService: PublicService;
  /** The journal's activity log: every staff write is recorded once it succeeded. */
  activity: ActivityLog;
  /** The journal's emails: enqueue a message of a submission's event, list a submission's messages. */
  mail: MailService;
}

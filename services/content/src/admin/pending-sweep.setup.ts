import { KeyedLock } from '@journal/server-kit';
import type { ContentDeps } from '../deps';
import { SubmissionFiles } from '../submissions/submission-files';
import { PendingArticles } from './pending-article.service';

/** How long after start the first sweep runs (at most). */
const FIRST_SWEEP_MS = 30_000;

/**
 * The sweep of article adds that never finished (pending-article.service.ts), then of file writes
 * that never finished (a writer that died mid-file: FileStore.sweepUnfinished), public files and
 * authors' manuscripts: once just after start and every ARTICLE_PENDING_SWEEP_MS, by one replica at
 * a time (a Redis lock; a replica that finds it taken skips its turn). The answer counts the adds.
 */
export function startPendingSweep(deps: Pick<ContentDeps, 'config' | 'conn' | 'repos' | 'files' | 'logger' | 'redis'>): { sweep: () => Promise<number>; stop: () => void } {
  const { config, logger } = deps;
  const pending = new PendingArticles({ articles: deps.repos.articles, files: deps.files, logger }, config.ARTICLE_PENDING_MAX_AGE_MS);
  const lock = new KeyedLock(deps.redis, () => `${config.REDIS_PREFIX}content:pending-articles-sweep`, { ttlMs: config.ARTICLE_PENDING_SWEEP_MS, waitMs: 0 });
  const manuscripts = new SubmissionFiles(deps.conn);
  const sweep = () =>
    lock.run('sweep', async () => {
      const adds = await pending.sweep();
      const writes = (await deps.files.sweepUnfinished(config.ARTICLE_PENDING_MAX_AGE_MS)) + (await manuscripts.sweepUnfinished(config.ARTICLE_PENDING_MAX_AGE_MS));
      if (writes) logger.info({ removed: writes }, 'unfinished file writes taken back');
      return adds;
    });
  const run = () => void sweep().catch((err: { code?: string }) => err.code !== 'busy' && logger.warn({ err }, 'pending articles sweep failed'));
  // The first sweep soon after start rather than during it: a replica gets ready without reading
  // any journal's documents.
  const first = setTimeout(run, Math.min(FIRST_SWEEP_MS, config.ARTICLE_PENDING_SWEEP_MS));
  const timer = setInterval(run, config.ARTICLE_PENDING_SWEEP_MS);
  first.unref();
  timer.unref();
  return {
    sweep,
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}

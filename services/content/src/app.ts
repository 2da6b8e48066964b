import type { Connection } from 'mongoose';
import {
  ActivityLog,
  connectMongo,
  createBlockingRedis,
  createHttpApp,
  createLogger,
  createRedis,
  listen,
  logSampleOf,
  mongoDependency,
  redisDependency,
  type Redis,
  type RunningServer,
  warmUp,
} from '@journal/server-kit';
import type { ContentConfig } from './config';
import type { ContentDeps, ContentRepos } from './deps';
import { JournalRepo } from './journals/journal.repo';
import { internalJournalRoutes } from './journals/journal.routes';
import { publicSettingsRoutes } from './journals/settings.routes';
import { EditorRepo } from './editors/editor.repo';
import { IndexingRepo } from './indexing/indexing.repo';
import { IssueRepo } from './archives/issue.repo';
import { ArticleRepo } from './archives/article.repo';
import { FileStore } from './files/file-store';
import { PublicCache } from './cache/public-cache';
import { ReadModel } from './cache/read-model';
import { publicRoutes } from './public/public.routes';
import { articleBatchRoutes } from './public/article-batch.routes';
import { assetRoutes } from './files/asset.routes';
import { warmArticleFiles, type WarmedFiles } from './files/file-cache';
import { seoRoutes } from './seo/seo.routes';
import { adminRoutes } from './admin/admin.routes';
import { citeRoutes } from './cite/cite.routes';
import { jatsRoutes } from './cite/jats.routes';
import { doiRoutes } from './doi/doi.routes';
import { doajRoutes } from './doi/doaj.routes';
import { startDeposits, type Deposits } from './doi/deposits';
import { feedRoutes } from './feeds/feed.routes';
import { StatsRepo } from './stats/stats.repo';
import { statsRoutes } from './stats/stats.routes';
import type { StatsRecorder } from './stats/stats.recorder';
import { UsageLogReceiver } from './stats/usage-log';
import { loadRobotList } from './stats/counter-robots';
import { edgeTags } from './edge/edge-tags';
import { createEdgePurger } from './edge/edge-purge.setup';
import { bridgeContentChanges } from './edge/content-change-bridge';
import type { EdgePurger } from './edge/purger';

export interface ContentApp {
  url: string;
  port: number;
  conn: Connection;
  journals: JournalRepo;
  repos: ContentRepos;
  files: FileStore;
  cache: PublicCache;
  deps: ContentDeps;
  /** The pub/sub connection of the change feed (tests break it to prove the fallback). */
  subscriber: Redis;
  stats: StatsRecorder;
  /** UDP port of the usage log (0 with counting off, or when it is read from a file). */
  usagePort: number;
  /** Crossref deposits: their store, queue and worker. */
  deposits: Deposits;
  /** Purges nginx and the CDN after each write (its listener is registered with the change path). */
  edge: EdgePurger;
  /** The article PDFs read into memory before ready (undefined until then). */
  readonly warmedFiles: WarmedFiles | undefined;
  stop(): Promise<void>;
}

export async function start(config: ContentConfig): Promise<ContentApp> {
  const logger = createLogger('content', config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const redis: Redis = createRedis(config.REDIS_URL);
  const subscriber: Redis = createBlockingRedis(config.REDIS_URL);
  const journals = new JournalRepo(conn);
  const repos: ContentRepos = {
    journals,
    editors: new EditorRepo(conn),
    indexing: new IndexingRepo(conn),
    issues: new IssueRepo(conn),
    articles: new ArticleRepo(conn),
    stats: new StatsRepo(conn),
  };
  const files = new FileStore(conn);
  await Promise.all([...Object.values(repos).map((r) => r.init()), files.init()]);
  const cache = new PublicCache({
    prefix: config.REDIS_PREFIX,
    redis,
    subscriber,
    model: new ReadModel(repos, logger, files),
    logger,
    versionPollMs: config.CACHE_VERSION_POLL_MS,
    maxEntries: config.CACHE_MAX_ENTRIES,
    maxBytes: config.CACHE_MAX_MB * 1024 * 1024,
  });
  const edge = createEdgePurger(config, redis, logger);
  bridgeContentChanges(cache, edge.listener);
  const deps: ContentDeps = { config, logger, conn, redis, repos, files, cache, activity: new ActivityLog(conn, logger) };

  // Not ready (so no traffic is routed here) until every journal's read model is loaded. The
  // datastores are not part of it: public reads are answered from the read models through a
  // failover, and what needs the database answers 503 at once (its circuit breaker).
  const http = createHttpApp({
    name: 'content',
    logger,
    logSample: logSampleOf(config),
    ready: () => cache.ready,
    dependencies: { mongo: mongoDependency(conn), redis: redisDependency(redis) },
  });
  // Before every route: each public read names its cache tags.
  http.app.use(edgeTags());
  http.app.use(internalJournalRoutes(journals));
  http.app.use(articleBatchRoutes(deps));
  http.app.use(publicSettingsRoutes(cache));
  http.app.use(adminRoutes(deps));
  http.app.use(doiRoutes(deps));
  http.app.use(doajRoutes(deps));
  const deposits = await startDeposits(deps);
  http.app.use(deposits.router);
  // Before the public routes, whose /api/archives/:year/:vol/:issue would take these paths.
  http.app.use(citeRoutes(deps));
  http.app.use(jatsRoutes(deps));
  http.app.use(feedRoutes(deps));
  const stats = statsRoutes(deps);
  http.app.use(stats.router);
  http.app.use(publicRoutes(deps));
  http.app.use(assetRoutes(deps));
  http.app.use(seoRoutes(deps, { sitemapLimits: { maxUrls: config.SITEMAP_MAX_URLS, maxBytes: 5 * 1024 * 1024 } }));
  http.finish();

  const server: RunningServer = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  stats.recorder.start();
  // A robots list that cannot be read or parsed stops the start: counting robots is not a fallback.
  const robots = config.STATS_ROBOTS_FILE ? loadRobotList(config.STATS_ROBOTS_FILE) : null;
  if (robots?.skipped.length) logger.warn({ skipped: robots.skipped }, 'robots list: patterns JavaScript cannot compile were left out');
  const usage = new UsageLogReceiver(
    async (host) => (await journals.findByHost(host))?.id ?? null,
    (hit) => stats.recorder.receive(hit),
    logger,
    { robotsFile: config.STATS_ROBOTS_FILE },
  );
  const usagePort = !config.STATS_COUNTING
    ? 0
    : await usage.start(
        config.STATS_USAGE_FILE
          ? { file: config.STATS_USAGE_FILE }
          : { port: config.STATS_UDP_PORT ? Number(config.STATS_UDP_PORT) : server.port, host: config.HOST },
      );
  logger.info({ url: server.url }, 'content listening');
  let warmedFiles: WarmedFiles | undefined;
  const warming = warmUp(logger, 'content', 'read models failed to load', async () => {
    let warmed: WarmedFiles | undefined;
    await cache.init(async () => {
      // Failing to warm is no reason to stay unready: a download then reads the database, as before.
      warmed = await warmArticleFiles(cache, files, logger, config.FILE_WARM_MB * 1024 * 1024).catch((err: unknown) => {
        logger.warn({ err }, 'article files not warmed');
        return undefined;
      });
    });
    warmedFiles = warmed;
    return { readModelsMs: cache.readyMs, warmedFiles: warmed?.files ?? 0, warmedFilesMs: warmed?.ms ?? 0 };
  });
  if (config.WAIT_READY) await warming;
  return {
    url: server.url,
    port: server.port,
    conn,
    journals,
    repos,
    files,
    cache,
    deps,
    subscriber,
    get warmedFiles() {
      return warmedFiles;
    },
    stats: stats.recorder,
    usagePort,
    deposits,
    edge,
    async stop() {
      cache.stop();
      await edge.stop();
      await deposits.stop();
      await usage.stop();
      await server.close();
      await stats.recorder.stop();
      subscriber.disconnect();
      redis.disconnect();
      await conn.close();
    },
  };
}

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
  KeyedLock,
  TENANT_HEADER,
  CONTENT_VERSION_HEADER,
  CONTENT_VERSION_WAIT_MS,
  versionOf,
  type Logger,
  type Redis,
  type RunningServer,
  warmUp,
} from '@journal/server-kit';
import type { ContentConfig } from './config';
import type { ContentDeps, ContentRepos } from './deps';
import { JournalRepo } from './journals/journal.repo';
import { internalJournalRoutes } from './journals/journal.routes';
import { HostDirectory } from './journals/host-directory';
import { publicSettingsRoutes } from './journals/settings.routes';
import { EditorRepo } from './editors/editor.repo';
import { IndexingRepo } from './indexing/indexing.repo';
import { IssueRepo } from './archives/issue.repo';
import { ArticleRepo } from './archives/article.repo';
import { FileStore } from './files/file-store';
import { ViewCache } from './views/view-cache';
import { ViewRepo } from './views/view.repo';
import { ViewStore } from './views/view-store';
import { registerCacheMetrics } from './cache-metrics';
import { warmSavePath } from './save-warm-up';
import { VIEWS_LOCK, viewsLockKey } from './views/views-lock';
import { ChangePublisher } from './views/change-publisher';
import { saveTrace } from './shared/save-trace';
import { createSearchStore, searchFollower, searchRebuilder, searchWriter } from './search/search-sync';
import { PublicService } from './public/public.service';
import { publicRoutes } from './public/public.routes';
import { articleBatchRoutes } from './public/article-batch.routes';
import { assetRoutes } from './files/asset.routes';
import { seoRoutes } from './seo/seo.routes';
import { adminRoutes } from './admin/admin.routes';
import { startPendingSweep } from './admin/pending-sweep.setup';
import { startMail, type MailModule } from './mail/mail.setup';
import { mailRoutes } from './mail/mail.routes';
import { startSubmissions } from './submissions/submission.setup';
import { startReviews, type ReviewModule } from './reviews/reviews.setup';
import { mailReviewerCertificates } from './reviews/reviewer-certificate.mail';
import { citeRoutes } from './cite/cite.routes';
import { jatsRoutes } from './cite/jats.routes';
import { doiRoutes } from './doi/doi.routes';
import { doajRoutes } from './doi/doaj.routes';
import { startDeposits, type Deposits } from './doi/deposits';
import { feedRoutes } from './feeds/feed.routes';
import { StatsRepo } from './stats/stats.repo';
import { startStats } from './stats/stats.setup';
import { startCounter } from './counter/counter.setup';
import type { StatsRecorder } from './stats/stats.recorder';
import { UsageLogReceiver } from './stats/usage-log';
import { loadRobotList } from './stats/counter-robots';
import { edgeTags } from './edge/edge-tags';
import { startEdge, type EdgeModule } from './edge/edge-purge.setup';
import { liveStatusRoutes } from './edge/live-status.routes';

/** The running service: its dependencies as the routers have them (deps.ts), and its own parts. */
export interface ContentApp extends Pick<ContentDeps, 'conn' | 'repos' | 'files' | 'cache' | 'views' | 'publisher' | 'search'> {
  url: string;
  port: number;
  journals: JournalRepo;
  deps: ContentDeps;
  /** The pub/sub connection of the change feed (tests break it to prove the fallback). */
  subscriber: Redis;
  stats: StatsRecorder;
  /** UDP port of the usage log (0 with counting off, or when it is read from a file). */
  usagePort: number;
  /** Crossref deposits: their store, queue and worker. */
  deposits: Deposits;
  /** Purges nginx and the CDN after each write, from a queue (its listener is registered with the change publisher). */
  edge: EdgeModule;
  /** The outbox and the `mail` queue (the mail worker sends). */
  mail: MailModule;
  /** Peer review: reviewers, invitations, the reviewer's link, the reminder queue, the submitted-review event. */
  reviews: ReviewModule;
  stop(): Promise<void>;
}

/**
 * Connections a staff save uses at once: its reads, then its views, search and activity writes,
 * go side by side. Kept open from the start, so a process's first save does not open them.
 */
const SAVE_CONNECTIONS = 6;

export async function start(config: ContentConfig): Promise<ContentApp> {
  const logger = createLogger('content', config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB, { minPoolSize: SAVE_CONNECTIONS });
  const redis: Redis = createRedis(config.REDIS_URL);
  const subscriber: Redis = createBlockingRedis(config.REDIS_URL);
  const journals = new JournalRepo(conn);
  const hosts = new HostDirectory(journals, config.HOST_DIRECTORY_TTL_MS);
  journals.onHostsChanged(() => hosts.clear());
  const repos: ContentRepos = {
    journals,
    editors: new EditorRepo(conn),
    indexing: new IndexingRepo(conn),
    issues: new IssueRepo(conn),
    articles: await ArticleRepo.open(conn),
    stats: new StatsRepo(conn),
  };
  const files = new FileStore(conn);
  await Promise.all([...Object.values(repos).map((r) => r.init()), files.init()]);
  // The composition root: each service object is built here once and handed to the routers.
  const cache = new ViewCache({
    prefix: config.REDIS_PREFIX,
    redis,
    subscriber,
    logger,
    versionPollMs: config.CACHE_VERSION_POLL_MS,
    maxEntries: config.CACHE_MAX_ENTRIES,
    maxBytes: config.CACHE_MAX_MB * 1024 * 1024,
  });
  const viewRepo = await ViewRepo.open(conn);
  const lock = new KeyedLock(redis, (journalId) => viewsLockKey(config.REDIS_PREFIX, journalId), VIEWS_LOCK);
  const search = createSearchStore({
    conn,
    src: { articles: repos.articles, issues: repos.issues, files },
    redis,
    prefix: config.REDIS_PREFIX,
    logger,
    budgetBytes: config.SEARCH_CACHE_MB * 2 ** 20,
    minIndexed: config.SEARCH_INDEX_MIN_ARTICLES,
    // A journal searched here is followed by the change feed from before its index is read.
    follow: (journalId) => cache.track(journalId),
  });
  const views = new ViewStore({ ...repos, files }, viewRepo, logger, lock, cache);
  // The views are read by search, never the other way: a rebuilt journal is announced, and its
  // search index follows it.
  views.onRebuilt(searchRebuilder(search, logger));
  const publisher = new ChangePublisher(views, (journalId, changes) => cache.feed.publish(journalId, changes), logger);
  // Writes made here persist their articles' search entries; changes made elsewhere are read back.
  publisher.onArticle(searchWriter(search));
  cache.onChange(searchFollower(search));
  const publicService = new PublicService(views, cache, repos.articles);
  const edge = startEdge(config, redis, logger);
  publisher.onPublished(edge.queue.listener);
  const activity = new ActivityLog(conn, logger);
  const mail = await startMail({ config, conn, journals: repos.journals, activity, logger });
  const deps: ContentDeps = { config, logger, conn, redis, repos, files, cache, views, publisher, search, publicService, activity, mail: mail.service };
  const pendingSweep = startPendingSweep(deps);

  // Ready as soon as the change feed is subscribed: no journal is read before a request asks for
  // it. The datastores are not part of readiness: what needs the database answers 503 at once
  // (its circuit breaker).
  const http = createHttpApp({
    name: 'content',
    logger,
    logSample: logSampleOf(config),
    ready: () => cache.ready,
    dependencies: { mongo: mongoDependency(conn), redis: redisDependency(redis) },
  });
  registerCacheMetrics(http.metrics, cache, search, { cacheBytes: config.CACHE_MAX_MB * 2 ** 20, searchBytes: config.SEARCH_CACHE_MB * 2 ** 20 });
  // Before every route: a read of a journal whose change this process has been told of and is
  // still applying (another process wrote it) waits for it, so no page made from the state before
  // a write is produced after the write's purge was sent (and kept by a cache in front). A read
  // the gateway stamped with the feed's version (a write announced before it, whose message may
  // not have come here yet) waits for that version too.
  http.app.use((req, _res, next) => {
    const journalId = req.method === 'GET' || req.method === 'HEAD' ? req.header(TENANT_HEADER) : undefined;
    if (!journalId) return next();
    const version = versionOf(req.headers[CONTENT_VERSION_HEADER]);
    const caughtUp = version ? cache.feed.reached(journalId, version, CONTENT_VERSION_WAIT_MS) : true;
    if (caughtUp === true) cache.feed.settled(journalId).then(() => next(), next);
    else caughtUp.then(() => cache.feed.settled(journalId)).then(() => next(), next);
  });
  // Before every route: each public read names its cache tags.
  http.app.use(edgeTags());
  http.app.use(saveTrace(config.SERVER_TIMING));
  http.app.use(internalJournalRoutes(hosts));
  http.app.use(articleBatchRoutes(deps));
  http.app.use(publicSettingsRoutes(deps));
  http.app.use(adminRoutes(deps));
  http.app.use(liveStatusRoutes(deps, edge.status));
  const submissions = await startSubmissions(deps);
  http.app.use(submissions.router);
  const reviews = await startReviews(deps, submissions.services);
  http.app.use(mailRoutes(deps, mail.service, (journalId, id, actor) => reviews.staff.hidesReviewers(journalId, id, actor)));
  // docs/product.md#reviewer-certificates: each submitted review emails its reviewer the certificate.
  mailReviewerCertificates(reviews.events, deps);
  http.app.use(reviews.staffRouter);
  http.app.use(reviews.publicRouter);
  http.app.use(doiRoutes(deps));
  http.app.use(doajRoutes(deps));
  const deposits = await startDeposits(deps);
  http.app.use(deposits.router);
  // Before the public routes, whose /api/archives/:year/:vol/:issue would take these paths.
  http.app.use(citeRoutes(deps));
  http.app.use(jatsRoutes(deps));
  http.app.use(feedRoutes(deps));
  const counter = startCounter(deps);
  const stats = startStats(deps, counter.service.institutions);
  http.app.use(stats.router);
  http.app.use(counter.router);
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
    async (host) => (await hosts.resolve(host))?.id ?? null,
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
  const warming = warmUp(logger, 'content', 'change feed failed to start', async () => {
    await cache.init();
    // Never fails the start; ready does not wait for it (a save before it ends compiles what it needs).
    await warmSavePath(deps);
    return { readyMs: cache.readyMs };
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
    views,
    publisher,
    search,
    deps,
    subscriber,
    stats: stats.recorder,
    usagePort,
    deposits,
    edge,
    mail,
    reviews,
    async stop() {
      pendingSweep.stop();
      cache.stop();
      const steps: [string, () => Promise<void>][] = [
        ['edge purges', () => edge.stop()],
        ['deposits', () => deposits.stop()],
        ['review reminders', () => reviews.stop()],
        ['mail queue', () => mail.stop()],
        ['usage listener', () => usage.stop()],
        ['http server', () => server.close()],
        ['usage counts', () => stats.recorder.stop()],
      ];
      for (const [name, step] of steps) await stopStep(logger, name, step);
      subscriber.disconnect();
      redis.disconnect();
      await stopStep(logger, 'database', () => conn.close());
    },
  };
}

/**
 * How long one step of stopping may take. A queue's close waits for Redis and for its running job;
 * after a Redis outage it could wait on a reconnect that never comes, and a stop that never ends
 * keeps a pod terminating until it is killed. A step past this is logged by name and left behind.
 */
const STOP_STEP_MS = 10_000;

async function stopStep(logger: Logger, name: string, step: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), STOP_STEP_MS);
  });
  const ended = step().then(
    () => 'done' as const,
    (err: unknown) => {
      logger.warn({ err, step: name }, 'stopping: a step failed; going on');
      return 'failed' as const;
    },
  );
  if ((await Promise.race([ended, late])) === 'late') logger.warn({ step: name, ms: STOP_STEP_MS }, 'stopping: a step did not end in time; going on');
  clearTimeout(timer);
}

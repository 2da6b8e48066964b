import { ActivityLog, storedUserCheck, createHttpApp, createRedis, redisReady, mongoDependency, openService, redisDependency, serve, type Redis, type ServiceApp } from '@journal/server-kit';
import type { WorklogConfig } from './config';
import { EntryRepo } from './entry.repo';
import { EntryIndex } from './entry-index';
import { EntryPageRepo } from './entry-page.repo';
import { IndexLock } from './index-lock.repo';
import { WorklogService } from './worklog.service';
import { worklogRoutes } from './worklog.routes';
import { internalWorklogRoutes } from './internal.routes';
import { EntryKeys } from './entry-keys';

export type WorklogApp = ServiceApp<WorklogService>;

export async function start(config: WorklogConfig): Promise<WorklogApp> {
  const { logger, conn } = await openService('worklog', config);
  const redis: Redis = createRedis(config.REDIS_URL);
  // Without Redis every call is refused (tokens are checked against it), so give it a moment.
  await redisReady(redis, 5000);
  const entries = new EntryRepo(conn);
  await entries.init();
  // Nothing of the corpus is read here: each answer reads its journal's index head and the pages it shows.
  const index = new EntryIndex({
    pages: new EntryPageRepo(conn),
    lock: new IndexLock(redis, config.REDIS_PREFIX),
    logger,
    cacheBytes: config.WORKLOG_CACHE_MB * 1024 * 1024,
    stored: (journalId) => entries.all(journalId),
  });
  const service = new WorklogService({ entries, index, listFromIndex: config.WORKLOG_LIST_FROM_INDEX, activity: new ActivityLog(conn, logger), keys: new EntryKeys(redis, config.REDIS_PREFIX) });

  // A work-log line is short; a larger body is refused with 413 before it is parsed.
  const http = createHttpApp({
    name: 'worklog',
    logger,
    // Nothing to load: ready once listening. Datastore trouble is a 503 per request, not leaving the Service.
    ready: () => true,
    dependencies: { mongo: mongoDependency(conn), redis: redisDependency(redis) },
    jsonLimit: '64kb',
  });
  http.app.use(internalWorklogRoutes(service));
  http.app.use(worklogRoutes(service, { secret: config.JWT_SECRET, redis, redisPrefix: config.REDIS_PREFIX, users: storedUserCheck(conn, config) }));
  const server = await serve(http, config, logger, 'worklog');

  return {
    url: server.url,
    port: server.port,
    service,
    async stop() {
      await server.close();
      redis.disconnect();
      await conn.close();
    },
  };
}

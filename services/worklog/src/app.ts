import type { Connection } from 'mongoose';
import {
  ActivityLog, connectMongo, createBlockingRedis, storedUserCheck, createHttpApp, createLogger, createRedis, listen, mongoDependency, redisDependency,
  type Redis, type RunningServer, warmUp,
} from '@journal/server-kit';
import type { WorklogConfig } from './config';
import { EntryRepo } from './entry.repo';
import { VersionRepo } from './version.repo';
import { WorklogService } from './worklog.service';
import { worklogRoutes } from './worklog.routes';

export interface WorklogApp {
  url: string;
  port: number;
  service: WorklogService;
  stop(): Promise<void>;
}

export async function start(config: WorklogConfig): Promise<WorklogApp> {
  const logger = createLogger('worklog', config.LOG_LEVEL);
  const conn: Connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const redis: Redis = createRedis(config.REDIS_URL);
  // Without Redis every call is refused (tokens are checked against it), so give it a moment.
  await new Promise<void>((resolve) => {
    if (redis.status === 'ready') return resolve();
    redis.once('ready', () => resolve());
    setTimeout(resolve, 5000).unref();
  });
  const entries = new EntryRepo(conn);
  await entries.init();
  const subscriber: Redis = createBlockingRedis(config.REDIS_URL);
  const service = new WorklogService({
    entries,
    versions: new VersionRepo(redis, config.REDIS_PREFIX),
    logger,
    memoryIndex: config.WORKLOG_MEMORY_INDEX,
    maxJournals: config.WORKLOG_MEMORY_JOURNALS,
    redis,
    subscriber,
    redisPrefix: config.REDIS_PREFIX,
    versionPollMs: config.WORKLOG_VERSION_POLL_MS,
    activity: new ActivityLog(conn, logger),
  });

  // A work-log line is short; a larger body is refused with 413 before it is parsed. Not ready
  // (no traffic routed here) until every journal's index is built.
  const http = createHttpApp({
    name: 'worklog',
    logger,
    ready: () => service.ready,
    // Datastore trouble is a 503 per request (or an answer from memory), not leaving the Service.
    dependencies: { mongo: mongoDependency(conn), redis: redisDependency(redis) },
    jsonLimit: '64kb',
  });
  http.app.use(worklogRoutes(service, { secret: config.JWT_SECRET, redis, redisPrefix: config.REDIS_PREFIX, users: storedUserCheck(conn, config) }));
  http.finish();
  const server: RunningServer = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  logger.info({ url: server.url }, 'worklog listening');
  const warming = warmUp(logger, 'worklog', 'worklog indexes failed to load', async () => {
    await service.warmUp();
    return { indexesMs: service.readyMs };
  });
  if (config.WAIT_READY) await warming;

  return {
    url: server.url,
    port: server.port,
    service,
    async stop() {
      service.stop();
      await server.close();
      subscriber.disconnect();
      redis.disconnect();
      await conn.close();
    },
  };
}

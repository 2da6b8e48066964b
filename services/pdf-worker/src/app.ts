import { Gauge } from 'prom-client';
import {
  connectMongo,
  storedUserCheck,
  createBlockingRedis,
  createHttpApp,
  createLogger,
  createRedis,
  listen,
  mongoDependency,
  redisDependency,
  type RunningServer,
} from '@journal/server-kit';
import { PdfCacheRepo } from './cache.repo';
import { QUEUE_NAME, queuePrefix, type PdfApiConfig } from './config';
import { ContentClient } from './content.client';
import { PdfQueue } from './pdf.queue';
import { pdfRoutes } from './pdf.routes';
import { PdfService } from './pdf.service';

export interface PdfApiApp {
  url: string;
  port: number;
  service: PdfService;
  queue: PdfQueue;
  stop(): Promise<void>;
}

/** The HTTP API of the PDF pipeline: validates, gathers the data, enqueues, and serves files. */
export async function start(config: PdfApiConfig): Promise<PdfApiApp> {
  const logger = createLogger('pdf', config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const cache = new PdfCacheRepo(conn, {
    bucketName: config.PDF_CACHE_BUCKET,
    ttlSeconds: config.PDF_CACHE_TTL_SECONDS,
    memoryBytes: config.PDF_MEMORY_CACHE_BYTES,
  });
  await cache.init();
  // Request paths fail fast while Redis is down (no offline queue): auth checks and enqueues answer 503.
  const redis = createRedis(config.REDIS_URL);
  const queueRedis = createRedis(config.REDIS_URL);
  const eventsRedis = createBlockingRedis(config.REDIS_URL);
  const queue = new PdfQueue(QUEUE_NAME, queuePrefix(config), queueRedis, eventsRedis, {
    attempts: config.PDF_JOB_ATTEMPTS,
    retentionSeconds: config.PDF_JOB_RETENTION_SECONDS,
  });
  await queue.ready();
  const content = new ContentClient({ baseUrl: config.CONTENT_URL, timeoutMs: config.CONTENT_TIMEOUT_MS, cacheTtlMs: config.CONTENT_CACHE_TTL_MS });
  const service = new PdfService({ content, cache, queue, maxItems: config.PDF_MAX_ITEMS, linkSecret: config.JWT_SECRET });

  // Ready once it listens: while Redis or the database is away, enqueues and downloads answer 503
  // at once (no offline queue, the database's circuit breaker) and /healthz says which is down.
  const http = createHttpApp({
    name: 'pdf',
    logger,
    jsonLimit: '256kb',
    dependencies: { mongo: mongoDependency(conn), redis: redisDependency(redis), queue: redisDependency(queueRedis) },
  });
  new Gauge({
    name: 'pdf_queue_depth',
    help: 'Jobs of the pdf queue waiting, active or delayed (the autoscaling signal)',
    registers: [http.metrics.registry],
    async collect() {
      try {
        this.set(await queue.depth());
      } catch {
        // Redis down: leave the last value rather than failing the whole scrape.
      }
    },
  });
  http.app.use(pdfRoutes(service, { auth: { secret: config.JWT_SECRET, redis, redisPrefix: config.REDIS_PREFIX, users: storedUserCheck(conn, config) }, syncTimeoutMs: config.PDF_SYNC_TIMEOUT_MS }));
  http.finish();
  const server: RunningServer = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  logger.info({ url: server.url }, 'pdf api listening');

  return {
    url: server.url,
    port: server.port,
    service,
    queue,
    async stop() {
      await server.close();
      await queue.close();
      redis.disconnect();
      queueRedis.disconnect();
      eventsRedis.disconnect();
      await conn.close();
    },
  };
}

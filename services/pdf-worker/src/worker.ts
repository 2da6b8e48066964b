import { Worker, type Job } from 'bullmq';
import { Counter, Gauge } from 'prom-client';
import { connectMongo, createBlockingRedis, createHttpApp, createLogger, isMongoReady, listen, type RunningServer } from '@journal/server-kit';
import { PdfCacheRepo } from './cache.repo';
import { QUEUE_NAME, queuePrefix, type PdfWorkerConfig } from './config';
import type { PdfJobData, PdfJobResult } from './pdf.types';
import { processPdfJob } from './render.processor';
import { Renderer } from './render/renderer';

export interface PdfWorkerApp {
  url: string;
  renderer: Renderer;
  worker: Worker<PdfJobData, PdfJobResult>;
  /** Waits for the active jobs to finish, then closes the browser and the connections. */
  stop(): Promise<void>;
}

export async function startWorker(config: PdfWorkerConfig): Promise<PdfWorkerApp> {
  const logger = createLogger('pdf-worker', config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const cache = new PdfCacheRepo(conn, { bucketName: config.PDF_CACHE_BUCKET, ttlSeconds: config.PDF_CACHE_TTL_SECONDS, memoryBytes: 0 });
  await cache.init();
  const renderer = new Renderer({
    executablePath: config.CHROMIUM_PATH,
    concurrency: config.PDF_RENDER_CONCURRENCY,
    timeoutMs: config.PDF_RENDER_TIMEOUT_MS,
    recycleAfter: config.PDF_RECYCLE_AFTER,
    logger,
  });
  const connection = createBlockingRedis(config.REDIS_URL);

  const http = createHttpApp({ name: 'pdf-worker', logger, ready: () => isMongoReady(conn) && connection.status === 'ready' });
  const registry = http.metrics.registry;
  const rendered = new Counter({ name: 'pdf_jobs_completed_total', help: 'PDF jobs completed by kind', labelNames: ['kind'], registers: [registry] });
  const failed = new Counter({ name: 'pdf_jobs_failed_total', help: 'PDF job attempts that failed, by kind', labelNames: ['kind'], registers: [registry] });
  new Gauge({ name: 'pdf_renderer_prints', help: 'Chromium prints by this process', registers: [registry], collect() { this.set(renderer.prints); } });
  new Gauge({ name: 'pdf_renderer_launches', help: 'Chromium launches by this process', registers: [registry], collect() { this.set(renderer.launches); } });
  http.finish();

  const worker = new Worker<PdfJobData, PdfJobResult>(
    QUEUE_NAME,
    async (job: Job<PdfJobData, PdfJobResult>) => {
      const started = Date.now();
      const result = await processPdfJob(
        { data: job.data, updateProgress: (p) => job.updateProgress(p) },
        { renderer, cache, batchSize: config.PDF_BATCH_SIZE, pipeline: Math.max(2, config.PDF_RENDER_CONCURRENCY), logger },
      );
      logger.info({ jobId: job.id, kind: job.data.payload.kind, documents: result.documents, ms: Date.now() - started, requestId: job.data.requestId }, 'pdf job done');
      return result;
    },
    {
      connection,
      prefix: queuePrefix(config),
      concurrency: config.PDF_WORKER_CONCURRENCY,
      lockDuration: config.PDF_LOCK_DURATION_MS,
      stalledInterval: config.PDF_STALLED_INTERVAL_MS,
      maxStalledCount: config.PDF_MAX_STALLED_COUNT,
    },
  );
  worker.on('completed', (job) => rendered.inc({ kind: job.data.payload.kind }));
  worker.on('failed', (job, err) => {
    failed.inc({ kind: job?.data.payload.kind ?? 'unknown' });
    logger.warn({ jobId: job?.id, err: err.message, attempt: job?.attemptsMade }, 'pdf job failed');
  });
  worker.on('error', (err) => logger.error({ err }, 'worker error'));
  await worker.waitUntilReady();

  const sweep = setInterval(() => {
    cache.sweep().then(
      (n) => n && logger.info({ deleted: n }, 'expired pdf files deleted'),
      (err: unknown) => logger.warn({ err }, 'pdf cache sweep failed'),
    );
  }, config.PDF_CACHE_SWEEP_MS);
  sweep.unref();

  const server: RunningServer = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  logger.info({ url: server.url, concurrency: config.PDF_WORKER_CONCURRENCY }, 'pdf worker running');

  let stopping: Promise<void> | undefined;
  return {
    url: server.url,
    renderer,
    worker,
    stop() {
      stopping ??= (async () => {
        clearInterval(sweep);
        // close() without force lets the active jobs finish and stores their results first.
        await worker.close();
        await renderer.close();
        await server.close();
        await conn.close();
        connection.disconnect();
      })();
      return stopping;
    },
  };
}

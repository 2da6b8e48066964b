import { z } from 'zod';
import { baseConfigShape, jwtConfigShape, loadConfig, mongoConfigShape, redisConfigShape } from '@journal/server-kit';

const int = (d: number) => z.coerce.number().int().positive().default(d);

/** Settings the API process and the worker process share: where the queue and the cache live. */
const sharedShape = {
  ...baseConfigShape,
  ...mongoConfigShape,
  ...redisConfigShape,
  /** The GridFS bucket of produced files in this service's own database. */
  PDF_CACHE_BUCKET: z.string().regex(/^[A-Za-z0-9_]{1,40}$/).default('pdfcache'),
  PDF_CACHE_TTL_SECONDS: int(7 * 24 * 3600),
  /** BullMQ key prefix; defaults to `${REDIS_PREFIX}bull`. */
  PDF_QUEUE_PREFIX: z.string().optional(),
};

export const pdfApiConfigSchema = z.object({
  ...sharedShape,
  ...jwtConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4004),
  CONTENT_URL: z.string().url().default('http://127.0.0.1:4001'),
  /** How long a content-service call may take before the request fails with 503. */
  CONTENT_TIMEOUT_MS: int(5000),
  /** Settings, editors and the logo change rarely; article records are always fetched fresh. */
  CONTENT_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  /** How long a synchronous endpoint waits for its job (the gateway gives /api/pdf 120 s). */
  PDF_SYNC_TIMEOUT_MS: int(110_000),
  /** Upper bound of ref numbers / editor ids in one request. */
  PDF_MAX_ITEMS: int(500),
  /** Produced files kept in process memory in front of GridFS, in bytes. */
  PDF_MEMORY_CACHE_BYTES: z.coerce.number().int().min(0).default(64 * 1024 * 1024),
  PDF_JOB_ATTEMPTS: int(3),
  /** Seconds a finished job's record (state, progress) stays in Redis. */
  PDF_JOB_RETENTION_SECONDS: int(24 * 3600),
});
export type PdfApiConfig = z.infer<typeof pdfApiConfigSchema>;
export const readPdfApiConfig = () => loadConfig(pdfApiConfigSchema);

export const pdfWorkerConfigSchema = z.object({
  ...sharedShape,
  /** Port of the worker's own /healthz, /readyz and /metrics (0 picks a free one). */
  PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  /** Jobs one worker process runs at once. */
  PDF_WORKER_CONCURRENCY: int(2),
  /** Chromium pages printing at once in one worker process (one browser). */
  PDF_RENDER_CONCURRENCY: int(2),
  PDF_RENDER_TIMEOUT_MS: int(60_000),
  /** The browser is replaced after this many prints, which bounds its memory. */
  PDF_RECYCLE_AFTER: int(200),
  /** Certificates printed by Chromium in one go; the pages are split afterwards. */
  PDF_BATCH_SIZE: int(50),
  /** BullMQ lock and stalled-job check; a killed worker's job moves to another after about this. */
  PDF_LOCK_DURATION_MS: int(30_000),
  PDF_STALLED_INTERVAL_MS: int(30_000),
  // A job that stalls a second time fails visibly instead of running on a third worker.
  PDF_MAX_STALLED_COUNT: int(1),
  /** How often expired produced files are deleted from GridFS. */
  PDF_CACHE_SWEEP_MS: int(3600_000),
});
export type PdfWorkerConfig = z.infer<typeof pdfWorkerConfigSchema>;
export const readPdfWorkerConfig = () => loadConfig(pdfWorkerConfigSchema);

export const queuePrefix = (c: { REDIS_PREFIX: string; PDF_QUEUE_PREFIX?: string }) => c.PDF_QUEUE_PREFIX ?? `${c.REDIS_PREFIX}bull`;
export const QUEUE_NAME = 'pdf';

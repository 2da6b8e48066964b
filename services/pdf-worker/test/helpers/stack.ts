import mongoose from 'mongoose';
import type request from 'supertest';
import { rawBody, staffToken, TEST_JWT_SECRET, testServers, uniqueName, until } from '@journal/testing';
import { start, type PdfApiApp } from '../../src/app';
import { pdfApiConfigSchema, pdfWorkerConfigSchema, type PdfApiConfig, type PdfWorkerConfig } from '../../src/config';
import { startWorker, type PdfWorkerApp } from '../../src/worker';
import { startContentFixture, type ContentFixture } from './content-fixture';

const pdfParse = require('pdf-parse/lib/pdf-parse.js') as (b: Buffer) => Promise<{ text: string; numpages: number }>;

export interface Stack {
  api: PdfApiApp;
  worker?: PdfWorkerApp;
  content: ContentFixture;
  apiConfig: PdfApiConfig;
  workerConfig: PdfWorkerConfig;
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** The pdf API (and, unless told otherwise, one in-process worker) on the real Redis, database and Chromium. */
export async function startStack(opts: { worker?: boolean; workerEnv?: Record<string, string> } = {}): Promise<Stack> {
  const { mongoUrl, redisUrl } = testServers();
  const content = await startContentFixture();
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    MONGO_URL: mongoUrl,
    MONGO_DB: uniqueName('pdf'),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `${uniqueName('tpdf')}:`,
    JWT_SECRET: TEST_JWT_SECRET,
    // Tokens here are signed for users that exist nowhere; the stored-user check is tested with the auth service.
    AUTH_CHECK_STORED_USER: 'off',
    CONTENT_URL: content.url,
    PORT: '0',
    CONTENT_CACHE_TTL_MS: '0',
    PDF_SYNC_TIMEOUT_MS: '60000',
    PDF_MAX_ITEMS: '200',
    PDF_BATCH_SIZE: '10',
    PDF_WORKER_CONCURRENCY: '2',
    PDF_LOCK_DURATION_MS: '4000',
    PDF_STALLED_INTERVAL_MS: '1000',
    ...opts.workerEnv,
  };
  const apiConfig = pdfApiConfigSchema.parse(env);
  const workerConfig = pdfWorkerConfigSchema.parse(env);
  const api = await start(apiConfig);
  const worker = opts.worker === false ? undefined : await startWorker(workerConfig);
  return {
    api,
    worker,
    content,
    apiConfig,
    workerConfig,
    env,
    async stop() {
      await worker?.stop();
      await api.stop();
      await content.close();
      const conn = await mongoose.createConnection(mongoUrl, { dbName: env.MONGO_DB }).asPromise();
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
    },
  };
}

export const adminToken = (journalId: string) => staffToken(journalId);

export async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const r = await pdfParse(bytes);
  return { text: r.text.replace(/\s+/g, ' '), pages: r.numpages };
}

export { readZip } from '@journal/testing';

/** A request whose answer is kept as bytes (a PDF, a zip). */
export const binary = (req: request.Test) => req.buffer(true).parse(rawBody);

/** An answer that is a PDF downloaded as `filename`: its text and page count. */
export async function pdfDownload(res: request.Response, filename: string) {
  expect(res.status).toBe(200);
  expect(res.headers['content-disposition']).toContain(`filename="${filename}"`);
  return pdfText(res.body as Buffer);
}

/** Polls a job until it is completed or failed; returns every status seen. */
export async function pollJob(base: string, id: string, headers: Record<string, string>, timeoutMs = 60_000) {
  const seen: { state: string; progress: { done: number; total: number } }[] = [];
  const finished = async () => {
    const r = await fetch(`${base}/api/pdf/jobs/${id}`, { headers });
    if (r.status !== 200) throw new Error(`job status ${r.status}: ${await r.text()}`);
    const s = (await r.json()) as { state: string; progress: { done: number; total: number } };
    seen.push(s);
    return s.state === 'completed' || s.state === 'failed';
  };
  await until(finished, `job ${id} to finish`, timeoutMs, 100).catch((err: Error) => {
    throw new Error(`${err.message}: ${JSON.stringify(seen.at(-1))}`);
  });
  return seen;
}

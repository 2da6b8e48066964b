import { Queue, QueueEvents, type Job } from 'bullmq';
import { AppError, type Redis } from '@journal/server-kit';
import type { JobProgress, PdfJobData, PdfJobResult } from './pdf.types';

export interface PdfQueueOptions {
  attempts: number;
  retentionSeconds: number;
}

export interface JobView {
  job: Job<PdfJobData, PdfJobResult>;
  state: string;
  progress: JobProgress;
}

/**
 * The API's side of the `pdf` queue. Its connection has no offline queue, so with Redis down an
 * add fails at once (503) instead of waiting. The job id is the cache key: two requests for the
 * same document share one job, and a re-delivered job finds its file already stored.
 */
export class PdfQueue {
  readonly queue: Queue<PdfJobData, PdfJobResult>;
  readonly events: QueueEvents;

  constructor(
    name: string,
    prefix: string,
    connection: Redis,
    blockingConnection: Redis,
    private readonly opts: PdfQueueOptions,
  ) {
    this.queue = new Queue<PdfJobData, PdfJobResult>(name, { connection, prefix });
    this.events = new QueueEvents(name, { connection: blockingConnection, prefix });
    // Errors surface on each call; the event emitters must not crash the process meanwhile.
    this.queue.on('error', () => undefined);
    this.events.on('error', () => undefined);
  }

  async ready(): Promise<void> {
    await Promise.all([this.queue.waitUntilReady(), this.events.waitUntilReady()]);
  }

  async add(data: PdfJobData): Promise<Job<PdfJobData, PdfJobResult>> {
    const existing = await this.queue.getJob(data.key);
    if (existing) {
      const state = await existing.getState();
      if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return existing;
      // Finished earlier but its file is gone (expired) or it failed: run it again.
      await existing.remove().catch(() => undefined);
    }
    return this.queue.add(data.payload.kind, data, {
      jobId: data.key,
      attempts: this.opts.attempts,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: this.opts.retentionSeconds, count: 10_000 },
      removeOnFail: { age: this.opts.retentionSeconds, count: 10_000 },
    });
  }

  /** Waits for the job to finish; rejects with its failure, or 504 after `timeoutMs`. */
  async wait(job: Job<PdfJobData, PdfJobResult>, timeoutMs: number): Promise<PdfJobResult> {
    try {
      return await job.waitUntilFinished(this.events, timeoutMs);
    } catch (err) {
      const msg = (err as Error).message ?? '';
      if (/timed out before finishing|no finish notification/i.test(msg)) {
        throw new AppError(504, 'pdf_timeout', 'The document is still being produced; fetch it later from the job', { jobId: job.id });
      }
      throw new AppError(500, 'render_failed', 'The document could not be produced');
    }
  }

  async get(id: string): Promise<JobView | null> {
    const job = await this.queue.getJob(id);
    if (!job) return null;
    const state = await job.getState();
    const p = job.progress as Partial<JobProgress> | number | undefined;
    const progress =
      typeof p === 'object' && p && typeof p.done === 'number' && typeof p.total === 'number'
        ? { done: p.done, total: p.total }
        : { done: state === 'completed' ? 1 : 0, total: 1 };
    return { job, state, progress };
  }

  /** Jobs waiting, running or delayed: the autoscaling signal. */
  async depth(): Promise<number> {
    const c = await this.queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return (c.waiting ?? 0) + (c.active ?? 0) + (c.delayed ?? 0) + (c.prioritized ?? 0);
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.queue.close(), this.events.close()]);
  }
}

import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from '@journal/server-kit';

export const MAIL_QUEUE = 'mail';

/** A job names its outbox record; the record, not the job, holds the message and its state. */
export interface MailJob {
  journalId: string;
  mailId: string;
}

export interface MailQueueOptions {
  prefix: string;
  attempts: number;
  retryMs: number;
  retryMaxMs: number;
}

/** The wait before the next try: doubled each time from `retryMs`, never more than `retryMaxMs`. */
export const mailRetryDelay = (attemptsMade: number, o: Pick<MailQueueOptions, 'retryMs' | 'retryMaxMs'>) =>
  Math.min(o.retryMaxMs, o.retryMs * 2 ** Math.max(0, attemptsMade - 1));

/**
 * The `mail` queue. A send that fails throws, and BullMQ tries again after a backoff doubled each
 * time up to a ceiling (an SMTP outage of hours loses nothing, and its end is noticed soon). A record's first job has the record's id as its job id,
 * so enqueueing an event twice adds one job; the sweep adds a fresh job for a message whose job
 * was lost, and every job checks the record's state before it sends (docs/architecture.md#mail).
 */
export class MailQueue {
  readonly queue: Queue<MailJob>;

  constructor(
    connection: Redis,
    readonly opts: MailQueueOptions,
  ) {
    this.queue = new Queue<MailJob>(MAIL_QUEUE, { connection, prefix: opts.prefix });
    this.queue.on('error', () => undefined);
  }

  async add(job: MailJob, jobId = job.mailId): Promise<void> {
    await this.queue.add('send', job, {
      jobId,
      attempts: this.opts.attempts,
      // The worker's backoffStrategy (capped exponential) reads this type.
      backoff: { type: 'mail', delay: this.opts.retryMs },
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
    });
  }

  /** Whether a job of this message waits or runs now. */
  async pending(mailId: string): Promise<boolean> {
    const job = await this.queue.getJob(mailId);
    if (!job) return false;
    const state = await job.getState();
    return state === 'waiting' || state === 'delayed' || state === 'active' || state === 'prioritized' || state === 'waiting-children';
  }

  work(connection: Redis, run: (job: Job<MailJob>) => Promise<void>, o: { concurrency: number; lockMs: number }): Worker<MailJob> {
    return new Worker<MailJob>(MAIL_QUEUE, run, {
      connection,
      prefix: this.opts.prefix,
      concurrency: o.concurrency,
      lockDuration: o.lockMs,
      stalledInterval: Math.max(1000, Math.round(o.lockMs / 2)),
      maxStalledCount: 1000,
      settings: { backoffStrategy: (attemptsMade) => mailRetryDelay(attemptsMade, this.opts) },
    });
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

/** The queues' key prefix of a deployment (the same for the content service and the mail worker). */
export const mailQueuePrefix = (redisPrefix: string) => `${redisPrefix}bull`;

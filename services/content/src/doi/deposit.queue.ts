import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from '@journal/server-kit';

export const DEPOSIT_QUEUE = 'crossref';

export type DepositJob = { kind: 'upload'; journalId: string; submissionId: string } | { kind: 'poll'; journalId: string; submissionId: string; round: number };

export interface DepositQueueOptions {
  prefix: string;
  attempts: number;
  retryMs: number;
}

/**
 * The content service's own `crossref` queue. A job that cannot reach Crossref throws and BullMQ
 * runs it again after an exponential backoff, so an outage of hours loses nothing; the job id is
 * the submission (and read round), so a second add of the same step is a no-op.
 */
export class DepositQueue {
  readonly queue: Queue<DepositJob>;

  constructor(
    connection: Redis,
    private readonly opts: DepositQueueOptions,
  ) {
    this.queue = new Queue<DepositJob>(DEPOSIT_QUEUE, { connection, prefix: opts.prefix });
    this.queue.on('error', () => undefined);
  }

  async add(job: DepositJob, delayMs = 0): Promise<void> {
    const id = job.kind === 'upload' ? `${job.submissionId}-upload` : `${job.submissionId}-poll-${job.round}`;
    await this.queue.add(job.kind, job, {
      jobId: id,
      delay: delayMs,
      attempts: this.opts.attempts,
      backoff: { type: 'exponential', delay: this.opts.retryMs },
      removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
      removeOnFail: { age: 30 * 24 * 3600, count: 10_000 },
    });
  }

  /** Starts a worker on a blocking connection of its own. */
  work(connection: Redis, run: (job: Job<DepositJob>) => Promise<void>, concurrency = 2): Worker<DepositJob> {
    const w = new Worker<DepositJob>(DEPOSIT_QUEUE, run, { connection, prefix: this.opts.prefix, concurrency });
    w.on('error', () => undefined);
    return w;
  }

  async close(): Promise<void> {
    await this.queue.close();
  }
}

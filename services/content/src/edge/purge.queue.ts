import { Queue, Worker, type Job } from 'bullmq';
import type { Logger, Redis } from '@journal/server-kit';
import type { ChangeListener, PublishedChange } from '../views/cache-tags';
import type { EdgePurger } from './purger';
import type { LiveStatusRepo } from './live-status.repo';

export const EDGE_PURGE_QUEUE = 'edge-purge';

/**
 * The time a file's last bytes take from the content service into nginx's cache (through the
 * gateway, which nginx reads at loopback speed), added to EDGE_FILE_READ_MS for the late purge.
 */
export const FILE_LANDING_MS = 5000;

/** One write's purge: what it changed and its number among the journal's changes (live-status.repo.ts). */
export interface PurgeJob extends PublishedChange {
  seq: number;
  /** The second purge a while after the first (see EDGE_REPURGE_MS); not counted in the status. */
  repurge?: boolean;
  /** The late purge of the write's retired files alone (see `fileRepurgeMs`). */
  files?: boolean;
}

export interface PurgeQueueOptions {
  /** BullMQ's key prefix (the service's other queues use the same). */
  prefix: string;
  repurgeMs: number;
  /**
   * A third purge, of the write's retired files only, this long after the first (0: none): file
   * reads are not stamped like pages (gateway/src/change-stamps.ts), and one begun before the write
   * may reach nginx after both purges. The content service cuts a file read past EDGE_FILE_READ_MS,
   * so none is stored later than this (edge-purge.setup.ts: that plus FILE_LANDING_MS). A delayed
   * job like the repurge: it outlives a restart of the purger.
   */
  fileRepurgeMs?: number;
  /** Jobs run at once by this process (0: none; another process works the queue). */
  concurrency: number;
  /** A job's lock; a worker that stops renewing it (killed) loses the job to another, or to itself restarted. */
  lockMs: number;
  /** A job whose change took longer than this from its write to live is logged with where its time went (0: every job). */
  slowMs: number;
  logger: Logger;
}

/**
 * The purges of the caches in front, out of the write's way. A write hands what it changed to
 * `listener` once it is stored (database, change feed, activity log follow in the same request):
 * the change gets its number and a job in Redis (append-only, noeviction), and the write answers.
 * A worker of any content replica runs the job (EdgePurger: every target, with retries); a job
 * whose worker died is taken over once its lock lapses, so a crash between the answer and the
 * purge delays the purge, never loses it.
 */
export class PurgeQueue {
  readonly queue: Queue<PurgeJob>;
  private worker: Worker<PurgeJob> | null = null;

  constructor(
    connection: Redis,
    private readonly purger: EdgePurger,
    private readonly status: LiveStatusRepo,
    private readonly opts: PurgeQueueOptions,
  ) {
    this.queue = new Queue<PurgeJob>(EDGE_PURGE_QUEUE, { connection, prefix: opts.prefix });
    this.queue.on('error', () => undefined);
  }

  /** The change listener registered with the change publisher: resolves once the job is stored. */
  readonly listener: ChangeListener = async (change) => {
    if (!this.purger.enabled || !change.tags.length) return;
    const seq = await this.status.begin(change.journalId);
    await this.queue.add('purge', { ...change, seq }, { removeOnComplete: true, removeOnFail: { count: 1000 } });
  };

  /** Starts this process's worker on a blocking connection of its own (none with concurrency 0). */
  work(connection: Redis): void {
    if (!this.opts.concurrency || !this.purger.enabled) return;
    const w = new Worker<PurgeJob>(EDGE_PURGE_QUEUE, (job) => this.run(job), {
      connection,
      prefix: this.opts.prefix,
      concurrency: this.opts.concurrency,
      lockDuration: this.opts.lockMs,
      // A taken-over job is looked for this often; a job that keeps killing its workers fails after a few.
      stalledInterval: Math.max(1000, Math.round(this.opts.lockMs / 2)),
      maxStalledCount: 5,
    });
    w.on('error', (err) => this.opts.logger.warn({ err }, 'edge purge worker error'));
    this.worker = w;
  }

  private async run(job: Job<PurgeJob>): Promise<void> {
    const { seq, repurge, files, ...change } = job.data;
    // Each stage's time since the job was queued (a repurge: since it was due).
    const since = job.timestamp + (job.opts.delay ?? 0);
    const stages: Record<string, number | [number, number]> = { taken: (job.processedOn ?? Date.now()) - since, begun: Date.now() - since };
    const note = (stage: string, count?: number) => (stages[stage] = count === undefined ? Date.now() - since : [Date.now() - since, count]);
    const ok = await this.purger.purge(change, note);
    if (!repurge) {
      await this.status.done(change.journalId, seq, !ok);
      note('live');
    }
    if (Date.now() - since >= this.opts.slowMs) this.opts.logger.warn({ journalId: change.journalId, seq, repurge: !!repurge, files: !!files, tags: change.tags.length, stages }, 'edge purge slow');
    if (repurge) return;
    const later = { removeOnComplete: true, removeOnFail: true };
    if (this.opts.repurgeMs > 0) await this.queue.add('repurge', { ...change, seq, repurge: true }, { ...later, delay: this.opts.repurgeMs });
    // No tags: the pages' keys had their two purges, and stamped reads were never stored late.
    if (this.opts.fileRepurgeMs && change.retired?.length) {
      await this.queue.add('file-repurge', { ...change, tags: [], seq, repurge: true, files: true }, { ...later, delay: this.opts.fileRepurgeMs });
    }
  }

  /** Stops taking jobs; the ones under way finish (a job left behind is taken over later). */
  async close(): Promise<void> {
    await Promise.all([this.worker?.close(), this.purger.stop()]);
    await this.queue.close();
  }
}

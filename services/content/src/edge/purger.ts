import type { Logger } from '@journal/server-kit';
import type { PublishedChange } from '../views/cache-tags';

/** Told when a purge reaches a stage (`keys`, `head`, `tail`…), with a count where one applies: where a slow purge's time went. */
export type PurgeNote = (stage: string, count?: number) => void;

/** One cache in front of the services that a write's tags are purged from (nginx, a CDN). */
export interface PurgeTarget {
  readonly name: string;
  /** Removes every answer carrying any of the tags. Throws when the cache could not be told. */
  purge(change: PublishedChange, note?: PurgeNote): Promise<void>;
}

export interface PurgerOptions {
  targets: PurgeTarget[];
  logger: Logger;
  /** Tries per target and change, the first included. */
  attempts: number;
  /** Wait before the second try, doubled for each further one. */
  retryMs: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * Tells every cache in front what a published write changed. A purge that fails is retried with
 * backoff and logged; it never fails the write, which answered before it began: the purge queue
 * (purge.queue.ts) runs it.
 */
export class EdgePurger {
  /** Purges begun and not yet settled (tests and shutdown wait on them). */
  private readonly running = new Set<Promise<boolean>>();
  readonly stats = { purges: 0, failures: 0, retries: 0 };
  private stopped = false;

  constructor(private readonly opts: PurgerOptions) {}

  /** The caches told. */
  get targets(): readonly PurgeTarget[] {
    return this.opts.targets;
  }

  get enabled() {
    return this.opts.targets.length > 0;
  }

  /**
   * Purges the change from every target (retrying each on its own); resolves when all are done or
   * gave up: true when every target took it. Never rejects.
   */
  async purge(change: PublishedChange, note?: PurgeNote): Promise<boolean> {
    const p = Promise.all(this.opts.targets.map((t) => this.purgeOne(t, change, note))).then((done) => done.every(Boolean));
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
    return p;
  }

  private async purgeOne(target: PurgeTarget, change: PublishedChange, note?: PurgeNote): Promise<boolean> {
    const noted: PurgeNote | undefined = note && ((stage, count) => note(`${target.name}.${stage}`, count));
    for (let attempt = 1; ; attempt++) {
      try {
        await target.purge(change, noted);
        noted?.('done', attempt);
        this.stats.purges++;
        return true;
      } catch (err) {
        const last = attempt >= this.opts.attempts || this.stopped;
        if (last) {
          this.stats.failures++;
          this.opts.logger.error({ err, target: target.name, journalId: change.journalId, tags: change.tags, attempts: attempt }, 'edge purge failed; the cache keeps the old answers until they expire');
          return false;
        }
        this.stats.retries++;
        const wait = this.opts.retryMs * 2 ** (attempt - 1);
        this.opts.logger.warn({ err, target: target.name, journalId: change.journalId, attempt, retryInMs: wait }, 'edge purge failed; retrying');
        await sleep(wait);
      }
    }
  }

  /** Waits for the purges under way (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  /** No new retries; purges under way finish their current try. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }
}

import type { Logger } from '@journal/server-kit';
import type { ChangeListener, PublishedChange } from '../views/cache-tags';

/** One cache in front of the services that a write's tags are purged from (nginx, a CDN). */
export interface PurgeTarget {
  readonly name: string;
  /**
   * The write waits for this cache's first try (nginx next door: the writer's next read must not
   * find the old answer); a CDN's API is told in the background.
   */
  readonly awaited: boolean;
  /**
   * Removes every answer carrying any of the tags. Throws when the cache could not be told.
   * `headDone`, when given, is called once the answers readers reach first are done (the write
   * may answer then), the rest going on.
   */
  purge(change: PublishedChange, headDone?: () => void): Promise<void>;
}

export interface PurgerOptions {
  targets: PurgeTarget[];
  logger: Logger;
  /** Tries per target and change, the first included. */
  attempts: number;
  /** Wait before the second try, doubled for each further one. */
  retryMs: number;
  /**
   * A second purge this long after the first (0: none): an answer built from the state before the
   * write and still on its way into a cache (or built by a replica that had not yet applied the
   * write) when the first purge ran is removed by the second.
   */
  repurgeMs: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * Tells every cache in front what a published write changed. A purge that fails is retried with
 * backoff and logged; it never fails the write: `listener` never rejects, and resolves once the
 * first try of each awaited cache (nginx) is over, retries and CDNs going on in the background.
 */
export class EdgePurger {
  /** Purges begun and not yet settled (tests and shutdown wait on them). */
  private readonly running = new Set<Promise<void>>();
  readonly stats = { purges: 0, failures: 0, retries: 0 };
  private stopped = false;

  constructor(private readonly opts: PurgerOptions) {}

  get enabled() {
    return this.opts.targets.length > 0;
  }

  /** The change listener registered with the change publisher. */
  readonly listener: ChangeListener = async (change) => {
    if (!this.enabled || !change.tags.length) return;
    const firstTries: Promise<void>[] = [];
    for (const target of this.opts.targets) {
      let firstDone = () => {};
      if (target.awaited) firstTries.push(new Promise<void>((resolve) => (firstDone = resolve)));
      this.track(this.purgeOne(target, change, firstDone));
    }
    if (this.opts.repurgeMs > 0) this.track(sleep(this.opts.repurgeMs).then(() => (this.stopped ? undefined : this.purge(change))));
    await Promise.all(firstTries);
  };

  private track(p: Promise<void>) {
    this.running.add(p);
    void p.finally(() => this.running.delete(p));
  }

  /** Purges the change from every target (retrying each on its own); resolves when all are done or gave up. Never rejects. */
  async purge(change: PublishedChange): Promise<void> {
    await Promise.all(this.opts.targets.map((t) => this.purgeOne(t, change)));
  }

  private async purgeOne(target: PurgeTarget, change: PublishedChange, firstDone: () => void = () => {}): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await target.purge(change, firstDone);
        this.stats.purges++;
        firstDone();
        return;
      } catch (err) {
        firstDone();
        const last = attempt >= this.opts.attempts || this.stopped;
        if (last) {
          this.stats.failures++;
          this.opts.logger.error({ err, target: target.name, journalId: change.journalId, tags: change.tags, attempts: attempt }, 'edge purge failed; the cache keeps the old answers until they expire');
          return;
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

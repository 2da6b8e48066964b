import { ChangeFeed, CONTENT_CHANGE_FEED, type ChangeFeedHandler, type Logger, type Redis } from '@journal/server-kit';

export interface ContentChangesOptions {
  redis: Redis;
  /** A connection of its own in subscriber mode. */
  subscriber: Redis;
  prefix: string;
  logger: Logger;
  /** How often the journals' counters are compared with what was applied (the safety net). */
  pollMs?: number;
}

/**
 * Follows the content service's writes, so the render process may reuse a read of a journal
 * without asking again until a write of that journal is announced. Each followed journal has a
 * generation, moved on by every change the feed brings (a missed message is found by its version
 * and moves it on too); a read may be reused only while the generation it began in is current.
 *
 * Nothing is reused unless the subscription is live: while it is down every read is revalidated,
 * and when it drops every generation moves on (what came meanwhile is unknown). A journal is
 * followed from its first read, once its version is known; until then its reads are revalidated.
 * The feed's message reaches this process before the write's purge of the caches in front is even
 * sent, so the page rendered for the purged key already sees the write (and the content service
 * purges a second time shortly after, for a render that began before).
 */
export class ContentChanges implements ChangeFeedHandler<unknown> {
  private readonly feed: ChangeFeed<unknown>;
  private readonly generations = new Map<string, number>();
  private readonly pending = new Set<string>();
  private live = false;
  private epoch = 0;
  /** Generations are drawn from one counter, so none is ever given twice (a journal followed again after an outage included). */
  private seq = 0;
  /** Counts for tests and metrics. */
  readonly stats = { changes: 0, drops: 0 };

  constructor(private readonly o: ContentChangesOptions) {
    this.feed = new ChangeFeed({ name: CONTENT_CHANGE_FEED, prefix: o.prefix, redis: o.redis, subscriber: o.subscriber, logger: o.logger, pollMs: o.pollMs }, this);
  }

  async start(): Promise<void> {
    const sub = this.o.subscriber;
    sub.on('close', () => this.drop());
    sub.on('end', () => this.drop());
    // ioredis subscribes again on reconnecting; the feed's own 'ready' handler fills the gap.
    sub.on('ready', () => {
      this.live = true;
    });
    await this.feed.start();
    this.live = sub.status === 'ready';
  }

  stop() {
    this.feed.stop();
    this.drop();
  }

  /**
   * The journal's generation when its reads may be reused; undefined when they must be
   * revalidated (not followed yet, or the subscription is down).
   */
  generation(journalId: string): number | undefined {
    if (!this.live) return undefined;
    const g = this.generations.get(journalId);
    if (g === undefined) this.follow(journalId);
    return g;
  }

  /**
   * The journal's generation when its reads may be reused and its feed version `v` (a request's
   * stamp; 0: none) is already applied here; undefined otherwise. Asks nothing and waits for nothing.
   */
  currentAt(journalId: string, v: number): number | undefined {
    const g = this.generation(journalId);
    return g !== undefined && (v === 0 || this.feed.version(journalId) >= v) ? g : undefined;
  }

  /**
   * Whether the feed's version `v` of the journal is applied here (a request the gateway stamped
   * after a write's announcement; its message may not have come yet): true, or a promise of true
   * once it is, false past `maxMs`.
   */
  reached(journalId: string, v: number, maxMs: number): true | Promise<boolean> {
    return this.feed.reached(journalId, v, maxMs);
  }

  private follow(journalId: string) {
    if (this.pending.has(journalId)) return;
    this.pending.add(journalId);
    const epoch = this.epoch;
    this.feed
      .versions([journalId])
      .then((m) => {
        // The subscription dropped meanwhile: changes of the gap may have gone unseen.
        if (epoch !== this.epoch || !this.live) return;
        this.feed.loadedAt(journalId, m.get(journalId) ?? 0);
        this.generations.set(journalId, ++this.seq);
      })
      .catch((err: unknown) => this.o.logger.warn({ err, journalId }, 'content version not read; its reads are revalidated'))
      .finally(() => this.pending.delete(journalId));
  }

  /** Nothing held is trusted: the subscription is down, or the process stops. */
  private drop() {
    if (!this.live && !this.generations.size) return;
    this.live = false;
    this.epoch++;
    this.stats.drops++;
    for (const j of this.generations.keys()) this.feed.forget(j);
    this.generations.clear();
  }

  private moveOn(journalId: string) {
    this.stats.changes++;
    if (this.generations.has(journalId)) this.generations.set(journalId, ++this.seq);
  }

  apply(journalId: string): Promise<void> {
    this.moveOn(journalId);
    return Promise.resolve();
  }

  rebuild(journalId: string): Promise<void> {
    this.moveOn(journalId);
    return Promise.resolve();
  }

  journals(): Iterable<string> {
    return this.generations.keys();
  }
}

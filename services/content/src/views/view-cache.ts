import { createHash } from 'node:crypto';
import { ChangeFeed, CONTENT_CHANGE_FEED, LRUCache, ownBytes, type ChangeFeedHandler, type Logger, type Redis } from '@journal/server-kit';

export interface CachedBody {
  body: Buffer;
  contentType: string;
  /** Strong validator from the bytes, so every replica gives the same ETag for the same answer. */
  etag: string;
}

/**
 * What a published write tells every replica: the stored views it replaced (evicted by id) and the
 * articles it changed (their search entries are read again), or `all` (the journal's views were
 * rebuilt: everything of it goes). Older message kinds (a document named by type, from tools of
 * earlier releases) are taken as `all`.
 */
export type ViewChange =
  | { t: 'views'; ids: string[]; files?: string[]; articles?: string[] }
  | { t: 'all' }
  | { t: string; ids?: undefined; files?: undefined; articles?: undefined };

/** Told, after the cache, of every change the feed brings for a journal (`all`: everything of it). */
export type ViewChangeListener = (journalId: string, changes: ViewChange[]) => Promise<void>;

interface Entry {
  /** The journal's generation the value was made from; STABLE for values evicted by name. */
  gen: number;
  value: unknown;
  size: number;
}

export interface ViewCacheOptions {
  prefix: string;
  redis: Redis;
  subscriber?: Redis;
  logger: Logger;
  versionPollMs?: number;
  /** The memory budget of everything this cache holds (views and answers), in bytes. */
  maxBytes: number;
  /** A cap on the entries under that budget; 0 or unset: none (a cap preallocates a slot table of its size). */
  maxEntries?: number;
}

export const etagOf = (body: Buffer | string) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

const STABLE = -1;

/**
 * Memory an entry takes besides its value's own bytes: the entry and its key, the cache's slots, a
 * buffer's objects (its ArrayBuffer and backing store). Counted, the budget is what the process
 * really holds: filled by reads over a whole corpus, 57,793 entries counted at 192 MB took about
 * 30 MB more of heap and external memory than that, some 500 bytes an entry more than the 64
 * then counted.
 */
const ENTRY_OVERHEAD = 600;
const SEP = '\u0000';

/**
 * The one in-process cache of the content service, bounded by a memory budget (lru-cache with
 * `maxSize`): stored views read on demand, and answers made from them. Views are evicted by id when
 * a change names them; answers are kept under the journal's generation, which every change of the
 * journal bumps. Nothing is loaded at start: the process answers as soon as it is subscribed.
 */
export class ViewCache implements ChangeFeedHandler<ViewChange> {
  private readonly entries: LRUCache<string, Entry>;
  private readonly inflight = new Map<string, Promise<unknown>>();
  private readonly gens = new Map<string, number>();
  /** Journals this process has read (the feed tracks their counters). */
  private readonly tracked = new Map<string, Promise<void>>();
  private readonly listeners: ViewChangeListener[] = [];
  private readonly logger: Logger;
  readonly feed: ChangeFeed<ViewChange>;
  hits = 0;
  misses = 0;
  ready = false;
  readyMs = 0;

  constructor(opts: ViewCacheOptions) {
    this.logger = opts.logger;
    this.entries = new LRUCache<string, Entry>({
      // lru-cache sizes its slot arrays to `max` at construction: a million-entry cap held about
      // 35 MB before the first read, so the byte budget alone bounds the cache unless asked.
      ...(opts.maxEntries ? { max: opts.maxEntries } : {}),
      maxSize: Math.max(1, opts.maxBytes),
      sizeCalculation: (e) => Math.max(1, e.size),
    });
    this.feed = new ChangeFeed<ViewChange>(
      { name: CONTENT_CHANGE_FEED, prefix: opts.prefix, redis: opts.redis, subscriber: opts.subscriber, logger: opts.logger, pollMs: opts.versionPollMs },
      this,
    );
  }

  /** Subscribes to the change feed; then the process is ready (no view is read before a request asks). */
  async init(): Promise<void> {
    const started = Date.now();
    await this.feed.start();
    this.readyMs = Date.now() - started;
    this.ready = true;
  }

  stop() {
    this.feed.stop();
  }

  get size() {
    return this.entries.size;
  }

  get bytes() {
    return this.entries.calculatedSize;
  }

  gen(journalId: string): number {
    return this.gens.get(journalId) ?? 0;
  }

  // ChangeFeedHandler: what other replicas' (and this one's) writes mean here.
  async apply(journalId: string, changes: ViewChange[]): Promise<void> {
    // The listeners first: an answer made from what they hold is then cached under the generation
    // before this change, never under the one after it.
    await this.tell(journalId, changes);
    let all = false;
    for (const c of changes) {
      if (c.t === 'views' && c.ids) {
        for (const id of c.ids) this.entries.delete(this.key(journalId, `v:${id}`));
        // A stored file replaced or deleted: its stat (kept by path) goes too.
        for (const path of c.files ?? []) this.entries.delete(this.key(journalId, `stat:${path}`));
      } else all = true;
    }
    if (all) this.forgetJournal(journalId);
    this.bump(journalId);
  }

  async rebuild(journalId: string): Promise<void> {
    await this.tell(journalId, [{ t: 'all' }]);
    this.forgetJournal(journalId);
    this.bump(journalId);
  }

  /** Registers a listener of the changes the feed brings (the search store's copies follow them). */
  onChange(listener: ViewChangeListener): void {
    this.listeners.push(listener);
  }

  private async tell(journalId: string, changes: ViewChange[]) {
    for (const l of this.listeners) {
      try {
        await l(journalId, changes);
      } catch (err) {
        this.logger.warn({ err, journalId }, 'change listener failed');
      }
    }
  }

  journals(): Iterable<string> {
    return this.tracked.keys();
  }

  private bump(journalId: string) {
    this.gens.set(journalId, this.gen(journalId) + 1);
  }

  private key(journalId: string, key: string) {
    return `${journalId}${SEP}${key}`;
  }

  private forgetJournal(journalId: string) {
    const prefix = `${journalId}${SEP}`;
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  /**
   * The first read of a journal records the feed's counter for it, so later changes are applied
   * in order (and a lost message is noticed). One Redis read per journal per process lifetime.
   * Public for what is read beside the views (the search store).
   */
  track(journalId: string): Promise<void> {
    let t = this.tracked.get(journalId);
    if (!t) {
      t = this.feed.versions([journalId]).then(
        (m) => this.feed.loadedAt(journalId, m.get(journalId) ?? 0),
        () => this.feed.loadedAt(journalId, 0),
      );
      this.tracked.set(journalId, t);
    }
    return t;
  }

  /** A stored view, read once and kept until a change names it (or the budget evicts it). */
  view<T>(journalId: string, id: string, read: () => Promise<{ value: T; size: number }>): Promise<T> {
    return this.lookup(journalId, `v:${id}`, STABLE, read);
  }

  /** Whether a view is held here now (read once and not dropped since). */
  holdsView(journalId: string, id: string): boolean {
    return this.entries.get(this.key(journalId, `v:${id}`))?.gen === STABLE;
  }

  /** Drops a view held here (this process rebuilt it on read). */
  evictView(journalId: string, id: string) {
    this.entries.delete(this.key(journalId, `v:${id}`));
  }

  /** An answer made from the journal's current views: made again after any change of the journal. */
  get<T>(journalId: string, key: string, producer: () => Promise<T>, sizeOf: (v: T) => number = () => 1024): Promise<T> {
    return this.lookup(journalId, key, null, async () => {
      const value = await producer();
      return { value, size: sizeOf(value) };
    });
  }

  /** An answer that depends only on what `key` names (a file's bytes by content hash, a file's stat until the file changes). */
  stable<T>(journalId: string, key: string, producer: () => Promise<T>, sizeOf: (v: T) => number = () => 1024): Promise<T> {
    return this.lookup(journalId, key, STABLE, async () => {
      const value = await producer();
      return { value, size: sizeOf(value) };
    });
  }

  /** Drops a stable answer (a file changed). */
  evict(journalId: string, key: string) {
    this.entries.delete(this.key(journalId, key));
  }

  private async lookup<T>(journalId: string, key: string, fixed: number | null, producer: () => Promise<{ value: T; size: number }>): Promise<T> {
    await this.track(journalId);
    const k = this.key(journalId, key);
    const gen = this.gen(journalId);
    const want = fixed ?? gen;
    const e = this.entries.get(k);
    if (e && e.gen === want) {
      this.hits++;
      return e.value as T;
    }
    this.misses++;
    const flightKey = `${k}${SEP}${want}${SEP}${gen}`;
    const running = this.inflight.get(flightKey);
    if (running) return (await running) as T;
    const p = producer().then(
      ({ value, size }) => {
        // Kept only if no change of the journal landed while it was read: it could predate it.
        if (this.gen(journalId) === gen) this.entries.set(k, { gen: want, value, size: size + k.length * 2 + ENTRY_OVERHEAD });
        return value;
      },
    );
    this.inflight.set(flightKey, p);
    try {
      return await p;
    } finally {
      this.inflight.delete(flightKey);
    }
  }

  /** A serialised answer (JSON, XML, HTML) with its ETag, cached like `get`. */
  body(journalId: string, key: string, producer: () => Promise<{ body: Buffer | string; contentType: string }>): Promise<CachedBody> {
    return this.get(journalId, key, () => producer().then(toCached), (c) => c.body.length + 200);
  }

  json(journalId: string, key: string, producer: () => Promise<unknown>): Promise<CachedBody> {
    return this.body(journalId, key, async () => ({ body: JSON.stringify(await producer()), contentType: JSON_TYPE }));
  }

  clear() {
    this.entries.clear();
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

export function toCached(r: { body: Buffer | string; contentType: string }): CachedBody {
  const body = ownBytes(r.body);
  return { body, contentType: r.contentType, etag: etagOf(body) };
}

import { ChangeFeed, etagOf, LRUCache, type Logger, type Redis } from '@journal/server-kit';
import type { ContentChange, JournalView, ReadModel } from './read-model';

export interface CachedBody {
  body: Buffer;
  contentType: string;
  /** Strong validator from the bytes, so every replica gives the same ETag for the same answer. */
  etag: string;
}

interface Entry {
  /** The view revision the value was made from; -1 for values keyed by what they depend on. */
  rev: number;
  value: unknown;
  size: number;
}

export interface PublicCacheOptions {
  /** Key prefix in Redis (config REDIS_PREFIX). */
  prefix: string;
  /** The command client. */
  redis: Redis;
  /** A separate connection in subscriber mode, for changes made on other replicas. */
  subscriber?: Redis;
  model: ReadModel;
  logger: Logger;
  /** How often the version counters are checked, should a pub/sub message be lost. */
  versionPollMs?: number;
  maxEntries?: number;
  maxBytes?: number;
}

export { etagOf };

/** Keys of answers that do not depend on the view revision (an article's detail, a file's stat). */
const STABLE = -1;

/**
 * Public answers made from the in-memory read model, cached under the revision of the journal's
 * view. A write publishes which documents it changed (`changed`); every replica re-reads those,
 * bumps the view's revision, and answers made from the older revision are no longer used. The
 * request path never waits on Redis or on a scan: views are loaded before the process is ready.
 */
export class PublicCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly inflight = new Map<string, Promise<unknown>>();
  readonly feed: ChangeFeed<ContentChange>;
  readonly model: ReadModel;
  hits = 0;
  misses = 0;
  /** Set once every journal's view is loaded (readiness). */
  ready = false;
  readyMs = 0;

  constructor(private readonly opts: PublicCacheOptions) {
    this.model = opts.model;
    this.entries = new LRUCache<string, Entry>({
      max: Math.max(1, opts.maxEntries ?? 5000),
      maxSize: opts.maxBytes ?? 128 * 1024 * 1024,
      sizeCalculation: (e) => Math.max(1, e.size),
    });
    this.feed = new ChangeFeed<ContentChange>(
      { name: 'content', prefix: opts.prefix, redis: opts.redis, subscriber: opts.subscriber, logger: opts.logger, pollMs: opts.versionPollMs },
      this.model,
    );
    this.model.onApplied = (journalId, changes) => {
      for (const c of changes) {
        if (c.t === 'file') this.entries.delete(`${journalId}\u0000stat:${c.path}`);
        if (c.t === 'all') this.forgetJournal(journalId);
      }
    };
  }

  /**
   * Subscribes, then loads every journal's view, then runs `warm` (what else must not be cold when
   * readers arrive); `ready` turns true when done.
   */
  async init(warm?: () => Promise<unknown>): Promise<void> {
    const started = Date.now();
    await this.feed.start();
    // Counters first: a write landing during the load is then applied on top of it.
    const known = await this.model.journalIds();
    const versions = await this.feed.versions(known).catch(() => new Map<string, number>());
    const loaded = await this.model.loadAll();
    for (const j of loaded) this.feed.loadedAt(j, versions.get(j) ?? 0);
    if (warm) await warm();
    this.readyMs = Date.now() - started;
    this.ready = true;
    this.opts.logger.info({ journals: loaded.length, ms: this.readyMs }, 'read models loaded');
  }

  stop() {
    this.feed.stop();
  }

  /** The journal's view (loaded on first use for a journal created after start). */
  view(journalId: string): Promise<JournalView> {
    const v = this.model.peek(journalId);
    if (v) return Promise.resolve(v);
    return this.model.view(
      journalId,
      () => this.feed.versions([journalId]).then((m) => m.get(journalId) ?? 0, () => null),
      (v) => this.feed.loadedAt(journalId, v),
    );
  }

  /**
   * After a stored write: applies it here before returning (the writer reads its own write) and
   * tells every other replica. Never throws.
   */
  async changed(journalId: string, changes: ContentChange[]): Promise<void> {
    await this.feed.publish(journalId, changes);
  }

  /** The whole journal changed (seed, import, a fix made in the database): every replica reloads it. */
  invalidate(journalId: string): Promise<void> {
    return this.changed(journalId, [{ t: 'all' }]);
  }

  private forgetJournal(journalId: string) {
    const prefix = `${journalId}\u0000`;
    for (const k of [...this.entries.keys()]) if (k.startsWith(prefix)) this.entries.delete(k);
  }

  /**
   * The cached value for `key` made from the journal's current view, or the producer's result
   * (stored). Concurrent misses for one key share one producer call.
   */
  get<T>(journalId: string, key: string, producer: () => Promise<T>, sizeOf: (v: T) => number = () => 1024): Promise<T> {
    return this.lookup(journalId, key, this.model.rev(journalId), producer, sizeOf);
  }

  /** Like `get` for values that depend only on what `key` names (kept across other writes). */
  stable<T>(journalId: string, key: string, producer: () => Promise<T>, sizeOf: (v: T) => number = () => 1024): Promise<T> {
    return this.lookup(journalId, key, STABLE, producer, sizeOf);
  }

  private lookup<T>(journalId: string, key: string, rev: number, producer: () => Promise<T>, sizeOf: (v: T) => number): Promise<T> {
    const k = `${journalId}\u0000${key}`;
    const e = this.entries.get(k);
    if (e && e.rev === rev) {
      this.hits++;
      return Promise.resolve(e.value as T);
    }
    this.misses++;
    const flightKey = `${k}\u0000${rev}`;
    const running = this.inflight.get(flightKey);
    if (running) return running as Promise<T>;
    const p = producer().then(
      (value) => {
        this.inflight.delete(flightKey);
        // Kept only if no change landed while producing.
        if (rev === STABLE || this.model.rev(journalId) === rev) this.entries.set(k, { rev, value, size: sizeOf(value) });
        return value;
      },
      (err: unknown) => {
        this.inflight.delete(flightKey);
        throw err;
      },
    );
    this.inflight.set(flightKey, p);
    return p;
  }

  /** A serialised answer (JSON, XML, HTML) with its ETag (computed once per answer), cached like `get`. */
  body(journalId: string, key: string, producer: () => Promise<{ body: Buffer | string; contentType: string }>): Promise<CachedBody> {
    return this.get(journalId, key, () => producer().then(toCached), (c) => c.body.length + 200);
  }

  /** JSON answer helper. */
  json(journalId: string, key: string, producer: () => Promise<unknown>): Promise<CachedBody> {
    return this.body(journalId, key, async () => ({ body: JSON.stringify(await producer()), contentType: JSON_TYPE }));
  }

  /** A JSON answer cached by what `key` names rather than by the view revision. */
  stableJson(journalId: string, key: string, producer: () => Promise<unknown>): Promise<CachedBody> {
    return this.stable(journalId, key, async () => toCached({ body: JSON.stringify(await producer()), contentType: JSON_TYPE }), (c) => c.body.length + 200);
  }

  clear() {
    this.entries.clear();
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

function toCached(r: { body: Buffer | string; contentType: string }): CachedBody {
  const body = Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body);
  return { body, contentType: r.contentType, etag: etagOf(body) };
}

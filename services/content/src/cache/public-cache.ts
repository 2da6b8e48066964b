import { createHash } from 'node:crypto';
import type { Redis } from '@journal/common';

export interface CachedBody {
  body: Buffer;
  contentType: string;
  /** Strong validator from the bytes, so every replica gives the same ETag for the same answer. */
  etag: string;
}

interface Entry {
  version: string;
  value: unknown;
  size: number;
}

export interface PublicCacheOptions {
  /** Key prefix in Redis (config REDIS_PREFIX). */
  prefix: string;
  /** The command client (request path: fails fast when Redis is down). */
  redis: Redis;
  /** A separate connection in subscriber mode, for invalidations from other replicas. */
  subscriber?: Redis;
  /** How long a journal's version read from Redis is trusted without pub/sub news. */
  versionTtlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
}

export const etagOf = (body: Buffer | string) => `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/**
 * In-process cache of public reads, made consistent across replicas by a per-journal version
 * counter in Redis. Every admin write calls `invalidate(journalId)`: it increments the counter and
 * publishes it; each replica keys its entries by the version it last saw, so a write makes every
 * older entry of that journal unreachable at once, here immediately and elsewhere on the pub/sub
 * message (or, should one be lost, within `versionTtlMs`).
 */
export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  private readonly versions = new Map<string, { v: string; at: number }>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private bytes = 0;
  private readonly channel: string;
  private readonly ttl: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  hits = 0;
  misses = 0;

  constructor(private readonly opts: PublicCacheOptions) {
    this.channel = `${opts.prefix}content:invalidate`;
    this.ttl = opts.versionTtlMs ?? 2000;
    this.maxEntries = opts.maxEntries ?? 5000;
    this.maxBytes = opts.maxBytes ?? 128 * 1024 * 1024;
  }

  async init(): Promise<void> {
    const sub = this.opts.subscriber;
    if (!sub) return;
    sub.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const [journalId, v] = message.split(':');
      if (journalId && v) this.setVersion(journalId, v);
    });
    await sub.subscribe(this.channel);
  }

  private versionKey(journalId: string) {
    return `${this.opts.prefix}content:ver:${journalId}`;
  }

  private setVersion(journalId: string, v: string) {
    const cur = this.versions.get(journalId);
    if (!cur || Number(v) >= Number(cur.v)) this.versions.set(journalId, { v, at: Date.now() });
  }

  /**
   * Call after every write to a journal's public data (settings, editors, indexing, issues,
   * articles, files). Never throws.
   */
  async invalidate(journalId: string): Promise<void> {
    // Local entries go first, so this replica never answers stale data even if Redis is down.
    this.versions.delete(journalId);
    this.dropJournal(journalId);
    try {
      const v = await this.opts.redis.incr(this.versionKey(journalId));
      this.setVersion(journalId, String(v));
      await this.opts.redis.publish(this.channel, `${journalId}:${v}`);
    } catch {
      // Redis is down: the write itself succeeded, so it is not failed here. Every replica stops
      // caching once it cannot read versions (see `version`), which keeps answers fresh.
    }
  }

  private dropJournal(journalId: string) {
    const prefix = `${journalId}\u0000`;
    for (const [k, e] of this.entries) {
      if (k.startsWith(prefix)) {
        this.entries.delete(k);
        this.bytes -= e.size;
      }
    }
  }

  /** The journal's current version, or null when Redis cannot say (then nothing is cached). */
  async version(journalId: string): Promise<string | null> {
    const cur = this.versions.get(journalId);
    if (cur && Date.now() - cur.at < this.ttl) return cur.v;
    try {
      const v = (await this.opts.redis.get(this.versionKey(journalId))) ?? '0';
      this.setVersion(journalId, v);
      return this.versions.get(journalId)!.v;
    } catch {
      // Without Redis no replica can hear of writes: drop everything and serve uncached until it
      // answers again, so no entry from before the outage outlives a write made during it.
      this.clear();
      return null;
    }
  }

  /**
   * The cached value for `key`, or the producer's result (stored). Concurrent misses for one key
   * share one producer call, so a burst after an invalidation costs one query.
   */
  async get<T>(journalId: string, key: string, producer: () => Promise<T>, sizeOf: (v: T) => number = () => 1024): Promise<T> {
    const v = await this.version(journalId);
    if (v === null) return producer();
    const k = `${journalId}\u0000${key}`;
    const e = this.entries.get(k);
    if (e && e.version === v) {
      this.hits++;
      // Refresh recency for the LRU order.
      this.entries.delete(k);
      this.entries.set(k, e);
      return e.value as T;
    }
    this.misses++;
    const flightKey = `${k}\u0000${v}`;
    const running = this.inflight.get(flightKey);
    if (running) return running as Promise<T>;
    const p = producer().then(
      (value) => {
        this.inflight.delete(flightKey);
        // Store only if no invalidation happened while producing.
        if (this.versions.get(journalId)?.v === v) this.store(k, { version: v, value, size: sizeOf(value) });
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

  /** A serialised answer (JSON, XML, HTML) with its ETag, cached like `get`. */
  async body(journalId: string, key: string, producer: () => Promise<{ body: Buffer | string; contentType: string }>): Promise<CachedBody> {
    return this.get(
      journalId,
      key,
      async () => {
        const r = await producer();
        const body = Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body);
        return { body, contentType: r.contentType, etag: etagOf(body) };
      },
      (c) => c.body.length + 200,
    );
  }

  /** JSON answer helper. */
  json(journalId: string, key: string, producer: () => Promise<unknown>): Promise<CachedBody> {
    return this.body(journalId, key, async () => ({ body: JSON.stringify(await producer()), contentType: 'application/json; charset=utf-8' }));
  }

  private store(k: string, e: Entry) {
    if (e.size > this.maxBytes / 4) return;
    const old = this.entries.get(k);
    if (old) {
      this.entries.delete(k);
      this.bytes -= old.size;
    }
    this.entries.set(k, e);
    this.bytes += e.size;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const first = this.entries.keys().next();
      if (first.done) break;
      this.bytes -= this.entries.get(first.value)!.size;
      this.entries.delete(first.value);
    }
  }

  clear() {
    this.entries.clear();
    this.versions.clear();
    this.bytes = 0;
  }
}

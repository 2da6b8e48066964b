import { LRUCache } from 'lru-cache';

export { LRUCache };

/**
 * The services' one cache module (the content read model keeps its own in services/content/src/
 * cache/): whatever a process remembers lives in an lru-cache, bounded by entries or characters,
 * with a time to live where an answer goes stale.
 */

export interface TtlReads<T> {
  /** The kept answer of `key`, or `read()`'s, then kept. */
  get(key: string, read: () => Promise<T>): Promise<T>;
  forget(key: string): void;
  clear(): void;
}

/**
 * Reads kept for `ttlMs`, the `max` most recently used of them. Asks that come together share one
 * read; a failed read is not kept, so the next ask tries again. `ttlMs` 0 keeps nothing.
 */
export function ttlReads<T>(opts: { ttlMs: number; max: number }): TtlReads<T> {
  const cache = opts.ttlMs > 0 ? new LRUCache<string, Promise<T>>({ max: opts.max, ttl: opts.ttlMs }) : null;
  return {
    get(key, read) {
      if (!cache) return read();
      let value = cache.get(key);
      if (value === undefined) {
        const started = read();
        cache.set(key, started);
        started.catch(() => {
          if (cache.peek(key) === started) cache.delete(key);
        });
        value = started;
      }
      return value;
    },
    forget: (key) => void cache?.delete(key),
    clear: () => cache?.clear(),
  };
}

/** A pure function of a string key, its answers remembered for the `max` most recent keys. */
export function memoize<V extends NonNullable<unknown>>(max: number, fn: (key: string) => V): (key: string) => V {
  const cache = new LRUCache<string, V>({ max });
  return (key) => {
    let v = cache.get(key);
    if (v === undefined) cache.set(key, (v = fn(key)));
    return v;
  };
}

/**
 * A pure function of a text, remembered, bounded by the characters kept (keys and answers); the
 * least recently used go first, and a text larger than the bound is never kept.
 */
export function memoizeText(maxChars: number, fn: (s: string) => string): (s: string) => string {
  const cache = new LRUCache<string, string>({ maxSize: maxChars, sizeCalculation: (v, k) => Math.max(1, k.length + v.length) });
  return (s) => {
    const key = s ?? '';
    let out = cache.get(key);
    if (out === undefined) {
      out = fn(key);
      if (key.length + out.length <= maxChars) cache.set(key, out);
    }
    return out;
  };
}

/**
 * Bytes to keep for long (a cache entry) in a buffer of their own, exactly their size. Small
 * buffers are often views into a larger one (Node's 8 kB pool, a 16–64 kB zlib output chunk, a
 * driver's reply), and a view keeps all of it alive: kept by the thousand they held four times
 * their size. Bytes already alone in theirs are returned as they are.
 */
export function ownBytes(bytes: Uint8Array | string): Buffer {
  if (typeof bytes === 'string') {
    const out = Buffer.allocUnsafeSlow(Buffer.byteLength(bytes));
    out.write(bytes);
    return out;
  }
  if (Buffer.isBuffer(bytes) && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const out = Buffer.allocUnsafeSlow(bytes.byteLength);
  out.set(bytes);
  return out;
}

import type { Redis } from 'ioredis';

/** Request header by which nginx tells the gateway the cache key it will store the answer under. */
export const EDGE_CACHE_KEY_HEADER = 'x-jp-cache-key';
/** Answer header naming the cache tags of a public answer (space-separated, Fastly's form). */
export const SURROGATE_KEY_HEADER = 'surrogate-key';

const TRIM_EVERY = 16;

/** Tags are short and header-safe (see the content service's cache tags); anything else is dropped. */
const TAG_RE = /^[A-Za-z0-9._-]{1,128}$/;

/** The tags of a `Surrogate-Key` value, deduplicated, unsafe ones left out. */
export function parseSurrogateKey(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  const text = Array.isArray(value) ? value.join(' ') : value;
  const out = new Set<string>();
  for (const t of text.split(/[\s,]+/)) if (TAG_RE.test(t)) out.add(t);
  return [...out];
}

export interface EdgeKeyMapOptions {
  /** Key prefix in Redis (REDIS_PREFIX). */
  prefix: string;
  /**
   * How long nginx keeps an answer (its X-Accel-Expires): past it the answer is fetched again and
   * recorded anew, so older records are dropped.
   */
  ttlSeconds: number;
  /** Most cache keys remembered per tag; past it the oldest records go first. */
  maxPerTag?: number;
  /** How long a record waits for others to be written with it (ms). */
  batchMs?: number;
}

interface Pending {
  cacheKey: string;
  tags: readonly string[];
  now: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Records written to Redis at once at most; more are written without waiting. */
const MAX_BATCH = 256;

/**
 * Which nginx cache keys hold an answer carrying each tag: nginx purges by key, writes name tags.
 * The gateway records a key when an answer nginx is about to store passes it; the purger reads
 * the keys of the tags a write changed, and forgets those it purged. One sorted set per tag, scored by the time of the fill,
 * so records older than nginx's own lifetime of the answer are trimmed and a tag whose URLs are
 * endless (search words, mistyped paths) stays bounded.
 */
export class EdgeKeyMap {
  private readonly maxPerTag: number;
  private readonly batchMs: number;
  /** Records so far: the sets are trimmed on one in TRIM_EVERY (a fill's cost stays one command a tag). */
  private records = 0;
  /** Records waiting for the next write to Redis. */
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly opts: EdgeKeyMapOptions,
  ) {
    this.maxPerTag = opts.maxPerTag ?? 100_000;
    this.batchMs = opts.batchMs ?? 10;
  }

  private setKey(tag: string) {
    return `${this.opts.prefix}edge:tag:${tag}`;
  }

  /**
   * Records that `cacheKey` holds an answer with these tags. Records of the next few milliseconds
   * go to Redis together, one ZADD per tag: on a busy gateway a socket write per fill was a sixth
   * of its CPU per page. A purge that reads the keys before a record is written misses it; the
   * content service's second purge of each write, later, does not.
   */
  record(cacheKey: string, tags: readonly string[], now = Date.now()): Promise<void> {
    if (!tags.length) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ cacheKey, tags, now, resolve, reject });
      if (this.queue.length >= MAX_BATCH) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.batchMs);
    });
  }

  /** Writes the records still waiting (at shutdown, before the connection closes); never rejects: each record's own promise says how it went. */
  async close(): Promise<void> {
    await this.flush();
  }

  private flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queue;
    this.queue = [];
    if (!batch.length) return Promise.resolve();
    const byTag = new Map<string, (string | number)[]>();
    let newest = 0;
    for (const r of batch) {
      newest = Math.max(newest, r.now);
      for (const tag of r.tags) {
        const args = byTag.get(tag) ?? [];
        if (!args.length) byTag.set(tag, args);
        args.push(r.now, r.cacheKey);
      }
    }
    const trim = (this.records += batch.length) % TRIM_EVERY < batch.length;
    const oldest = newest - this.opts.ttlSeconds * 1000;
    const m = this.redis.pipeline();
    for (const [tag, args] of byTag) {
      const k = this.setKey(tag);
      m.zadd(k, ...args);
      if (!trim) continue;
      m.zremrangebyscore(k, '-inf', oldest);
      m.zremrangebyrank(k, 0, -this.maxPerTag - 1);
      m.expire(k, this.opts.ttlSeconds + 60);
    }
    return m.exec().then(
      (results) => {
        const failed = (results ?? []).find(([err]) => err)?.[0];
        for (const r of batch) if (failed) r.reject(failed);
        else r.resolve();
      },
      (err: unknown) => {
        for (const r of batch) r.reject(err);
      },
    );
  }

  /** Every cache key recorded under any of the tags, the most recently filled first: those are the answers readers asked for last. */
  async keysOf(tags: readonly string[]): Promise<string[]> {
    return (await this.entriesOf(tags)).map(([k]) => k);
  }

  /** Every cache key recorded under any of the tags with the time of its newest record, the most recently filled first. */
  async entriesOf(tags: readonly string[]): Promise<[key: string, recordedAt: number][]> {
    if (!tags.length) return [];
    const p = this.redis.pipeline();
    for (const tag of tags) p.zrange(this.setKey(tag), 0, -1, 'WITHSCORES');
    const newest = new Map<string, number>();
    for (const [err, flat] of (await p.exec()) ?? []) {
      if (err) throw err;
      const list = flat as string[];
      for (let i = 0; i + 1 < list.length; i += 2) {
        const key = list[i]!;
        const at = Number(list[i + 1]);
        if (!(at <= (newest.get(key) ?? -Infinity))) newest.set(key, at);
      }
    }
    return [...newest].sort((a, b) => b[1] - a[1]);
  }

  /**
   * Removes the records of keys whose answers are gone from every cache (purged), each only if it
   * was not recorded again since `recordedAt` (a reader's refill after the purge keeps its record).
   * Without this, every later write of a tag would purge again each key it ever held: a reader
   * asking for a page under endless query strings would make every write of it purge them all.
   */
  async forget(tags: readonly string[], entries: readonly (readonly [key: string, recordedAt: number])[]): Promise<void> {
    if (!tags.length || !entries.length) return;
    const args: (string | number)[] = [];
    for (const [key, at] of entries) args.push(key, at);
    const p = this.redis.pipeline();
    for (const tag of tags) {
      for (let i = 0; i < args.length; i += FORGET_BATCH * 2) p.eval(FORGET_SCRIPT, 1, this.setKey(tag), ...args.slice(i, i + FORGET_BATCH * 2));
    }
    for (const [err] of (await p.exec()) ?? []) if (err) throw err;
  }
}

/** Records removed per script call (its arguments stay well under Lua's stack limit). */
const FORGET_BATCH = 2000;
/** ZREM of each member whose score is at most the one given with it. */
const FORGET_SCRIPT = `local n = 0
for i = 1, #ARGV, 2 do
  local s = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if s and tonumber(s) <= tonumber(ARGV[i + 1]) then n = n + redis.call('ZREM', KEYS[1], ARGV[i]) end
end
return n`;

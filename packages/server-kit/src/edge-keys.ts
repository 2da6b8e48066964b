import type { Redis } from 'ioredis';

/** Request header by which nginx tells the gateway the cache key it will store the answer under. */
export const EDGE_CACHE_KEY_HEADER = 'x-jp-cache-key';
/** Answer header naming the cache tags of a public answer (space-separated, Fastly's form). */
export const SURROGATE_KEY_HEADER = 'surrogate-key';
/**
 * Answer header by which a service says a 200 found nothing (an issue that does not exist answers
 * an empty list): endless made-up paths can ask for one, so, like a 404, the gateway records no
 * key for it and nginx keeps it seconds only. Never passed on to the client.
 */
export const EDGE_MISS_HEADER = 'x-jp-edge-miss';

/**
 * A journal's change number, in the services' own Redis (REDIS_URL): the content service numbers
 * every write it hands to the caches in front (its edge/live-status.repo.ts); the gateway reads it
 * before and after a read it passes on, so nginx never stores an answer made before a write.
 */
export const edgeChangeKey = (prefix: string, journalId: string) => `${prefix}edge:seq:${journalId}`;

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

/** A key nginx's public locations build for an origin-form path: `<br|gzip>|<host>/<path>`. */
const ORIGIN_FORM_KEY = /^(br|gzip)\|[a-z0-9.-]+\/([^/].*)?$/;

/**
 * A key of a page or read that links lead to: an origin-form path without a query string. Their
 * number follows the journal's content; searches, whatever query strings readers or crawlers
 * append, and absolute-form targets (any port can be named in them) are endless.
 */
export const isLinkedEdgeKey = (key: string) => ORIGIN_FORM_KEY.test(key) && !key.includes('?');

export interface EdgeKeyMapOptions {
  /** Key prefix in Redis (REDIS_PREFIX). */
  prefix: string;
  /**
   * How long nginx keeps an answer (its X-Accel-Expires): past it the answer is fetched again and
   * recorded anew, so older records are dropped, and every key of the map expires this long
   * (and a minute) after its last write.
   */
  ttlSeconds: number;
  /** Records kept per scope (a journal) of keys links lead to (isLinkedEdgeKey); past it the oldest go first. */
  maxLinked?: number;
  /** Records kept per scope of every other key (query strings, absolute-form targets). */
  maxOther?: number;
  /**
   * Keys dropped over those caps and not yet purged, per scope (the purger drains them, see
   * droppedOf): past it, records are kept over the caps and the scope's query-string keys are
   * not recorded (accepts) until the purger has drained some.
   */
  maxDropped?: number;
  /** Longest cache key recorded (a header's characters, so bytes); a longer one is not (see accepts). */
  maxKeyLength?: number;
  /** Most tags one record names. */
  maxTags?: number;
  /** How long a record waits for others to be written with it (ms). */
  batchMs?: number;
  /**
   * The scope (journal) of records and purges that name none: the gateway names the journal of
   * each record; the purger knows only a write's tags. Default: the first tag.
   */
  scopeOf?: (tags: readonly string[]) => string;
}

interface Pending {
  scope: string;
  cacheKey: string;
  tags: readonly string[];
  now: number;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/** Records written to Redis at once at most; more are written without waiting. */
const MAX_BATCH = 256;
/** Records past their lifetime removed per write of a scope (the count caps bound the rest). */
const STALE_PER_WRITE = 1000;
/** Records forgotten per script call. */
const FORGET_BATCH = 1000;
/** How often a gateway asks again whether a scope whose dropped keys were at their cap has room (ms). */
const FULL_RECHECK_MS = 1000;

/**
 * Which nginx cache keys hold an answer carrying each tag: nginx purges by key, writes name tags.
 * The gateway records a key when an answer nginx is about to store passes it; the purger reads
 * the keys of the tags a write changed, and forgets those it purged.
 *
 * Every record is bounded, since readers (anyone) make them: per scope (a journal) two sorted sets
 * of its records by the time of the fill (keys links lead to, and the others, each capped: a flood
 * of query strings pushes out only other query strings), a hash of each record's tags, and one
 * sorted set per tag. One script per scope and write adds the records, drops those past nginx's
 * lifetime and those over the caps (oldest first) from every set they are in, and sets every
 * key's expiry: each key expires from its first write on, and the map of a journal nobody reads
 * is gone a day later.
 */
/**
 * A batch's records of each key as one: the newest time and the tags of them all, what the script
 * keeps of a key recorded several times (readers refilling one page at once make dozens a batch).
 */
function collapsed(records: readonly Pending[]): Map<string, { now: number; tags: readonly string[] }> {
  const out = new Map<string, { now: number; tags: readonly string[] }>();
  for (const r of records) {
    const seen = out.get(r.cacheKey);
    if (!seen) out.set(r.cacheKey, { now: r.now, tags: r.tags });
    else out.set(r.cacheKey, { now: Math.max(seen.now, r.now), tags: seen.tags === r.tags || sameTags(seen.tags, r.tags) ? seen.tags : [...new Set([...seen.tags, ...r.tags])] });
  }
  return out;
}

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);

export class EdgeKeyMap {
  private readonly maxLinked: number;
  private readonly maxOther: number;
  private readonly maxDropped: number;
  /** Scopes whose dropped keys were at their cap when last written or asked, with the time of that answer. */
  private readonly full = new Map<string, number>();
  private readonly maxKeyLength: number;
  private readonly maxTags: number;
  private readonly batchMs: number;
  private readonly scopeOf: (tags: readonly string[]) => string;
  /** Records waiting for the next write to Redis. */
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly opts: EdgeKeyMapOptions,
  ) {
    this.maxLinked = opts.maxLinked ?? 50_000;
    this.maxOther = opts.maxOther ?? 5_000;
    this.maxDropped = opts.maxDropped ?? 10_000;
    this.maxKeyLength = opts.maxKeyLength ?? 1024;
    this.maxTags = opts.maxTags ?? 64;
    this.batchMs = opts.batchMs ?? 10;
    this.scopeOf = opts.scopeOf ?? ((tags) => tags[0] ?? '');
    defineScripts(redis);
  }

  private get tagPrefix() {
    return `${this.opts.prefix}edge:tag:`;
  }

  private setKey(tag: string) {
    return this.tagPrefix + tag;
  }

  /** The keys of a scope: its linked records, its other records, the tags of each. */
  private scopeKeys(scope: string): [string, string, string] {
    const base = `${this.opts.prefix}edge:scope:${scope}:`;
    return [`${base}linked`, `${base}other`, `${base}tags`];
  }

  /** A scope's keys dropped over the caps and not yet purged (by the time of their record). */
  private droppedKey(scope: string) {
    return `${this.opts.prefix}edge:scope:${scope}:dropped`;
  }

  /** The scopes that may have dropped keys to purge. */
  private get droppedScopesKey() {
    return `${this.opts.prefix}edge:dropped-scopes`;
  }

  /**
   * Whether a record of this key and tags would be kept: a key past the longest recorded or
   * an answer naming too many tags is not, and nginx must not keep such an answer long (no purge
   * could find it).
   */
  accepts(cacheKey: string, tags: readonly string[], scope?: string): boolean {
    if (!(cacheKey.length > 0 && cacheKey.length <= this.maxKeyLength && tags.length > 0 && tags.length <= this.maxTags)) return false;
    // A scope whose dropped keys wait for a purger that is behind (or down) takes no more endless
    // keys: each would push one more record over the cap, kept there until drained.
    return scope === undefined || !this.full.size || isLinkedEdgeKey(cacheKey) || !this.isFull(scope);
  }

  /** From this process's last answer; an answer older than FULL_RECHECK_MS is asked again in the background (never on a reader's way). */
  private isFull(scope: string): boolean {
    const at = this.full.get(scope);
    if (at === undefined) return false;
    if (Date.now() - at >= FULL_RECHECK_MS) {
      this.full.set(scope, Date.now());
      this.redis.zcard(this.droppedKey(scope)).then(
        (n) => n < this.maxDropped && this.full.delete(scope),
        () => undefined,
      );
    }
    return true;
  }

  /**
   * Records that `cacheKey` holds an answer with these tags, in `scope` (the journal). Records of the next few milliseconds go to Redis together, one script call per
   * scope: on a busy gateway a socket write per fill was a sixth of its CPU per page. A purge that
   * reads the keys before a record is written misses it; the content service's second purge of
   * each write, later, does not. A record `accepts` refuses is dropped.
   */
  record(cacheKey: string, tags: readonly string[], now = Date.now(), scope = this.scopeOf(tags)): Promise<void> {
    if (!this.accepts(cacheKey, tags)) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ scope, cacheKey, tags, now, resolve, reject });
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
    const byScope = new Map<string, Pending[]>();
    for (const r of batch) {
      const list = byScope.get(r.scope);
      if (list) list.push(r);
      else byScope.set(r.scope, [r]);
    }
    const m = this.redis.pipeline();
    const scopes = [...byScope.keys()];
    for (const [scope, records] of byScope) {
      const newest = records.reduce((n, r) => Math.max(n, r.now), 0);
      const args: (string | number)[] = [this.tagPrefix, this.opts.ttlSeconds + 60, newest - this.opts.ttlSeconds * 1000, this.maxLinked, this.maxOther, STALE_PER_WRITE, scope, this.maxDropped];
      for (const [cacheKey, r] of collapsed(records)) args.push(cacheKey, r.now, isLinkedEdgeKey(cacheKey) ? 1 : 2, r.tags.join(' '));
      (m as unknown as EdgeScripts).jpEdgeRecord(5, ...this.scopeKeys(scope), this.droppedKey(scope), this.droppedScopesKey, ...args);
    }
    return m.exec().then(
      (results) => {
        (results ?? []).forEach(([err, full], i) => {
          if (err) return;
          if (full === 1) this.full.set(scopes[i]!, Date.now());
          else this.full.delete(scopes[i]!);
        });
        const failed = (results ?? []).find(([err]) => err)?.[0];
        for (const r of batch) if (failed) r.reject(failed);
        else r.resolve();
      },
      (err: unknown) => {
        for (const r of batch) r.reject(err);
      },
    );
  }

  /**
   * Gives every key of the map without an expiry one (records written before every key had one,
   * kept when a release moves in): how many. The gateway runs it once at start.
   */
  async expireUnbounded(): Promise<number> {
    let n = 0;
    for await (const keys of this.redis.scanStream({ match: `${this.opts.prefix}edge:*`, count: 1000 }) as AsyncIterable<string[]>) {
      if (!keys.length) continue;
      const p = this.redis.pipeline();
      for (const k of keys) p.expire(k, this.opts.ttlSeconds + 60, 'NX');
      for (const [err, set] of (await p.exec()) ?? []) if (!err && set === 1) n++;
    }
    return n;
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
   * was not recorded again since `recordedAt` (a reader's refill after the purge keeps its record):
   * from its scope (the journal) and every tag it was recorded under, and
   * at least from `tags`. Without this, every later write of a tag would purge again each key it
   * ever held: a reader asking for a page under endless query strings would make every write of
   * it purge them all.
   */
  async forget(tags: readonly string[], entries: readonly (readonly [key: string, recordedAt: number])[], scope = this.scopeOf(tags)): Promise<void> {
    if (!entries.length) return;
    const p = this.redis.pipeline();
    for (let i = 0; i < entries.length; i += FORGET_BATCH) {
      const args: (string | number)[] = [this.tagPrefix, tags.join(' ')];
      for (const [key, at] of entries.slice(i, i + FORGET_BATCH)) args.push(key, at);
      (p as unknown as EdgeScripts).jpEdgeForget(3, ...this.scopeKeys(scope), ...args);
    }
    for (const [err] of (await p.exec()) ?? []) if (err) throw err;
  }

  /**
   * Up to `limit` keys of the scope dropped over the caps (their answers may still be in nginx,
   * where no tag's purge finds them), with the time of their record, the oldest first: the purger
   * purges them and then forgets them (forgetDropped).
   */
  async droppedOf(scope: string, limit = FORGET_BATCH): Promise<[key: string, recordedAt: number][]> {
    const flat = await this.redis.zrange(this.droppedKey(scope), 0, limit - 1, 'WITHSCORES');
    const out: [string, number][] = [];
    for (let i = 0; i + 1 < flat.length; i += 2) out.push([flat[i]!, Number(flat[i + 1])]);
    return out;
  }

  /** The scopes that may have dropped keys waiting (a scope leaves once forgetDropped empties it). */
  droppedScopes(): Promise<string[]> {
    return this.redis.smembers(this.droppedScopesKey);
  }

  /**
   * Forgets dropped keys once purged, each only if not dropped again since `recordedAt` (a refill
   * dropped anew is purged again); a scope left without any leaves the list of scopes.
   */
  async forgetDropped(scope: string, entries: readonly (readonly [key: string, recordedAt: number])[]): Promise<void> {
    const p = this.redis.pipeline();
    for (let i = 0; i < Math.max(entries.length, 1); i += FORGET_BATCH) {
      const args: (string | number)[] = [scope];
      for (const [key, at] of entries.slice(i, i + FORGET_BATCH)) args.push(key, at);
      (p as unknown as EdgeScripts).jpEdgeForgetDropped(2, this.droppedKey(scope), this.droppedScopesKey, ...args);
    }
    for (const [err] of (await p.exec()) ?? []) if (err) throw err;
  }
}

type Script = (numberOfKeys: number, ...args: (string | number)[]) => unknown;
interface EdgeScripts {
  jpEdgeRecord: Script;
  jpEdgeForget: Script;
  jpEdgeForgetDropped: Script;
}

function defineScripts(redis: Redis) {
  const r = redis as unknown as Partial<EdgeScripts>;
  if (!r.jpEdgeRecord) redis.defineCommand('jpEdgeRecord', { lua: DROP_FN + RECORD_SCRIPT });
  if (!r.jpEdgeForget) redis.defineCommand('jpEdgeForget', { lua: DROP_FN + FORGET_SCRIPT });
  if (!r.jpEdgeForgetDropped) redis.defineCommand('jpEdgeForgetDropped', { lua: FORGET_DROPPED_SCRIPT });
}

/*
 * The scripts run on a standalone Redis (the tag sets they touch are named by the records, not
 * passed as keys). KEYS: the scope's linked records, its other records, the tags of each record.
 * drop(): a record out of every tag set its tags name, and out of the tags hash.
 */
const DROP_FN = `
local function drop(pfx, key)
  local t = redis.call('HGET', KEYS[3], key)
  if t then
    for tag in string.gmatch(t, '%S+') do redis.call('ZREM', pfx .. tag, key) end
    redis.call('HDEL', KEYS[3], key)
  end
end
`;

/*
 * KEYS (record): also the scope's dropped keys and the set of scopes with dropped keys.
 * ARGV: tag key prefix, expiry (s), oldest time kept, cap of linked records, cap of the others,
 * stale records removed at most, the scope, cap of its dropped keys; then per record its key,
 * time, class (1 linked, 2 other) and tags. A key recorded again keeps the tags of both records.
 * A record dropped over a cap moves to the dropped keys, for the purger to purge (its answer is
 * still in nginx); with those at their cap, records stay over the caps rather than be lost, and
 * the script answers 1 (the gateway then records no more query-string keys of the scope). A record
 * past nginx's lifetime holds nothing: dropped, and so are dropped keys past it.
 */
const RECORD_SCRIPT = `
local pfx, ttl, oldest = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local caps = { tonumber(ARGV[4]), tonumber(ARGV[5]) }
local staleMax = tonumber(ARGV[6])
local scope, droppedMax = ARGV[7], tonumber(ARGV[8])
local touched = {}
for i = 9, #ARGV, 4 do
  local key, at, class, tags = ARGV[i], ARGV[i + 1], tonumber(ARGV[i + 2]), ARGV[i + 3]
  redis.call('ZADD', KEYS[class], at, key)
  redis.call('ZREM', KEYS[4], key)
  local old = redis.call('HGET', KEYS[3], key)
  if old and old ~= tags then
    local seen = {}
    for tag in string.gmatch(tags, '%S+') do seen[tag] = true end
    local union = tags
    for tag in string.gmatch(old, '%S+') do if not seen[tag] then union = union .. ' ' .. tag end end
    if #union <= 8192 then tags = union end
  end
  redis.call('HSET', KEYS[3], key, tags)
  for tag in string.gmatch(tags, '%S+') do
    redis.call('ZADD', pfx .. tag, at, key)
    touched[tag] = true
  end
end
for tag in pairs(touched) do redis.call('EXPIRE', pfx .. tag, ttl) end
for c = 1, 2 do
  local set = KEYS[c]
  local stale = redis.call('ZRANGEBYSCORE', set, '-inf', '(' .. oldest, 'LIMIT', 0, staleMax)
  for _, key in ipairs(stale) do drop(pfx, key) end
  if #stale > 0 then redis.call('ZREM', set, unpack(stale)) end
  redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', '(' .. oldest)
  local over = math.min(redis.call('ZCARD', set) - caps[c], droppedMax - redis.call('ZCARD', KEYS[4]))
  if over > 0 then
    local gone = redis.call('ZRANGE', set, 0, over - 1, 'WITHSCORES')
    for j = 1, #gone, 2 do
      drop(pfx, gone[j])
      redis.call('ZADD', KEYS[4], gone[j + 1], gone[j])
    end
    redis.call('ZREMRANGEBYRANK', set, 0, over - 1)
    redis.call('SADD', KEYS[5], scope)
  end
  redis.call('EXPIRE', set, ttl)
end
redis.call('EXPIRE', KEYS[3], ttl)
if redis.call('EXISTS', KEYS[4]) == 1 then redis.call('EXPIRE', KEYS[4], ttl) end
if redis.call('SCARD', KEYS[5]) > 0 then redis.call('EXPIRE', KEYS[5], ttl) end
if redis.call('ZCARD', KEYS[4]) >= droppedMax then return 1 end
return 0`;

/*
 * KEYS: a scope's dropped keys, the set of scopes with dropped keys. ARGV: the scope, then per
 * entry its key and the time of the record purged; one dropped again since stays.
 */
const FORGET_DROPPED_SCRIPT = `
for i = 2, #ARGV, 2 do
  local s = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if s and tonumber(s) <= tonumber(ARGV[i + 1]) then redis.call('ZREM', KEYS[1], ARGV[i]) end
end
if redis.call('ZCARD', KEYS[1]) == 0 then redis.call('SREM', KEYS[2], ARGV[1]) end
return 0`;

/*
 * ARGV: tag key prefix, the purged tags (space-separated), then per entry its key and the time of
 * the record purged. A record of the scope newer than that was refilled since: it stays. One the
 * scope does not hold (written before scopes, or dropped from it) leaves the purged tags' sets on
 * the same condition.
 */
const FORGET_SCRIPT = `
local pfx, given = ARGV[1], ARGV[2]
local n = 0
for i = 3, #ARGV, 2 do
  local key, at = ARGV[i], tonumber(ARGV[i + 1])
  local set = KEYS[1]
  local s = redis.call('ZSCORE', set, key)
  if not s then
    set = KEYS[2]
    s = redis.call('ZSCORE', set, key)
  end
  if s then
    if tonumber(s) <= at then
      drop(pfx, key)
      redis.call('ZREM', set, key)
      n = n + 1
    end
  end
  for tag in string.gmatch(given, '%S+') do
    local ts = redis.call('ZSCORE', pfx .. tag, key)
    if ts and tonumber(ts) <= at then n = n + redis.call('ZREM', pfx .. tag, key) end
  end
end
return n`;

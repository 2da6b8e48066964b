import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Logger, Redis } from '@journal/server-kit';
import { ITEM_MONTH_SETTLE_MS, type SearchIncrement, type StatIncrement, type StatsRepo, type TitleIncrement } from './stats.repo';
import { dayOf, monthOf, type HitTarget } from './hit-target';
import { rollUp, type Describe } from './title-rollup';
import { monthAfter, monthsOf } from '../shared/months';

/** A counted request as received: kept in memory only until it is deduplicated in Redis. */
export interface Hit {
  journalId: string;
  target: HitTarget;
  ip: string;
  ua: string;
  ts: number;
}

export interface StatsOptions {
  prefix: string;
  /** Requests by one client for one item at most this far apart are one action, the later kept (COUNTER: 30 s). */
  dedupeMs: number;
  /** Hits kept in memory while Redis is away; past it the oldest are dropped (and logged). */
  bufferMax: number;
  /** How often hits go to Redis, and Redis counts to MongoDB. */
  pushMs: number;
  flushMs: number;
  /** How long after start the item months are first looked at. */
  itemMonthsFirstMs: number;
}

/** Article id of a hit's target, or null when it names no public article. */
export type Resolve = (journalId: string, target: Exclude<HitTarget, { kind: 'search' }>) => Promise<string | null>;

/** A journal's rule naming the institutions (usage keys: a journal's customer, a platform customer) an address's usage is attributed to. */
export type Attribute = (journalId: string) => Promise<(ip: string) => string[]>;

/** The article id that stands for a journal's searches in the counters (no article id begins with '~'). */
export const SEARCHES = '~search';


/*
 * A batch of hits, atomically (KEYS[1] the pending counters, then three keys a hit: its client key,
 * the same client's key under the salt of the day the window began in, which differs only in
 * the window's first moments after midnight, and its session's key for the item; ARGV the window,
 * the keys' lifetime, the sessions' lifetime, then each hit's time, counter field and unique
 * counters' prefix ('' for a search, which has none), and the institutions its usage is attributed
 * to as well, comma-separated ('' for none: every count goes to the world's field, and to the same
 * field suffixed `|<usage key>` for each institution). Unique items (docs/product.md#usage-counting): a session is the client in one
 * hour of the day; its first investigation of an item (a view or a download) adds a
 * Unique_Item_Investigation (`uii`), its first download a Unique_Item_Request (`uir`), whatever
 * the double-click rule does with the hit. COUNTER's double-click
 * rule (docs/product.md#usage-counting): two requests for the same item by the same client at most
 * the window apart are one action, and the later one is the one kept; a run of such requests
 * collapses to its last. The client key holds the time and counter field of the request kept so
 * far: a request within the window of it replaces it (its month's count moves to this one's, a
 * no-op within one month), a request further away is a new action. Times are those of the hits,
 * so hits replayed after an outage are judged by when they happened; one arriving late and
 * within the window before the kept one is the earlier of the two, and is dropped. One call per
 * batch: a call per hit cost Redis and this process more than the counting itself.
 */
const COUNT_SCRIPT = `
local window = tonumber(ARGV[1])
local counted = 0
local function add(f, n, inst)
  redis.call('HINCRBY', KEYS[1], f, n)
  for i in string.gmatch(inst, '[^,]+') do redis.call('HINCRBY', KEYS[1], f .. '|' .. i, n) end
end
for h = 1, (#KEYS - 1) / 3 do
  local key, before, session = KEYS[3 * h - 1], KEYS[3 * h], KEYS[3 * h + 1]
  local ts = tonumber(ARGV[4 * h])
  local field = ARGV[4 * h + 1]
  local unique = ARGV[4 * h + 2]
  local inst = ARGV[4 * h + 3]
  if unique ~= '' and redis.call('HSETNX', session, 'i', 1) == 1 then
    redis.call('PEXPIRE', session, ARGV[3])
    add(unique .. 'uii', 1, inst)
  end
  if unique ~= '' and string.sub(field, -9) == '|download' and redis.call('HSETNX', session, 'r', 1) == 1 then
    add(unique .. 'uir', 1, inst)
  end
  local kept = redis.call('GET', key)
  if not kept and before ~= key then kept = redis.call('GET', before) end
  local keptTs, keptField = nil, field
  if kept then
    local sp = string.find(kept, ' ', 1, true)
    if sp then
      keptTs = tonumber(string.sub(kept, 1, sp - 1))
      keptField = string.sub(kept, sp + 1)
    else
      keptTs = tonumber(kept)
    end
  end
  if keptTs and ts >= keptTs and ts - keptTs <= window then
    if keptField ~= field then
      -- One client is one address, so the kept request's institution is this one's.
      add(keptField, -1, inst)
      add(field, 1, inst)
    end
    redis.call('SET', key, ARGV[4 * h] .. ' ' .. field, 'PX', ARGV[2])
  elseif keptTs and ts < keptTs and keptTs - ts <= window then
    -- the earlier of two requests, arriving late: the later one stands
  else
    if not keptTs or ts > keptTs then
      redis.call('SET', key, ARGV[4 * h] .. ' ' .. field, 'PX', ARGV[2])
    end
    add(field, 1, inst)
    counted = counted + 1
  end
end
return counted`;

/** How often a replica looks whether item months are to be stored (the last one once settled, stale ones). */
const ITEM_MONTHS_EVERY_MS = 10 * 60_000;

/** Marks a batch whose articles' counts are stored (only its rollups are left). */
const ARTICLES_DONE = '~articles';

/** How long a session's record of the items it used is kept: its hour, and as long again for late hits. */
const SESSION_KEY_MS = 2 * 3600_000;

/** COUNTER's surrogate session: the client and the hour of the day it acted in (UTC). */
const hourOf = (ts: number) => new Date(ts).toISOString().slice(0, 13);

type CountHits = (numberOfKeys: number, ...args: (string | number)[]) => Promise<number>;

/**
 * Download and view counting that never touches the request path: `receive` only appends to a
 * bounded in-memory buffer. A timer moves hits to Redis (deduplicated there, so every replica
 * agrees) and another moves Redis's counters to MongoDB in one bulk write. Redis or MongoDB being
 * away only delays counting: hits wait in the buffer, counters in Redis.
 */
export class StatsRecorder {
  private buffer: Hit[] = [];
  /** The salts of the last three days asked for. */
  private salts = new LRUCache<string, string>({ max: 3 });
  private timers: NodeJS.Timeout[] = [];
  private pushing = false;
  private flushing = false;
  dropped = 0;

  constructor(
    private readonly redis: Redis,
    private readonly repo: StatsRepo,
    private readonly resolve: Resolve,
    private readonly describe: Describe,
    private readonly logger: Logger,
    private readonly opts: StatsOptions,
    private readonly attribute: Attribute = async () => () => [],
  ) {
    this.redis.defineCommand('jpCountHits', { lua: COUNT_SCRIPT });
  }

  start(): void {
    const every = (ms: number, fn: () => Promise<unknown>) => {
      const t = setInterval(() => void fn().catch((err) => this.logger.warn({ err }, 'stats step failed')), ms);
      t.unref();
      this.timers.push(t);
    };
    every(this.opts.pushMs, () => this.push());
    every(this.opts.flushMs, () => this.flush());
    every(ITEM_MONTHS_EVERY_MS, () => this.storeItemMonths());
    // Soon after start, not during it: a replica gets ready without reading any usage.
    const first = setTimeout(() => void this.storeItemMonths().catch((err) => this.logger.warn({ err }, 'item months not stored')), this.opts.itemMonthsFirstMs);
    first.unref();
    this.timers.push(first);
  }

  /**
   * Every complete month's item counts stored, for every journal and institution with usage in
   * it (one replica at a time: a lock in Redis), so an item report reads a document a month and
   * never the article-months: the months not stored yet (all of them the first time, after that
   * the last one once it has settled; `through` in Redis remembers how far they are), then the
   * months a late hit marked stale. Runs soon after start and every ITEM_MONTHS_EVERY_MS.
   */
  async storeItemMonths(now = Date.now()): Promise<number> {
    const settled = new Date(now - ITEM_MONTH_SETTLE_MS);
    const last = new Date(Date.UTC(settled.getUTCFullYear(), settled.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const lock = this.key('item-months:lock');
    if (!(await this.redis.set(lock, this.id, 'PX', 30 * 60_000, 'NX'))) return 0;
    try {
      const through = this.key('item-months:through');
      const done = await this.redis.get(through);
      let stored = 0;
      if (done !== last) {
        const first = done && done < last ? monthAfter(done) : (await this.repo.monthSpan(null))?.first;
        // A month at a time, each remembered once stored: a replica stopped half-way leaves the rest to the next.
        for (const m of first ? monthsOf(first, last) : []) {
          stored += await this.repo.storeItemMonthsOf(m);
          await this.redis.set(through, m, 'EX', 400 * 86400);
        }
        await this.redis.set(through, last, 'EX', 400 * 86400);
      }
      return stored + (await this.repo.refreshStaleItemMonths(last));
    } finally {
      await this.redis.del(lock);
    }
  }

  /** Pushes and flushes what is left (shutdown); gives up quietly if a store is away. */
  async stop(): Promise<void> {
    this.timers.forEach(clearInterval);
    this.timers = [];
    await this.push().catch(() => undefined);
    await this.flush().catch(() => undefined);
  }

  get pending(): number {
    return this.buffer.length;
  }

  /** Synchronous and cheap: called after the response is sent. */
  receive(hit: Hit): void {
    this.buffer.push(hit);
    if (this.buffer.length > this.opts.bufferMax) {
      const n = this.buffer.length - this.opts.bufferMax;
      this.buffer.splice(0, n);
      this.dropped += n;
      this.logger.warn({ dropped: this.dropped }, 'stats buffer full: oldest hits dropped');
    }
  }

  private key = (s: string) => `${this.opts.prefix}stats:${s}`;

  /** A random salt per UTC day, shared by replicas through Redis and never stored with counts. */
  private async salt(day: string): Promise<string> {
    const known = this.salts.get(day);
    if (known) return known;
    const k = this.key(`salt:${day}`);
    await this.redis.set(k, randomBytes(16).toString('hex'), 'EX', 3 * 86400, 'NX');
    const s = (await this.redis.get(k))!;
    this.salts.set(day, s);
    return s;
  }

  private clientOf(h: Hit, salt: string): string {
    return createHash('sha256').update(`${salt}\u0000${h.ip}\u0000${h.ua}`).digest('base64url').slice(0, 22);
  }

  /** Buffer → Redis. Hits whose step failed go back to the front, in order. */
  async push(): Promise<number> {
    if (this.pushing || !this.buffer.length) return 0;
    this.pushing = true;
    let counted = 0;
    try {
      while (this.buffer.length) {
        const batch = this.buffer.splice(0, 500);
        let done = false;
        try {
          counted += await this.count(batch);
          done = true;
        } finally {
          if (!done) this.buffer.unshift(...batch);
        }
      }
    } finally {
      this.pushing = false;
    }
    return counted;
  }

  /**
   * One batch: its articles named (once per target), its institutions named, its clients hashed,
   * then one script call. A search stands as the journal's searches, its terms as the item the
   * double-click rule compares (the same search twice within the window is one).
   */
  private async count(batch: Hit[]): Promise<number> {
    const ids = new Map<string, Promise<string | null>>();
    const idOf = (h: Hit) => {
      const t = h.target;
      if (t.kind === 'search') return Promise.resolve(SEARCHES);
      const k = `${h.journalId}|${t.kind}|${'ref' in t ? t.ref : t.path}`;
      let id = ids.get(k);
      if (!id) ids.set(k, (id = this.resolve(h.journalId, t)));
      return id;
    };
    const rules = new Map<string, Promise<(ip: string) => string[]>>();
    const institutionOf = async (h: Hit) => {
      let rule = rules.get(h.journalId);
      if (!rule) rules.set(h.journalId, (rule = this.attribute(h.journalId)));
      return (await rule)(h.ip).join(',');
    };
    const [resolved, institutions] = await Promise.all([Promise.all(batch.map(idOf)), Promise.all(batch.map(institutionOf))]);
    const salts = new Map<string, string>();
    const windowStart = (h: Hit) => h.ts - this.opts.dedupeMs;
    for (const h of batch) {
      for (const day of [dayOf(h.ts), dayOf(windowStart(h))]) if (!salts.has(day)) salts.set(day, await this.salt(day));
    }
    const keys: string[] = [this.key('pending')];
    // A session lasts at most its hour; its key outlives it by the time hits may arrive late.
    const args: (string | number)[] = [this.opts.dedupeMs, this.opts.dedupeMs * 2, SESSION_KEY_MS];
    batch.forEach((h, i) => {
      const id = resolved[i];
      if (!id) return;
      const kind = h.target.kind;
      const item = h.target.kind === 'search' ? `${h.journalId}:${searchKey(h.target.terms)}` : id;
      const client = (day: string) => this.clientOf(h, salts.get(day)!);
      const clientKey = (day: string) => this.key(`d:${kind}:${item}:${client(day)}`);
      // A double click across midnight is still one client's: the key of the day before is looked at too.
      keys.push(clientKey(dayOf(h.ts)), clientKey(dayOf(windowStart(h))), this.key(`s:${id}:${client(dayOf(h.ts))}:${hourOf(h.ts)}`));
      const month = monthOf(h.ts);
      args.push(h.ts, `${h.journalId}|${id}|${month}|${kind}`, kind === 'search' ? '' : `${h.journalId}|${id}|${month}|`, institutions[i]!);
    });
    if (keys.length === 1) return 0;
    return (this.redis as unknown as { jpCountHits: CountHits }).jpCountHits(keys.length, ...keys, ...args);
  }

  /**
   * Redis counters → MongoDB. The pending hash is renamed to a batch of this replica first, so
   * hits counted meanwhile go to a fresh one; a batch MongoDB refused stays in Redis and is retried
   * on the next flush. Batches a stopped replica left behind are taken over (renamed, which only
   * one replica can do) once they are older than a few flush periods.
   */
  async flush(): Promise<number> {
    if (this.flushing) return 0;
    this.flushing = true;
    try {
      const now = Date.now();
      const own = (t: number) => this.key(`flushing:${t}:${this.id}`);
      try {
        await this.redis.rename(this.key('pending'), own(now));
      } catch (err) {
        if (!/no such key/i.test(String((err as Error).message))) throw err;
      }
      let cursor = '0';
      const batches: string[] = [];
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', this.key('flushing:*'), 'COUNT', 100);
        cursor = next;
        batches.push(...keys);
      } while (cursor !== '0');
      let moved = 0;
      for (let k of batches.sort()) {
        const [ts, owner] = k.slice(this.key('flushing:').length).split(':');
        if (owner !== this.id) {
          if (now - Number(ts) < this.opts.flushMs * 5) continue;
          const mine = own(Number(ts));
          try {
            await this.redis.rename(k, mine);
          } catch {
            continue;
          }
          k = mine;
        }
        moved += await this.flushBatch(k);
      }
      return moved;
    } finally {
      this.flushing = false;
    }
  }

  private readonly id = randomUUID();

  /**
   * One batch to MongoDB, step by step: the articles' counts (the world's, then the institutions'),
   * the searches, then the journals' rollups by year of publication and access type (the world's,
   * then the institutions'). Each step is marked in the batch once written, so a retry after a
   * later one failed never adds a count twice.
   */
  private async flushBatch(k: string): Promise<number> {
    const fields = await this.redis.hgetall(k);
    const done = new Set(Object.keys(fields).filter((f) => f.startsWith('~')));
    const incs = new Map<string, StatIncrement>();
    const searches = new Map<string, SearchIncrement>();
    for (const [f, v] of Object.entries(fields)) {
      const [journalId, articleId, month, kind, inst] = f.split('|');
      if (!journalId || !articleId || !month || done.has(f)) continue;
      const key = `${journalId}|${articleId}|${month}|${inst ?? ''}`;
      const at = inst ? { inst } : {};
      if (articleId === SEARCHES) {
        const s = searches.get(key) ?? { journalId, month, searches: 0, ...at };
        if (kind === 'search') s.searches += Number(v);
        searches.set(key, s);
        continue;
      }
      const inc = incs.get(key) ?? { journalId, articleId, month, views: 0, downloads: 0, uii: 0, uir: 0, ...at };
      if (kind === 'view') inc.views += Number(v);
      else if (kind === 'download') inc.downloads += Number(v);
      else if (kind === 'uii') inc.uii += Number(v);
      else if (kind === 'uir') inc.uir += Number(v);
      incs.set(key, inc);
    }
    const all = [...incs.values()];
    const world = all.filter((i) => !i.inst);
    const attributed = all.filter((i) => i.inst);
    const steps: [string, () => Promise<void>][] = [
      [ARTICLES_DONE, () => this.repo.add(world)],
      ['~institutions', () => this.repo.add(attributed)],
      // The item reports' stored months these counts add to (a month still counting has none).
      ['~item-months', () => this.repo.markItemMonths(all.filter((i) => i.month < monthOf(Date.now())))],
      ['~searches', () => this.repo.addSearches([...searches.values()])],
      ['~titles', async () => this.repo.addTitles(await this.titleIncrements(world))],
      ['~institution-titles', async () => this.repo.addTitles(await this.titleIncrements(attributed))],
    ];
    for (const [mark, step] of steps) {
      if (done.has(mark)) continue;
      await step();
      await this.redis.hset(k, mark, '1');
    }
    await this.redis.del(k);
    return incs.size + searches.size;
  }

  /** The articles' counts summed per journal (and institution), month, year of publication and access type. */
  private async titleIncrements(incs: StatIncrement[]): Promise<TitleIncrement[]> {
    const groups = new Map<string, StatIncrement[]>();
    for (const i of incs) {
      const g = `${i.journalId}|${i.inst ?? ''}`;
      groups.set(g, [...(groups.get(g) ?? []), i]);
    }
    const out: TitleIncrement[] = [];
    for (const list of groups.values()) {
      const { journalId, inst } = list[0]!;
      out.push(...(await rollUp(this.describe, journalId, list)).map((t) => (inst ? { ...t, inst } : t)));
    }
    return out;
  }
}

/** A search's terms as a short key (the double-click rule compares searches by it). */
const searchKey = (terms: string) => createHash('sha256').update(terms).digest('base64url').slice(0, 16);

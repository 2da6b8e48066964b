import type { Redis } from 'ioredis';
import type { Logger } from './logger';

/**
 * What a read model does with news of a write. Calls for one journal never overlap: they run one
 * after another in the order the feed learnt of them.
 */
export interface ChangeFeedHandler<C> {
  /** Re-reads the documents these changes name and puts them into the journal's view. */
  apply(journalId: string, changes: C[]): Promise<void>;
  /** Loads the journal's whole view again and swaps it in when complete (readers keep the old one meanwhile). */
  rebuild(journalId: string): Promise<void>;
  /** The journals this process holds a view of (the safety-net poll checks their counters). */
  journals(): Iterable<string>;
}

/**
 * The content service's feed of its writes: its replicas' view caches and the render process
 * follow it, and writers without a read model (seeds, the CLI) announce on it.
 */
export const CONTENT_CHANGE_FEED = 'content';

/** A feed's version counter of a journal: bumped by every change announced (see publishChange). */
export const changeVersionKey = (prefix: string, name: string, journalId: string) => `${prefix}${name}:ver:${journalId}`;

/**
 * Request header: the content feed's version of the journal as the gateway read it before passing
 * a read on that nginx may store. A process that follows the feed answers it only once it has
 * applied that version (ChangeFeed.reached): a read stamped after a write's announcement never
 * gets what a process held from before it.
 */
export const CONTENT_VERSION_HEADER = 'x-jp-content-version';
/**
 * How long a read waits for the version its request names. Past it the process answers from the
 * database (the content service) or asks again (the render process), not from what it holds.
 */
export const CONTENT_VERSION_WAIT_MS = 500;

/** The version a request names (CONTENT_VERSION_HEADER), or 0 for none or a bad one. */
export function versionOf(value: string | string[] | undefined): number {
  const v = Number(Array.isArray(value) ? value[0] : value);
  return Number.isSafeInteger(v) && v > 0 ? v : 0;
}

export interface ChangeFeedOptions {
  /** Names the counter, log and channel: `${prefix}${name}:ver:<journal>` and so on. */
  name: string;
  prefix: string;
  /** Command connection (fails fast while Redis is down). */
  redis: Redis;
  /** A connection of its own in subscriber mode; without one only the poll carries news. */
  subscriber?: Redis;
  logger: Logger;
  /** How often the version counters are compared with what this process applied. */
  pollMs?: number;
  /** Changes kept per journal so a missed message is filled in without a full reload. */
  logSize?: number;
}

interface Pending<C> {
  journalId: string;
  changes: C[];
}

// One round trip, atomic: the counter, the log entry of that version and the message agree.
const PUBLISH_SCRIPT = `
local v = redis.call('INCR', KEYS[1])
redis.call('ZADD', KEYS[2], v, v .. '|' .. ARGV[1])
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(tonumber(ARGV[2]) + 1))
redis.call('PUBLISH', ARGV[3], ARGV[4] .. '|' .. v .. '|' .. ARGV[1])
return v`;

type ScriptRedis = Redis & { jpPublishChange?: (...a: unknown[]) => Promise<number> };

/**
 * Records and announces a change of one journal: bumps its counter, logs the change under the new
 * version (the last `logSize` kept) and publishes it. Returns the new version. Used by the feed and
 * by processes that write without holding a read model (the seed, the operator CLI).
 */
export async function publishChange<C>(
  redis: Redis,
  where: { prefix: string; name: string },
  journalId: string,
  changes: C[],
  logSize = 2000,
): Promise<number> {
  const r = redis as ScriptRedis;
  if (!r.jpPublishChange) redis.defineCommand('jpPublishChange', { numberOfKeys: 2, lua: PUBLISH_SCRIPT });
  const base = `${where.prefix}${where.name}`;
  return Number(
    await r.jpPublishChange!(`${base}:ver:${journalId}`, `${base}:log:${journalId}`, JSON.stringify(changes), String(logSize), `${base}:changes`, journalId),
  );
}

/**
 * Keeps in-memory read models of several replicas equal to the database, change by change.
 *
 * A write bumps the journal's version counter in Redis, records which documents it changed under
 * that version, and publishes the same over pub/sub; every replica re-reads just those documents.
 * A replica that sees a version it cannot place (a lost message, a reconnect) fills the gap from
 * the recorded log, and only when the log no longer covers it reloads the journal in the background.
 * A poll of the counters is the safety net for a silent subscriber. While Redis is down, writes are
 * applied here and queued; they are published when it returns, and every replica then reloads once,
 * as it cannot know what it missed.
 */
/** How long a reader waits for a version before the log is read for it (its message may be lost). */
const NUDGE_MS = 25;

export class ChangeFeed<C> {
  private readonly applied = new Map<string, number>();
  /** Readers waiting for a journal's version to be applied here (see reached). */
  private readonly waiters = new Map<string, { v: number; done: (ok: boolean) => void }[]>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly outbox: Pending<C>[] = [];
  private readonly channel: string;
  private readonly pollMs: number;
  private readonly logSize: number;
  private timer?: NodeJS.Timeout;
  private redisDown = false;
  private stopped = false;
  /** Counts for tests and metrics: how news arrived. */
  readonly stats = { messages: 0, polled: 0, filled: 0, rebuilds: 0, published: 0, queued: 0 };

  constructor(
    private readonly opts: ChangeFeedOptions,
    private readonly handler: ChangeFeedHandler<C>,
  ) {
    this.channel = `${opts.prefix}${opts.name}:changes`;
    this.pollMs = opts.pollMs ?? 1000;
    this.logSize = opts.logSize ?? 2000;
  }

  verKey(journalId: string) {
    return changeVersionKey(this.opts.prefix, this.opts.name, journalId);
  }

  private logKey(journalId: string) {
    return `${this.opts.prefix}${this.opts.name}:log:${journalId}`;
  }

  /** Subscribes and starts the poll. Call before the first load, so no message is missed. */
  async start(): Promise<void> {
    const sub = this.opts.subscriber;
    if (sub) {
      sub.on('message', (channel: string, message: string) => {
        if (channel === this.channel) this.onMessage(message);
      });
      let wasDown = false;
      sub.on('close', () => {
        wasDown = true;
      });
      sub.on('ready', () => {
        // Messages sent while the subscriber was away are lost: the log fills what it can.
        if (wasDown) void this.pollNow();
        wasDown = false;
      });
      await sub.subscribe(this.channel).catch((err: unknown) => this.opts.logger.warn({ err }, 'change feed subscribe failed; polling only'));
    }
    const tick = () => {
      if (this.stopped) return;
      void this.pollNow().finally(() => {
        if (!this.stopped) this.timer = setTimeout(tick, this.pollMs).unref();
      });
    };
    this.timer = setTimeout(tick, this.pollMs).unref();
  }

  stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** The version this process's view of the journal reflects (0 before any write). */
  version(journalId: string): number {
    return this.applied.get(journalId) ?? 0;
  }

  /** Current counters in Redis for these journals (read before a load, so later writes are applied on top). */
  async versions(journalIds: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (!journalIds.length) return out;
    const values = await this.opts.redis.mget(...journalIds.map((j) => this.verKey(j)));
    journalIds.forEach((j, i) => out.set(j, Number(values[i] ?? 0)));
    return out;
  }

  /** Records that a view was loaded at this version (start-up loads many journals at once). */
  loadedAt(journalId: string, version: number) {
    const cur = this.applied.get(journalId);
    if (cur === undefined || version > cur) this.setApplied(journalId, version);
  }

  /** The view of this journal was dropped (memory bound): news of it is ignored until it is loaded again. */
  forget(journalId: string) {
    this.applied.delete(journalId);
    // Nothing of it is held: its next read is made from the database.
    this.wake(journalId, Infinity);
  }

  /**
   * true when this process has applied the journal's version `v` or holds nothing of the journal
   * (no promise: the common case costs a read nothing); else a promise of true once it has, false
   * past `maxMs`. The message may still be on its way, or lost: after a moment the change log is
   * read for it, as the poll would a second later.
   */
  reached(journalId: string, v: number, maxMs: number): true | Promise<boolean> {
    const cur = this.applied.get(journalId);
    if (cur === undefined || cur >= v) return true;
    return new Promise((resolve) => {
      const timers: NodeJS.Timeout[] = [];
      const done = (ok: boolean) => {
        for (const t of timers) clearTimeout(t);
        resolve(ok);
      };
      let list = this.waiters.get(journalId);
      if (!list) this.waiters.set(journalId, (list = []));
      const waiter = { v, done };
      list.push(waiter);
      timers.push(
        setTimeout(() => void this.enqueue(journalId, () => ((this.applied.get(journalId) ?? v) < v ? this.catchUp(journalId, v) : Promise.resolve())), Math.min(NUDGE_MS, maxMs)),
        setTimeout(() => {
          const left = this.waiters.get(journalId)?.filter((w) => w !== waiter) ?? [];
          if (left.length) this.waiters.set(journalId, left);
          else this.waiters.delete(journalId);
          done(false);
        }, maxMs),
      );
    });
  }

  private setApplied(journalId: string, v: number) {
    this.applied.set(journalId, v);
    this.wake(journalId, v);
  }

  /** Resolves the waiters of the journal whose version is now applied. */
  private wake(journalId: string, v: number) {
    const list = this.waiters.get(journalId);
    if (!list) return;
    const left = list.filter((w) => w.v > v);
    if (left.length) this.waiters.set(journalId, left);
    else this.waiters.delete(journalId);
    for (const w of list) if (w.v <= v) w.done(true);
  }

  /** Runs `task` after everything already queued for the journal. */
  private enqueue(journalId: string, task: () => Promise<void>): Promise<void> {
    const prev = this.queues.get(journalId) ?? Promise.resolve();
    const next = prev.then(task).catch((err: unknown) => this.opts.logger.error({ err, journalId }, 'read model update failed'));
    this.queues.set(journalId, next);
    void next.finally(() => {
      if (this.queues.get(journalId) === next) this.queues.delete(journalId);
    });
    return next;
  }

  /** Resolves once every update queued for the journal so far has been applied. */
  settled(journalId: string): Promise<void> {
    return this.queues.get(journalId) ?? Promise.resolve();
  }

  /**
   * After a write is stored: applies it to this process's view (awaited, so the writer reads its
   * own write) and tells the other replicas. Never throws: the write itself succeeded.
   */
  async publish(journalId: string, changes: C[]): Promise<void> {
    let v: number;
    try {
      v = await publishChange(this.opts.redis, this.opts, journalId, changes, this.logSize);
      this.stats.published++;
    } catch (err) {
      if (!this.redisDown) this.opts.logger.warn({ err, journalId }, 'change not published (Redis down); queued');
      this.redisDown = true;
      this.outbox.push({ journalId, changes });
      this.stats.queued++;
      if (!this.applied.has(journalId)) return;
      await this.enqueue(journalId, () => this.handler.apply(journalId, changes));
      return;
    }
    // A journal this process holds no view of loads whole on its first read.
    if (this.applied.has(journalId)) await this.enqueue(journalId, () => this.step(journalId, v, changes));
  }

  private onMessage(message: string) {
    const a = message.indexOf('|');
    const b = message.indexOf('|', a + 1);
    if (a < 0 || b < 0) return;
    const journalId = message.slice(0, a);
    const v = Number(message.slice(a + 1, b));
    let changes: C[];
    try {
      changes = JSON.parse(message.slice(b + 1)) as C[];
    } catch {
      return;
    }
    this.stats.messages++;
    // A journal this process holds no view of loads whole on its first read.
    if (!this.applied.has(journalId)) return;
    void this.enqueue(journalId, () => this.step(journalId, v, changes));
  }

  /** Applies version `v` if it is the next one; fills a gap from the log, or reloads. */
  private async step(journalId: string, v: number, changes: C[]) {
    const cur = this.applied.get(journalId) ?? 0;
    if (v <= cur) return;
    if (v === cur + 1) {
      await this.handler.apply(journalId, changes);
      this.setApplied(journalId, v);
      return;
    }
    await this.catchUp(journalId, v);
  }

  /** Brings the journal from its applied version to `target` using the log, else a reload. */
  private async catchUp(journalId: string, target: number) {
    const cur = this.applied.get(journalId) ?? 0;
    if (target === cur) return;
    if (target > cur) {
      let rows: string[] | null = null;
      try {
        rows = await this.opts.redis.zrangebyscore(this.logKey(journalId), `(${cur}`, String(target));
      } catch {
        rows = null;
      }
      if (rows && rows.length === target - cur) {
        const merged: C[] = [];
        for (const r of rows) merged.push(...(JSON.parse(r.slice(r.indexOf('|') + 1)) as C[]));
        await this.handler.apply(journalId, merged);
        this.setApplied(journalId, target);
        this.stats.filled++;
        return;
      }
    }
    await this.rebuildNow(journalId);
  }

  private async rebuildNow(journalId: string) {
    this.stats.rebuilds++;
    let v: number | undefined;
    try {
      v = (await this.versions([journalId])).get(journalId);
    } catch {
      v = undefined;
    }
    await this.handler.rebuild(journalId);
    if (v !== undefined) this.setApplied(journalId, v);
  }

  /** Reloads the journal here (queued behind pending updates) without telling anyone. */
  rebuild(journalId: string): Promise<void> {
    return this.enqueue(journalId, () => this.rebuildNow(journalId));
  }

  /** The safety net: compares every counter with what was applied. */
  async pollNow(): Promise<void> {
    const ids = [...this.handler.journals()];
    let current: Map<string, number>;
    try {
      current = await this.versions(ids);
    } catch {
      this.redisDown = true;
      return;
    }
    if (this.redisDown) {
      this.redisDown = false;
      await this.recover();
      return;
    }
    for (const [journalId, v] of current) {
      const cur = this.applied.get(journalId) ?? 0;
      if (v === cur) continue;
      this.stats.polled++;
      // A counter below what was applied means Redis lost its data: only a reload is safe.
      void this.enqueue(journalId, () => (v < cur ? this.rebuildNow(journalId) : this.catchUp(journalId, v)));
    }
  }

  /** Redis is back: publish what was written meanwhile, then reload every view once. */
  private async recover() {
    this.opts.logger.info({ queued: this.outbox.length }, 'Redis is back: publishing queued changes and reloading read models');
    const pending = this.outbox.splice(0);
    for (const p of pending) {
      try {
        await publishChange(this.opts.redis, this.opts, p.journalId, p.changes, this.logSize);
      } catch {
        this.outbox.push(p);
        this.redisDown = true;
      }
    }
    await Promise.all([...this.handler.journals()].map((j) => this.rebuild(j)));
  }
}

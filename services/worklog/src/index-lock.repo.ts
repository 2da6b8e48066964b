import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, type Redis } from '@journal/server-kit';

/** Deletes the lock only if it is still ours (it may have expired and been taken by another writer). */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

export const indexLockKey = (prefix: string, journalId: string) => `${prefix}worklog:lock:${journalId}`;

/**
 * One writer of a journal's work-log index at a time across all replicas (the database offers no
 * transactions on FerretDB): a Redis key taken with SET NX and an expiry, so a crashed holder
 * frees it. Writers in this process queue behind each other first, so they do not poll Redis
 * against themselves.
 */
export class IndexLock {
  private readonly local = new Map<string, Promise<unknown>>();

  constructor(
    /** Without Redis (a seed run alone) only this process's writers are kept apart. */
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
    private readonly opts: { ttlMs?: number; waitMs?: number } = {},
  ) {}

  async run<T>(journalId: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.local.get(journalId) ?? Promise.resolve();
    const mine = prev.catch(() => undefined).then(() => this.held(journalId, fn));
    this.local.set(journalId, mine);
    try {
      return await mine;
    } finally {
      if (this.local.get(journalId) === mine) this.local.delete(journalId);
    }
  }

  private async held<T>(journalId: string, fn: () => Promise<T>): Promise<T> {
    const redis = this.redis;
    if (!redis) return fn();
    const key = indexLockKey(this.prefix, journalId);
    const token = randomUUID();
    const until = Date.now() + (this.opts.waitMs ?? 10_000);
    while ((await redis.set(key, token, 'PX', this.opts.ttlMs ?? 15_000, 'NX')) !== 'OK') {
      if (Date.now() > until) throw new AppError(503, 'busy', 'The work log is busy, try again');
      await sleep(5 + Math.floor(Math.random() * 20));
    }
    try {
      return await fn();
    } finally {
      await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
    }
  }
}

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';
import { AppError } from './errors';

/** Deletes the lock only if it is still ours (it may have expired and been taken by another holder). */
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/**
 * One holder per key across all replicas (FerretDB offers no transactions): a Redis key taken with
 * SET NX and an expiry, so a crashed holder frees it. Holders in this process queue behind each
 * other first, so they do not poll Redis against themselves. Without Redis (or while it is down)
 * only this process's holders are kept apart.
 */
export class KeyedLock {
  private readonly local = new Map<string, Promise<unknown>>();

  constructor(
    private readonly redis: Redis | undefined,
    /** The Redis key of a lock name. */
    private readonly keyOf: (name: string) => string,
    private readonly opts: { ttlMs?: number; waitMs?: number; busyMessage?: string } = {},
  ) {}

  async run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.local.get(name) ?? Promise.resolve();
    const mine = prev.catch(() => undefined).then(() => this.held(name, fn));
    this.local.set(name, mine);
    try {
      return await mine;
    } finally {
      if (this.local.get(name) === mine) this.local.delete(name);
    }
  }

  private async held<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const redis = this.redis;
    if (!redis) return fn();
    const key = this.keyOf(name);
    const token = randomUUID();
    const until = Date.now() + (this.opts.waitMs ?? 10_000);
    for (;;) {
      let got: string | null;
      try {
        got = await redis.set(key, token, 'PX', this.opts.ttlMs ?? 15_000, 'NX');
      } catch {
        // Redis away: this process's holders are still serialised by the local queue.
        return fn();
      }
      if (got === 'OK') break;
      if (Date.now() > until) throw new AppError(503, 'busy', this.opts.busyMessage ?? 'Busy, try again');
      await sleep(5 + Math.floor(Math.random() * 20));
    }
    try {
      return await fn();
    } finally {
      await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
    }
  }
}

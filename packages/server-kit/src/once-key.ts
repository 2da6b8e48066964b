import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';

/** Replaces (or with no value, deletes) the key only while it still holds this sender's claim. */
const SETTLE = `if redis.call('get', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '' then return redis.call('del', KEYS[1]) end
redis.call('set', KEYS[1], ARGV[2], 'EX', ARGV[3]) return 1`;

const PENDING = 'P|';
const DONE = 'D|';

export type OnceClaim =
  | { kind: 'first'; done(result: string): Promise<void>; release(): Promise<void> }
  | { kind: 'repeat'; result: string };

export interface OnceKeyOptions {
  /** How long a repeat is answered with the first act's result. */
  ttlSeconds: number;
  /** How long a claim outlives an act that never finishes (a process killed half way). */
  pendingMs: number;
  /** How long a repeat waits for the first act to finish before `busy()` is thrown. */
  waitMs: number;
  /** The same key with another fingerprint: another act sent under a key already used. */
  mismatch(): Error;
  /** The first act is still running after `waitMs`. */
  busy(): Error;
}

/**
 * An act done once per key, across every replica: the first caller claims the key in Redis (SET
 * NX) and records its result when done; a repeat while it runs waits for it, a repeat after it gets
 * that result. A failed act releases the key, so a corrected retry runs. The fingerprint tells a
 * true repeat from another act under the same key. (The HTTP `Idempotency-Key` middleware keeps
 * whole answers; this keeps a result, for acts whose repeat answers differently, such as a form
 * whose repeat gets a new link to the same record.)
 */
export async function claimOnce(redis: Redis, key: string, fingerprint: string, o: OnceKeyOptions): Promise<OnceClaim> {
  const until = Date.now() + o.waitMs;
  for (;;) {
    const owner = `${PENDING}${randomUUID()}|${fingerprint}`;
    if ((await redis.set(key, owner, 'PX', o.pendingMs, 'NX')) === 'OK') {
      const settle = (value: string) => redis.eval(SETTLE, 1, key, owner, value, String(o.ttlSeconds)).then(() => undefined);
      return { kind: 'first', done: (result) => settle(`${DONE}${result}|${fingerprint}`), release: () => settle('').catch(() => undefined) };
    }
    const held = await redis.get(key);
    if (held !== null && !held.endsWith(`|${fingerprint}`)) throw o.mismatch();
    if (held?.startsWith(DONE)) return { kind: 'repeat', result: held.slice(DONE.length, held.length - fingerprint.length - 1) };
    if (Date.now() > until) throw o.busy();
    if (held) await sleep(100);
  }
}

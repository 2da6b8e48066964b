import { createHash } from 'node:crypto';
import { AppError, type Redis } from '@journal/server-kit';

// One round trip, atomic: the first hit of a window starts its clock, later ones only count.
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('TTL', KEYS[1])}`;

/**
 * docs/product.md#submissions: per-address and per-e-mail limits of the public submission routes,
 * counters in Redis that expire with their window (every replica shares them). E-mail addresses
 * are hashed in the key: they are personal data, and keys show up in Redis tooling.
 */
export class SubmissionLimits {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Counts one hit on `what` within `windowSeconds`; over `max`, a 429 with the seconds to wait. */
  async hit(journalId: string, what: string, max: number, windowSeconds: number, message: string): Promise<void> {
    const key = `${this.prefix}sublimit:${journalId}:${createHash('sha256').update(what).digest('base64url').slice(0, 22)}`;
    const [n, ttl] = (await this.redis.eval(HIT, 1, key, String(windowSeconds))) as [number, number];
    if (n > max) throw new AppError(429, 'too_many_requests', message, { retryAfter: ttl > 0 ? ttl : windowSeconds });
  }
}

import type { Redis } from '@journal/server-kit';
import { AppError } from '@journal/server-kit';

export interface ThrottleLimits {
  /** Failures from one address on one user name that pass before the delays start. */
  perIpUser: number;
  /** Failures from one address, whatever the user names, that pass before the delays start. */
  perIp: number;
  /** How long failures are remembered. */
  windowSeconds: number;
  /** The first delay; each further failure doubles it, up to `maxDelaySeconds`. */
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  /**
   * Failures on one user name from any address before the delays start. Only password re-checks
   * of a signed-in session use it: their caller holds a token, so spreading guesses over many
   * addresses must not help, and the wait falls on a session, not on the owner's sign-in.
   */
  perUser?: number;
}

/** Seconds to wait after the `failures`-th failure: none while under `free`, then doubling to the cap. */
export function delayAfter(failures: number, free: number, baseSeconds: number, maxSeconds: number): number {
  if (failures < free) return 0;
  const exp = Math.min(30, failures - free);
  return Math.min(maxSeconds, baseSeconds * 2 ** exp);
}

/** A 429 that tells the client when to try again. */
export class TooManyAttempts extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, 'too_many_attempts', `Too many failed logins; try again in ${retryAfterSeconds} s`, { retryAfter: retryAfterSeconds });
  }
}

const unavailable = () => new AppError(503, 'auth_unavailable', 'Login is unavailable right now, try again shortly');

// Kept rather than rate-limiter-flexible: its limiters block for fixed spans (Fibonacci steps in ExpressBruteFlexible); the doubling delay per key, three counters in one MULTI and the fail-closed 503 would be written around it all the same.
/**
 * Slows down guessing instead of locking accounts: failures are counted per client address and
 * per address and user name, and past a free allowance each failure makes that key wait a
 * doubling delay. No counter spans addresses for one user name, so failures from elsewhere never
 * keep the account's owner out. Every Redis error refuses the login (503): throttling fails closed.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: ThrottleLimits,
    /** `login` for sign-ins, `reauth` for password re-checks of a session (separate counters). */
    private readonly scope: 'login' | 'reauth' = 'login',
  ) {}

  private keys(journalId: string, ip: string, username: string) {
    const ipUser = `${journalId}:${ip}:${username.toLowerCase()}`;
    const user = `${journalId}:${username.toLowerCase()}`;
    const p = `${this.prefix}${this.scope}`;
    return {
      ip: `${p}:ip:${ip}`,
      ipUser: `${p}:ipuser:${ipUser}`,
      user: `${p}:user:${user}`,
      ipWait: `${p}:wait:ip:${ip}`,
      ipUserWait: `${p}:wait:ipuser:${ipUser}`,
      userWait: `${p}:wait:user:${user}`,
    };
  }

  /** Throws 429 with the seconds left while this address, or this address on this user, must wait. */
  async assertAllowed(journalId: string, ip: string, username: string): Promise<void> {
    const k = this.keys(journalId, ip, username);
    let waits: number[];
    try {
      const res = await this.redis.multi().pttl(k.ipWait).pttl(k.ipUserWait).pttl(k.userWait).exec();
      waits = (res ?? []).map(([err, v]) => {
        if (err) throw err;
        return Number(v);
      });
    } catch {
      throw unavailable();
    }
    const leftMs = Math.max(0, ...waits);
    if (leftMs > 0) throw new TooManyAttempts(Math.ceil(leftMs / 1000));
  }

  async recordFailure(journalId: string, ip: string, username: string): Promise<void> {
    const k = this.keys(journalId, ip, username);
    const { windowSeconds: w, baseDelaySeconds: base, maxDelaySeconds: max } = this.limits;
    try {
      const res = await this.redis.multi().incr(k.ip).expire(k.ip, w, 'NX').incr(k.ipUser).expire(k.ipUser, w, 'NX').incr(k.user).expire(k.user, w, 'NX').exec();
      const ipCount = Number(res?.[0]?.[1] ?? 0);
      const ipUserCount = Number(res?.[2]?.[1] ?? 0);
      const userCount = Number(res?.[4]?.[1] ?? 0);
      const ipDelay = delayAfter(ipCount, this.limits.perIp, base, max);
      const ipUserDelay = delayAfter(ipUserCount, this.limits.perIpUser, base, max);
      const userDelay = this.limits.perUser === undefined ? 0 : delayAfter(userCount, this.limits.perUser, base, max);
      const m = this.redis.multi();
      if (ipDelay > 0) m.set(k.ipWait, '1', 'EX', ipDelay);
      if (ipUserDelay > 0) m.set(k.ipUserWait, '1', 'EX', ipUserDelay);
      if (userDelay > 0) m.set(k.userWait, '1', 'EX', userDelay);
      await m.exec();
    } catch {
      throw unavailable();
    }
  }

  /** A successful login forgets this address's failures on this user (not the address's total). */
  async clearUser(journalId: string, ip: string, username: string): Promise<void> {
    const k = this.keys(journalId, ip, username);
    await this.redis.del(k.ipUser, k.ipUserWait, ...(this.limits.perUser === undefined ? [] : [k.user, k.userWait])).catch(() => undefined);
  }
}

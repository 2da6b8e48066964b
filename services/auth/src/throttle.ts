import type { Redis } from '@journal/common';
import { AppError } from '@journal/common';

/**
 * Counts failed logins per client address and per account in fixed windows. Every Redis error
 * refuses the login (503): throttling fails closed.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly limits: { perUser: number; perIp: number; windowSeconds: number },
  ) {}

  private keys(journalId: string, ip: string, username: string) {
    return {
      ip: `${this.prefix}login:ip:${ip}`,
      user: `${this.prefix}login:user:${journalId}:${username.toLowerCase()}`,
    };
  }

  async assertAllowed(journalId: string, ip: string, username: string): Promise<void> {
    const k = this.keys(journalId, ip, username);
    let counts: (string | null)[];
    try {
      counts = await this.redis.mget(k.ip, k.user);
    } catch {
      throw new AppError(503, 'auth_unavailable', 'Login is unavailable right now, try again shortly');
    }
    const [ipCount, userCount] = counts.map((c) => Number(c ?? 0));
    if (ipCount! >= this.limits.perIp || userCount! >= this.limits.perUser) {
      throw new AppError(429, 'too_many_attempts', 'Too many failed logins; try again later');
    }
  }

  async recordFailure(journalId: string, ip: string, username: string): Promise<void> {
    const k = this.keys(journalId, ip, username);
    try {
      await this.redis
        .multi()
        .incr(k.ip)
        .expire(k.ip, this.limits.windowSeconds, 'NX')
        .incr(k.user)
        .expire(k.user, this.limits.windowSeconds, 'NX')
        .exec();
    } catch {
      throw new AppError(503, 'auth_unavailable', 'Login is unavailable right now, try again shortly');
    }
  }

  async clearUser(journalId: string, ip: string, username: string): Promise<void> {
    await this.redis.del(this.keys(journalId, ip, username).user).catch(() => undefined);
  }
}

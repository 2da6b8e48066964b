import Redis from 'ioredis';
import { testServers, uniqueName } from '@journal/testing';
import { delayAfter, LoginThrottle, TooManyAttempts } from '../src/throttle';

describe('delayAfter', () => {
  it('lets the free attempts through, then doubles up to the cap', () => {
    expect([0, 1, 4].map((n) => delayAfter(n, 5, 2, 60))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10].map((n) => delayAfter(n, 5, 2, 60))).toEqual([2, 4, 8, 16, 32, 60]);
    expect(delayAfter(10_000, 5, 2, 900)).toBe(900);
  });
});

describe('LoginThrottle (real Redis)', () => {
  let redis: Redis;
  const prefix = `${uniqueName('thr')}:`;
  const limits = { perIpUser: 3, perIp: 6, windowSeconds: 60, baseDelaySeconds: 30, maxDelaySeconds: 120 };
  beforeAll(() => {
    redis = new Redis(testServers().redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  /** A wrong password: let through (and counted), never taken back. */
  const fail = async (t: LoginThrottle, ip: string, user: string, journal = 'j1') => {
    await t.reserve(journal, ip, user);
  };
  const allowed = (t: LoginThrottle, ip: string, user: string, journal = 'j1') =>
    t.reserve(journal, ip, user).then(async (a) => {
      await a.succeeded();
      return true;
    });

  it('makes one address wait on one account, with Retry-After, and never another address', async () => {
    const t = new LoginThrottle(redis, prefix, limits);
    for (let i = 0; i < 3; i++) await fail(t, '10.0.0.1', 'admin');
    const refused = await t.reserve('j1', '10.0.0.1', 'admin').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyAttempts);
    expect((refused as TooManyAttempts).status).toBe(429);
    expect((refused as TooManyAttempts).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as TooManyAttempts).retryAfterSeconds).toBeLessThanOrEqual(30);
    // The owner, elsewhere, is not held back by someone else's failures on that name.
    await expect(allowed(t, '10.0.0.2', 'admin')).resolves.toBe(true);
    // Nor is the same name on another journal.
    await expect(allowed(t, '10.0.0.1', 'admin', 'j2')).resolves.toBe(true);
  });

  it('slows an address that tries many accounts, across journals', async () => {
    const t = new LoginThrottle(redis, prefix, limits);
    for (let i = 0; i < 6; i++) await fail(t, '10.0.1.1', `guess${i}`);
    await expect(t.reserve('j9', '10.0.1.1', 'someone')).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(allowed(t, '10.0.1.2', 'someone', 'j9')).resolves.toBe(true);
  });

  it('forgets an address+account after a success, and the success is no failure of the address', async () => {
    const t = new LoginThrottle(redis, prefix, limits);
    for (let i = 0; i < 2; i++) await fail(t, '10.0.2.1', 'ed');
    await allowed(t, '10.0.2.1', 'ed');
    for (let i = 0; i < 2; i++) await fail(t, '10.0.2.1', 'ed');
    await expect(allowed(t, '10.0.2.1', 'ed')).resolves.toBe(true);
    expect(Number(await redis.get(`${prefix}login:ip:10.0.2.1`))).toBe(4);
  });

  it('lets no more attempts through than the limit when they all arrive at once', async () => {
    const t = new LoginThrottle(redis, prefix, limits);
    const outcomes = await Promise.all(Array.from({ length: 100 }, () => t.reserve('j1', '10.0.4.1', 'admin').then(() => 'through', (e: unknown) => (e as TooManyAttempts).status)));
    expect(outcomes.filter((o) => o === 'through')).toHaveLength(limits.perIpUser);
    expect(outcomes.filter((o) => o === 429)).toHaveLength(100 - limits.perIpUser);
    // Many accounts at once from one address: the address's allowance bounds them.
    const spread = await Promise.all(Array.from({ length: 100 }, (_, i) => t.reserve('j1', '10.0.4.2', `u${i}`).then(() => 'through', (e: unknown) => (e as TooManyAttempts).status)));
    expect(spread.filter((o) => o === 'through')).toHaveLength(limits.perIp);
  });

  it('counts re-checks per account from any address', async () => {
    const t = new LoginThrottle(redis, prefix, { ...limits, perIp: 100, perIpUser: 100, perUser: 3 }, 'reauth');
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => t.reserve('j1', `10.0.5.${i}`, 'user-id-1').then(() => 'through', () => 'held')));
    expect(outcomes.filter((o) => o === 'through')).toHaveLength(3);
    // Another account is not held back.
    await expect(allowed(t, '10.0.5.1', 'user-id-2')).resolves.toBe(true);
  });

  it('fails closed when Redis cannot answer', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    const t = new LoginThrottle(dead, prefix, limits);
    await expect(t.reserve('j1', '10.0.3.1', 'a')).rejects.toMatchObject({ status: 503 });
    dead.disconnect();
  });
});

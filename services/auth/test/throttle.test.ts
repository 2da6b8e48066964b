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

  const fail = async (t: LoginThrottle, ip: string, user: string) => {
    await t.assertAllowed('j1', ip, user);
    await t.recordFailure('j1', ip, user);
  };

  it('makes one address wait on one user name, with Retry-After, and never another address', async () => {
    const t = new LoginThrottle(redis, prefix, limits);
    for (let i = 0; i < 3; i++) await fail(t, '10.0.0.1', 'admin');
    const refused = await t.assertAllowed('j1', '10.0.0.1', 'admin').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TooManyAttempts);
    expect((refused as TooManyAttempts).status).toBe(429);
    expect((refused as TooManyAttempts).retryAfterSeconds).toBeGreaterThan(0);
    expect((refused as TooManyAttempts).retryAfterSeconds).toBeLessThanOrEqual(30);
    // The owner, elsewhere, is not held back by someone else's failures on that name.
    await expect(t.assertAllowed('j1', '10.0.0.2', 'admin')).resolves.toBeUndefined();
    // Nor is the same name on another journal.
    await expect(t.assertAllowed('j2', '10.0.0.1', 'admin')).resolves.toBeUndefined();
  });

  it('slows an address that tries many user names, across journals', async () => {
    const t = new LoginThrottle(redis, prefix, limits);
    for (let i = 0; i < 6; i++) await fail(t, '10.0.1.1', `guess${i}`);
    await expect(t.assertAllowed('j9', '10.0.1.1', 'someone')).rejects.toBeInstanceOf(TooManyAttempts);
    await expect(t.assertAllowed('j9', '10.0.1.2', 'someone')).resolves.toBeUndefined();
  });

  it('forgets an address+user after a success, but not the address total', async () => {
    const t = new LoginThrottle(redis, prefix, limits);
    for (let i = 0; i < 2; i++) await fail(t, '10.0.2.1', 'ed');
    await t.clearUser('j1', '10.0.2.1', 'ed');
    for (let i = 0; i < 2; i++) await fail(t, '10.0.2.1', 'ed');
    await expect(t.assertAllowed('j1', '10.0.2.1', 'ed')).resolves.toBeUndefined();
    expect(Number(await redis.get(`${prefix}login:ip:10.0.2.1`))).toBe(4);
  });

  it('fails closed when Redis cannot answer', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    const t = new LoginThrottle(dead, prefix, limits);
    await expect(t.assertAllowed('j1', '10.0.3.1', 'a')).rejects.toMatchObject({ status: 503 });
    await expect(t.recordFailure('j1', '10.0.3.1', 'a')).rejects.toMatchObject({ status: 503 });
    dead.disconnect();
  });
});

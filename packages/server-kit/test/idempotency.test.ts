import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { gate, testServers, uniqueName, until } from '@journal/testing';
import { AppError, createHttpApp, createLogger, idempotency } from '../src';

/**
 * A write route behind the middleware, on a real HTTP server and the real Redis: it counts the
 * records it makes, and can be held so a repeat certainly arrives while the first send runs.
 */
async function serve() {
  const redis = new Redis(testServers().redisUrl);
  const prefix = `${uniqueName('idem')}:`;
  const http = createHttpApp({ name: `idem${Math.random().toString(36).slice(2, 8)}`, logger: createLogger('idem', 'silent') });
  const records: unknown[] = [];
  const state = { hold: undefined as ReturnType<typeof gate> | undefined, entered: 0, lookups: 0 };
  // A repeat looks up the key it could not reserve: counting lookups shows it arrived.
  const get = redis.get.bind(redis);
  redis.get = ((key: string) => {
    state.lookups++;
    return get(key);
  }) as typeof redis.get;
  const once = idempotency({ redis, redisPrefix: prefix, scope: (req) => req.header('x-user'), waitMs: 5_000 });
  http.app.post('/things', once, async (req, res) => {
    state.entered++;
    await state.hold?.passed;
    if (req.body?.bad) throw new AppError(400, 'validation_error', 'Bad thing');
    records.push(req.body);
    res.status(201).json({ id: records.length, at: randomUUID(), name: req.body?.name });
  });
  http.finish();
  const server: Server = await new Promise((r) => {
    const s = http.app.listen(0, '127.0.0.1', () => r(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const post = async (key: string | undefined, body: unknown, user = 'u1') => {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-user': user };
    if (key !== undefined) headers['idempotency-key'] = key;
    const res = await fetch(`${base}/things`, { method: 'POST', body: JSON.stringify(body), headers });
    return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: (await res.json()) as Record<string, unknown> };
  };
  return {
    post, records, state,
    keys: () => redis.keys(`${prefix}*`),
    ttl: async () => redis.ttl((await redis.keys(`${prefix}*`))[0]!),
    close: async () => {
      await new Promise<void>((r) => server.close(() => r()));
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      http.stopHealth();
    },
  };
}

describe('idempotent writes', () => {
  let s: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    s = await serve();
  });
  afterAll(() => s.close());
  beforeEach(() => {
    s.records.length = 0;
    s.state.entered = 0;
    s.state.lookups = 0;
    s.state.hold = undefined;
  });

  it('two identical sends at once make one record and get the same answer', async () => {
    const key = randomUUID();
    s.state.hold = gate();
    const first = s.post(key, { name: 'A' });
    await until(() => s.state.entered === 1, 'the first send to reach the route');
    const second = s.post(key, { name: 'A' });
    // The repeat found the key taken and waits on the first, not running beside it.
    await until(() => s.state.lookups > 0, 'the repeat to find the key reserved');
    expect(s.state.entered).toBe(1);
    s.state.hold.open();
    const [a, b] = await Promise.all([first, second]);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(b.replayed).toBe('true');
    expect(s.records).toHaveLength(1);
    expect(s.state.entered).toBe(1);
  });

  it('a repeat after the answer gets it again, kept for a day', async () => {
    const key = randomUUID();
    const a = await s.post(key, { name: 'B' });
    const b = await s.post(key, { name: 'B' });
    expect(b).toEqual({ ...a, replayed: 'true' });
    expect(s.records).toHaveLength(1);
    const ttl = await s.ttl();
    expect(ttl).toBeGreaterThan(23 * 3600);
    expect(ttl).toBeLessThanOrEqual(24 * 3600);
  });

  it('keys are per user, and sends without a key are not touched', async () => {
    const key = randomUUID();
    await s.post(key, { name: 'C' }, 'u1');
    await s.post(key, { name: 'C' }, 'u2');
    await s.post(undefined, { name: 'C' });
    await s.post(undefined, { name: 'C' });
    expect(s.records).toHaveLength(4);
  });

  it('a refused send frees its key, so the corrected send runs', async () => {
    const key = randomUUID();
    const bad = await s.post(key, { bad: true });
    expect(bad.status).toBe(400);
    const again = await s.post(key, { bad: true });
    expect(again.status).toBe(400);
    expect(again.replayed).toBeNull();
    const good = await s.post(key, { name: 'D' });
    expect(good.status).toBe(201);
  });

  it('the same key with other values is refused with a clear message', async () => {
    const key = randomUUID();
    await s.post(key, { name: 'E' });
    const other = await s.post(key, { name: 'F' });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ error: 'idempotency_key_reused', message: expect.stringContaining('already sent') });
    expect(s.records).toHaveLength(1);
  });

  it('a malformed key is a 400, not a write', async () => {
    const r = await s.post('short', { name: 'G' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('idempotency_key_invalid');
    expect(s.records).toHaveLength(0);
  });
});

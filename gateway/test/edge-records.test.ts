/**
 * Which answers the gateway records for nginx's purger, against the real Redis: a stored answer's
 * key, with a lifetime; never a "not found" or a key too long to record, which nginx then keeps
 * for seconds only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import request from 'supertest';
import { edgeChangeKey } from '@journal/server-kit';
import { testServers, uniqueName, until } from '@journal/testing';
import type { GatewayApp } from '../src/app';
import { gatewayBefore } from './stand-in.fixture';
import { startNginx, type TestNginx } from './nginx.fixture';
import { SHARED_HOLD_MS } from '../src/shared-reads';

const J = 'c'.repeat(24);
let upstream: http.Server;
let gateway: GatewayApp;
let redis: Redis;
/** The targets the stand-in service was asked for. */
const asked: string[] = [];
/** Answers of /api/archives/ref/race-* the stand-in holds until a test sends them. */
const held: (() => void)[] = [];
const prefix = `${uniqueName('gwedge')}:`;

beforeAll(async () => {
  // A stand-in content service: the journal of every host, and tagged answers (404 under /missing).
  upstream = http.createServer((req, res) => {
    if (req.url!.startsWith('/internal/journals/resolve')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: J, primaryHost: 'edge.test' }));
      return;
    }
    asked.push(req.url!);
    const status = req.url!.startsWith('/api/archives/ref/missing') ? 404 : 200;
    if (req.url!.startsWith('/api/archives/ref/slow')) {
      // A page made for the first time: long enough for every reader to arrive meanwhile.
      const n = asked.length;
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json', 'surrogate-key': `j${J}` }).end(JSON.stringify({ url: req.url, n })), 150);
      return;
    }
    if (req.url!.startsWith('/api/archives/ref/race')) {
      // A page of about 2 kB (compressed by the gateway for a reader who takes gzip), with its length.
      const body = JSON.stringify({ url: req.url, n: asked.length, pad: 'p'.repeat(2000) });
      held.push(() => res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'surrogate-key': `j${J}` }).end(body));
      return;
    }
    // An issue that does not exist: an empty list the service marks as a miss.
    const miss = req.url!.startsWith('/api/archives/2099/') ? { 'x-jp-edge-miss': '1' } : {};
    res.writeHead(status, { 'content-type': 'application/json', 'surrogate-key': `j${J} j${J}-aX`, ...miss }).end('{}');
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gateway = await gatewayBefore(url, {
    REDIS_URL: testServers().redisUrl,
    REDIS_PREFIX: prefix,
    EDGE_KEY_MAX_BYTES: '200',
    EDGE_UNRECORDED_TTL_S: '7',
  });
  redis = new Redis(testServers().redisUrl);
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await gateway.stop();
  await new Promise((r) => upstream.close(r));
});

/** A read as nginx passes it on: its cache key named. */
const viaNginx = (path: string, key = `gzip|edge.test${path}`) => request(gateway.url).get(path).set('host', 'edge.test').set('x-jp-cache-key', key);

const recorded = async () => redis.zrange(`${prefix}edge:tag:j${J}`, 0, -1);

describe('records of nginx cache keys', () => {
  it('records a stored answer with a lifetime; a "not found", a miss or a key too long is kept seconds and not recorded', async () => {
    const ok = await viaNginx('/api/archives/ref/A-1');
    expect([ok.status, ok.headers['x-accel-expires']]).toEqual([200, '86400']);
    const missing = await viaNginx('/api/archives/ref/missing-1');
    expect([missing.status, missing.headers['x-accel-expires']]).toEqual([404, '7']);
    const none = await viaNginx('/api/archives/2099/1/1');
    expect([none.status, none.headers['x-accel-expires'], none.headers['x-jp-edge-miss']]).toEqual([200, '7', undefined]);
    const long = await viaNginx(`/api/archives/ref/A-1?${'q'.repeat(300)}`);
    expect([long.status, long.headers['x-accel-expires']]).toEqual([200, '7']);
    // A key naming another host is not believed: not recorded, and nginx keeps the answer seconds only.
    const other = await viaNginx('/api/archives/ref/A-2', 'gzip|other.test/api/archives/ref/A-2');
    expect(other.headers['x-accel-expires']).toBe('7');
    // Not through nginx: no key, nothing recorded, the CDN lifetime.
    const direct = await request(gateway.url).get('/api/archives/ref/A-3').set('host', 'edge.test');
    expect(direct.headers['x-accel-expires']).toBe('86400');
    // Records reach Redis in batches after the answers: wait for the stored answer's.
    await until(async () => (await recorded()).length > 0, 'the stored answer\'s record');
    expect(await recorded()).toEqual(['gzip|edge.test/api/archives/ref/A-1']);
    // In the journal's own records, and every key written has a lifetime.
    expect(await redis.zrange(`${prefix}edge:scope:${J}:linked`, 0, -1)).toEqual(['gzip|edge.test/api/archives/ref/A-1']);
    for (const k of await redis.keys(`${prefix}*`)) expect([k, (await redis.ttl(k)) > 86_400]).toEqual([k, true]);
  });

  it('reports the Redis of the records and its memory', async () => {
    const health = await request(gateway.url).get('/healthz');
    expect(health.body.dependencies['edge-redis']).toEqual({ up: true });
    const metrics = await request(gateway.url).get('/metrics');
    expect(metrics.text).toMatch(/^redis_memory_used_bytes\{dependency="edge-redis",service="gateway"\} [1-9]\d*$/m);
    expect(metrics.text).toMatch(/^redis_memory_max_bytes\{dependency="edge-redis",service="gateway"\} \d+$/m);
    expect(metrics.text).toMatch(/^redis_maxmemory_policy\{dependency="edge-redis",policy="[a-z-]+",service="gateway"\} 1$/m);
    expect(metrics.text).toMatch(/^redis_evicted_keys_total\{dependency="edge-redis",service="gateway"\} \d+$/m);
  });
});

describe('one key per answer', () => {
  it('asks the service for a cached read with the parameters its route reads only, and records the canonical key', async () => {
    asked.length = 0;
    const r = await viaNginx('/api/archives/ref/A-7?fbclid=IwAR1&utm_source=news', 'gzip|edge.test/api/archives/ref/A-7');
    expect(r.headers['x-accel-expires']).toBe('86400');
    const s = await viaNginx('/api/search/?utm_medium=x&KEYWORD=cells&keyword=other', 'gzip|edge.test/api/search/?keyword=cells');
    expect(s.headers['x-accel-expires']).toBe('86400');
    expect(asked).toEqual(['/api/archives/ref/A-7', '/api/search/?keyword=cells']);
    const want = ['gzip|edge.test/api/archives/ref/A-7', 'gzip|edge.test/api/search/?keyword=cells'];
    await until(async () => {
      const keys = await recorded();
      return want.every((k) => keys.includes(k));
    }, 'both canonical keys recorded');
    expect((await recorded()).filter((k) => k.includes('fbclid') || k.includes('utm_'))).toEqual([]);
  });

  it('does not believe a key that names parameters its route does not read: kept seconds, not recorded', async () => {
    const r = await viaNginx('/api/archives/ref/A-8?fbclid=1', 'gzip|edge.test/api/archives/ref/A-8?fbclid=1');
    expect(r.headers['x-accel-expires']).toBe('7');
    await new Promise((res) => setTimeout(res, 50));
    expect((await recorded()).filter((k) => k.includes('A-8'))).toEqual([]);
  });

  it('passes uncached routes every parameter', async () => {
    asked.length = 0;
    await request(gateway.url).get('/oai?verb=Identify&utm_source=x').set('host', 'edge.test');
    expect(asked).toEqual(['/oai?verb=Identify&utm_source=x']);
  });
});

describe('readers asking at once for a key nginx does not hold', () => {
  it('are answered from one request to the service, as soon as it is whole', async () => {
    asked.length = 0;
    const key = 'gzip|edge.test/api/archives/ref/slow-1';
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => viaNginx(`/api/archives/ref/slow-1?fbclid=${i}`, key)));
    expect(asked).toEqual(['/api/archives/ref/slow-1']);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual(answers[0]!.body);
      expect(a.headers['x-accel-expires']).toBe('86400');
    }
    // Each its own request id.
    expect(new Set(answers.map((a) => a.headers['x-request-id'])).size).toBe(8);
    const metrics = await request(gateway.url).get('/metrics');
    expect(metrics.text).toMatch(/^gateway_shared_answers_total\{[^}]*upstream="content"[^}]*\} 7$/m);
  });

  it('give a reader arriving just after the answer came the same answer (nginx stores it a moment later)', async () => {
    asked.length = 0;
    const key = 'gzip|edge.test/api/archives/ref/slow-3';
    const first = await viaNginx('/api/archives/ref/slow-3', key);
    const straggler = await viaNginx('/api/archives/ref/slow-3?utm_source=late', key);
    expect(asked).toEqual(['/api/archives/ref/slow-3']);
    expect(straggler.body).toEqual(first.body);
    // Stored by nginx under the key again: recorded again (a purge in between forgets the first record).
    await redis.zrem(`${prefix}edge:tag:j${J}`, key);
    await viaNginx('/api/archives/ref/slow-3?fbclid=2', key);
    await until(async () => (await recorded()).includes(key), 'the key recorded again');
  });

  it("never hand a write's refresh an answer made before it", async () => {
    asked.length = 0;
    const path = '/api/archives/ref/race-refresh';
    const key = `gzip|edge.test${path}`;
    // The reader's answer is held by the service until the refresh has asked it too: a refresh
    // handed the reader's answer instead never asks, and the wait below fails.
    const reader = viaNginx(path, key).then((r) => r);
    await until(() => held.length === 1, 'the reader asked');
    const refresh = viaNginx(path, key).set('x-jp-refresh', '1').then((r) => r);
    await until(() => held.length === 2, 'the refresh asked the service itself');
    for (const send of held.splice(0)) send();
    const [r, f] = await Promise.all([reader, refresh]);
    expect(asked).toEqual([path, path]);
    expect(f.body).not.toEqual(r.body);
    // Its answer is not held for readers either: the next reader's is its own.
    const next = viaNginx(path, key).then((x) => x);
    await until(() => held.length === 1, 'the next reader asked');
    held.shift()!();
    expect((await next).status).toBe(200);
    expect(asked).toHaveLength(3);
  });

  it("answer a key nginx does not hold from the last answer while the journal's number stands (a write's refresh too), and ask the service after a write", async () => {
    asked.length = 0;
    const path = '/api/archives/ref/slow-held';
    const key = `gzip|edge.test${path}`;
    const first = await viaNginx(path, key);
    // Past the moment after an answer in which any answer is held.
    await new Promise((r) => setTimeout(r, SHARED_HOLD_MS + 200));
    await redis.zrem(`${prefix}edge:tag:j${J}`, key);
    const again = await viaNginx(`${path}?fbclid=3`, key);
    const refresh = await viaNginx(path, key).set('x-jp-refresh', '1');
    expect(asked).toEqual([path]);
    expect([again.body, refresh.body]).toEqual([first.body, first.body]);
    expect([again.headers['x-accel-expires'], refresh.headers['x-accel-expires']]).toEqual(['86400', '86400']);
    // Stored by nginx again: recorded again.
    await until(async () => (await recorded()).includes(key), 'the key recorded again');
    // A staff save (the content service numbers it before its refreshes are sent).
    await redis.incr(edgeChangeKey(prefix, J));
    const after = await viaNginx(path, key).set('x-jp-refresh', '1');
    expect(asked).toEqual([path, path]);
    expect(after.body).not.toEqual(first.body);
  });

  it('never share a token holder\'s request', async () => {
    asked.length = 0;
    const key = 'gzip|edge.test/api/archives/ref/slow-2';
    await Promise.all([viaNginx('/api/archives/ref/slow-2', key), viaNginx('/api/archives/ref/slow-2', key).set('authorization', 'Bearer x')]);
    expect(asked).toHaveLength(2);
  });
});

describe('an answer read before a write', () => {
  /** One read of a race page, answered by the service when the test says. */
  const raced = async (path: string, encoding: string, meanwhile: () => Promise<unknown>) => {
    const before = held.length;
    const reader = viaNginx(path).set('accept-encoding', encoding).then((r) => r);
    await until(() => held.length > before, 'the service asked');
    await meanwhile();
    held.splice(before, 1)[0]!();
    return reader;
  };
  // A staff save while the service reads: the content service numbers the change (edge/live-status.repo.ts).
  const save = () => redis.incr(edgeChangeKey(prefix, J));

  it.each([['compressed here', 'gzip'], ['passed on as it is', 'identity']])(
    'is passed on as not storable when the journal changed before it was whole (%s); a read begun after the change is stored',
    async (_, encoding) => {
      const path = `/api/archives/ref/race-${encoding}`;
      const stale = await raced(path, encoding, save);
      expect([stale.status, stale.headers['x-accel-expires'], stale.headers['cdn-cache-control'], stale.headers['surrogate-control']]).toEqual([200, '0', 'no-store', 'no-store']);
      const fresh = await raced(path, encoding, async () => undefined);
      expect([fresh.status, fresh.headers['x-accel-expires']]).toEqual([200, '86400']);
    },
  );

  it('is not stored by a real nginx: the next reader is not served it, and the read after the change is stored', async () => {
    const nginx: TestNginx = await startNginx({ gatewayPort: gateway.port, name: `edge-race-${process.pid}`, host: 'edge.test' });
    try {
      const path = '/api/archives/ref/race-nginx';
      // Taken as it is (nginx stores the gzip copy and unpacks it for such a reader).
      const ask = () => nginx.ask(path, { 'accept-encoding': 'identity' });
      const reader = ask();
      await until(() => held.length === 1, 'nginx asked');
      // The save lands (and its purges find nothing stored under the key yet) while the page is read.
      await save();
      held.shift()!();
      const stale = await reader;
      expect(stale.status).toBe(200);
      const next = ask();
      await until(() => held.length === 1, 'nginx asked again');
      held.shift()!();
      const fresh = await next;
      expect(fresh.cache).toBe('MISS');
      expect(JSON.parse(fresh.body).n).toBeGreaterThan(JSON.parse(stale.body).n);
      await until(() => nginx.stores(`gzip|edge.test${path}`), 'nginx stored the fresh answer');
      const hit = await ask();
      expect([hit.cache, JSON.parse(hit.body).n]).toEqual(['HIT', JSON.parse(fresh.body).n]);
    } finally {
      await nginx.stop();
    }
  }, 30_000);

  it('is not held for the readers after it, and those who waited on it ask on their own', async () => {
    asked.length = 0;
    const path = '/api/archives/ref/race-shared';
    const first = viaNginx(path).then((r) => r);
    await until(() => held.length === 1, 'the first reader asked');
    const second = viaNginx(`${path}?fbclid=1`, `gzip|edge.test${path}`).then((r) => r);
    await save();
    held.shift()!();
    expect((await first).headers['x-accel-expires']).toBe('0');
    // The second reader, stamped after the change, asked on its own and is stored.
    await until(() => held.length === 1, 'the second reader asked');
    held.shift()!();
    expect((await second).headers['x-accel-expires']).toBe('86400');
    expect(asked).toEqual([path, path]);
  });
});

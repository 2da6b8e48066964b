/**
 * An answer nginx would store is checked against its journal's change number once the gateway
 * holds it whole; one it cannot hold (longer than MAX_SHARED_BYTES, declared or chunked) streams as
 * it comes, and its end would reach nginx unchecked: it goes on as not storable, so a file or page
 * read before a staff write is never stored after that write's purges. Against a real nginx from
 * the template, the real Redis of the change numbers, and a stand-in service that sends half of an
 * answer, waits while the test saves, then sends the rest.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import request from 'supertest';
import { edgeChangeKey } from '@journal/server-kit';
import { testServers, uniqueName, until } from '@journal/testing';
import type { GatewayApp } from '../src/app';
import { gatewayBefore } from './stand-in.fixture';
import { MAX_SHARED_BYTES } from '../src/shared-reads';
import { startNginx, type TestNginx } from './nginx.fixture';

const J = 'e'.repeat(24);
const HOST = 'unchecked.test';
const prefix = `${uniqueName('gwunchecked')}:`;
const BIG = MAX_SHARED_BYTES + 1024 * 1024;
const SMALL = 64 * 1024;
let upstream: http.Server;
let gateway: GatewayApp;
let nginx: TestNginx;
let redis: Redis;
/** Requests the stand-in service was sent, in order (each answer names its number: x-n). */
let asked = 0;
/** While set, the service sends the first half of an answer, tells `halfSent`, and the rest once `rest` is called. */
let hold: { halfSent: boolean; rest: () => void } | null = null;

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url!.startsWith('/internal/journals/resolve')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: J, primaryHost: HOST }));
      return;
    }
    const n = ++asked;
    // /api/archives/ref/<kind>-<size>-…: a file-like answer (not compressed by the gateway), with its
    // length declared (`sized`) or chunked, of BIG or SMALL bytes.
    const [, kind, size] = /^\/api\/archives\/ref\/(sized|chunked)-(big|small)/.exec(req.url!) ?? [];
    const body = Buffer.alloc(size === 'big' ? BIG : SMALL, n % 256);
    res.writeHead(200, {
      'content-type': 'application/octet-stream',
      'surrogate-key': `j${J}`,
      'x-n': String(n),
      ...(kind === 'sized' ? { 'content-length': String(body.length) } : {}),
    });
    const half = body.length >> 1;
    res.write(body.subarray(0, half));
    const waiting = hold;
    if (!waiting) {
      res.end(body.subarray(half));
      return;
    }
    waiting.rest = () => res.end(body.subarray(half));
    waiting.halfSent = true;
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gateway = await gatewayBefore(url, { REDIS_URL: testServers().redisUrl, REDIS_PREFIX: prefix });
  redis = new Redis(testServers().redisUrl);
  nginx = await startNginx({ gatewayPort: gateway.port, name: `unchecked-${process.pid}`, host: HOST });
}, 30_000);

afterAll(async () => {
  hold?.rest();
  await nginx?.stop();
  await gateway?.stop();
  await new Promise((r) => upstream.close(r));
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

/** A staff save: the content service numbers the change before its purges (edge/live-status.repo.ts). */
const save = () => redis.incr(edgeChangeKey(prefix, J));

/** One read through nginx whose answer the service sends half of, then the rest after `meanwhile`. */
async function readAcross(path: string, meanwhile: () => Promise<unknown>) {
  const waiting = { halfSent: false, rest: () => {} };
  hold = waiting;
  const reader = nginx.ask(path);
  await until(() => waiting.halfSent, 'the first half sent');
  hold = null;
  await meanwhile();
  waiting.rest();
  return reader;
}

describe.each([
  ['declared longer than an answer held for its check', '/api/archives/ref/sized-big-1', BIG],
  ['chunked, and longer than an answer held for its check', '/api/archives/ref/chunked-big-1', BIG],
  ['chunked and small (held and checked)', '/api/archives/ref/chunked-small-1', SMALL],
])('an answer %s, read across a write', (_, path, size) => {
  it('reaches the reader whole and is not stored by nginx: the next reader gets the answer read after the write', async () => {
    const stale = await readAcross(path, save);
    expect([stale.status, stale.body.length]).toEqual([200, size]);
    const next = await nginx.ask(path);
    expect([next.status, next.cache, next.body.length]).toEqual([200, 'MISS', size]);
    expect(Number(next.headers['x-n'])).toBeGreaterThan(Number(stale.headers['x-n']));
  }, 30_000);
});

describe('without a write meanwhile', () => {
  it('a small chunked answer is stored (checked once whole) and the next reader is served it', async () => {
    const path = '/api/archives/ref/chunked-small-2';
    const first = await readAcross(path, async () => undefined);
    await until(() => nginx.stores(`gzip|${HOST}${path}`), 'nginx stored it');
    const hit = await nginx.ask(path);
    expect([hit.cache, hit.headers['x-n'], hit.body.length]).toEqual(['HIT', first.headers['x-n'], SMALL]);
  }, 30_000);

  it.each([['declared', '/api/archives/ref/sized-big-2'], ['chunked', '/api/archives/ref/chunked-big-2']])(
    'a long answer (%s) is not stored: its end is never checked',
    async (_, path) => {
      await nginx.ask(path);
      const next = await nginx.ask(path);
      expect([next.status, next.cache, next.body.length]).toEqual([200, 'MISS', BIG]);
    },
    30_000,
  );
});

describe('the headers the gateway gives nginx', () => {
  const viaNginx = (path: string) => request(gateway.url).get(path).set('host', HOST).set('x-jp-cache-key', `gzip|${HOST}${path}`);

  it('make a long answer not storable, and keep a small one for its lifetime', async () => {
    const long = await viaNginx('/api/archives/ref/sized-big-3').buffer(true).parse((res, done) => {
      res.on('data', () => {});
      res.on('end', () => done(null, null));
    });
    expect([long.status, long.headers['x-accel-expires'], long.headers['cdn-cache-control'], long.headers['surrogate-control']]).toEqual([200, '0', 'no-store', 'no-store']);
    const small = await viaNginx('/api/archives/ref/chunked-small-3').buffer(true).parse((res, done) => {
      res.on('data', () => {});
      res.on('end', () => done(null, null));
    });
    expect([small.status, small.headers['x-accel-expires'], small.headers['content-length']]).toEqual([200, '86400', String(SMALL)]);
  });

  it('make a read sent with a body (never stamped) not storable', async () => {
    const r = await viaNginx('/api/archives/ref/sized-small-4').set('content-type', 'application/json').send('{}').buffer(true).parse((res, done) => {
      res.on('data', () => {});
      res.on('end', () => done(null, null));
    });
    expect([r.status, r.headers['x-accel-expires']]).toEqual([200, '0']);
  });
});

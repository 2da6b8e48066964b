/**
 * Keys the gateway drops from its records over the per-journal caps are purged all the same,
 * against the real Redis and a real nginx: the purger drains them on its timer and before every
 * purge of the journal (their own cap: packages/server-kit/test/edge-keys.test.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { createLogger, EdgeKeyMap } from '@journal/server-kit';
import { testServers, uniqueName, until } from '@journal/testing';
import type { GatewayApp } from '../src/app';
import { gatewayBefore } from './stand-in.fixture';
import { startNginx, type TestNginx } from './nginx.fixture';
import { purgePortOf } from '../../scripts/stack';
import { NginxPurgeTarget } from '../../services/content/src/edge/nginx-purge';
import { EdgePurger } from '../../services/content/src/edge/purger';
import { drainDropped, journalOfTags } from '../../services/content/src/edge/edge-purge.setup';

const J = 'd'.repeat(24);
const HOST = 'dropped.test';
let upstream: http.Server;
let gateway: GatewayApp;
let nginx: TestNginx;
let redis: Redis;
const prefix = `${uniqueName('gwdrop')}:`;
const quiet = createLogger('edge-dropped-test', 'silent');

beforeAll(async () => {
  // A stand-in content service: every read is a tagged answer of the journal.
  upstream = http.createServer((req, res) => {
    if (req.url!.startsWith('/internal/journals/resolve')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: J, primaryHost: HOST }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', 'surrogate-key': `j${J} j${J}-search` }).end(JSON.stringify({ url: req.url }));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gateway = await gatewayBefore(url, {
    REDIS_URL: testServers().redisUrl,
    REDIS_PREFIX: prefix,
    EDGE_KEYS_OTHER_MAX: '3',
  });
  nginx = await startNginx({ gatewayPort: gateway.port, name: `edge-dropped-${process.pid}`, host: HOST });
  redis = new Redis(testServers().redisUrl);
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await nginx.stop();
  await gateway.stop();
  await new Promise((r) => upstream.close(r));
});

const search = (i: number) => `/api/search/?keyword=k${i}`;
const keyOf = (i: number) => `gzip|${HOST}${search(i)}`;
const other = () => redis.zrange(`${prefix}edge:scope:${J}:other`, 0, -1);
const dropped = () => redis.zrange(`${prefix}edge:scope:${J}:dropped`, 0, -1);

/** Searches read through nginx, one after the other, each stored by nginx. */
async function fill(from: number, to: number) {
  for (let i = from; i <= to; i++) {
    const r = await nginx.ask(search(i));
    expect([r.status, r.cache]).toEqual([200, 'MISS']);
    await until(() => nginx.stores(keyOf(i)), `nginx stored ${search(i)}`);
  }
}

/** The content service's purger of this nginx (as edge-purge.setup.ts builds it). */
function purgerOf() {
  const keys = new EdgeKeyMap(redis, { prefix, ttlSeconds: 0, scopeOf: journalOfTags });
  const target = new NginxPurgeTarget(keys, [`http://127.0.0.1:${purgePortOf(nginx.port)}/purge`]);
  return { keys, target, purger: new EdgePurger({ targets: [target], logger: quiet, attempts: 1, retryMs: 10 }) };
}

describe('keys dropped over the caps', () => {
  it('are purged from nginx by the purger\'s timer, and a write\'s purge of the journal purges them first', async () => {
    await fill(1, 5);
    // Three searches kept; the two oldest dropped from the records, still stored by nginx.
    await until(async () => (await dropped()).length === 2, 'two keys dropped');
    expect(await dropped()).toEqual([keyOf(1), keyOf(2)]);
    expect((await other()).sort()).toEqual([keyOf(3), keyOf(4), keyOf(5)]);
    expect((await nginx.ask(search(1))).cache).toBe('HIT');
    // No tag's purge finds them: the records' keys of the journal's tags are the kept ones only.
    const { keys, purger } = purgerOf();
    expect((await keys.keysOf([`j${J}`])).sort()).toEqual([keyOf(3), keyOf(4), keyOf(5)]);

    // The purger's timer drains them: gone from nginx, forgotten, the journal off the list.
    const drainer = drainDropped(purger, 100, quiet);
    try {
      await until(async () => (await dropped()).length === 0, 'the dropped keys drained');
    } finally {
      await drainer.stop();
    }
    expect(await redis.smembers(`${prefix}edge:dropped-scopes`)).toEqual([]);
    for (const i of [1, 2]) expect([i, (await nginx.ask(search(i))).cache]).toEqual([i, 'MISS']);
    expect((await nginx.ask(search(3))).cache).toBe('HIT');

    // Those two stored again push out 3 and 4; a write naming another tag of the journal purges them first.
    await until(() => nginx.stores(keyOf(1)) && nginx.stores(keyOf(2)), 'nginx stored 1 and 2 again');
    await until(async () => (await dropped()).length === 2, 'two more keys dropped');
    expect((await dropped()).sort()).toEqual([keyOf(3), keyOf(4)]);
    const notes: string[] = [];
    expect(await purger.purge({ journalId: J, tags: [`j${J}-nothing`] }, (stage) => notes.push(stage))).toBe(true);
    expect(notes.slice(0, 2)).toEqual(['nginx.dropped', 'nginx.keys']);
    for (const i of [3, 4]) expect([i, (await nginx.ask(search(i))).cache]).toEqual([i, 'MISS']);
    expect((await nginx.ask(search(5))).cache).toBe('HIT');
  }, 60_000);

});

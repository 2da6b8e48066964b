/**
 * A read nginx would store is stamped with its journal's change number first; when the Redis of
 * those numbers does not answer in time, the read goes on unchecked and must not be stored: it may
 * show the state before a write whose purges are already over. The Redis is reached here through
 * a relay the test can stall, against the real server.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import Redis from 'ioredis';
import request from 'supertest';
import { testServers, uniqueName } from '@journal/testing';
import type { GatewayApp } from '../src/app';
import { gatewayBefore } from './stand-in.fixture';
import { STAMP_REUSE_MS } from '../src/change-stamps';

const J = 'd'.repeat(24);
const prefix = `${uniqueName('gwunstamped')}:`;
let upstream: http.Server;
let relay: net.Server;
let gateway: GatewayApp;
/** While set, what the gateway sends to Redis is held back (as a Redis too busy to answer). */
let stalled = false;
const held: (() => void)[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url!.startsWith('/internal/journals/resolve')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: J, primaryHost: 'stamp.test' }));
      return;
    }
    const body = JSON.stringify({ url: req.url });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'surrogate-key': `j${J}` }).end(body);
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const target = new URL(testServers().redisUrl);
  relay = net.createServer((client) => {
    const server = net.connect(Number(target.port || 6379), target.hostname);
    client.on('data', (d) => (stalled ? held.push(() => server.write(d)) : server.write(d)));
    server.pipe(client);
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
    client.on('close', () => server.destroy());
  });
  await new Promise<void>((r) => relay.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const db = target.pathname.length > 1 ? target.pathname : '';
  gateway = await gatewayBefore(url, {
    REDIS_PREFIX: prefix,
    // The change numbers through the relay; the edge records straight to Redis.
    REDIS_URL: `redis://127.0.0.1:${(relay.address() as AddressInfo).port}${db}`,
    EDGE_REDIS_URL: testServers().redisUrl,
  });
});

afterAll(async () => {
  stalled = false;
  for (const send of held.splice(0)) send();
  await gateway.stop();
  relay.close();
  await new Promise((r) => upstream.close(r));
  const redis = new Redis(testServers().redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const viaNginx = (path: string) => request(gateway.url).get(path).set('host', 'stamp.test').set('x-jp-cache-key', `gzip|stamp.test${path}`);

it('passes a read whose change number Redis could not give as not storable, and stores it again once Redis answers', async () => {
  const before = await viaNginx('/api/archives/ref/S-1');
  expect([before.status, before.headers['x-accel-expires']]).toEqual([200, '86400']);
  // Past the time the number just read stands as the next reads' stamp: the next read asks Redis.
  await new Promise((r) => setTimeout(r, STAMP_REUSE_MS + 100));
  stalled = true;
  const unchecked = await viaNginx('/api/archives/ref/S-2');
  expect([unchecked.status, unchecked.headers['x-accel-expires'], unchecked.headers['cdn-cache-control'], unchecked.headers['surrogate-control']]).toEqual([200, '0', 'no-store', 'no-store']);
  stalled = false;
  for (const send of held.splice(0)) send();
  const after = await viaNginx('/api/archives/ref/S-3');
  expect([after.status, after.headers['x-accel-expires']]).toEqual([200, '86400']);
}, 20_000);

/**
 * Datastore trouble is answered per request, not by readiness: the database's circuit breaker
 * opens on a real outage (a TCP proxy in front of the shared FerretDB, cut and restored), refuses
 * at once while open, and closes again when the database answers; /readyz stays 200 throughout and
 * /healthz and /metrics say what is down.
 */
import { Schema, type Connection } from 'mongoose';
import pino from 'pino';
import { CuttableProxy, eventually, testServers, uniqueName } from '@journal/testing';
import { connectMongo } from '../src/db';
import { BreakerOpenError, CircuitBreaker, redisDependency } from '../src/dependencies';
import { mongoBreakerOf, mongoDependency } from '../src/mongo-breaker';
import { createHttpApp, listen, type RunningServer } from '../src/http';
import { createRedis } from '../src/redis';

describe('CircuitBreaker', () => {
  it('opens after the threshold of failures in a row, and a success in between resets the count', () => {
    const b = new CircuitBreaker('db', { threshold: 3, openMs: 60_000 });
    b.failure();
    b.failure();
    b.success();
    b.failure();
    b.failure();
    expect(b.state).toBe('closed');
    expect(b.allow()).toBe(true);
    b.failure();
    expect(b.state).toBe('open');
    expect(b.allow()).toBe(false);
    expect(b.refused).toBe(1);
  });

  it('lets one trial through when half-open: its failure opens it again, its success closes it', () => {
    const b = new CircuitBreaker('db', { threshold: 1, openMs: 0 });
    b.failure();
    expect(b.allow()).toBe(true);
    expect(b.state).toBe('half-open');
    expect(b.allow()).toBe(false);
    b.failure();
    expect(b.state).toBe('open');
    expect(b.allow()).toBe(true);
    b.success();
    expect(b.state).toBe('closed');
    expect(b.allow()).toBe(true);
  });
});

describe('a database outage behind the breaker', () => {
  const { mongoUrl, redisUrl } = testServers();
  const target = new URL(mongoUrl);
  const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 27017) });
  const dbName = uniqueName('breaker');
  let conn: Connection;
  let server: RunningServer;
  const redis = createRedis(redisUrl);
  const Thing = () => conn.models.Thing ?? conn.model('Thing', new Schema({ name: String, parts: [new Schema({ n: Number })] }));

  beforeAll(async () => {
    await proxy.open();
    const url = new URL(mongoUrl);
    url.host = `127.0.0.1:${proxy.port}`;
    conn = await connectMongo(url.toString(), dbName);
    const http = createHttpApp({
      name: 'breaker-test',
      logger: pino({ level: 'silent' }),
      ready: () => true,
      dependencies: { mongo: mongoDependency(conn), redis: redisDependency(redis) },
    });
    http.app.get('/things', async (_req, res) => {
      res.json(await Thing().find().lean());
    });
    http.finish();
    server = await listen(http, 0);
    await Thing().create({ name: 'first', parts: [{ n: 1 }] });
  });
  afterAll(async () => {
    await server?.close();
    redis.disconnect();
    await conn?.dropDatabase().catch(() => undefined);
    await conn?.close();
    await proxy.cut().catch(() => undefined);
  });

  const get = async (path: string) => {
    const r = await fetch(`${server.url}${path}`);
    return { status: r.status, body: (await r.json()) as Record<string, unknown>, text: '' };
  };

  it('answers 503 JSON while the database is away, refuses at the breaker once open, keeps /readyz 200, and recovers by itself', async () => {
    expect((await get('/things')).status).toBe(200);
    expect((await get('/healthz')).body).toMatchObject({ status: 'ok', dependencies: { mongo: { up: true, breaker: 'closed' }, redis: { up: expect.any(Boolean) } } });
    const breaker = mongoBreakerOf(conn)!;

    await proxy.cut();
    // Each failure is a clean 503 JSON; after a few the breaker opens and refuses without the driver.
    await eventually(async () => {
      const r = await get('/things');
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ error: 'db_unavailable', message: 'Database is unavailable' });
      expect(breaker.state).not.toBe('closed');
    }, 200);
    const refusedBefore = breaker.refused;
    await eventually(async () => {
      await expect(Thing().find().lean()).rejects.toBeInstanceOf(BreakerOpenError);
      expect(breaker.refused).toBeGreaterThan(refusedBefore);
    }, 200);
    expect((await get('/readyz')).status).toBe(200);
    expect((await get('/healthz')).body).toMatchObject({ status: 'ok', dependencies: { mongo: { up: expect.any(Boolean), breaker: expect.stringMatching(/open/) } } });
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/dependency_breaker_open\{dependency="mongo",service="breaker-test"\} 1/);

    await proxy.open();
    await eventually(async () => {
      const r = await get('/things');
      expect(r.status).toBe(200);
      expect(r.body).toEqual([expect.objectContaining({ name: 'first' })]);
    }, 400);
    expect(breaker.state).toBe('closed');
    // A save with subdocuments goes through a closed breaker as one call.
    await Thing().create({ name: 'second', parts: [{ n: 2 }, { n: 3 }] });
    expect(await Thing().countDocuments()).toBe(2);
    await eventually(async () => {
      expect((await get('/healthz')).body).toMatchObject({ dependencies: { mongo: { up: true, breaker: 'closed' } } });
    }, 400);
  });
});

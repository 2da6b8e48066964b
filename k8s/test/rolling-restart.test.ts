/**
 * A rolling restart as Kubernetes does it, on this machine: two gateway and two content replicas
 * (the compiled processes the images run) behind load balancers that stand in for their
 * Services, steady read load through them, and each replica replaced in turn the way the
 * Deployments say: the new pod starts and turns ready (maxSurge 1, maxUnavailable 0), the old
 * one leaves the endpoints while its preStop pause runs, then gets SIGTERM, stops accepting,
 * finishes what is in flight and exits 0 on its own. Not one request may fail.
 *
 * Needs `npm run build` (npm test builds first) and the FerretDB and Redis of the jest setup.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import mongoose from 'mongoose';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { modelledPause, testServers, uniqueName, until } from '@journal/testing';
import { ROOT } from './targets';

const HOST = 'rolling.localhost';
/** Scaled down from the manifests' 5 s preStop and 15 s SHUTDOWN_GRACE_MS to keep the test short. */
const PRE_STOP_MS = 1500;
/** How long after the preStop starts the load balancer forgets the pod (endpoint propagation). */
const ENDPOINT_LAG_MS = 300;
const GRACE_MS = 5000;
const CLIENTS = 6;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

interface Replica {
  name: string;
  port: number;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  log: () => string;
}

async function startReplica(name: string, entry: string, env: Record<string, string>): Promise<Replica> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(ROOT, entry)], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b: Buffer) => (out += b.toString()));
  child.stderr!.on('data', (b: Buffer) => (out += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`${name} exited at start:\n${out}`);
    return fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
  }, `${name} to turn ready`, 30_000, 100).catch((err: Error) => {
    child.kill('SIGKILL');
    throw new Error(`${err.message}:\n${out}`);
  });
  return { name, port, child, exited, log: () => out };
}

/**
 * A Service as kube-proxy makes it: connection-level round-robin over the ready endpoints. A new
 * TCP connection goes to a current endpoint; a connection already open stays with its pod until
 * one side closes it, so a keep-alive client keeps talking to a Terminating pod (which must then
 * close such connections itself, cleanly).
 */
class Balancer {
  private readonly endpoints: number[] = [];
  private next = 0;
  private readonly sockets = new Set<net.Socket>();
  readonly server: net.Server;
  port = 0;

  constructor() {
    this.server = net.createServer((client) => {
      const target = this.endpoints[this.next++ % Math.max(1, this.endpoints.length)];
      if (target === undefined) {
        client.destroy();
        return;
      }
      const upstream = net.connect(target, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
      }
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
  }

  async listen() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as net.AddressInfo).port;
    return this;
  }
  add(port: number) {
    this.endpoints.push(port);
  }
  remove(port: number) {
    const i = this.endpoints.indexOf(port);
    if (i >= 0) this.endpoints.splice(i, 1);
  }
  close() {
    for (const s of this.sockets) s.destroy();
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** Replaces each replica in turn, as a Deployment's rolling update does. */
async function roll(replicas: Replica[], lb: Balancer, start: () => Promise<Replica>): Promise<Replica[]> {
  const next: Replica[] = [];
  for (const old of replicas) {
    const fresh = await start();
    lb.add(fresh.port);
    next.push(fresh);
    // The pod is Terminating: endpoints drop it a moment later, while preStop sleeps.
    setTimeout(() => lb.remove(old.port), ENDPOINT_LAG_MS);
    await modelledPause(PRE_STOP_MS, "the pod's preStop sleep");
    old.child.kill('SIGTERM');
    const killer = setTimeout(() => old.child.kill('SIGKILL'), GRACE_MS + 5000);
    const { code, signal } = await old.exited;
    clearTimeout(killer);
    // It drained and exited by itself, before the kubelet's SIGKILL.
    expect([old.name, code, signal]).toEqual([old.name, 0, null]);
  }
  return next;
}

const entries = { gateway: 'gateway/dist/main.js', content: 'services/content/dist/main.js' };
const built = Object.values(entries).every((e) => fs.existsSync(path.join(ROOT, e)));

(built ? describe : describe.skip)('rolling restart of gateway and content under steady read load', () => {
  const dbName = uniqueName('rolling');
  const { mongoUrl, redisUrl } = testServers();
  const live: Replica[] = [];
  const balancers: Balancer[] = [];
  let seq = 0;
  let running = true;

  afterAll(async () => {
    running = false;
    for (const r of live) if (r.child.exitCode === null) r.child.kill('SIGKILL');
    await Promise.all(balancers.map((b) => b.close()));
    const conn = await mongoose.createConnection(mongoUrl, { dbName }).asPromise();
    await conn.dropDatabase();
    await conn.close();
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${dbName}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  test('no request fails while every replica is replaced', async () => {
    const conn = await mongoose.createConnection(mongoUrl, { dbName }).asPromise();
    await conn.collection('journals').insertOne({
      slug: 'rolling', hosts: [HOST], websitename: 'Rolling Journal', domain: HOST, flags: {}, createdAt: new Date(), updatedAt: new Date(),
    });
    await conn.close();

    const contentLb = await new Balancer().listen();
    const gatewayLb = await new Balancer().listen();
    balancers.push(contentLb, gatewayLb);
    const common = {
      NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', SHUTDOWN_GRACE_MS: String(GRACE_MS),
    };
    const contentEnv = {
      ...common, MONGO_URL: mongoUrl, MONGO_DB: dbName, REDIS_URL: redisUrl, REDIS_PREFIX: `${dbName}:`,
      // NODE_ENV production refuses a secret written in the repository: one made here.
      JWT_SECRET: randomBytes(36).toString('base64'),
    };
    const gatewayEnv = {
      ...common, CONTENT_URL: `http://127.0.0.1:${contentLb.port}`, AUTH_URL: 'http://127.0.0.1:9',
      WORKLOG_URL: 'http://127.0.0.1:9', PDF_URL: 'http://127.0.0.1:9', RENDER_URL: 'http://127.0.0.1:9',
    };
    const startContent = async () => {
      const r = await startReplica(`content-${++seq}`, entries.content, contentEnv);
      live.push(r);
      return r;
    };
    const startGateway = async () => {
      const r = await startReplica(`gateway-${++seq}`, entries.gateway, gatewayEnv);
      live.push(r);
      return r;
    };

    let contents = [await startContent(), await startContent()];
    contents.forEach((r) => contentLb.add(r.port));
    let gateways = [await startGateway(), await startGateway()];
    gateways.forEach((r) => gatewayLb.add(r.port));

    // The first request warms the caches (tenant lookup, settings); the pods would be warm too.
    let status = 0;
    const settings = () =>
      new Promise<number>((resolve) => {
        http
          .get({ host: '127.0.0.1', port: gatewayLb.port, path: '/api/settings', headers: { host: HOST } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', () => resolve(0));
      });
    await until(async () => (status = await settings()) === 200, 'the stack to answer /api/settings', 30_000, 200).catch((err: Error) => {
      throw new Error(`${err.message} (last status ${status})`);
    });

    // Steady read load: each client sends one request after another, keep-alive, through the
    // gateway's Service, for as long as the roll takes (bounded).
    const failures: string[] = [];
    let ok = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
    const get = () =>
      new Promise<void>((resolve) => {
        const req = http.get(
          { host: '127.0.0.1', port: gatewayLb.port, path: '/api/settings', headers: { host: HOST }, agent },
          (res) => {
            let body = '';
            res.on('data', (c: Buffer) => (body += c.toString()));
            res.on('end', () => {
              if (res.statusCode === 200) ok++;
              else failures.push(`${res.statusCode}: ${body.slice(0, 200)}`);
              resolve();
            });
          },
        );
        req.setTimeout(10_000, () => req.destroy(new Error('client timeout')));
        req.on('error', (err) => {
          failures.push(`error: ${err.message}`);
          resolve();
        });
      });
    const stopAt = Date.now() + 120_000;
    const clients = Array.from({ length: CLIENTS }, async () => {
      while (running && Date.now() < stopAt) await get();
    });

    // The load is steady before the roll begins: every client has had a few answers.
    await until(() => ok + failures.length >= CLIENTS * 5, 'a steady load');
    expect(failures).toEqual([]);
    const before = ok;
    expect(before).toBeGreaterThan(0);

    gateways = await roll(gateways, gatewayLb, startGateway);
    contents = await roll(contents, contentLb, startContent);

    // Answers keep coming from the new replicas after the roll.
    const rolled = ok + failures.length;
    await until(() => ok + failures.length >= rolled + CLIENTS * 5, 'answers after the roll');
    running = false;
    await Promise.all(clients);
    agent.destroy();

    console.log(`rolling restart: ${ok} requests answered, ${failures.length} failed, 4 replicas replaced`);
    expect(failures).toEqual([]);
    expect(ok - before).toBeGreaterThan(50);

    for (const r of [...gateways, ...contents]) {
      r.child.kill('SIGTERM');
      expect((await r.exited).code).toBe(0);
    }
  }, 180_000);
});

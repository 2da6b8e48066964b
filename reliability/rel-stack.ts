/** Each fault suite runs its own copy of the whole stack, so killing a part touches no other suite. */
import { execFileSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import { DATA, ROOT, serverEnv, startStack, type Stack } from '../scripts/stack';
import { seedDemo } from '../scripts/seed';

/**
 * Each suite passes its own ports: below 32768, outside Linux's ephemeral range, so no outgoing
 * connection can hold one of them, and apart from npm start (4000), e2e (14000) and bench (24000).
 */
export async function startRelStack(name: string, portBase: number, nginxPort: number, pdfWorkers = 1, env: Record<string, string> = {}) {
  // JP_PORT_OFFSET moves a second checkout's suites to their own ports.
  const offset = Number(process.env.JP_PORT_OFFSET ?? 0);
  portBase += offset;
  nginxPort += offset;
  const servers = serverEnv();
  const dbName = `rel_${name}`;
  const conn = await mongoose.createConnection(servers.MONGO_URL, { dbName }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  // Redis keeps its data across runs (AOF): forget this suite's throttle counters, revocations and jobs.
  const redis = new Redis(servers.REDIS_URL, { maxRetriesPerRequest: 3 });
  try {
    for await (const keys of redis.scanStream({ match: `rel-${name}:*`, count: 1000 }) as AsyncIterable<string[]>) {
      if (keys.length) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
  const journals = await seedDemo({ mongoUrl: servers.MONGO_URL, dbName });
  const stack = await startStack({ portBase, nginxPort, mongoDb: dbName, redisPrefix: `rel-${name}:`, name: `rel-${name}`, logLevel: 'warn', pdfWorkers, env });
  return { stack, journals, dbName, base: `http://localhost:${nginxPort}` };
}

/** Runs scripts/provision.sh with this suite's data directory and ports (set by reliability.sh). */
export function provision(cmd: 'servers' | 'stop-mongo' | 'stop-redis' | 'stop-mailpit') {
  // jest's global setup exports MONGO_URL/REDIS_URL/SMTP_URL, which would make the script treat the
  // servers as external ones it must not touch: drop them, so it stops and starts its own.
  const env = { ...process.env };
  delete env.MONGO_URL;
  delete env.REDIS_URL;
  delete env.SMTP_URL;
  delete env.MAILPIT_URL;
  execFileSync('bash', [path.join(ROOT, 'scripts/provision.sh'), cmd], { stdio: 'inherit', env });
}

export interface Answer {
  status: number;
  ms: number;
  body: string;
  raw: Buffer;
  json(): any;
  headers: http.IncomingHttpHeaders;
}

/** One request with a hang guard; the time is measured and printed, never asserted. */
export function call(
  url: string,
  init: { method?: string; host?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number; agent?: http.Agent } = {},
): Promise<Answer> {
  const u = new URL(url);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const body = init.body;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: u.port,
        path: u.pathname + u.search,
        method: init.method ?? 'GET',
        headers: {
          host: init.host ?? u.host,
          ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
          ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
          ...init.headers,
        },
        timeout: init.timeoutMs ?? 15_000,
        agent: init.agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          resolve({ status: res.statusCode!, ms: performance.now() - t0, body: text, raw, json: () => JSON.parse(text), headers: res.headers });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url} within ${(init.timeoutMs ?? 15_000) / 1000} s`)));
    req.on('error', reject);
    req.end(body);
  });
}

export const login = (base: string, host = 'localhost') =>
  call(`${base}/auth/login/`, { method: 'POST', host, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });

export async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  while (Date.now() < end) {
    try {
      last = await fn();
      if (ok(last)) return last;
    } catch {
      /* keep trying */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`condition not reached in ${timeoutMs} ms; last: ${JSON.stringify(last)?.slice(0, 300)}`);
}

/** Prints what a test did and measured, and appends it to the run's report (printed again at the end by reliability.sh). */
export function report(what: string, figures: Record<string, unknown>) {
  const line = `[reliability] ${what}: ${JSON.stringify(figures)}`;
  console.log(line);
  try {
    appendFileSync(path.join(DATA, 'report.txt'), `${line}\n`);
  } catch {
    /* the console has it */
  }
}
export type { Stack };

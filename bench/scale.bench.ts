/**
 * Scale-out of the PDF workers, measured where two cores cannot show N workers doing N times the
 * work: what each certificate costs in CPU. With 1, 2 and 4 worker processes (src/worker.main.ts,
 * each with its own Chromium) taking 2 bulk zips each at once, /proc gives the CPU-seconds used
 *   - by the worker processes and every process below them (Node and Chromium), and
 *   - by everything the workers share: the pdf API, the content service (the stack's real one,
 *     which the API reads article data from), the database and Redis,
 * per certificate rendered. The first must stay flat as workers are added (efficiency = cost
 * with 1 worker / cost with 4, goal >= 0.9); the second is what every added worker multiplies.
 * From them: projected certificates/s against worker pods 1-32 in the prod sizing, and the pod
 * count where the first shared part saturates.
 *
 * The database and Redis are shared with whatever else runs on the machine, so their CPU is an
 * upper bound; every figure is noisy on a shared machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { connectMongo, createLogger, createRedis, signToken } from '@journal/server-kit';
import { offlineViews } from '../services/content/src/views-offline';
import { stopChild, treeCpuSeconds } from '@journal/testing';
import { ArticleRepo } from '../services/content/src/archives/article.repo';
import { IssueRepo } from '../services/content/src/archives/issue.repo';
import type { BenchContext, BenchFigures } from './context';

const ROOT = path.resolve(__dirname, '..');
const ARTICLES = 50;
const AUTHORS = 2;
const WORKER_COUNTS = [1, 2, 4] as const;
/** Jobs each worker runs at once (PDF_WORKER_CONCURRENCY of the manifests). */
const JOBS_PER_WORKER = 2;
/**
 * The prod sizing the projection uses (k8s/base, k8s/overlays/prod): a worker pod's CPU request,
 * and the CPU each shared part can have at most. Redis runs commands on one thread; the managed
 * MongoDB is assumed to have 4 cores.
 */
const WORKER_POD_CORES = 0.8;
const SHARED_CAPACITY_CORES: Record<string, number> = { api: 2 * 1, content: 20 * 1, database: 4, redis: 1 };

/** How long the database's and Redis's background CPU is sampled before each measurement. */
const IDLE_SAMPLE_MS = 15_000;
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

/** The process listening on a TCP port of this machine (the database, Redis), from /proc. */
function pidListeningOn(port: number): number | undefined {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      if (parseInt(f[1]!.split(':')[1]!, 16) === port && f[3] === '0A') inodes.add(f[9]!);
    }
  }
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      for (const fd of readdirSync(`/proc/${d}/fd`)) {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${d}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) return Number(d);
      }
    } catch {
      /* not ours to read, or gone */
    }
  }
  return undefined;
}

function spawnNode(entry: string, env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; log: string }> {
  const child = spawn(process.execPath, [path.join(ROOT, entry)], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${entry} did not start:\n${log}`)), 60_000);
    const onData = (d: Buffer) => {
      if (log.length < 20_000) log += d.toString();
      if (ready.test(log)) {
        clearTimeout(t);
        child.stdout!.off('data', onData);
        child.stderr!.off('data', onData);
        child.stdout!.resume();
        child.stderr!.resume();
        resolve({ child, log });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', () => reject(new Error(`${entry} exited:\n${log}`)));
  });
}

const stop = (child: ChildProcess) => stopChild(child);

export async function run(ctx: BenchContext): Promise<BenchFigures> {
  for (const e of ['services/pdf-worker/dist/main.js', 'services/pdf-worker/dist/worker.main.js']) {
    if (!existsSync(path.join(ROOT, e))) throw new Error(`${e} is missing: npm run build`);
  }
  const journal = ctx.journals[0]!;
  const contentPid = ctx.pids?.content;
  const dbPid = pidListeningOn(Number(new URL(ctx.mongoUrl).port || 27017));
  const redisPid = pidListeningOn(Number(new URL(ctx.redisUrl).port || 6379));
  console.log(`processes measured: content ${contentPid ?? 'not found'}, database ${dbPid ?? 'not found'}, redis ${redisPid ?? 'not found'}`);

  // Fresh articles for every bulk zip (new refnumbers): no certificate is a cache hit.
  const conn = await connectMongo(ctx.mongoUrl, ctx.dbName);
  const articles = await ArticleRepo.open(conn);
  const issues = new IssueRepo(conn);
  await Promise.all([articles.init(), issues.init()]);
  const year = new Date().getFullYear();
  await issues.ensure(journal.id, { year, volume: 90, issue: 4, frequency: 'october-december' });
  let nextRef = 700_000 + Math.floor(Math.random() * 100_000) * 10;
  const names = ['Dr. Anita Sharma', 'Rahul Verma', 'राम कुमार शर्मा', 'Priya Nair'];
  const freshRefs = async (count: number) => {
    const refs: number[] = [];
    for (let i = 0; i < count; i++) {
      const ref = nextRef++;
      await articles.create(journal.id, {
        year, volume: 90, issue: 4, frequency: 'october-december', refnumber: String(ref),
        title: `Scale study ${ref} of <i>Bacillus subtilis</i> growth`, txnid: `SCALE${ref}`,
        authorname: Array.from({ length: AUTHORS }, (_, k) => `${names[(ref + k) % names.length]} ${ref}`).join(', '),
        abstract: 'Measured for the scale-out benchmark.', pagenumber: '1-6', subject: 'Microbiology', country: 'India',
      });
      refs.push(ref);
    }
    return refs;
  };

  const redis = createRedis(ctx.redisUrl, { lazyConnect: true });
  await redis.connect();
  const token = signToken(ctx.jwtSecret, { id: new mongoose.Types.ObjectId().toString(), name: 'bench', journalId: journal.id }).token;
  const figures: BenchFigures = {};
  const perCert: Record<number, { worker: number; shared: Record<string, number>; rate: number }> = {};
  try {
    for (const n of WORKER_COUNTS) {
      const tag = `scale${n}${Date.now().toString(36)}`;
      const env: Record<string, string> = {
        NODE_ENV: 'production', LOG_LEVEL: 'info', MONGO_URL: ctx.mongoUrl, MONGO_DB: ctx.dbName, REDIS_URL: ctx.redisUrl,
        REDIS_PREFIX: `${tag}:`, PDF_CACHE_BUCKET: tag, JWT_SECRET: ctx.jwtSecret, CONTENT_URL: ctx.contentUrl,
        HOST: '127.0.0.1', PORT: '0', PDF_SYNC_TIMEOUT_MS: '600000', PDF_MAX_ITEMS: '500', PDF_MEMORY_CACHE_BYTES: '0',
        // CPU is measured here, not latency: a loaded machine must not turn slow reads into errors.
        CONTENT_TIMEOUT_MS: '120000',
        PDF_WORKER_CONCURRENCY: String(JOBS_PER_WORKER),
      };
      const started = await spawnNode('services/pdf-worker/dist/main.js', env, /pdf api listening/);
      const api = started.child;
      const workers: ChildProcess[] = [];
      try {
        const url = /"url":"(http:\/\/[^"]+)"/.exec(started.log)?.[1];
        if (!url) throw new Error(`no URL in the pdf API's log:\n${started.log}`);
        for (let i = 0; i < n; i++) workers.push((await spawnNode('services/pdf-worker/dist/worker.main.js', env, /pdf worker running/)).child);
        const bulk = async (refs: number[]) => {
          const res = await fetch(`${url}/api/pdf/bulkcertificates`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-journal-id': journal.id, authorization: `Bearer ${token}` },
            body: JSON.stringify(refs),
            signal: AbortSignal.timeout(600_000),
          });
          if (res.status !== 200) throw new Error(`bulk zip answered ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
        };
        const warm: number[][] = [];
        for (let i = 0; i < n * JOBS_PER_WORKER; i++) warm.push(await freshRefs(5));
        const jobs: number[][] = [];
        for (let i = 0; i < n * JOBS_PER_WORKER; i++) jobs.push(await freshRefs(ARTICLES));
        // The journal's views are rebuilt from what was written; every running content replica drops its copies.
        await (await offlineViews(conn, redis, ctx.redisPrefix, createLogger('bench', 'warn', 'stderr'))).publisher.invalidate(journal.id);
        // Warm-up: every worker launches its browser on its first job.
        await Promise.all(warm.map(bulk));
        const certs = jobs.length * ARTICLES * AUTHORS;
        const groups = { worker: workers.map((w) => w.pid!), api: [api.pid!], content: contentPid ? [contentPid] : [], database: dbPid ? [dbPid] : [], redis: redisPid ? [redisPid] : [] };
        // The database and Redis also serve everything else on the machine: their CPU while the
        // bench is idle, per second, is taken off what they use during the jobs.
        const idle0 = { database: treeCpuSeconds(groups.database), redis: treeCpuSeconds(groups.redis) };
        await new Promise((r) => setTimeout(r, IDLE_SAMPLE_MS));
        const background = { database: (treeCpuSeconds(groups.database) - idle0.database) / (IDLE_SAMPLE_MS / 1000), redis: (treeCpuSeconds(groups.redis) - idle0.redis) / (IDLE_SAMPLE_MS / 1000) };
        const before = Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, treeCpuSeconds(pids)]));
        const t0 = performance.now();
        await Promise.all(jobs.map(bulk));
        const seconds = (performance.now() - t0) / 1000;
        const used = Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, treeCpuSeconds(pids) - before[k]!]));
        console.log(`  database ${used.database!.toFixed(1)} CPU-s and redis ${used.redis!.toFixed(2)} CPU-s during the jobs, of which background ${(background.database * seconds).toFixed(1)} and ${(background.redis * seconds).toFixed(2)} (measured idle before)`);
        used.database = Math.max(0, used.database! - background.database * seconds);
        used.redis = Math.max(0, used.redis! - background.redis * seconds);
        const shared = Object.fromEntries(['api', 'content', 'database', 'redis'].map((k) => [k, used[k]! / certs]));
        perCert[n] = { worker: used.worker! / certs, shared, rate: certs / seconds };
        console.log(
          `${n} worker process(es), ${jobs.length} bulk zips at once, ${certs} certificates in ${seconds.toFixed(1)} s (${(certs / seconds).toFixed(1)}/s): ` +
            `workers ${(used.worker! / certs * 1000).toFixed(1)} ms CPU per certificate; shared ${Object.entries(shared).map(([k, v]) => `${k} ${(v * 1000).toFixed(2)}`).join(', ')} ms`,
        );
      } finally {
        await Promise.all(workers.map(stop));
        await stop(api);
        const db = conn.db!;
        await db.collection(`${tag}.files`).drop().catch(() => undefined);
        await db.collection(`${tag}.chunks`).drop().catch(() => undefined);
      }
    }
  } finally {
    await conn.close();
    redis.disconnect();
  }

  const w1 = perCert[1]!.worker, w4 = perCert[4]!.worker;
  const sharedParts = ['api', 'content', 'database', 'redis'];
  const sharedMean = Object.fromEntries(sharedParts.map((k) => [k, WORKER_COUNTS.reduce((s, n) => s + perCert[n]!.shared[k]!, 0) / WORKER_COUNTS.length]));
  const sharedTotal = sharedParts.reduce((s, k) => s + sharedMean[k]!, 0);
  // A worker pod gets its CPU request; it renders that many cores' worth of certificates.
  const podRate = WORKER_POD_CORES / w1;
  const limits = sharedParts.map((k) => [k, sharedMean[k]! > 0 ? SHARED_CAPACITY_CORES[k]! / sharedMean[k]! : Infinity] as const);
  const [bottleneck, maxRate] = limits.reduce((a, b) => (b[1] < a[1] ? b : a));
  const saturation = maxRate / podRate;
  const projected = Array.from({ length: 32 }, (_, i) => round(Math.min((i + 1) * podRate, maxRate), 1));
  console.log(
    `worker CPU per certificate: ${(w1 * 1000).toFixed(1)} ms (1), ${(perCert[2]!.worker * 1000).toFixed(1)} ms (2), ${(w4 * 1000).toFixed(1)} ms (4); ` +
      `efficiency at 4 workers ${(w1 / w4).toFixed(2)} (goal >= 0.9)`,
  );
  console.log(
    `shared CPU per certificate: ${(sharedTotal * 1000).toFixed(2)} ms (${sharedParts.map((k) => `${k} ${(sharedMean[k]! * 1000).toFixed(2)}`).join(', ')}); ` +
      `projected: ${podRate.toFixed(1)} certificates/s per worker pod (${WORKER_POD_CORES} core), the ${bottleneck} saturates at ${maxRate.toFixed(0)}/s, after ${saturation.toFixed(1)} worker pods`,
  );
  Object.assign(figures, {
    worker_cpu_s_per_cert_1: round(w1, 4),
    worker_cpu_s_per_cert_2: round(perCert[2]!.worker, 4),
    worker_cpu_s_per_cert_4: round(w4, 4),
    worker_scale_efficiency_4: round(w1 / w4, 2),
    shared_cpu_s_per_cert: round(sharedTotal, 5),
    shared_api_cpu_s_per_cert: round(sharedMean.api!, 5),
    shared_content_cpu_s_per_cert: round(sharedMean.content!, 5),
    shared_database_cpu_s_per_cert: round(sharedMean.database!, 5),
    shared_redis_cpu_s_per_cert: round(sharedMean.redis!, 5),
    projected_saturation_workers: round(saturation, 1),
    scale_certs_per_s_1: round(perCert[1]!.rate, 1),
    scale_certs_per_s_4: round(perCert[4]!.rate, 1),
    scale_projected_certs_per_s: projected,
  });
  return figures;
}

/**
 * `npm run bench`: starts the whole stack on its own ports and database, runs every benchmark
 * module under bench/, and writes bench/results.json and docs/benchmarks.md (table and SVG charts).
 * Benchmarks print figures; they never pass or fail on a time.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { ROOT, serverEnv, startStack } from '../scripts/stack';
import { seedDemo } from '../scripts/seed';
import type { BenchContext, BenchModule } from './context';
import { writeReport } from './report';

// load last: it adds an issue and articles to the demo journal, which the Lighthouse pages would show.
const MODULES = ['content', 'pdf', 'worklog', 'publisher-worklog', 'publisher-content', 'publisher-search', 'scale', 'lighthouse', 'download-counting', 'counter', 'edge', 'edge-write', 'staff', 'submission', 'delivery', 'reviewer-cert', 'review-form', 'load'];

async function main() {
  const only = process.argv.slice(2);
  const servers = serverEnv();
  const offset = Number(process.env.JP_PORT_OFFSET ?? 0);
  const dbName = `journal_bench${process.env.JP_LANE ? `_${process.env.JP_LANE}` : ''}`;
  const conn = await mongoose.createConnection(servers.MONGO_URL, { dbName }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  const journals = await seedDemo({ mongoUrl: servers.MONGO_URL, dbName });
  const stack = await startStack({ portBase: 24000 + offset, nginxPort: 28080 + offset, mongoDb: dbName, redisPrefix: 'bench:', name: 'bench', logLevel: 'warn',
    env: {
      // The submission bench submits from one address, far more often than an author would.
      SUBMIT_PER_ADDRESS_PER_HOUR: '1000000',
      SUBMIT_PER_EMAIL_PER_DAY: '1000000',
      // The review form bench opens one reviewer's link far more often than a reviewer would.
      REVIEW_LINK_PER_MINUTE: '1000000',
      // Staff writes say where their time went (Server-Timing), for the saves' profile.
      SERVER_TIMING: '1',
      // BENCH_EDGE_PURGE_SLOW_MS=0: every purge job's stages in bench-edge-purger.log.
      ...(process.env.BENCH_EDGE_PURGE_SLOW_MS ? { EDGE_PURGE_SLOW_MS: process.env.BENCH_EDGE_PURGE_SLOW_MS } : {}),
      // BENCH_USAGE_LOG=syslog: nginx sends the usage log as datagrams, as it does in Kubernetes.
      ...(process.env.BENCH_USAGE_LOG === 'syslog' ? { STATS_USAGE_FILE: '' } : {}),
      // BENCH_PAGE_STORE_BYTES=0: the render process renders every page, none sent from its store of
      // answers, nor from the gateway's held answers (BENCH_HELD_ANSWERS_BYTES=0: those alone held a second only).
      ...(process.env.BENCH_PAGE_STORE_BYTES ? { PAGE_STORE_BYTES: process.env.BENCH_PAGE_STORE_BYTES } : {}),
      ...(process.env.BENCH_PAGE_STORE_BYTES === '0' || process.env.BENCH_HELD_ANSWERS_BYTES === '0' ? { HELD_ANSWERS_BYTES: '0' } : {}),
    },
  });
  const staticDir = path.join(ROOT, 'web/dist/bench-static');
  mkdirSync(staticDir, { recursive: true });
  const ctx: BenchContext = {
    baseUrl: stack.urls.web,
    gatewayUrl: stack.urls.gateway,
    contentUrl: stack.urls.content,
    contentStaffUrl: stack.urls.contentStaff,
    authUrl: stack.urls.auth,
    worklogUrl: stack.urls.worklog,
    pdfUrl: stack.urls.pdf,
    mailpitUrl: stack.urls.mailpit,
    mongoUrl: servers.MONGO_URL,
    redisUrl: servers.REDIS_URL,
    dbName,
    redisPrefix: 'bench:',
    jwtSecret: stack.env.JWT_SECRET!,
    staticDir,
    usageLog: stack.env.STATS_USAGE_FILE ?? '',
    nginxStaticUrl: `${stack.urls.web}/bench-static`,
    journals,
    pids: Object.fromEntries([...stack.processes].flatMap(([name, child]) => (child.pid ? [[name, child.pid]] : []))),
  };

  const figures: Record<string, number> = {};
  const series: Record<string, number[]> = {};
  const failures: Record<string, string> = {};
  try {
    for (const name of MODULES) {
      if (only.length && !only.includes(name)) continue;
      const file = path.join(__dirname, `${name}.bench.ts`);
      if (!existsSync(file)) continue;
      console.log(`\n=== bench: ${name} ===`);
      try {
        const mod = (await import(file)) as BenchModule;
        for (const [k, v] of Object.entries(await mod.run(ctx))) {
          if (Array.isArray(v)) series[k] = v;
          else figures[k] = v;
        }
      } catch (err) {
        failures[name] = err instanceof Error ? err.message : String(err);
        console.error(`bench ${name} failed: ${failures[name]}`);
      }
    }
  } finally {
    await stack.stop();
  }

  const commit = (() => {
    try {
      return execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
    } catch {
      return 'unknown';
    }
  })();
  // A run of some modules (`npm run bench -- scale`) keeps the other modules' last figures, and says
  // when each of them was last measured.
  const stamp = `${new Date().toISOString()} at ${commit}`;
  const previous = (() => {
    if (!only.length || !existsSync(path.join(__dirname, 'results.json'))) return { measured: Object.fromEntries(MODULES.map((m) => [m, stamp])) };
    const { date, commit: prevCommit, nproc: _n, machine: _m, failures: _f, partial: _p, fullRun, measured, ...rest } = JSON.parse(readFileSync(path.join(__dirname, 'results.json'), 'utf8')) as Record<string, unknown>;
    const before = `${String(date)} at ${String(prevCommit)}`;
    const last: Record<string, string> = {
      ...Object.fromEntries(MODULES.map((m) => [m, (fullRun as string | undefined) ?? before])),
      ...((measured as Record<string, string> | undefined) ?? {}),
      ...Object.fromEntries(only.map((m) => [m, stamp])),
    };
    const others = MODULES.filter((m) => !only.includes(m)).map((m) => `${m} ${last[m]}`);
    return { ...rest, measured: last, partial: `this run measured ${only.join(', ')} only; the others were last measured: ${others.join('; ')}` };
  })();
  const results = {
    ...previous,
    date: new Date().toISOString(),
    commit,
    nproc: os.availableParallelism(),
    machine: `${os.cpus()[0]?.model ?? 'unknown cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}`,
    ...figures,
    series: { ...((previous as { series?: Record<string, number[]> }).series ?? {}), ...series },
    ...(Object.keys(failures).length ? { failures } : {}),
  };
  writeFileSync(path.join(__dirname, 'results.json'), JSON.stringify(results, null, 2) + '\n');
  writeReport(results, path.join(ROOT, 'docs'));
  console.log('\nbench/results.json:\n' + JSON.stringify(results, null, 2));
  process.exit(0);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

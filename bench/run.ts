/**
 * `npm run bench`: starts the whole stack on its own ports and database, runs every benchmark
 * module under bench/, and writes bench/results.json and docs/benchmarks.md (table and SVG charts).
 * Benchmarks print figures; they never pass or fail on a time.
 */
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { ROOT, serverEnv, startStack } from '../scripts/stack';
import { seedDemo } from '../scripts/seed';
import type { BenchContext, BenchModule } from './context';
import { writeReport } from './report';

const MODULES = ['content', 'pdf', 'worklog', 'scale', 'download-counting'];

async function main() {
  const only = process.argv.slice(2);
  const servers = serverEnv();
  const offset = Number(process.env.JP_PORT_OFFSET ?? 0);
  const dbName = `journal_bench${process.env.JP_LANE ? `_${process.env.JP_LANE}` : ''}`;
  const conn = await mongoose.createConnection(servers.MONGO_URL, { dbName }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  const journals = await seedDemo({ mongoUrl: servers.MONGO_URL, dbName });
  const stack = await startStack({ portBase: 24000 + offset, nginxPort: 28080 + offset, mongoDb: dbName, redisPrefix: 'bench:', name: 'bench', logLevel: 'warn' });
  const staticDir = path.join(ROOT, 'web/dist/bench-static');
  mkdirSync(staticDir, { recursive: true });
  const ctx: BenchContext = {
    baseUrl: stack.urls.web,
    gatewayUrl: stack.urls.gateway,
    contentUrl: stack.urls.content,
    authUrl: stack.urls.auth,
    worklogUrl: stack.urls.worklog,
    pdfUrl: stack.urls.pdf,
    mongoUrl: servers.MONGO_URL,
    redisUrl: servers.REDIS_URL,
    dbName,
    redisPrefix: 'bench:',
    jwtSecret: stack.env.JWT_SECRET!,
    staticDir,
    nginxStaticUrl: `${stack.urls.web}/bench-static`,
    journals,
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
  const results = {
    date: new Date().toISOString(),
    commit,
    nproc: os.availableParallelism(),
    machine: `${os.cpus()[0]?.model ?? 'unknown cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.platform()} ${os.release()}`,
    ...figures,
    series,
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

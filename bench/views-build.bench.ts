/**
 * The views build of a seeded database, as `jp views rebuild` and the publisher seed run it: every
 * journal's public views and search index dropped, then built again from the stored documents
 * (rebuildAllViews). Wall time, and the CPU of this process, of FerretDB and of PostgreSQL (its
 * backends, ended ones included) from /proc, so the machine's load can be told from the work.
 *
 *   MONGO_URL=mongodb://127.0.0.1:27027/ MONGO_DB=one100k VIEWS_BENCH_LABEL=100k npx tsx bench/views-build.bench.ts
 *
 * Seed first, e.g. `npm run seed -- --journals 1 --articles 100000`. Figures go into
 * bench/results.json as store_views_build_<label>_s (and its CPU); never asserts a time.
 */
import { loadavg } from 'node:os';
import { connectMongo, createLogger, TOOL_SOCKET_TIMEOUT_MS } from '@journal/server-kit';
import { offlineViews } from '../services/content/src/views-offline';
import { rebuildAllViews } from '../services/content/src/views/views-rebuild';
import { runStandalone } from './bench-kit';
import { databaseCpuMs, databasePids } from './proc-cpu';

const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27027/';
const dbName = process.env.MONGO_DB ?? 'one100k';
const label = process.env.VIEWS_BENCH_LABEL ?? '100k';

async function run(): Promise<Record<string, number>> {
  const conn = await connectMongo(mongoUrl, dbName, { socketTimeoutMs: TOOL_SOCKET_TIMEOUT_MS });
  try {
    for (const c of await conn.db!.listCollections({}, { nameOnly: true }).toArray()) {
      if (/^(public_view|search_)/.test(c.name)) await conn.db!.dropCollection(c.name);
    }
    const logger = createLogger('views-bench', 'warn', 'stderr');
    const { store } = await offlineViews(conn, undefined, 'jp:', logger);
    const ids = (await store.src.journals.listAll()).map((j) => j.id);
    const pids = databasePids(mongoUrl);
    const db0 = databaseCpuMs(pids);
    const node0 = process.cpuUsage();
    const load0 = loadavg()[0]!;
    const t0 = performance.now();
    let articles = 0;
    await rebuildAllViews(store, ids, {
      logger,
      onJournal: (id, r) => {
        if (r.status !== 'done') throw new Error(`views of ${id}: ${r.status}`);
        articles += r.articles;
      },
    });
    const wall = (performance.now() - t0) / 1000;
    const node = process.cpuUsage(node0);
    const db1 = databaseCpuMs(pids);
    const cpu = (k: string) => Math.round(((db1[k] ?? 0) - (db0[k] ?? 0)) / 100) / 10;
    const figures = {
      [`store_views_build_${label}_s`]: Math.round(wall * 10) / 10,
      [`store_views_build_${label}_cpu_node_s`]: Math.round((node.user + node.system) / 1e5) / 10,
      [`store_views_build_${label}_cpu_ferretdb_s`]: cpu('ferretdb'),
      [`store_views_build_${label}_cpu_postgres_s`]: cpu('postgres'),
      [`store_views_build_${label}_load`]: Math.round(((load0 + loadavg()[0]!) / 2) * 10) / 10,
    };
    console.error(`${ids.length} journals, ${articles} articles: ${wall.toFixed(1)} s`);
    return figures;
  } finally {
    await conn.close();
  }
}

runStandalone('views-build', run, undefined);

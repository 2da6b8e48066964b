/**
 * What a work-log entry's write costs in a journal whose log is long (WORKLOG_WRITE_ENTRIES,
 * 100,000 by default, seeded once by the work log's own bulk seed; a rerun adds nothing but the
 * previous runs' writes), and the list beside it. The work-log service runs in this process with no
 * HTTP client while entries are written: WORKLOG_WRITES entries one after another through the
 * service (stored, then put into the journal's index under its lock, as a submission's event or
 * the staff's form does), after WARM_UP writes for the JIT; CPU ms a write of this process (the
 * service), of FerretDB and of PostgreSQL (its backends included) from /proc. Then the list as
 * bench/store.bench.ts times it (pages 1-50 of 25 in turn, one request at a time on a warm
 * process, p50/p99 of LIST_ROUNDS), and the first list of page 1 after each of LIST_ROUNDS writes
 * (the reader's worst: the page it shows was just written).
 *
 *   MONGO_URL=… REDIS_URL=… [MONGO_DB=worklog_write] npx tsx bench/worklog-write.bench.ts
 *
 * WORKLOG_WRITE_DRY=1 prints the figures without keeping them in bench/results.json (a run of
 * other code for comparison). Never asserts a time.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { connectMongo, type ActivityActor } from '@journal/server-kit';
import { percentile, staffHeaders, staffToken, TEST_JWT_SECRET } from '@journal/testing';
import { start as startWorklog } from '../services/worklog/src/app';
import { worklogConfigSchema } from '../services/worklog/src/config';
import { seedBulkWorklog } from '../services/worklog/src/seed';
import { EntryPageRepo } from '../services/worklog/src/entry-page.repo';
import { PAGE_CAPACITY } from '../services/worklog/src/entry-pages';
import { envContext, runStandalone } from './bench-kit';
import { timedGet } from './http-timing';
import { databaseCpuMs, databasePids } from './proc-cpu';

const ENTRIES = Number(process.env.WORKLOG_WRITE_ENTRIES ?? 100_000);
const WRITES = Number(process.env.WORKLOG_WRITES ?? 200);
const WARM_UP = 20;
/**
 * Entries the journal's newest index page holds when the timed writes begin (WORKLOG_PAGE_FILL):
 * the writes before them (WARM_UP at least) bring it there, so runs of different code meet pages
 * of the same size, and the timed writes stay within one page (PAGE_CAPACITY).
 */
const FILL = Number(process.env.WORKLOG_PAGE_FILL ?? 250);
const LIST_ROUNDS = Number(process.env.LIST_ROUNDS ?? 200);
/** The bench's own journal (no journal document is needed: the service takes the token's journal). */
const JOURNAL = '64b0c0ffee0000000000b001';
const STATUSES = ['info', 'urgent', 'pending'] as const;

const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
const ownCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

async function run(ctx: ReturnType<typeof envContext>): Promise<Record<string, number>> {
  const prefix = `bench-wlw:`;
  const t0 = performance.now();
  const added = await seedBulkWorklog({ mongoUrl: ctx.mongoUrl, dbName: ctx.dbName, redisUrl: ctx.redisUrl, redisPrefix: prefix, journals: [{ id: JOURNAL, entries: ENTRIES }] });
  console.log(`worklog write bench on ${ctx.dbName}: ${added} entries seeded (${Math.round(performance.now() - t0)} ms)`);
  const app = await startWorklog(
    worklogConfigSchema.parse({ MONGO_URL: ctx.mongoUrl, MONGO_DB: ctx.dbName, REDIS_URL: ctx.redisUrl, REDIS_PREFIX: prefix, JWT_SECRET: TEST_JWT_SECRET, AUTH_CHECK_STORED_USER: 'off', PORT: 0, LOG_LEVEL: 'silent' }),
  );
  const db = databasePids(ctx.mongoUrl);
  const author: ActivityActor = { id: '', name: 'bench', role: 'system', ip: '', requestId: 'bench' };
  let n = 0;
  const write = () => app.service.create(JOURNAL, author, { content: `Bench entry ${++n}: proof of issue ${n % 40} sent to the author`, status: STATUSES[n % 3]! });
  const out: Record<string, number> = {};
  const conn = await connectMongo(ctx.mongoUrl, ctx.dbName);
  const newest = async () => (await new EntryPageRepo(conn).head(JOURNAL))?.pages.at(-1)?.n ?? 0;
  try {
    for (let i = 0; i < WARM_UP; i++) await write();
    for (let fill = await newest(); !(fill >= FILL && fill + WRITES < PAGE_CAPACITY); fill = await newest()) await write();
    console.log(`  newest index page: ${await newest()} entries before the timed writes`);
    const c0 = ownCpuMs();
    const d0 = databaseCpuMs(db);
    const w0 = performance.now();
    const ms: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      const s = performance.now();
      await write();
      ms.push(performance.now() - s);
    }
    const wall = performance.now() - w0;
    const own = (ownCpuMs() - c0) / WRITES;
    const d1 = databaseCpuMs(db);
    const per = (k: string) => Math.round((((d1[k] ?? 0) - (d0[k] ?? 0)) / WRITES) * 100) / 100;
    out.worklog_entry_write_cpu_ms = Math.round(own * 100) / 100;
    out.worklog_entry_write_ferretdb_cpu_ms = per('ferretdb');
    out.worklog_entry_write_postgres_cpu_ms = per('postgres');
    out.worklog_entry_write_p50_ms = Math.round(percentile(sorted(ms), 50) * 10) / 10;
    console.log(
      `  ${WRITES} writes in ${Math.round(wall)} ms: p50 ${out.worklog_entry_write_p50_ms} ms, p99 ${percentile(sorted(ms), 99).toFixed(1)} ms; CPU a write: service ${out.worklog_entry_write_cpu_ms} ms, FerretDB ${out.worklog_entry_write_ferretdb_cpu_ms}, PostgreSQL ${out.worklog_entry_write_postgres_cpu_ms}`,
    );

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const as = staffHeaders(JOURNAL, staffToken(JOURNAL));
    const first = await timedGet(agent, `${app.url}/api/webdata?page=1`, as, { keepBody: true });
    console.log(`  list: ${(JSON.parse(String(first.body ?? '{}')) as { total?: number }).total ?? '?'} entries`);
    const lists: number[] = [];
    for (let i = 0; i < LIST_ROUNDS; i++) {
      const r = await timedGet(agent, `${app.url}/api/webdata?page=${1 + (i % 50)}`, as);
      if (r.status !== 200) throw new Error(`work-log answered ${r.status}`);
      lists.push(r.ms);
    }
    out.worklog_list_p50_ms = Math.round(percentile(sorted(lists), 50) * 10) / 10;
    out.worklog_list_p99_ms = Math.round(percentile(sorted(lists), 99) * 10) / 10;
    const after: number[] = [];
    for (let i = 0; i < LIST_ROUNDS; i++) {
      await write();
      const r = await timedGet(agent, `${app.url}/api/webdata?page=1`, as);
      if (r.status !== 200) throw new Error(`work-log answered ${r.status}`);
      after.push(r.ms);
    }
    out.worklog_list_after_write_p99_ms = Math.round(percentile(sorted(after), 99) * 10) / 10;
    console.log(
      `  list pages 1-50: p50 ${out.worklog_list_p50_ms} ms, p99 ${out.worklog_list_p99_ms} ms; page 1 right after a write: p50 ${percentile(sorted(after), 50).toFixed(1)} ms, p99 ${out.worklog_list_after_write_p99_ms} ms; load average ${readFileSync('/proc/loadavg', 'utf8').trim()}`,
    );
    agent.destroy();
  } finally {
    await app.stop();
    await conn.close();
  }
  return out;
}

if (process.env.WORKLOG_WRITE_DRY === '1') {
  run(envContext()).then(
    (figures) => {
      console.log(JSON.stringify(figures, null, 2));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
} else runStandalone('worklog-write', run, envContext());

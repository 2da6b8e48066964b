/**
 * p95 of a work-log list page (filter + search + page) over 100,000 entries, through the
 * gateway. The entries go into a journal of the bench's own (host bench-worklog.localhost), so the
 * demo journals stay as they are. Prints figures; never asserts a time.
 */
import http from 'node:http';
import mongoose, { Types } from 'mongoose';
import { signToken } from '@journal/server-kit';
import { WORK_STATUSES } from '@journal/contracts';
import { seedBulkWorklog } from '../services/worklog/src/seed';
import { start as startWorklog } from '../services/worklog/src/app';
import { worklogConfigSchema } from '../services/worklog/src/config';
import type { BenchContext } from './context';
import { getText, restartedService, timeUrls } from './http-timing';

/** The parts of bench/context.ts this module uses; redisPrefix defaults to the stack's `jp:`. */
export type WorklogBenchContext = Pick<BenchContext, 'baseUrl' | 'gatewayUrl' | 'mongoUrl' | 'dbName' | 'redisUrl' | 'jwtSecret'> &
  Partial<Pick<BenchContext, 'redisPrefix' | 'worklogUrl'>>;

const ENTRIES = 100_000;
const REQUESTS = 400;
/** One staff member paging: requests one after another, as the list screen sends them. */
const CONCURRENCY = 1;
const HOST = 'bench-worklog.localhost';
const SEARCHES = ['proof', 'PAYMENT', 'reviewer manuscript', 'issue 12', 'doi', 'Task 4', 'nothing-matches-this'];

const getJson = (agent: http.Agent, url: string, headers: Record<string, string>) => getText(agent, url, headers, 120_000);

/** One journal of the bench's own, answering on HOST; created once per database. */
async function ensureJournal(db: mongoose.mongo.Db): Promise<string> {
  const journals = db.collection('journals');
  const existing = await journals.findOne({ slug: 'bench-worklog' });
  if (existing) return String(existing._id);
  const _id = new Types.ObjectId();
  await journals.insertOne({ _id, slug: 'bench-worklog', hosts: [HOST], websitename: 'Work-log bench journal', flags: {}, createdAt: new Date(), updatedAt: new Date() });
  return _id.toString();
}

/** The bench journal's entries, through the work log's own bulk seed (entries and index pages); a rerun adds nothing. */
async function seedEntries(ctx: WorklogBenchContext, journalId: string): Promise<number> {
  return seedBulkWorklog({ mongoUrl: ctx.mongoUrl, dbName: ctx.dbName, redisUrl: ctx.redisUrl, redisPrefix: ctx.redisPrefix ?? 'jp:', journals: [{ id: journalId, entries: ENTRIES }] });
}

/** The queries of the list screen: a status (or all), a search with the all filter, a page. */
function queries(n: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const status = i % 3 === 0 ? 'all' : WORK_STATUSES[i % WORK_STATUSES.length]!;
    const q = new URLSearchParams({ status, page: String(1 + ((i * 7) % 40)) });
    if (i % 2 === 0) q.set('search', SEARCHES[i % SEARCHES.length]!);
    out.push(`/api/webdata?${q}`);
  }
  return out;
}

/** The list screen's reads, CONCURRENCY at a time on the agent's kept connections. */
async function timeAll(agent: http.Agent, base: string, headers: Record<string, string>, paths: string[]) {
  const { errors: failures, ...lat } = await timeUrls(paths.map((p) => `${base}${p}`), headers, CONCURRENCY, agent);
  return { ...lat, failures };
}

function restartedWorklog(ctx: WorklogBenchContext, headers: Record<string, string>) {
  const start = () =>
    startWorklog(
      worklogConfigSchema.parse({
        MONGO_URL: ctx.mongoUrl, MONGO_DB: ctx.dbName, REDIS_URL: ctx.redisUrl, REDIS_PREFIX: ctx.redisPrefix ?? 'jp:', JWT_SECRET: ctx.jwtSecret,
        PORT: 0, LOG_LEVEL: 'silent',
      }),
    );
  return restartedService(start, '/api/webdata?page=1', headers, (_app, body) => ({ entries: (JSON.parse(body) as { total: number }).total }));
}

export async function run(ctx: WorklogBenchContext): Promise<Record<string, number>> {
  const conn = await mongoose.createConnection(ctx.mongoUrl, { dbName: ctx.dbName }).asPromise();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    const db = conn.db!;
    const journalId = await ensureJournal(db);
    let t0 = performance.now();
    const seeded = await seedEntries(ctx, journalId);
    const seedMs = performance.now() - t0;
    if (seeded) console.log(`seeded ${seeded} entries into journal ${journalId} in ${(seedMs / 1000).toFixed(1)} s`);

    // Every service checks that a token's user exists and is enabled: the bench signs in as a real one.
    const benchUser = new Types.ObjectId();
    await db.collection('users').insertOne({
      _id: benchUser, journalId: new Types.ObjectId(journalId), name: `bench-${benchUser.toString()}`, passwordHash: '-', status: 'enabled', allowedIps: [], validAfter: 0,
    });
    const { token } = signToken(ctx.jwtSecret, { id: benchUser.toString(), name: 'bench', journalId });
    const headers = { Host: HOST, Authorization: `Bearer ${token}`, Accept: 'application/json' };

    // A work-log process restarting, as a new pod: time until /readyz (nothing is loaded), then its
    // first list (the journal's index head and one page), and the heap that takes.
    const restart = await restartedWorklog(ctx, { ...headers, 'x-journal-id': journalId });
    console.log(
      `worklog restart: ready after ${restart.readyMs.toFixed(0)} ms, first list once ready ${restart.firstMs.toFixed(1)} ms, heap +${restart.heapMb.toFixed(1)} MB with a journal of ${restart.entries} entries (${((restart.heapMb / restart.entries) * 100_000).toFixed(1)} MB per 100,000)`,
    );

    // The stack's own replica: its first list of the journal (retry while the gateway is not yet routing).
    t0 = performance.now();
    let first = { status: 0, body: '' };
    for (let attempt = 0; attempt < 20; attempt++) {
      first = ctx.worklogUrl
        ? await getJson(agent, `${ctx.worklogUrl}/api/webdata?page=1`, { ...headers, 'x-journal-id': journalId })
        : await getJson(agent, `${ctx.gatewayUrl}/api/webdata?page=1`, headers);
      if (![502, 503, 504].includes(first.status)) break;
      await new Promise((r) => setTimeout(r, 3000));
    }
    const loadMs = performance.now() - t0;
    if (first.status !== 200) throw new Error(`list answered ${first.status}: ${first.body.slice(0, 300)}`);
    const total = (JSON.parse(first.body) as { total: number }).total;
    console.log(`journal holds ${total} entries; first list on the running replica after the seed ${loadMs.toFixed(0)} ms`);

    const paths = queries(REQUESTS);
    await timeAll(agent, ctx.gatewayUrl, headers, paths.slice(0, 40));
    const gw = await timeAll(agent, ctx.gatewayUrl, headers, paths);
    console.log(`through the gateway, ${REQUESTS} list pages at concurrency ${CONCURRENCY}: p50 ${gw.p50.toFixed(1)} ms, p95 ${gw.p95.toFixed(1)} ms, p99 ${gw.p99.toFixed(1)} ms, non-200 ${gw.failures}`);
    const figures: Record<string, number> = {
      worklog_p95_ms: gw.p95,
      worklog_p50_ms: gw.p50,
      worklog_p99_ms: gw.p99,
      worklog_entries: total,
      worklog_first_list_ms: restart.firstMs,
      worklog_first_list_after_seed_ms: loadMs,
      worklog_time_to_ready_ms: restart.readyMs,
      worklog_index_mb_per_100k_entries: (restart.heapMb / Math.max(1, restart.entries)) * 100_000,
    };
    if (ctx.worklogUrl) {
      const direct = await timeAll(agent, ctx.worklogUrl, { ...headers, 'x-journal-id': journalId }, paths);
      console.log(`worklog service directly: p50 ${direct.p50.toFixed(1)} ms, p95 ${direct.p95.toFixed(1)} ms`);
      figures.worklog_direct_p95_ms = direct.p95;
    }
    if (gw.failures) figures.worklog_failures = gw.failures;
    return figures;
  } finally {
    agent.destroy();
    await conn.close();
  }
}

/**
 * The work log at publisher scale: 100,000 entries in one journal and a growing number across the
 * deployment (BENCH_PUBLISHER_WORKLOG_SIZES, deployment totals, default 100,000 and 300,000; a
 * million where the machine takes it). For each size a fresh work-log process starts against the
 * data (three times, medians): time to /readyz, then its first list (page 1 of the big journal, nothing cached), a first
 * search and a deep page. The data go into a database of the bench's own (`<db>_publisher`), so
 * the stack's journals stay as they are. Prints figures with the corpus size; never asserts a time.
 *
 * Alone: `node node_modules/.bin/tsx bench/publisher-worklog.bench.ts` (MONGO_URL, REDIS_URL,
 * MONGO_DB), merging its figures into bench/results.json.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import mongoose, { Types } from 'mongoose';
import { signToken } from '@journal/server-kit';
import { start as startWorklog } from '../services/worklog/src/app';
import { worklogConfigSchema } from '../services/worklog/src/config';
import { seedBulkWorklog } from '../services/worklog/src/seed';
import type { BenchContext } from './context';
import { restartedService, timedGet } from './http-timing';
import { envContext, runStandalone, writeSection } from './bench-kit';

export type PublisherWorklogContext = Pick<BenchContext, 'mongoUrl' | 'dbName' | 'redisUrl' | 'jwtSecret'>;

const BIG_JOURNAL = 100_000;
const RESTARTS = 3;
/** Journals the rest of the deployment's entries are spread over. */
const OTHER_JOURNALS = 499;

const sizes = () =>
  (process.env.BENCH_PUBLISHER_WORKLOG_SIZES ?? '100000,300000')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n >= BIG_JOURNAL)
    .sort((a, b) => a - b);

/** Journal ids that are the same on every run, so a rerun finds the entries it seeded. */
const journalId = (j: number) => new Types.ObjectId(j.toString(16).padStart(24, '0').replace(/^0/, 'b')).toHexString();

function shares(total: number): { id: string; entries: number }[] {
  const rest = total - BIG_JOURNAL;
  return [
    { id: journalId(0), entries: BIG_JOURNAL },
    ...Array.from({ length: OTHER_JOURNALS }, (_, j) => ({ id: journalId(j + 1), entries: Math.floor(rest / OTHER_JOURNALS) + (j < rest % OTHER_JOURNALS ? 1 : 0) })),
  ].filter((j) => j.entries > 0);
}

export async function run(ctx: PublisherWorklogContext): Promise<Record<string, number>> {
  const dbName = `${ctx.dbName}_publisher`;
  const prefix = `bench-publisher-${randomBytes(3).toString('hex')}:`;
  const figures: Record<string, number> = {};
  const big = journalId(0);
  const { token } = signToken(ctx.jwtSecret, { id: new Types.ObjectId().toHexString(), name: 'bench', journalId: big });
  const headers = { 'x-journal-id': big, Authorization: `Bearer ${token}`, Accept: 'application/json' };
  const conn = await mongoose.createConnection(ctx.mongoUrl, { dbName }).asPromise();
  const rows: string[] = [];
  try {
    for (const total of sizes()) {
      let t0 = performance.now();
      let done = 0;
      const added = await seedBulkWorklog({
        mongoUrl: ctx.mongoUrl, dbName, redisUrl: ctx.redisUrl, redisPrefix: prefix, journals: shares(total),
        onProgress: (n) => {
          if (n - done >= 50_000) process.stderr.write(`  seeded ${(done = n).toLocaleString('en')} / ${total.toLocaleString('en')}\n`);
        },
      });
      const seedS = (performance.now() - t0) / 1000;
      const stats = (await conn.db!.stats()) as { dataSize?: number; storageSize?: number; totalSize?: number };
      const dbMb = (stats.totalSize ?? stats.storageSize ?? stats.dataSize ?? 0) / 2 ** 20;
      // What the database holds, which an earlier, larger run may have made more than `total`.
      const stored = await conn.db!.collection('work_entries').estimatedDocumentCount();
      console.log(`publisher work log, ${total.toLocaleString('en')} entries (${stored.toLocaleString('en')} stored, ${BIG_JOURNAL.toLocaleString('en')} in one journal): seeded ${added.toLocaleString('en')} new in ${seedS.toFixed(0)} s, database ${dbMb.toFixed(0)} MB`);

      t0 = performance.now();
      const start = () =>
        startWorklog(
          worklogConfigSchema.parse({
            MONGO_URL: ctx.mongoUrl, MONGO_DB: dbName, REDIS_URL: ctx.redisUrl, REDIS_PREFIX: prefix, JWT_SECRET: ctx.jwtSecret,
            AUTH_CHECK_STORED_USER: 'off', PORT: 0, LOG_LEVEL: 'silent',
          }),
        );
      const more = { searchMs: NaN, deepMs: NaN };
      // Three fresh processes one after another; the median of each figure (one sample is noise on a shared machine).
      const runs = [];
      for (let i = 0; i < RESTARTS; i++) runs.push(await restartedService(start, '/api/webdata?page=1', headers, (_app, body) => ({ entries: (JSON.parse(body) as { total: number }).total })));
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const restart = { readyMs: median(runs.map((r) => r.readyMs)), firstMs: median(runs.map((r) => r.firstMs)), heapMb: median(runs.map((r) => r.heapMb)), entries: runs[0]!.entries };
      // A second fresh process for the search and the deep page, each the first of its kind.
      const probe = await start();
      const agent = new http.Agent({ keepAlive: true });
      try {
        more.searchMs = (await timedGet(agent, `${probe.url}/api/webdata?page=1&search=proof`, headers)).ms;
        more.deepMs = (await timedGet(agent, `${probe.url}/api/webdata?page=2500&status=urgent`, headers)).ms;
      } finally {
        agent.destroy();
        await probe.stop();
      }
      console.log(
        `  fresh process (median of ${RESTARTS}): ready ${restart.readyMs.toFixed(0)} ms, first list ${restart.firstMs.toFixed(1)} ms (journal of ${restart.entries.toLocaleString('en')}), first search of the journal ${more.searchMs.toFixed(0)} ms, first deep status page ${more.deepMs.toFixed(1)} ms, heap after +${restart.heapMb.toFixed(1)} MB`,
      );
      const tag = total === BIG_JOURNAL ? '100k' : `${Math.round(total / 1000)}k`;
      Object.assign(figures, {
        [`publisher_worklog_ready_ms_${tag}`]: restart.readyMs,
        [`publisher_worklog_first_list_ms_${tag}`]: restart.firstMs,
        [`publisher_worklog_first_search_ms_${tag}`]: more.searchMs,
        [`publisher_worklog_seed_s_${tag}`]: seedS,
        [`publisher_worklog_db_mb_${tag}`]: dbMb,
      });
      rows.push(
        `| ${stored.toLocaleString('en')} | ${restart.readyMs.toFixed(0)} ms | ${restart.firstMs.toFixed(1)} ms | ${more.deepMs.toFixed(1)} ms | ${more.searchMs.toFixed(0)} ms | +${restart.heapMb.toFixed(1)} MB | ${added ? `${seedS.toFixed(0)} s for ${added.toLocaleString('en')}` : 'already seeded'} | ${dbMb.toFixed(0)} MB |`,
      );
      // The headline figures are those of the largest deployment measured.
      figures.publisher_worklog_entries = stored;
      figures.publisher_worklog_journal_entries = restart.entries;
      figures.publisher_worklog_ready_ms = restart.readyMs;
      figures.publisher_worklog_first_list_ms = restart.firstMs;
    }
    writeSection(
      'publisher-worklog',
      'The work log at publisher scale',
      `100,000 entries in one journal, the rest of each deployment spread over ${OTHER_JOURNALS} more journals; each figure is the median of ${RESTARTS} fresh work-log processes (nothing cached), on FerretDB/SQLite on this shared machine. The first search of a journal reads all its index pages (about 200 for 100,000 entries); later searches and pages of it are answered from the page cache.`,
      ['entries stored in the deployment', 'start to ready', 'first list (page 1)', 'first deep status page', 'first search of the journal', 'heap after', 'seeding', 'database'],
      rows,
    );
    return figures;
  } finally {
    await conn.close();
  }
}

if (require.main === module) runStandalone('publisher-worklog', run, envContext());

/**
 * The sweep of unfinished file writes (KeyedBucket.sweepUnfinished, run 30 s after a replica's
 * start) reads the intents of the minutes old enough, by index, and not the rows the finished
 * writes left: after a bulk write the intents' table holds a row per file until PostgreSQL
 * vacuums it, and a read of every intent went through all of them. Counted by
 * pg_stat_statements, as services/content/test/bounded-reads.test.ts does; needs FerretDB on
 * PostgreSQL (PG_URL in .data/servers.env, which scripts/provision.sh servers writes).
 */
import { execFileSync } from 'node:child_process';
import type { Connection } from 'mongoose';
import { connectMongo, writeSlotOf } from '@journal/server-kit';
import { newObjectId, testServers, uniqueName } from '@journal/testing';
import { assetPath, FileStore } from '../src/files/file-store';

jest.setTimeout(600_000);

/** Finished writes before the sweep: a few hundred pages of intents' rows. */
const FINISHED = 6000;
const MAX_AGE_MS = 10 * 60_000;

const dbName = uniqueName('sweepreads');
let conn: Connection;
let files: FileStore;
const J = newObjectId();

function pg(sql: string): string {
  const url = process.env.PG_URL;
  if (!url) throw new Error('PG_URL is not set: this test reads PostgreSQL statistics (bash scripts/provision.sh servers runs FerretDB on PostgreSQL)');
  return execFileSync('psql', [url, '-tAX', '-c', sql], { encoding: 'utf8' }).trim();
}

/** Buffers and rows of this database's statements so far (FerretDB names every table "schema"."table"). */
function counted(): { blocks: number; rows: number } {
  const [blocks, rows] = pg(
    `SELECT coalesce(sum(shared_blks_hit + shared_blks_read), 0) || '|' || coalesce(sum(rows), 0) FROM pg_stat_statements WHERE query LIKE '%"${dbName}".%' AND query NOT LIKE '%_ferretdb_database_metadata%'`,
  ).split('|');
  return { blocks: Number(blocks), rows: Number(rows) };
}

/** How often pg_stat_statements has dropped its least used entries to make room (full of other tests' statements). */
const drops = () => Number(pg('SELECT dealloc FROM pg_stat_statements_info'));

/** Times a count cut short by such a drop is taken again. */
const SHORT_TRIES = 10;

/**
 * What PostgreSQL did for `run` (after `prepare`, not counted): its statements' buffers and rows. Run again while pg_stat_statements
 * dropped entries meanwhile (a count read across a drop may be short, and a bound met by it says
 * nothing); fails if every count was.
 */
async function readsOf(run: () => Promise<unknown>, prepare?: () => Promise<unknown>): Promise<{ blocks: number; rows: number }> {
  for (let tries = 0; tries < SHORT_TRIES; tries++) {
    await prepare?.();
    const [dropped, before] = [drops(), counted()];
    await run();
    const after = counted();
    if (drops() === dropped) return { blocks: after.blocks - before.blocks, rows: after.rows - before.rows };
  }
  throw new Error(`pg_stat_statements dropped entries during each of ${SHORT_TRIES} counts: nothing was checked`);
}

const intentsTable = () => pg(`SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '${dbName}' AND c.relkind = 'r' AND c.relname LIKE 'files_intents_%'`);

beforeAll(async () => {
  if (!pg("SELECT current_setting('shared_preload_libraries')").includes('pg_stat_statements')) {
    throw new Error('pg_stat_statements is not loaded: bash scripts/provision.sh stop, then servers');
  }
  pg('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  conn = await connectMongo(testServers().mongoUrl, dbName);
  files = new FileStore(conn);
  await files.init();
  // The rows finished writes leave stay until a vacuum: here until the test is done, as they did
  // when the sweep met them 30 s after a seed's start.
  pg(`ALTER TABLE "${dbName}"."${intentsTable()}" SET (autovacuum_enabled = false)`);
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

test('a sweep reads the old enough minutes only, not every finished write, and takes back a write stopped between its file and its record', async () => {
  const intents = conn.collection<{ _id: string; at: Date; slot: number }>('files.intents');
  for (let at = 0; at < FINISHED; at += 1000) {
    await files.putNew(J, Array.from({ length: 1000 }, (_, i) => ({ path: assetPath.site(`kept-${at + i}.png`), data: Buffer.from(`kept ${at + i}`) })));
  }
  const kept = await files.put(J, assetPath.site('kept-one.png'), Buffer.from('kept one'));
  // An article add's PDF stored (chunks and files document), its path and record never written:
  // the add's process stopped twenty minutes ago. (Staged again when a count is taken again.)
  const staged: Awaited<ReturnType<typeof files.stage>>[] = [];
  const stop = async () => {
    const stopped = await files.stage(J, assetPath.article(2026, 1, 1, 'stopped.pdf'), Buffer.from('%PDF-1.4 stopped'));
    const at = new Date(Date.now() - 2 * MAX_AGE_MS);
    await intents.updateOne({ _id: String(stopped.doc.fileId) }, { $set: { at, slot: writeSlotOf(at) } });
    expect(await intents.countDocuments({})).toBe(1);
    staged.push(stopped);
  };

  // What reading every intent costs (the check can fail): every page of the table, rows of
  // finished writes included.
  const pages = Number(pg(`SELECT pg_relation_size('"${dbName}"."${intentsTable()}"') / 8192`));
  expect(pages).toBeGreaterThan(100);
  const whole = await readsOf(() => intents.find({}).toArray());
  expect(whole.blocks).toBeGreaterThanOrEqual(pages);

  const sweep = await readsOf(async () => expect(await files.sweepUnfinished(MAX_AGE_MS)).toBe(1), stop);
  console.log(`[sweep reads] intents table ${pages} pages; a read of every intent ${whole.blocks} buffers; the sweep ${sweep.blocks} buffers, ${sweep.rows} rows`);
  expect(sweep.blocks).toBeLessThan(pages / 4);
  // The mark, the stopped write's intent, its path's entry, files document and chunk (read and deleted).
  expect(sweep.rows).toBeLessThanOrEqual(20);

  expect(await intents.countDocuments({})).toBe(0);
  for (const stopped of staged) {
    expect(await conn.collection('files.files').findOne({ _id: stopped.doc.fileId })).toBeNull();
    expect(await conn.collection('files.chunks').findOne({ _id: `${String(stopped.doc.fileId)}.0` as never })).toBeNull();
  }
  expect(await files.read(J, assetPath.site('kept-one.png'))).toEqual(Buffer.from('kept one'));
  expect(await files.read(J, assetPath.site(`kept-${FINISHED - 1}.png`))).toEqual(Buffer.from(`kept ${FINISHED - 1}`));
  expect(kept.length).toBe(8);
});

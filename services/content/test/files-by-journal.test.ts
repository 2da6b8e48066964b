/**
 * A journal's stored files (the versions its head build reads, an admin listing) are found by the
 * journal field of their `files.current` entries, an equality FerretDB hands to PostgreSQL's index:
 * a prefix of `_id` made it read every journal's entries. Entries an older release wrote, or a dump
 * of one restored, get the field by a one-time move, marked done. Counted by pg_stat_statements, as
 * services/content/test/bounded-reads.test.ts does; needs FerretDB on PostgreSQL (PG_URL in
 * .data/servers.env, which scripts/provision.sh servers writes).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mongo, type Connection } from 'mongoose';
import { connectMongo } from '@journal/server-kit';
import { newObjectId, testServers, uniqueName } from '@journal/testing';
import { assetPath, FileStore } from '../src/files/file-store';
import { backupDatabase, restoreDatabase } from '../src/backup/db-backup';

jest.setTimeout(600_000);

/** The other journal's files: far more than a bounded read may meet. */
const MANY = 400;
/** Rows a read of the small journal's entries may make PostgreSQL hand FerretDB. */
const BOUND = 10;

const dbName = uniqueName('filesjournal');
const restoredName = uniqueName('filesjournal_restored');
const [A, B] = [newObjectId(), newObjectId()];
const conns: Connection[] = [];
let conn: Connection;

function pg(sql: string): string {
  const url = process.env.PG_URL;
  if (!url) throw new Error('PG_URL is not set: this test reads PostgreSQL statistics (bash scripts/provision.sh servers runs FerretDB on PostgreSQL)');
  return execFileSync('psql', [url, '-tAX', '-c', sql], { encoding: 'utf8' }).trim();
}

/** Rows this database's statements handed FerretDB so far (FerretDB names every table "schema"."table"). */
const rowsSoFar = () =>
  Number(pg(`SELECT coalesce(sum(rows), 0) FROM pg_stat_statements WHERE query LIKE '%"${dbName}".%' AND query NOT LIKE '%_ferretdb_database_metadata%'`));
const drops = () => Number(pg('SELECT dealloc FROM pg_stat_statements_info'));

/** Rows PostgreSQL handed FerretDB for `run`; counted again while pg_stat_statements dropped entries meanwhile. */
async function rowsOf(run: () => Promise<unknown>): Promise<number> {
  for (let tries = 0; tries < 10; tries++) {
    const [dropped, before] = [drops(), rowsSoFar()];
    await run();
    const after = rowsSoFar();
    if (drops() === dropped) return after - before;
  }
  throw new Error('pg_stat_statements dropped entries during each count: nothing was checked');
}

async function open(name = dbName): Promise<Connection> {
  const c = await connectMongo(testServers().mongoUrl, name);
  conns.push(c);
  return c;
}

const current = (c: Connection) => c.collection<{ _id: string; journalId?: string }>('files.current');
const marker = (c: Connection) => c.collection<{ _id: string }>('content_migrations').findOne({ _id: 'files-current-journal' });

/** The database as an older release left it: entries without their journal, no marker. */
async function asOlderRelease(c: Connection) {
  await current(c).updateMany({}, { $unset: { journalId: '' } });
  await c.collection<{ _id: string }>('content_migrations').deleteOne({ _id: 'files-current-journal' });
}

const bPaths = [assetPath.site('logo.png'), assetPath.editor('b.png')];

beforeAll(async () => {
  if (!pg("SELECT current_setting('shared_preload_libraries')").includes('pg_stat_statements')) {
    throw new Error('pg_stat_statements is not loaded: bash scripts/provision.sh stop, then servers');
  }
  pg('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  conn = await open();
  const files = new FileStore(conn);
  await files.init();
  expect(await files.whenMoved()).toBe(true);
  await files.putNew(A, Array.from({ length: MANY }, (_, i) => ({ path: assetPath.article(2026, 1, 1, `${i}.pdf`), data: Buffer.from(`%PDF a ${i}`) })));
  await files.put(B, bPaths[0]!, Buffer.from('b logo'));
  await files.put(B, bPaths[1]!, Buffer.from('b editor'));
});
afterAll(async () => {
  await conn.dropDatabase().catch(() => undefined);
  for (const c of conns) await c.close();
});

async function expectReadsOwn(files: FileStore) {
  let versions: Awaited<ReturnType<FileStore['versionsByJournal']>> | undefined;
  expect(await rowsOf(async () => (versions = await files.versionsByJournal(B)))).toBeLessThanOrEqual(BOUND);
  expect([...versions!.keys()]).toEqual([B]);
  expect([...versions!.get(B)!.keys()].sort()).toEqual([...bPaths].sort());
  let listed: string[] = [];
  expect(await rowsOf(async () => (listed = await files.list(B, '/assets/site/')))).toBeLessThanOrEqual(BOUND);
  expect(listed).toEqual([bPaths[0]]);
  // A journal that stores nothing (an id no journal has) reads nothing.
  expect(await rowsOf(() => files.versionsByJournal(newObjectId()))).toBe(0);
  expect((await files.versionsByJournal(A)).get(A)?.size).toBe(MANY);
  expect(await files.list(A, '/assets/archives/')).toHaveLength(MANY);
}

test("a journal's versions and listing read its own entries only, by its field", async () => {
  // The check can fail: the prefix read of an older release hands FerretDB every journal's entries.
  expect(await rowsOf(() => current(conn).find({ _id: { $regex: `^${B}/` } }).toArray())).toBeGreaterThan(MANY);
  expect(await current(conn).countDocuments({ journalId: A })).toBe(MANY);
  await expectReadsOwn(await started(conn));
});

/** A store of a replica started on `c`, its move (if any) over. */
async function started(c: Connection): Promise<FileStore> {
  const files = new FileStore(c);
  await files.init();
  expect(await files.whenMoved()).toBe(true);
  return files;
}

test('a store made without init (the views of a seed or the CLI) reads by the field once the marker is there', async () => {
  expect(await marker(conn)).not.toBeNull();
  await expectReadsOwn(new FileStore(conn));
});

test("an older release's entries are moved once, marked done, and a later start reads no entry list", async () => {
  await asOlderRelease(conn);
  const files = new FileStore(conn);
  await files.init();
  // On FerretDB (updates are a read then a write) the move is over before init returns, so no put
  // of the serving process runs beside it.
  expect(await current(conn).countDocuments({ journalId: { $exists: false } })).toBe(0);
  expect((await files.versionsByJournal(B)).get(B)?.size).toBe(bPaths.length);
  expect(await files.whenMoved()).toBe(true);
  expect(await current(conn).countDocuments({ journalId: { $exists: false } })).toBe(0);
  expect(await current(conn).countDocuments({ journalId: B })).toBe(bPaths.length);
  expect(await marker(conn)).not.toBeNull();
  await expectReadsOwn(files);
  // Marked done: a later start reads a handful of documents, not every entry.
  expect(await rowsOf(() => started(conn))).toBeLessThanOrEqual(BOUND);
});

test('a start whose buildInfo fails waits for the move all the same (taken as FerretDB)', async () => {
  await asOlderRelease(conn);
  const files = new FileStore(conn);
  // The store's answer to buildInfo lost (a timeout at start): the only thing that tells FerretDB.
  const command = mongo.Admin.prototype.command;
  const spy = jest.spyOn(mongo.Admin.prototype, 'command').mockImplementation(function (this: mongo.Admin, cmd, ...rest) {
    if ('buildInfo' in cmd) return Promise.reject(new Error('buildInfo lost'));
    return command.call(this, cmd, ...rest);
  });
  try {
    await files.init();
  } finally {
    spy.mockRestore();
  }
  expect(await current(conn).countDocuments({ journalId: { $exists: false } })).toBe(0);
  expect(await files.whenMoved()).toBe(true);
});

test('two replicas moving at once, with writes going on, leave every entry with its journal and every file its latest version', async () => {
  await asOlderRelease(conn);
  const [c1, c2] = [conn, await open()];
  const [s1, s2] = [new FileStore(c1), new FileStore(c2)];
  const replaced = assetPath.article(2026, 1, 1, '7.pdf');
  await Promise.all([
    s1.init(),
    s2.init(),
    (async () => {
      for (let i = 0; i < 20; i++) await s1.put(B, assetPath.indexing(`w${i}.png`), Buffer.from(`w ${i}`));
    })(),
    s2.put(A, replaced, Buffer.from('%PDF a 7 again')),
  ]);
  expect(await Promise.all([s1.whenMoved(), s2.whenMoved()])).toEqual([true, true]);
  expect(await current(conn).countDocuments({ journalId: { $exists: false } })).toBe(0);
  expect(await current(conn).countDocuments({ journalId: B })).toBe(bPaths.length + 20);
  expect((await s2.read(A, replaced))!.toString()).toBe('%PDF a 7 again');
  expect(await s1.list(B, '/assets/indexing/')).toHaveLength(20);
  for (let i = 0; i < 20; i++) await s1.delete(B, assetPath.indexing(`w${i}.png`));
  await expectReadsOwn(s2);
});

test('a dump of an older release, restored, has its entries moved by the first start', async () => {
  await asOlderRelease(conn);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'files-journal-'));
  const restored = await open(restoredName);
  try {
    const summary = await backupDatabase(conn, dir, { keep: 1, maxAgeDays: 1 });
    await restoreDatabase(restored, summary.file);
    expect(await current(restored).countDocuments({ journalId: { $exists: false } })).toBe(MANY + bPaths.length);
    expect(await marker(restored)).toBeNull();
    const files = await started(restored);
    expect(await current(restored).countDocuments({ journalId: { $exists: false } })).toBe(0);
    expect(await marker(restored)).not.toBeNull();
    expect((await files.versionsByJournal(B)).get(B)?.size).toBe(bPaths.length);
    expect(await files.list(A, '/assets/archives/')).toHaveLength(MANY);
  } finally {
    await restored.dropDatabase().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
    // The source as a release with the field leaves it, for the tests after.
    await started(conn);
  }
});

/**
 * Database backups that an SRE can trust: a dump of every collection (documents as canonical
 * Extended JSON, so ids, dates and binary GridFS chunks come back exactly, and each collection's
 * indexes), gzip-compressed, one line per record. A dump is written under a temporary name,
 * flushed to disk, checked, and only then renamed and pointed to by `latest`: a run that fails
 * (target full or unreachable, database gone, killed) leaves the previous `latest` in place and
 * nothing half-written under a backup's name. Retention by count and by age never removes the
 * newest dump. Works with MongoDB and FerretDB alike (only find, listCollections, listIndexes).
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fsp } from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import mongoose, { type Connection } from 'mongoose';
import { AppError } from '@journal/server-kit';
import { CONTENT_LAYOUT_COLLECTION } from '../archives/article-collections';
import { VIEW_COLLECTION, VIEW_STATE_COLLECTION } from '../views/view.repo';
import { CHUNK_COLLECTION, HEAD_COLLECTION } from '../search/search.repo';

const { EJSON } = mongoose.mongo.BSON;
type Db = NonNullable<Connection['db']>;

export const BACKUP_PREFIX = 'backup-';
export const BACKUP_SUFFIX = '.ndjson.gz';
export const PARTIAL_SUFFIX = '.partial';
/** A symlink to the newest complete dump. */
export const LATEST = 'latest';
const FORMAT = 'journal-db-dump/1';

export interface BackupSummary {
  file: string;
  bytes: number;
  sha256: string;
  collections: Record<string, number>;
  removed: string[];
}

export interface RetentionPolicy {
  /** Dumps kept at most (the newest). */
  keep: number;
  /** Dumps older than this are removed. */
  maxAgeDays: number;
}

/** The lines of a dump: a header, then per collection its indexes, then its documents. */
async function* dumpLines(db: Db, counts: Record<string, number>): AsyncGenerator<string> {
  yield `${JSON.stringify({ format: FORMAT, db: db.databaseName })}\n`;
  const collections = (await db.listCollections({}, { nameOnly: true }).toArray())
    .map((c) => c.name)
    .filter((n) => !n.startsWith('system.'))
    .sort();
  for (const name of collections) {
    const indexes = await db.collection(name).listIndexes().toArray();
    yield `${JSON.stringify({ collection: name, indexes: indexes.filter((i) => i.name !== '_id_') })}\n`;
    counts[name] = 0;
    for await (const doc of db.collection(name).find({}, { sort: { _id: 1 } })) {
      counts[name]++;
      yield `${EJSON.stringify({ c: name, d: doc }, { relaxed: false })}\n`;
    }
  }
  yield `${JSON.stringify({ end: true, counts })}\n`;
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');

/**
 * Dumps the database into `dir` and applies the retention policy. Throws (the CronJob fails) when
 * anything goes wrong, after removing what it had written.
 */
export async function backupDatabase(conn: Connection, dir: string, policy: RetentionPolicy, now = new Date()): Promise<BackupSummary> {
  const db = conn.db;
  if (!db) throw new AppError(503, 'db_unavailable', 'Database is unavailable');
  const stat = await fsp.stat(dir).catch((err: NodeJS.ErrnoException) => {
    throw new AppError(503, 'target_unreachable', `Backup target ${dir} cannot be reached: ${err.code ?? err.message}`);
  });
  if (!stat.isDirectory()) throw new AppError(503, 'target_unreachable', `Backup target ${dir} is not a directory`);
  // Leftovers of a run that was killed are never a backup: remove them first.
  for (const f of await fsp.readdir(dir)) if (f.endsWith(PARTIAL_SUFFIX)) await fsp.rm(path.join(dir, f), { force: true });

  const name = `${BACKUP_PREFIX}${stamp(now)}${BACKUP_SUFFIX}`;
  const partial = path.join(dir, `${name}${PARTIAL_SUFFIX}`);
  const counts: Record<string, number> = {};
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    const out = createWriteStream(partial, { flags: 'wx' });
    const gzip = createGzip({ level: 6 });
    gzip.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      bytes += chunk.length;
    });
    await pipeline(Readable.from(dumpLines(db, counts)), gzip, out);
    // On disk before it gets its name: a crash after the rename must not reveal an empty file.
    const fh = await fsp.open(partial, 'r');
    await fh.sync().finally(() => fh.close());
    await verifyDump(partial, counts);
    await fsp.rename(partial, path.join(dir, name));
    const tmpLink = path.join(dir, `${LATEST}${PARTIAL_SUFFIX}`);
    await fsp.symlink(name, tmpLink);
    await fsp.rename(tmpLink, path.join(dir, LATEST));
  } catch (err) {
    await fsp.rm(partial, { force: true });
    await fsp.rm(path.join(dir, `${LATEST}${PARTIAL_SUFFIX}`), { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EFBIG' || code === 'EDQUOT') throw new AppError(507, 'target_full', `Backup target ${dir} is full (${code}): nothing was kept`);
    if (code && /^E[A-Z]+$/.test(code)) throw new AppError(503, 'target_unreachable', `Backup target ${dir} failed (${code}): nothing was kept`);
    throw err;
  }
  const removed = await applyRetention(dir, policy, now);
  return { file: path.join(dir, name), bytes, sha256: hash.digest('hex'), collections: counts, removed };
}

/** Reads a dump back to its end line and checks its counts: a truncated or corrupt file throws. */
export async function verifyDump(file: string, expected?: Record<string, number>): Promise<Record<string, number>> {
  let counts: Record<string, number> | undefined;
  const seen: Record<string, number> = {};
  for await (const line of readline.createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })) {
    if (line.startsWith('{"c":')) {
      const c = /^\{"c":"((?:[^"\\]|\\.)*)"/.exec(line)?.[1] ?? '';
      seen[c] = (seen[c] ?? 0) + 1;
    } else if (line.startsWith('{"end":')) {
      counts = (JSON.parse(line) as { counts: Record<string, number> }).counts;
    }
  }
  const same = (a: Record<string, number>, b: Record<string, number>) =>
    JSON.stringify(Object.entries(a).filter(([, n]) => n).sort()) === JSON.stringify(Object.entries(b).filter(([, n]) => n).sort());
  if (!counts || !same(counts, seen) || (expected && !same(counts, expected))) {
    throw new AppError(500, 'dump_incomplete', `Dump ${path.basename(file)} is incomplete or corrupt`);
  }
  return counts;
}

/** Removes dumps beyond the newest `keep` and older than `maxAgeDays`, never the newest one. */
export async function applyRetention(dir: string, policy: RetentionPolicy, now = new Date()): Promise<string[]> {
  const dumps = (await fsp.readdir(dir)).filter((f) => f.startsWith(BACKUP_PREFIX) && f.endsWith(BACKUP_SUFFIX)).sort().reverse();
  const latest = await fsp.readlink(path.join(dir, LATEST)).catch(() => undefined);
  const removed: string[] = [];
  for (const [i, f] of dumps.entries()) {
    if (i === 0 || f === latest) continue;
    const { mtime } = await fsp.stat(path.join(dir, f));
    const old = now.getTime() - mtime.getTime() > policy.maxAgeDays * 86_400_000;
    if (i >= policy.keep || old) {
      await fsp.rm(path.join(dir, f), { force: true });
      removed.push(f);
    }
  }
  return removed;
}

/**
 * Collections a dump of a database written with key buckets (the layout FerretDB on SQLite needed,
 * docs/operations.md#the-database) holds, and the one collection each restores into.
 */
const ONE_LAYOUT: [RegExp, string][] = [
  [/^articles_\d+$/, 'articles'],
  [new RegExp(`^${VIEW_COLLECTION}_[a-z](_\\d+)?$`), VIEW_COLLECTION],
  [new RegExp(`^${HEAD_COLLECTION}_\\d+$`), HEAD_COLLECTION],
  [new RegExp(`^${CHUNK_COLLECTION}_\\d+$`), CHUNK_COLLECTION],
];
const oneLayoutName = (c: string) => ONE_LAYOUT.find(([re]) => re.test(c))?.[1] ?? c;

/** The stored bucket counts (articles, and the views with the search chunks) say one collection. */
function oneLayoutDoc(c: string, d: Record<string, unknown>): Record<string, unknown> {
  if (c === CONTENT_LAYOUT_COLLECTION && d._id === 'articles') return { ...d, buckets: 1 };
  if (c === VIEW_STATE_COLLECTION && d._id === 'layout') return { ...d, r: 1 };
  return d;
}

/**
 * Restores a dump into the connection's database, which must be empty (a restore never merges
 * into live data): documents in batches, then each collection's indexes. A dump of the bucketed
 * layout comes back in the one layout (ONE_LAYOUT). Returns the counts, by the dump's collections.
 */
export async function restoreDatabase(conn: Connection, file: string): Promise<Record<string, number>> {
  const db = conn.db;
  if (!db) throw new AppError(503, 'db_unavailable', 'Database is unavailable');
  const existing = (await db.listCollections({}, { nameOnly: true }).toArray()).filter((c) => !c.name.startsWith('system.'));
  if (existing.length) throw new AppError(409, 'database_not_empty', `Database ${db.databaseName} is not empty: restore into a fresh database`);
  await verifyDump(file);
  const counts: Record<string, number> = {};
  const indexes = new Map<string, { key: Record<string, unknown>; name: string; [k: string]: unknown }[]>();
  let batch: { c: string; docs: Record<string, unknown>[] } | undefined;
  const flush = async () => {
    if (batch?.docs.length) await db.collection(batch.c).insertMany(batch.docs, { ordered: true });
    batch = undefined;
  };
  for await (const line of readline.createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity })) {
    if (line.startsWith('{"c":')) {
      const { c: dumped, d } = EJSON.parse(line, { relaxed: false }) as { c: string; d: Record<string, unknown> };
      const c = oneLayoutName(dumped);
      if (batch && batch.c !== c) await flush();
      batch ??= { c, docs: [] };
      batch.docs.push(oneLayoutDoc(c, d));
      counts[dumped] = (counts[dumped] ?? 0) + 1;
      if (batch.docs.length >= 500) await flush();
    } else if (line.startsWith('{"collection":')) {
      await flush();
      const h = JSON.parse(line) as { collection: string; indexes: { key: Record<string, unknown>; name: string }[] };
      indexes.set(oneLayoutName(h.collection), h.indexes);
      await db.createCollection(oneLayoutName(h.collection)).catch(() => undefined);
    }
  }
  await flush();
  for (const [c, list] of indexes) {
    for (const { key, v: _v, ns: _ns, ...options } of list as { key: Record<string, number>; name: string; v?: unknown; ns?: unknown }[]) {
      await db.collection(c).createIndex(key, options);
    }
  }
  return counts;
}

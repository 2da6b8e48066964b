/**
 * What a stored file's write costs, by process (`npx tsx bench/store-write.bench.ts`, with MONGO_URL
 * and, for FerretDB on PostgreSQL, PG_URL): the keyed GridFS-layout bucket the file store and the
 * submissions' files use (`@journal/server-kit` KeyedBucket, 255 kB chunks) writes a 5 MB file (a
 * staff article's PDF) and a 10 MB one (a manuscript), one at a time and 8 at once, into a scratch
 * database it drops afterwards. Each row gives the wall time per file and the CPU per file of this
 * process (the driver), of FerretDB and of PostgreSQL (postmaster and its backends), from /proc.
 * With PG_URL the same writes run with the chunk table as PostgreSQL makes it (`STORAGE EXTENDED`:
 * pglz tried on every chunk) and as scripts/postgres-ferretdb.sql sets it (`EXTERNAL`), and a
 * stored file's first chunk is read back (what a PDF's first byte waits for). STORE_WRITE_OWN_DB=1
 * says the database serves this bench alone. The floor of a submission's store: 8 manuscripts of
 * 10 MB written at once through the MongoDB driver alone (no platform code), chunked and sent as the
 * file store does it, on every core and, with STORE_WRITE_OWN_DB=1, with the database's processes and
 * this one pinned to one core (taskset), to show whether the wait is the CPU's. Writes
 * bench/store-write.md and merges its figures into bench/results.json; never asserts a time.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import mongoose, { mongo } from 'mongoose';
import { CHUNKS_PER_WRITE, KeyedBucket, WRITES_IN_FLIGHT, writeSlotOf } from '@journal/server-kit';
import { percentile } from '@journal/testing';
import { runStandalone, writeSection } from './bench-kit';
import { databaseCpuMs, databasePids } from './proc-cpu';

const CHUNK = 255 * 1024;
const ONE_AT_A_TIME = Number(process.env.STORE_WRITE_ROUNDS ?? 8);
const AT_ONCE = 8;
const DB = 'jp_store_write_bench';
/** STORE_WRITE_OWN_DB=1: the database serves this bench alone (its CPU figures are this bench's). */
const OWN_DB = process.env.STORE_WRITE_OWN_DB === '1';
const SIZES = [
  { label: '5 MB', key: '5mb', bytes: 5_000_000 },
  { label: '10 MB', key: '10mb', bytes: 10 * 1024 * 1024 },
];

const psql = (pgUrl: string, sql: string) => execFileSync('psql', [pgUrl, '-Atqc', sql], { encoding: 'utf8' }).trim();

/** The PostgreSQL table FerretDB keeps a collection in (its metadata table names it). */
function tableOf(pgUrl: string, collection: string): string {
  const table = psql(pgUrl, `SELECT _jsonb->>'table' FROM ${DB}._ferretdb_database_metadata WHERE _jsonb->>'_id' = '${collection}'`);
  if (!table) throw new Error(`no PostgreSQL table for ${collection}`);
  return `${DB}.${table}`;
}

const round = (x: number) => Math.round(x * 10) / 10;
const p = (xs: number[], q: number) => round(percentile([...xs].sort((a, b) => a - b), q));

const FLOOR_WAVES = 3;

/**
 * One file written as the file store writes it, through the driver alone: its intent, its chunks
 * (KeyedBucket's insert commands of CHUNKS_PER_WRITE chunks, WRITES_IN_FLIGHT in flight), its
 * files document, the intent cleared.
 */
async function driverWrite(db: mongo.Db, data: Buffer): Promise<void> {
  const id = new mongo.ObjectId();
  const count = Math.ceil(data.length / CHUNK);
  await db.collection('floor.intents').insertOne({ _id: id.toHexString() as unknown as mongo.ObjectId, files_id: id, length: data.length, at: new Date(), slot: writeSlotOf(Date.now()) });
  let next = 0;
  const writer = async () => {
    while (next < count) {
      const n = next;
      next = Math.min(count, n + CHUNKS_PER_WRITE);
      const documents = [];
      for (let i = n; i < next; i++) documents.push({ _id: `${id.toHexString()}.${i}`, files_id: id, n: i, data: new mongo.Binary(data.subarray(i * CHUNK, (i + 1) * CHUNK)) });
      await db.command({ insert: 'floor.chunks', documents, ordered: true });
    }
  };
  await Promise.all(Array.from({ length: WRITES_IN_FLIGHT }, writer));
  await db.collection('floor.files').insertOne({ _id: id, length: data.length, chunkSize: CHUNK, uploadDate: new Date(), filename: 'manuscript.pdf' });
  await db.collection('floor.intents').deleteOne({ _id: id.toHexString() as unknown as mongo.ObjectId });
}

/** This process and the database's (PostgreSQL's postmaster and every backend it has forked) onto `cpus`; new backends inherit it. */
function pin(cpus: string, pids: { ferretdb?: number; postgres?: number }): void {
  const all = [process.pid, pids.ferretdb, pids.postgres];
  if (pids.postgres) all.push(...readFileSync(`/proc/${pids.postgres}/task/${pids.postgres}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  for (const pid of all) {
    if (!pid) continue;
    try {
      execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
    } catch {
      /* a backend that ended meanwhile */
    }
  }
}

async function run(): Promise<Record<string, number>> {
  const mongoUrl = process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/';
  const pgUrl = process.env.PG_URL;
  const conn = await mongoose.createConnection(mongoUrl, { dbName: DB, maxPoolSize: 40 }).asPromise();
  const pids = databasePids(mongoUrl);
  const cpu = (): Record<string, number> => ({ ...databaseCpuMs(pids), node: (process.cpuUsage().user + process.cpuUsage().system) / 1000 });
  const figures: Record<string, number> = {};
  const rows: string[] = [];
  try {
    await conn.dropDatabase();
    // The floor first, before the writes below leave dead chunks for autovacuum to clear meanwhile:
    // a manuscript's store with nothing of the platform around it.
    const client = await new mongo.MongoClient(mongoUrl, { maxPoolSize: 40 }).connect();
    try {
      const db = client.db(DB);
      const data = randomBytes(10 * 1024 * 1024);
      const cores = availableParallelism();
      // Pinned only on a database of this bench's own: the shared servers keep every core.
      const floors: [string, string, string | undefined][] = [[`${cores} cores`, '', undefined]];
      if (OWN_DB && cores > 1) floors.push(['1 core (taskset)', '_1core', '0']);
      for (const [label, suffix, cpus] of floors) {
        if (cpus) pin(cpus, pids);
        try {
          // One wave first: the table, its pages and the connections exist before the timing.
          await Promise.all(Array.from({ length: AT_ONCE }, () => driverWrite(db, data)));
          const ms: number[] = [];
          const c0 = cpu();
          for (let w = 0; w < FLOOR_WAVES; w++) {
            ms.push(...(await Promise.all(Array.from({ length: AT_ONCE }, async () => {
              const t0 = performance.now();
              await driverWrite(db, data);
              return performance.now() - t0;
            }))));
          }
          const c1 = cpu();
          const n = AT_ONCE * FLOOR_WAVES;
          const per = (k: string) => round(((c1[k] ?? 0) - (c0[k] ?? 0)) / n);
          const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
          rows.push(`| floor: the driver alone, ${label} | 10 MB ${AT_ONCE} at once (${n}) | ${p(ms, 50)} / ${p(ms, 99)} ms | ${per('node')} | ${per('ferretdb')} | ${per('postgres')} | ${load} |`);
          console.log(`floor, the driver alone on ${label}: 10 MB ${AT_ONCE} at once, p50 ${p(ms, 50)} ms, p99 ${p(ms, 99)} ms; CPU ms per file: driver ${per('node')}, FerretDB ${per('ferretdb')}, PostgreSQL ${per('postgres')}; load ${load}`);
          figures[`submit_store_floor_x8_p50_ms${suffix}`] = p(ms, 50);
          figures[`submit_store_floor_x8_p99_ms${suffix}`] = p(ms, 99);
          figures[`submit_store_floor_x8_cpu_ms${suffix}`] = round(per('node') + per('ferretdb') + per('postgres'));
          figures[`submit_store_floor_x8_db_cpu_ms${suffix}`] = round(per('ferretdb') + per('postgres'));
        } finally {
          if (cpus) pin(`0-${cores - 1}`, pids);
        }
        // Dropped, not emptied: no dead chunks for autovacuum to clear during the next row.
        for (const c of ['floor.chunks', 'floor.files', 'floor.intents']) await db.collection(c).drop();
      }
    } finally {
      await client.close();
    }
    const bucket = new KeyedBucket(conn, 'bench', CHUNK);
    // The collection exists (and its table) before a storage mode is set on it.
    await bucket.write(new mongo.ObjectId(), 'warm', Buffer.alloc(10), {});
    const modes = pgUrl ? ['EXTENDED', 'EXTERNAL'] : ['as the server stores it'];
    for (const mode of modes) {
      if (pgUrl) psql(pgUrl, `ALTER TABLE ${tableOf(pgUrl, 'bench.chunks')} ALTER COLUMN _jsonb SET STORAGE ${mode}`);
      for (const size of SIZES) {
        const data = randomBytes(size.bytes);
        const stored: mongo.ObjectId[] = [];
        const one = async () => {
          const id = new mongo.ObjectId();
          const t0 = performance.now();
          await bucket.write(id, 'file', data, {});
          stored.push(id);
          return performance.now() - t0;
        };
        for (const [how, n, width] of [['one at a time', ONE_AT_A_TIME, 1], [`${AT_ONCE} at once`, AT_ONCE * 2, AT_ONCE]] as const) {
          const ms: number[] = [];
          const c0 = cpu();
          for (let i = 0; i < n; i += width) ms.push(...(await Promise.all(Array.from({ length: Math.min(width, n - i) }, one))));
          const c1 = cpu();
          const per = (k: string) => round(((c1[k] ?? 0) - (c0[k] ?? 0)) / n);
          const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
          rows.push(`| ${mode} | ${size.label} ${how} | ${p(ms, 50)} / ${p(ms, 99)} ms | ${per('node')} | ${per('ferretdb')} | ${per('postgres')} | ${load} |`);
          console.log(`${mode}, ${size.label} ${how}: p50 ${p(ms, 50)} ms, p99 ${p(ms, 99)} ms; CPU ms per file: this process ${per('node')}, FerretDB ${per('ferretdb')}, PostgreSQL ${per('postgres')}; load ${load}`);
          if (mode === modes[modes.length - 1]) {
            const k = `store_write_${size.key}${width > 1 ? `_x${width}` : ''}`;
            figures[`${k}_p50_ms`] = p(ms, 50);
            figures[`${k}_p99_ms`] = p(ms, 99);
            figures[`${k}_db_cpu_ms`] = round(per('ferretdb') + per('postgres'));
          }
        }
        // A stored file's first chunk, as a PDF's first byte waits for it.
        const first: number[] = [];
        for (const id of stored.slice(0, 16)) {
          const t0 = performance.now();
          await bucket.stream({ _id: id, length: CHUNK, chunkSize: CHUNK })[Symbol.asyncIterator]().next();
          first.push(performance.now() - t0);
        }
        rows.push(`| ${mode} | ${size.label}: first chunk read back | ${p(first, 50)} / ${p(first, 99)} ms | | | | |`);
        await conn.collection('bench.chunks').deleteMany({});
        await conn.collection('bench.files').deleteMany({});
      }
    }
  } finally {
    await conn.dropDatabase().catch(() => undefined);
    await conn.close();
  }
  writeSection(
    'store-write',
    'Stored files: what a write costs',
    `the keyed GridFS-layout bucket (255 kB chunks, 4 per insert, 2 inserts in flight) writing files of random bytes into ${pgUrl ? 'FerretDB 1.24 on PostgreSQL' : 'the database of MONGO_URL'}, one at a time (${ONE_AT_A_TIME}) and ${AT_ONCE} at once (twice); wall time per file (p50 / p99) and CPU ms per file of each process from /proc, with the load average of this shared 2-core machine. FerretDB's and PostgreSQL's CPU counts all they served meanwhile: ${OWN_DB ? 'here a set of their own (`JP_DATA_DIR=… JP_PORT_OFFSET=… bash scripts/provision.sh postgres`) that served this bench alone' : 'here the servers the other checkouts use too, so the figures carry some of their work'}.`,
    ['chunk table storage', 'files', 'wall per file', 'CPU: this process (driver)', 'CPU: FerretDB', 'CPU: PostgreSQL', 'load average'],
    rows,
    [
      'FerretDB keeps each chunk as jsonb with its bytes as base64 text (a 255 kB chunk is about 340 kB of JSON that PostgreSQL parses). With `STORAGE EXTENDED`, PostgreSQL\'s default, every such value goes through pglz before it is stored out of line, and pglz gives up on base64 of random, compressed or already-packed bytes (PDF streams, DOCX zips, images) only after trying; `EXTERNAL` stores it out of line as it is.',
      'PostgreSQL starts with glibc keeping allocations up to 8 MB in each backend\'s heap (`PG_MALLOC` in scripts/provision.sh). By default each chunk\'s JSON text, the buffers its parse grows and the bind message went past glibc\'s mmap threshold and were mapped, page-faulted in and unmapped again: in a perf profile of 5 MB writes, PostgreSQL\'s kernel time (page faults, clearing and charging pages) was 40 % of its CPU. Side by side on a set of their own, EXTERNAL, before and after: PostgreSQL\'s CPU per 5 MB file one at a time 77-94 against 53-57 ms, per 10 MB file 8 at once 165 against 117-120 ms; FerretDB\'s and the driver\'s unchanged; each backend that wrote files keeps about 8 MB more resident (PSS 14 → 22 MB). The same setting in the driver\'s process changed nothing (Node allocates its own way).',
      'What is left is per byte (perf, 5 MB files, after the setting): PostgreSQL 15\'s JSON parser, which appends the base64 text to its string one character at a time (`json_lex` and `appendStringInfoChar`, a third of PostgreSQL\'s CPU; PostgreSQL 16 scans such runs at once, but Debian 12 ships 15), the copies into the WAL and the page cache (kernel, another third); FerretDB\'s base64 encoding, copies and garbage collector; and the driver\'s BSON copies. Loopback TCP is about 1 % (a Unix socket would not save more). How many chunks go in one insert command changes little: before the setting, 2, 4, 8 or 20 chunks a command cost the driver 18-34, FerretDB 35-51, PostgreSQL 88-101 ms per 5 MB file with no trend. Against MongoDB (Kubernetes) the same chunks are BSON with the bytes as they are.',
      'Through the whole stack (`bench/submission.bench.ts`) a 10 MB submission also costs CPU in the content service (multipart parsing, the driver\'s BSON copies and the collections they set off on a large heap), the gateway and nginx; `submit_cpu_floor_ms` is the CPU of every process a submission sets to work (those on the path, the mail worker and the work-log) for 8 submissions at once, spread over the machine\'s cores: the p99 the CPU alone allows were nothing else running. As long as the manuscript is in the database before the answer (nothing acknowledged may be lost), that floor stays far above 500 ms on 2 cores with FerretDB\'s base64 JSON.',
      'Storing the manuscripts of one process in turn (at most 2 at a time, the others waiting in the order they came) instead of all at once was measured and not adopted: through the whole stack, 8 submitters of 10 MB, runs alternated on a quiet machine, p99 3,151, 3,360 and 3,704 ms in turn against 2,665, 2,911 and 2,961 ms all at once (p50 2,101-2,693 against 1,958-2,117, 2.9-3.6 against 3.7-4.0 a second). With 8 authors each sending again once answered, the mean wait is the work in the queue whatever its order (Little\'s law), so an order could only narrow the tail, and here it widened it.',
      'The floor rows (first in the table): the same 8 manuscripts of 10 MB at once, written through the MongoDB driver alone as the file store lays them out (intent, 255 kB chunks 4 to an insert command, 2 commands in flight, files document, intent cleared), after one untimed wave, 3 waves timed; then again with this process, FerretDB and PostgreSQL (its postmaster and every backend) pinned to one core by taskset. The store alone is CPU-bound and scales with the cores: on one core each file waits for the CPU of all 8 (p99 about 8 × the CPU per file), on two about half of that. With durability kept (fsync, synchronous commits, full page writes on; nothing answered before it is committed) the store of 8 manuscripts at once is already above 500 ms on 2 cores with no platform code at all, and the whole stack adds the content service, the gateway and nginx (`submit_cpu_floor_ms`).',
      'Where PostgreSQL\'s CPU goes (perf, cpu-clock with call chains, 2026-11-30, 8 at once of 10 MB through the driver alone into a set of its own; shares of PostgreSQL\'s samples, a short run of 4 waves / a long one of 18 waves, 100.8 ms of PostgreSQL\'s CPU a file): JSON parse of the base64 text (`json_lex` appending it to its string one character at a time, `appendStringInfoChar`) 35 / 27 %; TOAST, each chunk cut into some 170 rows of 2 kB: extending the toast table (a zeroed page written through the page cache for each new page, PostgreSQL 15 extends one page at a time) 9 / 36 % (it grows with the table and the page cache it fills: 28 % of the long run is the kernel\'s copy of those zero pages), page copies, buffer lookups and faults 13 / 9 %, the toast index\'s inserts 5 / 4 %, the toast rows\' WAL records and their CRC 5 / 4 %, dirty buffers written out by the backend itself 4 / 2 %; WAL at commit (write and fdatasync, in CPU) 3 / 3 %, new WAL segments zero-filled 5 / 0 % (a young cluster: segments are recycled once checkpoints run); the protocol\'s socket reads 4 / 3 %; jsonb built from the parse 1 %; bind and plan 2 %; other 7-9 %. In the leaves, copies and zeroing are 9 / 35 %. Through the whole stack (`bench/submission.bench.ts`, 12-15 s of perf on the shared cluster, 112-119 ms of PostgreSQL\'s CPU a submission), two profiles: JSON parse 26 / 30 %, TOAST 22 / 27 %, WAL at commit 4 / 5 %, socket reads 5 %, bind and plan 6 %, jsonb built 3 / 4 %, index inserts 1-2 %, the rest spread (the submission\'s other statements, memory mapped and unmapped, vacuum) 16-19 %; the first, taken before the change below, also caught an autovacuum ANALYZE of the submissions\' chunk table: 16 % of PostgreSQL\'s samples.',
      'Where FerretDB\'s CPU goes (its own pprof, the long run above, 35 ms a file): base64 of the chunk\'s bytes 20 %, pgx building the bind message (a copy of each document\'s JSON) 19 %, the socket write of it to PostgreSQL 16 %, JSON encoding\'s buffer growth and copies 9 %, decoding the insert command (BSON) 9 %, the socket read from the driver 8 %, garbage collection 5 %, scheduler and the rest 13 %. The driver\'s own share (21-42 ms a file in the floor rows) is the BSON of each command and its socket write.',
      'Kept (scripts/postgres-ferretdb.sql, 2026-11-30): a file bucket\'s chunk table keeps no statistics for its index expressions. ANALYZE computes `_jsonb -> \'_id\'` for each index on every sampled row, which detoasts the whole chunk, so each autovacuum analyze of a chunk table read back the bytes of every stored file (up to 30,000 chunks, some 10 GB, in a large store), and one ran whenever the table had grown a tenth since the last (at most once a minute per database): ANALYZE of the submission bench\'s chunk table (4,000 chunks, 10 MB manuscripts) took 1.0-2.1 s of PostgreSQL\'s CPU, 2-3 ms without those statistics (a table of 364 chunks: 105-154 ms against 1.7-11 ms); chunks are read by `_id` and `files_id` through their indexes with or without them (a read by `_id` is still a scan of its GIN index, 3 buffers). Through the whole stack, four runs on a set of their own alternated (load average 5-7): PostgreSQL 90.7 and 117.8 ms a submission with it, 102.8 and 96.6 without, p99 1,552 and 1,922 against 1,786 and 1,493 ms: an autovacuum analyze of the chunk table ran in one of those four runs, so a run this short shows it only by chance, while a store that grows pays it again at each tenth. On the shared cluster with it, three runs (load average 4-5): p99 1,707.6, 2,239.5 and 1,739.3 ms, PostgreSQL 119, 115.4 and 112.4 ms a submission (113 and p99 1,484 in one run before it).',
      'Tried and not adopted (2026-11-30, the driver alone, 8 at once of 10 MB, 4 waves, runs alternated; PostgreSQL\'s CPU per file and the slowest write): bigger chunks (1 MB one or two to a command, 2 MB, 4 MB one to a command: PostgreSQL 65-99 against 68-72 ms, no write faster; a command of 4 MB or more costs PostgreSQL more), 16 chunks a command (FerretDB 35-51 ms against 25-30, PostgreSQL 89-91 against 68-72), 1 or 4 commands in flight instead of 2 (no difference beyond the noise); `wal_buffers` 64 MB (PostgreSQL 81-85 against 76-79 ms: `pg_stat_wal` counted no WAL written for want of buffers, `wal_buffers_full` 0, at 16 MB); `commit_delay` 1 ms with `commit_siblings` 2 (a third fewer fdatasyncs, PostgreSQL 69-75 against 76-79 ms, slowest write 510-603 against 580-827: within the noise of three runs, and every small write waits up to 1 ms more whenever two others are running); `wal_init_zero` off (73-75 ms, new segments are rare once recycled). FerretDB\'s only batch setting (`--test-batch-size`, documents per INSERT, 100) is above the 4 a command carries, its pool (200) above the writes in flight.',
      'What would move the floor: more cores (the store scales with them, the 1-core row against the 2-core one), PostgreSQL 16 or later (its JSON lexer takes a run of plain characters at once, and it adds a table\'s pages several at a time; Debian 12 ships 15), or MongoDB, as in Kubernetes, where a chunk is BSON with its bytes as they are (no base64, no JSON, no TOAST).',
    ],
  );
  return figures;
}

runStandalone('store-write', run, undefined, { report: false });

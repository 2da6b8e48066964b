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
 * says the database serves this bench alone. Writes
 * bench/store-write.md and merges its figures into bench/results.json; never asserts a time.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import mongoose, { mongo } from 'mongoose';
import { KeyedBucket } from '@journal/server-kit';
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
      'Through the whole stack (`bench/submission.bench.ts`) a 10 MB submission also costs CPU in the content service (multipart parsing, the driver\'s BSON copies and the collections they set off on a large heap), the gateway and nginx; `submit_cpu_floor_ms` is the CPU of every process on the path for 8 submissions at once, spread over the machine\'s cores: the p99 the CPU alone allows were nothing else running. As long as the manuscript is in the database before the answer (nothing acknowledged may be lost), that floor stays far above 500 ms on 2 cores with FerretDB\'s base64 JSON.',
      'Storing the manuscripts of one process in turn (at most 2 at a time, the others waiting in the order they came) instead of all at once was measured and not adopted: through the whole stack, 8 submitters of 10 MB, runs alternated on a quiet machine, p99 3,151, 3,360 and 3,704 ms in turn against 2,665, 2,911 and 2,961 ms all at once (p50 2,101-2,693 against 1,958-2,117, 2.9-3.6 against 3.7-4.0 a second). With 8 authors each sending again once answered, the mean wait is the work in the queue whatever its order (Little\'s law), so an order could only narrow the tail, and here it widened it.',
    ],
  );
  return figures;
}

runStandalone('store-write', run, undefined, { report: false });

/**
 * A PDF's first byte with 100,000 stored files (docs/benchmarks.md#the-store-at-publisher-scale):
 * the reader's path, a gateway of its own in front of a fresh content process (the built services,
 * separate processes as in production, Redis as the stack has it), on a database of the bench's own
 * (MONGO_DB, default `store_files_100k`) holding STORE_FILES files besides the PDFs measured.
 *
 * Seeding (once; a rerun finds it done): a journal of the publisher seed, STORE_FILES_MEASURED
 * articles added through the admin route with a small PDF each (their files are the ones read),
 * then STORE_FILES more files of 500 other journals bulk-inserted in the file store's layout (a
 * files document, one chunk, the path's current entry), so every lookup meets a store of that size.
 *
 * Each measured PDF is read once by a fresh process (cold: nothing of the file cached), then once
 * more (warm), then revalidated (If-None-Match, 304), through the gateway by the journal's host; the
 * cold pass is repeated against content directly, to tell the gateway's share. Times are to the
 * first byte of the body; CPU ms per read of content, gateway, FerretDB and PostgreSQL from /proc,
 * and the rows PostgreSQL read per cold read (pg_stat_user_tables, when PG_URL is set).
 *
 *   MONGO_URL=… REDIS_URL=… EDGE_REDIS_URL=… [PG_URL=…] [FERRETDB_PID=… PG_DATA=…/postgres/data] \
 *   node node_modules/.bin/tsx bench/store-files.bench.ts
 *
 * Figures: store_pdf_first_byte_p99_ms (cold, through the gateway) and the others printed; never asserts a time.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { mongo } from 'mongoose';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { percentile, staffHeaders, staffToken, TEST_JWT_SECRET } from '@journal/testing';
import { connectMongo } from '@journal/server-kit';
import { seedPublisher } from '../services/content/src/seed/publisher';
import { JournalRepo } from '../services/content/src/journals/journal.repo';
import { CONTENT_NODE_FLAGS } from '../services/content/src/node-flags';
import { makePdf, startContent } from '../services/content/test/helpers';
import { assetPath } from '../services/content/src/files/file-store';
import { cpuMsFine } from './proc-cpu';
import { envContext, runStandalone, spawnBuilt, writeSection } from './bench-kit';

const FILES = Number(process.env.STORE_FILES ?? 100_000);
const MEASURED = Number(process.env.STORE_FILES_MEASURED ?? 200);
const SLUG = 'pub-0001';
const HOST = `${SLUG}.localhost`;
const ISSUE = { year: 2091, volume: 102, issue: 1 };
const BATCH = 1000;
const OTHER_JOURNALS = 500;
const REF0 = 700_000;
/** Articles whose PDFs are several chunks long, read as a stream (a PDF of a real article). */
const LARGE = Number(process.env.STORE_FILES_LARGE ?? 30);
const LARGE_BYTES = 2 * 2 ** 20;
const LARGE_ISSUE = { year: 2091, volume: 102, issue: 2 };
const LARGE_REF0 = 800_000;

interface SeedMark {
  _id: string;
  files: number;
  measured: number;
  large?: number;
}

/** The time to the first byte of the body (or to the end of a body-less answer). */
function firstByte(agent: http.Agent, url: string, headers: Record<string, string>): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let ms = NaN;
      res.once('data', () => (ms = performance.now() - t0));
      res.on('data', () => undefined);
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: Number.isNaN(ms) ? performance.now() - t0 : ms }));
      res.on('error', reject);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
  });
}

/** Rows PostgreSQL has read from the bench database's tables so far (seq_tup_read + idx_tup_fetch). */
function pgRowsRead(schema: string): number {
  if (!process.env.PG_URL) return NaN;
  const out = execFileSync('psql', [process.env.PG_URL, '-tAX', '-c', `SELECT coalesce(sum(seq_tup_read + coalesce(idx_tup_fetch, 0)), 0) FROM pg_stat_user_tables WHERE schemaname = '${schema}' AND relname <> '_ferretdb_database_metadata'`], { encoding: 'utf8' });
  return Number(out.trim());
}

const ticks = (pid: number, fields: number[]) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields.reduce((t, i) => t + Number(f[i]), 0) * 10;
};

/**
 * PostgreSQL's CPU ms so far: the postmaster's own and its ended backends' (cutime, cstime), and
 * each running backend's. Backends come and go with FerretDB's pool: a sum over the running ones
 * alone would drop when one ends.
 */
function postgresCpuMs(): Record<string, number> {
  if (!process.env.PG_DATA) return {};
  try {
    const master = Number(readFileSync(`${process.env.PG_DATA}/postmaster.pid`, 'utf8').split('\n')[0]);
    const kids = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
    let ms = ticks(master, [11, 12, 13, 14]);
    for (const k of kids) {
      try {
        ms += ticks(k, [11, 12, 13, 14]);
      } catch {
        /* ended meanwhile: counted in the postmaster's cutime from now on */
      }
    }
    return { postgres: ms };
  } catch {
    return {};
  }
}

/** CPU ms so far of the named processes (FerretDB's from FERRETDB_PID) and of PostgreSQL. */
const cpuNow = (pids: Record<string, number>) => ({
  ...cpuMsFine({ ...pids, ...(process.env.FERRETDB_PID ? { ferretdb: Number(process.env.FERRETDB_PID) } : {}) }),
  ...postgresCpuMs(),
});

/** Journal, measured articles with their PDFs, then FILES more files bulk-inserted; skipped when done. */
async function seed(mongoUrl: string, redisUrl: string, db: string): Promise<string> {
  const conn = await connectMongo(mongoUrl, db);
  const done = await conn.collection<SeedMark>('bench_marks').findOne({ _id: 'store-files' }).finally(() => conn.close());
  if (done && done.files >= FILES && done.measured >= MEASURED && (done.large ?? 0) >= LARGE) return db;
  const t0 = performance.now();
  await seedPublisher({ mongoUrl, dbName: db, journals: 1, articles: 20, worklogEntries: 0, redisUrl, redisPrefix: `${db}:` });
  const app = await startContent({ MONGO_URL: mongoUrl, MONGO_DB: db, REDIS_URL: redisUrl, REDIS_PREFIX: `${db}:`, STATS_COUNTING: 'off', CROSSREF_WORKER: 'false' } as never);
  try {
    const J = (await new JournalRepo(app.conn).findBySlug(SLUG))!.id;
    const as = staffHeaders(J, staffToken(J));
    /** `count` articles of `issue` added through the admin route, each with its PDF (`{refnumber}.pdf`). */
    const addArticles = async (issue: typeof ISSUE, count: number, ref0: number, pdf: (i: number) => Promise<Buffer>) => {
      await request(app.url).post('/api/admin/create-issue').set(as).send({ ...issue, frequency: 'January-March' });
      const have = (await app.deps.repos.articles.listByIssue(J, issue)).length;
      for (let i = have; i < count; i++) {
        const f: Record<string, string> = {
          ...Object.fromEntries(Object.entries(issue).map(([k, v]) => [k, String(v)])),
          refnumber: String(ref0 + i), title: `Stored file ${ref0 + i}`, authorname: 'Asha Rao', abstract: '<p>A</p>', pagenumber: `${1 + i * 10}-${5 + i * 10}`,
          email: 'a@b.org', txnid: `SF${ref0 + i}`, ptype: 'paid', publishdate: `${issue.year}-01-02`,
        };
        let req = request(app.url).post('/api/admin/archives/').set(as);
        for (const [k, v] of Object.entries(f)) req = req.field(k, v);
        const r = await req.attach('pdfFile', await pdf(i), { filename: 'a.pdf', contentType: 'application/pdf' });
        if (r.status !== 201) throw new Error(`create answered ${r.status}: ${JSON.stringify(r.body)}`);
      }
    };
    await addArticles(ISSUE, MEASURED, REF0, (i) => makePdf(`Stored file ${i}`));
    await addArticles(LARGE_ISSUE, LARGE, LARGE_REF0, largePdf);
    console.log(`  ${MEASURED} articles with small PDFs, ${LARGE} with PDFs of ${LARGE_BYTES / 2 ** 20} MB added (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    if ((done?.files ?? 0) < FILES) await bulkFiles(app.conn.db!, await makePdf('A stored file of another journal'));
    await app.conn.collection<SeedMark>('bench_marks').replaceOne({ _id: 'store-files' }, { files: FILES, measured: MEASURED, large: LARGE }, { upsert: true });
    console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await app.stop(); // never stopContent: it drops the database
  }
  return db;
}

/** A one-page PDF of about LARGE_BYTES: its page, and that many random bytes attached (they do not compress). */
async function largePdf(i: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([300, 200]).drawText(`Large stored file ${i}`, { x: 20, y: 100, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  await doc.attach(randomBytes(LARGE_BYTES), 'data.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save());
}

/**
 * FILES files of OTHER_JOURNALS journals in the layout FileStore.put writes (services/content/src/files/file-store.ts):
 * a chunk under `${fileId}.0`, the files document, the path's entry in `files.current`.
 */
async function bulkFiles(db: mongo.Db, pdf: Buffer) {
  const sha1 = createHash('sha1').update(pdf).digest('base64url');
  const journals = Array.from({ length: OTHER_JOURNALS }, () => new mongo.ObjectId().toHexString());
  const t0 = performance.now();
  for (let n = 0; n < FILES; n += BATCH) {
    const chunks = [];
    const files = [];
    const current = [];
    for (let i = n; i < Math.min(FILES, n + BATCH); i++) {
      const fileId = new mongo.ObjectId();
      const journalId = journals[i % OTHER_JOURNALS]!;
      const key = `${journalId}${assetPath.article(1990 + (i % 30), 1 + (i % 30), 1 + (i % 4), `${100000 + i}.pdf`)}`;
      const uploadDate = new Date();
      chunks.push({ _id: `${fileId.toHexString()}.0`, files_id: fileId, n: 0, data: new mongo.Binary(pdf) });
      files.push({ _id: fileId, length: pdf.length, chunkSize: 255 * 1024, uploadDate, filename: key, metadata: { path: key.slice(24), contentType: 'application/pdf', sha1 } });
      current.push({ _id: key, journalId, fileId, length: pdf.length, chunkSize: 255 * 1024, contentType: 'application/pdf', sha1, uploadDate, keyed: true });
    }
    await db.collection('files.chunks').insertMany(chunks as never[], { ordered: false });
    await db.collection('files.files').insertMany(files as never[], { ordered: false });
    await db.collection('files.current').insertMany(current as never[], { ordered: false });
    if ((n / BATCH) % 10 === 9) console.log(`  ${(n + BATCH).toLocaleString('en')} files (${Math.round((n + BATCH) / ((performance.now() - t0) / 1000))}/s)`);
  }
}

/** Stops a spawned service and waits for it to be gone. */
const ended = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** What the table shows, kept with it in docs/benchmarks.md. */
const NOTES = [
  "A cold read is two round trips whatever the number of stored files: the path's `files.current` entry and the article's public view, side by side (both by `_id`), then the first chunk by its `_id` (`{fileId}.0`). Each is an index lookup (the GIN twins of scripts/postgres-ferretdb.sql), so PostgreSQL reads about 3 rows per cold read at 100,000 files; no read sorts or scans chunks (the GridFS driver's find by `files_id` sorted by `n` is used only for files it stored before chunks were keyed).",
  "The twins have no GIN pending list (`fastupdate = off`): with one, every lookup read all keys inserted since the last vacuum, which a table of 100,000 documents gets only after some 20,000 inserts. EXPLAIN (ANALYZE, BUFFERS) of one chunk by `_id` at 100,000 files right after a bulk insert: 249 buffers, 11.5 ms; once merged: 5 buffers, 0.1 ms. 20,000 single inserts took 4.4 s without the list and 4.7 s with it.",
  "A content start reads no file list (the pointer migration of files the GridFS driver stored runs once, marked in `content_migrations`); it used to compare two collection counts that on PostgreSQL are estimates, and read the metadata of all 100,000 files at every start (over a minute here).",
  "A PDF larger than one chunk is streamed from its first chunk: FerretDB turns the chunk's base64 JSON into BSON before it hands over a byte (about 10 ms of its CPU per 255 kB chunk here), so a large PDF's first byte costs one chunk's decoding, and a larger chunk size would raise it. A file up to 512 kB is read whole into the public cache on its first read.",
  'The 2 MB PDFs are read first, so the small ones are read by processes that have served files before (as a running deployment\'s have; each small file is still read for the first time): read first, in processes fresh from their start, they cost content some 1 ms more CPU per read and the gateway 0.5 ms (V8 still compiling the path).',
  'The CPU columns are the work; the times are mostly the queue for two cores shared with other work, which the warm row (answered from memory, no database) shows by itself. The 2 MB row counts CPU for the whole file, read to its end.',
  "The gateway passes a file's answer on as it comes (first byte = the service's first byte): it holds an answer whole only when it compresses a tagged one (Surrogate-Key) or checks one nginx would keep (X-Accel-Expires) against the journal's changes, and the asset route sets neither; nginx keeps a file itself, under its versioned URL only (`?v=` the content hash), whose bytes never change.",
  "Where content's CPU per cold read goes (a V8 profile of 200 cold reads in a fresh process, 100 µs samples, load 14): about 4.6 ms on the main thread, of which sending its three queries (the path's entry, the article's view, the first chunk: serialised and written to the socket) 1.25 ms, writing the answer 0.55 ms (the kernel's loopback work, dearer on a loaded machine), the view cache's lookup 0.65 ms and the route's own code 0.6 ms; V8's compiler threads add some 1.5 ms per read in a fresh process. Fewer queries is what would cut it: the article view carrying its file's id and length would make the read two (the view, then the chunk).",
];

const stats = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: Math.round(percentile(s, 50) * 10) / 10, p99: Math.round(percentile(s, 99) * 10) / 10 };
};

async function run(): Promise<Record<string, number>> {
  const ctx = envContext();
  const db = process.env.MONGO_DB && process.env.MONGO_DB !== 'journal_bench' ? process.env.MONGO_DB : 'store_files_100k';
  await seed(ctx.mongoUrl, ctx.redisUrl, db);

  const conn = await connectMongo(ctx.mongoUrl, db);
  const J = (await new JournalRepo(conn).findBySlug(SLUG))!.id;
  // From the seed's mark: FerretDB counts a collection by reading every document of it.
  const mark = await conn.collection<SeedMark>('bench_marks').findOne({ _id: 'store-files' });
  const stored = (mark?.files ?? 0) + (mark?.measured ?? 0) + (mark?.large ?? 0);
  await conn.close();
  // The admin route stores an article's PDF as `{refnumber}.pdf`.
  const paths = Array.from({ length: MEASURED }, (_, i) => assetPath.article(ISSUE.year, ISSUE.volume, ISSUE.issue, `${REF0 + i}.pdf`));
  const large = Array.from({ length: LARGE }, (_, i) => assetPath.article(LARGE_ISSUE.year, LARGE_ISSUE.volume, LARGE_ISSUE.issue, `${LARGE_REF0 + i}.pdf`));
  const load0 = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`store files bench on ${db}: ${stored.toLocaleString('en')} stored files, ${paths.length} PDFs read (load average ${load0})`);

  const prefix = `sfb${randomBytes(3).toString('hex')}:`;
  const redis = { REDIS_URL: ctx.redisUrl, EDGE_REDIS_URL: process.env.EDGE_REDIS_URL ?? '', REDIS_PREFIX: prefix };
  const contentEnv = {
    PATH: process.env.PATH, MONGO_URL: ctx.mongoUrl, MONGO_DB: db, JWT_SECRET: TEST_JWT_SECRET, AUTH_CHECK_STORED_USER: 'off', LOG_LEVEL: 'silent', STATS_COUNTING: 'off', CROSSREF_WORKER: 'false', ...redis,
  };
  const out: Record<string, number> = {};
  const lines: string[] = [];

  /** One pass over the PDFs: first-byte times, CPU ms per read of each process, rows read per read. */
  const pass = async (name: string, base: string, pids: Record<string, number>, headers: (p: string) => Record<string, string>, want: number, read = paths) => {
    const agent = new http.Agent({ keepAlive: true });
    const c0 = cpuNow(pids);
    const r0 = pgRowsRead(db);
    const ms: number[] = [];
    for (const p of read) {
      const r = await firstByte(agent, `${base}${p}`, headers(p));
      if (r.status !== want) throw new Error(`${name}: ${p} answered ${r.status}`);
      ms.push(r.ms);
    }
    agent.destroy();
    const c1 = cpuNow(pids);
    await sleep(process.env.PG_URL ? 1500 : 0); // PostgreSQL publishes a backend's counters once idle a second
    const rows = (pgRowsRead(db) - r0) / read.length;
    const cpu = Object.keys(c1).map((k) => `${k} ${((c1[k]! - (c0[k] ?? 0)) / read.length).toFixed(2)}`).join(', ');
    const s = stats(ms);
    const slowest = ms.map((t, i) => [t, i] as const).sort((a, b) => b[0] - a[0]).slice(0, 3);
    console.log(`  ${name}: slowest reads ${slowest.map(([t, i]) => `#${i} ${t.toFixed(1)} ms`).join(', ')}`);
    lines.push(`| ${name} | ${s.p50} / ${s.p99} ms | ${cpu} | ${Number.isNaN(rows) ? '—' : rows.toFixed(1)} |`);
    console.log(`  ${name}: first byte p50 ${s.p50} ms, p99 ${s.p99} ms over ${ms.length} (CPU ms per read: ${cpu}; rows PostgreSQL read per read: ${rows.toFixed(1)})`);
    return s;
  };

  const content = await spawnBuilt(path.join('services', 'content'), contentEnv, CONTENT_NODE_FLAGS);
  const nowhere = 'http://127.0.0.1:1';
  const gateway = await spawnBuilt('gateway', {
    PATH: process.env.PATH, LOG_LEVEL: 'silent', CONTENT_URL: content.url, AUTH_URL: nowhere, WORKLOG_URL: nowhere, PDF_URL: nowhere, RENDER_URL: nowhere, ...redis,
  }).catch((e: unknown) => {
    content.child.kill('SIGTERM');
    throw e;
  });
  try {
    const pids = { content: content.child.pid!, gateway: gateway.child.pid! };
    const byHost = () => ({ host: HOST });
    // The journal's host resolved and both processes warmed on another journal file than the ones measured.
    const first = await firstByte(new http.Agent(), `${gateway.url}/assets/archives/1990/vol1issue1/none.pdf`, byHost());
    console.log(`  the journal's first read in the fresh processes (host, journal head; a 404): ${first.ms.toFixed(1)} ms`);
    // The large PDFs first: the small ones are then read by processes that have served files
    // before, as a running deployment's have, and are still each read for the first time.
    const big = await pass(`cold, PDFs of ${LARGE_BYTES / 2 ** 20} MB (streamed), through the gateway`, gateway.url, pids, byHost, 200, large);
    out.store_pdf_first_byte_2mb_p99_ms = big.p99;
    const cold = await pass('cold (first read of each file), through the gateway', gateway.url, pids, byHost, 200);
    out.store_pdf_first_byte_p99_ms = cold.p99;
    out.store_pdf_first_byte_p50_ms = cold.p50;
    const warm = await pass('warm (second read), through the gateway', gateway.url, pids, byHost, 200);
    out.store_pdf_first_byte_warm_p99_ms = warm.p99;
    const etags = new Map<string, string>();
    for (const p of paths) {
      const r = await request(gateway.url).head(p).set('host', HOST);
      etags.set(p, String(r.headers.etag));
    }
    await pass('revalidation (If-None-Match, 304), through the gateway', gateway.url, pids, (p) => ({ host: HOST, 'if-none-match': etags.get(p)! }), 304);
  } finally {
    await Promise.all([ended(gateway.child), ended(content.child)]);
  }

  const direct = await spawnBuilt(path.join('services', 'content'), { ...contentEnv, REDIS_PREFIX: `${prefix}d:` }, CONTENT_NODE_FLAGS);
  try {
    await firstByte(new http.Agent(), `${direct.url}/assets/archives/1990/vol1issue1/none.pdf`, { 'x-journal-id': J }).catch(() => undefined);
    const s = await pass('cold, content directly (fresh process)', direct.url, { content: direct.child.pid! }, () => ({ 'x-journal-id': J }), 200);
    out.store_pdf_first_byte_content_p99_ms = s.p99;
  } finally {
    await ended(direct.child);
  }
  const columns = ['read', 'first byte p50 / p99', 'CPU ms per read', 'rows PostgreSQL read per read'];
  console.log([`| ${columns.join(' | ')} |`, '|---|---|---|---|', ...lines].join('\n'));
  writeSection(
    'store-files',
    "The store at publisher scale: a PDF's first byte with 100,000 stored files",
    `${stored.toLocaleString('en')} stored files in one database (${MEASURED} small PDFs and ${LARGE} of ${LARGE_BYTES / 2 ** 20} MB added through the admin route, the rest bulk-inserted in the file store's layout for 500 other journals), FerretDB 1.24 on PostgreSQL (a set of its own, so its CPU is this bench's); a fresh content process and a gateway of its own (built services, separate processes), each PDF read once by the journal's host (cold), again (warm), then revalidated; times to the first byte of the body; CPU ms per read of each process from /proc; load average ${load0} at the start, ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')} at the end (2 shared cores).`,
    columns,
    lines,
    NOTES,
  );
  return out;
}

runStandalone('store-files', run, undefined);

/**
 * The store at publisher scale (docs/benchmarks.md#the-store-at-publisher-scale): the operations
 * whose cost grew with the corpus on FerretDB/SQLite, timed on a database the publisher seed filled
 * (`npm run seed -- --journals 500 --articles N --worklog-entries 100000`, MONGO_DB), against the
 * database MONGO_URL names (the local default: FerretDB on PostgreSQL). A content and a work-log
 * service run in this process; each act is sent one at a time on a warm process (p50 and p99 of
 * STORE_BENCH_ROUNDS), then a fresh content process reads issues never read before (the cold issue
 * list). CPU seconds of this process, of FerretDB and of PostgreSQL (from /proc) are printed with
 * each act, so the machine's load can be told apart from the work done.
 *
 *   MONGO_URL=… MONGO_DB=store100k REDIS_URL=… [STORE_BENCH_JOURNAL=pub-0001] [STORE_BENCH_LABEL=100k] \
 *   [FERRETDB_PID=… PG_DATA=…/postgres/data FERRETDB_METRICS=http://127.0.0.1:27028/debug/metrics] \
 *   node node_modules/.bin/tsx bench/store.bench.ts
 *
 * Figures go into bench/results.json as store_<act>_p99_ms[_<label>]; never asserts a time.
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import request from 'supertest';
import { connectMongo } from '@journal/server-kit';
import { percentile, staffHeaders, staffToken, TEST_JWT_SECRET } from '@journal/testing';
import { start as startWorklog } from '../services/worklog/src/app';
import { worklogConfigSchema } from '../services/worklog/src/config';
import { JournalRepo } from '../services/content/src/journals/journal.repo';
import { makePdf, startContent } from '../services/content/test/helpers';
import { assetPath } from '../services/content/src/files/file-store';
import { ArticleRepo, type Article } from '../services/content/src/archives/article.repo';
import { timedGet } from './http-timing';
import { cpuMs, cpuMsFine } from './proc-cpu';
import { envContext, runStandalone, spawnBuilt } from './bench-kit';
import { CONTENT_STAFF_NODE_FLAGS } from '../services/content/src/node-flags';

const ROUNDS = Number(process.env.STORE_BENCH_ROUNDS ?? 40);
const COLD_READS = Number(process.env.STORE_BENCH_COLD_READS ?? 200);
/** Issues on a page of the admin issue list, as the admin screen asks for them. */
const ADMIN_PAGE = 100;
const LABEL = process.env.STORE_BENCH_LABEL ? `_${process.env.STORE_BENCH_LABEL}` : '';
const FIRST_YEAR = 1990;
const PER_ISSUE = 20;

/** The database's processes: FerretDB, and PostgreSQL's postmaster with every backend under it. */
function dbCpuMs(): Record<string, number> {
  const pids: Record<string, number> = {};
  if (process.env.FERRETDB_PID) pids.ferretdb = Number(process.env.FERRETDB_PID);
  const out = cpuMs(pids);
  if (process.env.PG_DATA) {
    try {
      const master = Number(readFileSync(`${process.env.PG_DATA}/postmaster.pid`, 'utf8').split('\n')[0]);
      const kids = readFileSync(`/proc/${master}/task/${master}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
      // Backends that exited meanwhile count in the postmaster's cutime and cstime (its reaped children).
      const stat = readFileSync(`/proc/${master}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const reaped = ((Number(f[13]) + Number(f[14])) * 1000) / 100;
      out.postgres = reaped + Object.values(cpuMs(Object.fromEntries([master, ...kids].map((p) => [String(p), p])))).reduce((a, b) => a + b, 0);
    } catch {
      /* not readable here */
    }
  }
  out.bench = process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000;
  return out;
}

/** Commands FerretDB answered so far, by name (its debug endpoint, FERRETDB_METRICS), or {} without one. */
async function ferretCommands(): Promise<Record<string, number>> {
  if (!process.env.FERRETDB_METRICS) return {};
  const text = await (await fetch(process.env.FERRETDB_METRICS)).text();
  const out: Record<string, number> = {};
  for (const l of text.split('\n')) {
    const m = /^ferretdb_client_requests_total\{command="([^"]+)"[^}]*\} (\d+)/.exec(l);
    if (m) out[m[1]!] = (out[m[1]!] ?? 0) + Number(m[2]);
  }
  return out;
}

type Row = { act: string; p50: number; p99: number; cpu: string; commands: string };

/** A write's Server-Timing steps (content's, SERVER_TIMING=1) gathered over its rounds, printed as p50/p99 per step. */
function stepTimes() {
  const steps = new Map<string, number[]>();
  const p = (v: number[], q: number) => Math.round(percentile([...v].sort((a, b) => a - b), q) * 10) / 10;
  return {
    add: (timing: string) => {
      for (const m of timing.matchAll(/([\w-]+);dur=([\d.]+)/g)) steps.set(m[1]!, [...(steps.get(m[1]!) ?? []), Number(m[2])]);
    },
    print: (act: string) => {
      if (steps.size) console.log(`  ${act} steps, p50/p99 ms: ${[...steps].map(([k, v]) => `${k} ${p(v, 50)}/${p(v, 99)}`).join(', ')}`);
    },
  };
}

/**
 * Sends `once` n times one after the other; `out` gets the act's p99 under `key` and, under the
 * same name with `_cpu_ms` for `_p99_ms`, the CPU milliseconds per act of every process measured
 * (this process's services and client, FerretDB, PostgreSQL): the figure the machine's load does not move.
 */
async function timed(
  out: Record<string, number>,
  key: string,
  act: string,
  rows: Row[],
  n: number,
  once: (i: number) => Promise<void>,
  /**
   * What the user does before the act: not timed, its CPU and commands printed apart from the act's.
   * Everything in its window goes with it, the previous act's work after its answer included.
   */
  before?: (i: number) => Promise<void>,
): Promise<void> {
  const ms: number[] = [];
  const f0 = await ferretCommands();
  const c0 = dbCpuMs();
  // The CPU spent while `before` runs, told apart from the act's: what it started, and what the
  // previous act left running after its answer (which counts as that act's when nothing is between).
  const pre: Record<string, number> = {};
  const preCommands: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    if (before) {
      const [b0, g0] = [dbCpuMs(), await ferretCommands()];
      await before(i);
      const [b1, g1] = [dbCpuMs(), await ferretCommands()];
      for (const k of Object.keys(b1)) pre[k] = (pre[k] ?? 0) + b1[k]! - (b0[k] ?? 0);
      for (const k of Object.keys(g1)) preCommands[k] = (preCommands[k] ?? 0) + g1[k]! - (g0[k] ?? 0);
    }
    const t0 = performance.now();
    await once(i);
    ms.push(performance.now() - t0);
  }
  const c1 = dbCpuMs();
  for (const k of Object.keys(c1)) c1[k]! -= pre[k] ?? 0;
  const f1 = await ferretCommands();
  for (const k of Object.keys(f1)) f1[k]! -= preCommands[k] ?? 0;
  const first = ms[0]!;
  ms.sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  const cpu = Object.keys(c1).map((k) => `${k} ${r((c1[k]! - (c0[k] ?? 0)) / n)}`).join(', ');
  // The metrics read itself is not a command: every count here is the act's (and the services' own timers').
  const beforeCpu = before ? `; before it, and the last act's work after its answer: ${Object.keys(pre).map((k) => `${k} ${r(pre[k]! / n)}`).join(', ')}` : '';
  const commands = Object.entries(f1).map(([k, v]) => [k, r((v - (f0[k] ?? 0)) / n)] as const).filter(([, v]) => v >= 0.1).map(([k, v]) => `${k} ${v}`).join(', ');
  const row = { act, p50: r(percentile(ms, 50)), p99: r(percentile(ms, 99)), cpu, commands };
  rows.push(row);
  // A process's first act pays what later ones find done (JIT, a journal's views checked once): told apart.
  console.log(`  ${act}: p50 ${row.p50} ms, p99 ${row.p99} ms over ${n}, the first ${r(first)} ms (CPU ms per act: ${cpu}${beforeCpu}${commands ? `; database commands per act: ${commands}` : ''})`);
  out[key] = row.p99;
  out[key.replace('_p99_ms', '_first_ms')] = r(first);
  out[key.replace('_p99_ms', '_cpu_ms')] = r(Object.keys(c1).reduce((t, k) => t + c1[k]! - (c0[k] ?? 0), 0) / n);
}

/**
 * The bench's client sends its first multipart form to a server of its own that only reads it: the
 * first form's set-up in the client (superagent's form and request code run cold: some 15-30 ms of
 * this process's CPU) is the client's, not the first save's. Nothing reaches content.
 */
async function warmClient(): Promise<void> {
  const sink = http.createServer((req, res) => req.resume().on('end', () => res.end('{}')));
  await new Promise<void>((ok) => sink.listen(0, '127.0.0.1', ok));
  try {
    const { port } = sink.address() as { port: number };
    let req = request(`http://127.0.0.1:${port}`).post('/api/archives/warm-up').set({ authorization: 'Bearer warm-up' });
    for (const k of ['year', 'volume', 'issue', 'refnumber', 'title', 'authorname', 'abstract', 'pagenumber', 'email', 'txnid', 'ptype', 'publishdate', 'subject']) req = req.field(k, `${k} (warm-up)`);
    await req;
  } finally {
    await new Promise((ok) => sink.close(ok));
  }
}

/** The edit form sent back with its abstract changed. */
function saveFields(a: Article): Record<string, string> {
  return {
    // The article's own month, as the edit form sends it back (left out, the save would clear it).
    year: String(a.year), volume: String(a.volume), issue: String(a.issue), frequency: a.frequency ?? '', refnumber: a.refnumber, title: a.title, authorname: a.authorname ?? '',
    // The mark leads, and replaces earlier runs' marks: the activity entry sees the change (its summary of a value is its start).
    abstract: `(rev ${Date.now()}) ${(a.abstract ?? '').replace(/\s*\(rev \d+\)/g, '').trim()}`, pagenumber: a.pagenumber ?? '1-2', email: a.email || 'a@b.org', txnid: a.txnid ?? '',
    ptype: a.ptype || 'paid', publishdate: String(a.publishdate ?? '2020-01-01').slice(0, 10), subject: a.subject ?? '',
  };
}

/** One save of the article's edit form; answers its Server-Timing header. */
async function save(url: string, headers: Record<string, string>, a: Article): Promise<string> {
  let req = request(url).post(`/api/archives/${a.id}`).set(headers);
  for (const [k, v] of Object.entries(saveFields(a))) req = req.field(k, v);
  const r = await req;
  if (r.status !== 200) throw new Error(`update answered ${r.status}: ${JSON.stringify(r.body)}`);
  return String(r.headers['server-timing'] ?? '');
}

/**
 * What the edit form reads when it opens (web EditArticlePage: the article and the settings), then
 * the editor's time on the form before the click (STORE_BENCH_FORM_MS, 200 ms by default: far less
 * than any real edit takes). The save is timed from the click.
 */
const FORM_MS = Number(process.env.STORE_BENCH_FORM_MS ?? 200);
async function openForm(url: string, headers: Record<string, string>, a: Article): Promise<void> {
  const [art, settings] = await Promise.all([request(url).get(`/api/admin/articles/${a.id}`).set(headers), request(url).get('/api/settings/').set(headers)]);
  if (art.status !== 200 || settings.status !== 200) throw new Error(`the edit form's reads answered ${art.status}, ${settings.status}`);
  await new Promise((ok) => setTimeout(ok, FORM_MS));
}

/**
 * The worst save a user can meet: a content process's first request, a save with no form read
 * before it (an API client's), nothing of the journal read yet. Content runs as its image runs it:
 * the built service (`npm run build -w services/content` first) in a process of its own with
 * content-staff's Node flags, which takes every save. The save is sent from this process with a
 * client already warm, once content has finished its start (its warm-up included) and after
 * nothing else reached it: the journal and the article are found through this process's own
 * connection. So the time is the user's wait, and the CPU is content's alone, read from /proc
 * (all its threads). Content, the bench's client and the reads that find the article once shared
 * one process: the client's work counted as the save's, and the client and those reads had run
 * code the save runs (Node's HTTP, the driver's reads) before it, so that figure was some 2-4 ms
 * lower than this one (bench/store.md).
 */
async function firstSaveNoForm(ctx: ReturnType<typeof envContext>): Promise<{ ms: number; cpu: number; timing: string }> {
  const slug = process.env.STORE_BENCH_JOURNAL ?? 'pub-0001';
  const conn = await connectMongo(ctx.mongoUrl, ctx.dbName);
  let content: Awaited<ReturnType<typeof spawnBuilt>> | undefined;
  try {
    const journal = await new JournalRepo(conn).findBySlug(slug);
    if (!journal) throw new Error(`no journal ${slug}`);
    // An issue of the first hundred years, four a year (the publisher seed's): a different one each run.
    const k = Date.now() % 400;
    const [a] = await (await ArticleRepo.open(conn)).listByIssue(journal.id, { year: FIRST_YEAR + Math.floor(k / 4), volume: Math.floor(k / 4) + 1, issue: (k % 4) + 1 });
    if (!a) throw new Error('no article to save');
    await warmClient();
    const headers = staffHeaders(journal.id, staffToken(journal.id));
    content = await spawnBuilt(path.join('services', 'content'), {
      PATH: process.env.PATH, MONGO_URL: ctx.mongoUrl, MONGO_DB: ctx.dbName, REDIS_URL: ctx.redisUrl, REDIS_PREFIX: `sb${randomBytes(3).toString('hex')}:`,
      JWT_SECRET: TEST_JWT_SECRET, AUTH_CHECK_STORED_USER: 'off', LOG_LEVEL: 'info', STATS_COUNTING: 'off', CROSSREF_WORKER: 'false', EDGE_PURGE_CONCURRENCY: '0',
      SERVER_TIMING: process.env.SERVER_TIMING ?? '0',
    }, CONTENT_STAFF_NODE_FLAGS);
    const pid = content.child.pid!;
    await untilIdle(pid);
    const c0 = cpuMsFine({ content: pid }).content!;
    const t0 = performance.now();
    const timing = await save(content.url, headers, a);
    const ms = Math.round((performance.now() - t0) * 10) / 10;
    return { ms, cpu: Math.round((cpuMsFine({ content: pid }).content! - c0) * 10) / 10, timing };
  } finally {
    // Stopped before the form's rounds start, so its shutdown is not timed with them.
    const child = content?.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((ok) => setTimeout(ok, 20_000))]);
    }
    await conn.close();
  }
}

/**
 * Until the process's start is done, the save path's warm-up included (ready does not wait for it):
 * its CPU over 300 ms under 5 ms (idle, it still runs its timers: the usage counts' pushes, the
 * change counters' poll), at most 60 s.
 */
async function untilIdle(pid: number): Promise<void> {
  const until = performance.now() + 60_000;
  let last = cpuMsFine({ p: pid }).p!;
  while (performance.now() < until) {
    await new Promise((ok) => setTimeout(ok, 300));
    const now = cpuMsFine({ p: pid }).p!;
    if (now - last < 5) return;
    last = now;
  }
}

/**
 * Acts left out of a run (STORE_BENCH_SKIP, comma-separated: update, create, admin, search, worklog,
 * seo, cold; `form`: the update's rounds after the form, leaving its first save with no form alone).
 */
const SKIP = new Set((process.env.STORE_BENCH_SKIP ?? '').split(',').filter(Boolean));

async function run(): Promise<Record<string, number>> {
  const ctx = envContext();
  // First: the save with no form read before it, in a content process of its own.
  const noForm = SKIP.has('update') ? null : await firstSaveNoForm(ctx);
  if (noForm) console.log(`  article update, a fresh content process's first request, no form read before it: ${noForm.ms} ms, content's CPU ${noForm.cpu} ms${noForm.timing ? ` (steps, ms: ${noForm.timing.replace(/;dur=/g, ' ')})` : ''}`);
  const db = ctx.dbName;
  const slug = process.env.STORE_BENCH_JOURNAL ?? 'pub-0001';
  const app = await startContent({ MONGO_URL: ctx.mongoUrl, MONGO_DB: db, REDIS_URL: ctx.redisUrl, STATS_COUNTING: 'off', CROSSREF_WORKER: 'false', SERVER_TIMING: process.env.SERVER_TIMING ?? '0' } as never);
  const rows: Row[] = [];
  const out: Record<string, number> = noForm ? { [`store_article_update_first_no_form_ms${LABEL}`]: noForm.ms } : {};
  // Issues a journal holds (pub-0001's count): the cold reads go that deep into each journal, so a
  // database of one journal is read at COLD_READS issues, not four.
  let issuesEach = 4;
  try {
    const journal = await new JournalRepo(app.conn).findBySlug(slug);
    if (!journal) throw new Error(`no journal ${slug} in ${db}: seed it first (npm run seed -- --journals 500 --articles 100000)`);
    const J = journal.id;
    const as = staffHeaders(J, staffToken(J));
    // From the head view's counts (the admin dashboard's): counting the articles would read them all.
    const articles = Object.values((await app.deps.views.head(J)).counts).reduce((a, b) => a + b, 0);
    console.log(`store bench on ${db}: journal ${slug} holds ${articles.toLocaleString('en')} articles`);
    const issues = Math.max(1, Math.floor(articles / PER_ISSUE));
    issuesEach = issues;
    const issueKey = (k: number) => ({ year: FIRST_YEAR + Math.floor(k / 4), volume: Math.floor(k / 4) + 1, issue: (k % 4) + 1 });
    const spread = (i: number) => Math.floor(((i * 2654435761) >>> 0) / 2 ** 32 * issues);

    // Article update: the edit form opened, then sent back with its abstract changed, a different issue each time.
    const picked: Article[] = [];
    for (let i = 0; i < (SKIP.has('update') || SKIP.has('form') ? 0 : ROUNDS); i++) {
      const [a] = await app.deps.repos.articles.listByIssue(J, issueKey(spread(i)));
      if (a) picked.push(a);
    }
    // Where each save's time goes (content's Server-Timing, SERVER_TIMING=1): p50/p99 per step.
    const steps = new Map<string, number[]>();
    if (picked.length) await warmClient();
    if (picked.length)
      await timed(
        out,
        `store_article_update_p99_ms${LABEL}`,
        `article update (from the click; its form opened ${FORM_MS} ms before)`,
        rows,
        picked.length,
        async (i) => {
          const timing = await save(app.url, as, picked[i]!);
          if (i === 0 && timing) console.log(`  the first save's steps, ms: ${timing.replace(/;dur=/g, ' ')}`);
          for (const m of timing.matchAll(/([\w-]+);dur=([\d.]+)/g)) steps.set(m[1]!, [...(steps.get(m[1]!) ?? []), Number(m[2])]);
        },
        (i) => openForm(app.url, as, picked[i]!),
      );
    // The median save too (bench/results.json keeps it beside the p99).
    if (picked.length) out[`store_article_update_p50_ms${LABEL}`] = rows.at(-1)!.p50;
    if (steps.size) {
      const p = (v: number[], q: number) => Math.round(percentile([...v].sort((a, b) => a - b), q) * 10) / 10;
      console.log(`  article update steps, p50/p99 ms: ${[...steps].map(([k, v]) => `${k} ${p(v, 50)}/${p(v, 99)}`).join(', ')}`);
    }

    const agent = new http.Agent({ keepAlive: true });
    // Article create (with a small PDF) and delete (withdrawn as removed), in a new issue.
    if (!SKIP.has('create')) {
    const issue = { year: 2090 + (Date.now() % 9), volume: 900 + (Date.now() % 90), issue: 1 };
    await request(app.url).post('/api/admin/create-issue').set(as).send({ ...issue, frequency: 'January-March' });
    const pdf = await makePdf('Store bench');
    const added: string[] = [];
    const [createSteps, deleteSteps] = [stepTimes(), stepTimes()];
    const stamp = Date.now().toString(36);
    await timed(out, `store_article_create_p99_ms${LABEL}`, 'article create (small PDF)', rows, ROUNDS, async (i) => {
      let req = request(app.url).post('/api/admin/archives/').set(as);
      const f: Record<string, string> = {
        year: String(issue.year), volume: String(issue.volume), issue: String(issue.issue), refnumber: String(900000 + ((Date.now() + i) % 99999)), title: `Store bench ${stamp} ${i}`,
        authorname: 'Asha Rao', abstract: '<p>A</p>', pagenumber: `${1 + i * 10}-${5 + i * 10}`, email: 'a@b.org', txnid: `SB${stamp}${i}`, ptype: 'paid', publishdate: `${issue.year}-01-02`,
      };
      for (const [k, v] of Object.entries(f)) req = req.field(k, v);
      const r = await req.attach('pdfFile', pdf, { filename: 'a.pdf', contentType: 'application/pdf' });
      if (r.status !== 201) throw new Error(`create answered ${r.status}: ${JSON.stringify(r.body)}`);
      added.push(r.body.id as string);
      createSteps.add(String(r.headers['server-timing'] ?? ''));
    });
    createSteps.print('article create');
    // A PDF's first byte, public, each a different stored file (the files just added).
    const files = (await app.deps.repos.articles.listByIssue(J, issue)).filter((a) => a.file && added.includes(a.id));
    if (files.length) {
      await timed(out, `store_pdf_first_byte_new_file_p99_ms${LABEL}`, 'PDF first byte (a file just added; bench/store-files.bench.ts measures 100,000 stored files)', rows, files.length, async (i) => {
        const a = files[i]!;
        const r = await timedGet(agent, `${app.url}${assetPath.article(a.year, a.volume, a.issue, a.file)}`, { 'x-journal-id': J });
        if (r.status !== 200) throw new Error(`PDF answered ${r.status}`);
      });
    }

    await timed(out, `store_article_delete_p99_ms${LABEL}`, 'article delete (withdrawn)', rows, added.length, async (i) => {
      const r = await request(app.url).post(`/api/admin/articles/${added[i]}/withdraw`).set(as).send({ kind: 'withdrawn', reason: 'Store bench' });
      if (r.status !== 200) throw new Error(`withdraw answered ${r.status}: ${JSON.stringify(r.body)}`);
      deleteSteps.add(String(r.headers['server-timing'] ?? ''));
    });
    deleteSteps.print('article delete');
    }

    // Admin lists: the issue list with counts (its first page, as the admin screen reads it, then
    // the whole list in one answer), one issue's articles, the dashboard counts, a search.
    if (!SKIP.has('admin')) {
    await timed(out, `store_admin_list_p99_ms${LABEL}`, `admin issue list, first page (GET /api/admin/archives?limit=${ADMIN_PAGE})`, rows, ROUNDS, async () => {
      const r = await request(app.url).get(`/api/admin/archives/?limit=${ADMIN_PAGE}`).set(as);
      if (r.status !== 200) throw new Error(`admin archives answered ${r.status}`);
    });
    await timed(out, `store_admin_list_all_p99_ms${LABEL}`, 'admin issue list, every issue in one answer', rows, ROUNDS, async () => {
      const r = await request(app.url).get('/api/admin/archives/').set(as);
      if (r.status !== 200) throw new Error(`admin archives answered ${r.status}`);
    });
    await timed(out, `store_admin_issue_p99_ms${LABEL}`, 'admin issue articles', rows, ROUNDS, async (i) => {
      const k = issueKey(spread(i + 7));
      const r = await request(app.url).get(`/api/admin/archives/${k.year}/${k.volume}/${k.issue}`).set(as);
      if (r.status !== 200) throw new Error(`admin issue answered ${r.status}`);
    });
    await timed(out, `store_admin_counts_p99_ms${LABEL}`, 'admin dashboard counts', rows, ROUNDS, async () => {
      const r = await request(app.url).get('/api/admin').set(as);
      if (r.status !== 200) throw new Error(`admin counts answered ${r.status}`);
    });
    }
    const words = ['quantum', 'soil', 'neural', 'zeolite', 'lattice', 'viral'];
    if (!SKIP.has('search')) {
      // The journal's first search reads its whole index from the database: timed apart, as the
      // work-log's first list is, and the rounds are the searches that follow.
      const t0 = performance.now();
      const first = await request(app.url).get('/api/admin/search?q=study').set(as);
      if (first.status !== 200) throw new Error(`admin search answered ${first.status}`);
      const firstMs = Math.round(performance.now() - t0);
      console.log(`  admin search: first search of the journal ${firstMs} ms`);
      await timed(out, `store_admin_search_p99_ms${LABEL}`, 'admin search', rows, ROUNDS, async (i) => {
        const r = await request(app.url).get(`/api/admin/search?q=${words[i % words.length]}`).set(as);
        if (r.status !== 200) throw new Error(`admin search answered ${r.status}`);
      });
      // Its key is the one timed() gives the rounds' first: the journal's first search is kept there.
      out[`store_admin_search_first_ms${LABEL}`] = firstMs;
    }

    // The work-log list of the journal holding the large log (pub-0001 in the publisher seed).
    if (!SKIP.has('worklog')) {
    const worklog = await startWorklog(
      worklogConfigSchema.parse({ MONGO_URL: ctx.mongoUrl, MONGO_DB: db, REDIS_URL: ctx.redisUrl, REDIS_PREFIX: `${app.config.REDIS_PREFIX}wl:`, JWT_SECRET: TEST_JWT_SECRET, AUTH_CHECK_STORED_USER: 'off', PORT: 0, LOG_LEVEL: 'silent' }),
    );
    try {
      const first = await timedGet(agent, `${worklog.url}/api/webdata?page=1`, as, { keepBody: true });
      console.log(`  work-log: first list ${first.ms.toFixed(1)} ms (${(JSON.parse(String(first.body ?? '{}')) as { total?: number }).total ?? '?'} entries)`);
      await timed(out, `store_worklog_list_p99_ms${LABEL}`, 'work-log list', rows, ROUNDS, async (i) => {
        const r = await timedGet(agent, `${worklog.url}/api/webdata?page=${1 + (i % 50)}`, as);
        if (r.status !== 200) throw new Error(`work-log answered ${r.status}`);
      });
    } finally {
      await worklog.stop();
    }
    }
    // Crawlers' reads: the sitemap's files in turn (a file's first read reads the chunks of the issues
    // it lists, later reads find it in the process's cache; the index read first holds file 1), then
    // OAI-PMH ListRecords pages, each the next by its resumption token (its records' article views).
    if (!SKIP.has('seo')) {
      const pub = { 'x-journal-id': J };
      const index = await timedGet(agent, `${app.url}/sitemap.xml`, pub, { keepBody: true });
      if (index.status !== 200) throw new Error(`sitemap answered ${index.status}`);
      const files = (String(index.body).match(/<sitemap>/g) ?? []).length;
      console.log(`  sitemap: ${files || 1} file(s), the first read ${index.ms.toFixed(1)} ms`);
      await timed(out, `store_sitemap_p99_ms${LABEL}`, `sitemap file (each of ${files || 1} in turn)`, rows, ROUNDS, async (i) => {
        const r = await timedGet(agent, `${app.url}${files ? `/sitemap-${1 + (i % files)}.xml` : '/sitemap.xml'}`, pub);
        if (r.status !== 200) throw new Error(`sitemap file answered ${r.status}`);
      });
      let token = '';
      await timed(out, `store_oai_list_records_p99_ms${LABEL}`, 'OAI-PMH ListRecords page (the first, then each next by its token)', rows, ROUNDS, async () => {
        const r = await timedGet(agent, `${app.url}/oai?verb=ListRecords&${token ? `resumptionToken=${encodeURIComponent(token)}` : 'metadataPrefix=oai_dc'}`, pub, { keepBody: true });
        if (r.status !== 200) throw new Error(`OAI-PMH answered ${r.status}`);
        token = /<resumptionToken[^>]*>([^<]+)</.exec(String(r.body))?.[1] ?? '';
      });
    }
    agent.destroy();
  } finally {
    await app.stop(); // never stopContent: it drops the database
  }

  // Cold issue lists: a fresh content process reads issues of every journal, each once.
  if (SKIP.has('cold')) return out;
  const fresh = await startContent({ MONGO_URL: ctx.mongoUrl, MONGO_DB: db, REDIS_URL: ctx.redisUrl, STATS_COUNTING: 'off', CROSSREF_WORKER: 'false' } as never);
  try {
    const journals = (await new JournalRepo(fresh.conn).listAll()).filter((j) => j.slug.startsWith('pub-'));
    const agent = new http.Agent({ keepAlive: true });
    await timed(out, `store_cold_issue_content_p99_ms${LABEL}`, 'cold issue list (content, fresh process)', rows, Math.min(COLD_READS, journals.length * issuesEach), async (i) => {
      const j = journals[i % journals.length]!;
      const k = Math.floor(i / journals.length);
      const year = FIRST_YEAR + Math.floor(k / 4);
      const r = await timedGet(agent, `${fresh.url}/api/archives/${year}/${year - FIRST_YEAR + 1}/${(k % 4) + 1}`, { 'x-journal-id': j.id });
      if (r.status !== 200) throw new Error(`cold issue answered ${r.status}`);
    });
    agent.destroy();
  } finally {
    await fresh.stop();
  }
  console.log(
    ['| act | p50 | p99 | CPU ms per act | database commands per act |', '|---|---|---|---|---|', ...rows.map((r) => `| ${r.act} | ${r.p50} ms | ${r.p99} ms | ${r.cpu} | ${r.commands} |`)].join('\n'),
  );
  return out;
}

/*
 * The content and work-log services under test run in this process, so it runs with the staff
 * pod's V8 flags (services/content/src/node-flags.ts), its heap limit aside since the bench's own
 * data shares the heap. Under V8's defaults the heap's limit sat only a third above what a full
 * collection left (83 -> 110 MB here): from some 80 saves on, one save in seven met a full
 * collection's marking (30-50 ms) and those set the p99, a cost the pod's
 * `--heap-growing-percent=100` does not have.
 */
const POD_FLAGS = CONTENT_STAFF_NODE_FLAGS.filter((f) => !f.startsWith('--max-old-space-size'));
if (POD_FLAGS.every((f) => process.execArgv.includes(f))) runStandalone('store', run, undefined);
else process.exit(spawnSync(process.execPath, [...POD_FLAGS, ...process.execArgv, __filename, ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1);

/**
 * The reader's site under load. Prints, in one run:
 *   read_ratio / read_p99_ms  issue-page API through nginx → gateway → content, against nginx
 *                             serving the same bytes as a static file, 64 connections each;
 *   issue300_p50_ms           the issue API for an issue of 300 articles (full stack);
 *   search_p95_ms             /api/search over a journal of 10,000 articles, distinct keywords;
 *   admin_search_p95_ms       /api/admin/search over the same journal, 16 staff at once, distinct
 *                             queries (title words, authors, txnids, reference numbers, misses).
 * The data goes into a journal of the bench's own (host bench-content.localhost) through the
 * content repositories. Figures only: nothing here asserts a time.
 *
 * The uncached read and the search also report the gateway's and the content service's CPU per
 * request (from /proc, so a busy machine changes the wall-clock figures more than these), and the
 * search is timed at each hop (content alone, gateway → content, nginx → gateway → content) with
 * its answer size, to show where its time goes.
 *
 * BENCH_CONTENT_PARTS=read,search runs only those parts (issue300: the 300-article issue after a
 * write and after a restart; read: the issue page cached and uncached; search; admin: the admin
 * search); unset runs every part. Figures of parts not run are left out.
 */
import http from 'node:http';
import { Types } from 'mongoose';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cpuMs } from './proc-cpu';
import { connectMongo, createLogger, createRedis, signToken } from '@journal/server-kit';
import { offlineViews } from '../services/content/src/views-offline';
import { start as startContent } from '../services/content/src/app';
import { contentConfigSchema } from '../services/content/src/config';
import { JournalRepo } from '../services/content/src/journals/journal.repo';
import { IssueRepo } from '../services/content/src/archives/issue.repo';
import { ArticleRepo, type ArticleInput } from '../services/content/src/archives/article.repo';
import { percentile, round } from '@journal/testing';
import { restartedService, timedGet, timeUrls } from './http-timing';
import { coresBusy, machineTicks } from './machine-cpu';

export interface ContentBenchContext {
  baseUrl: string;
  gatewayUrl: string;
  contentUrl: string;
  mongoUrl: string;
  dbName: string;
  redisUrl: string;
  nginxStaticUrl: string;
  staticDir?: string;
  redisPrefix?: string;
  jwtSecret?: string;
  /** Process ids of the stack's processes, for CPU per request. */
  pids?: Record<string, number>;
}

const HOST = 'bench-content.localhost';
const SLUG = 'bench-content';
const TOTAL = 10_000;
const BIG_ISSUE = 300;
const SMALL_ISSUE = 12;
const CONNECTIONS = 64;
const LOAD_SECONDS = Number(process.env.BENCH_CONTENT_SECONDS ?? 8);
const YEAR = 2024;

// A vocabulary of synthetic terms: each appears in a few hundred abstracts, as a real keyword would.
const SYL = ['ka', 'lo', 'mi', 'ra', 'tu', 'ven', 'sol', 'dri', 'pha', 'zen', 'cor', 'bel', 'nus', 'ter', 'qua', 'gil'];
const term = (i: number) => SYL[i % 16]! + SYL[(i >> 4) % 16]! + SYL[(i >> 8) % 16]! + 'ine';
const VOCAB = 1500;
const SURNAMES = ['Sharma', 'Verma', 'Singh', 'Gupta', 'Patel', 'Rao', 'Mishra', 'Yadav', 'Chauhan', 'Joshi', 'Reddy', 'Nair', 'Iyer', 'Menon', 'Tiwari', 'Dubey'];

const PARTS = new Set((process.env.BENCH_CONTENT_PARTS ?? 'issue300,read,search,admin').split(',').map((p) => p.trim()));

/** Each process's CPU ms per request between two cpuMs readings. */
const SERVING = ['nginx', 'gateway', 'content'];
const cpuPerRequest = (before: Record<string, number>, after: Record<string, number>, requests: number): Record<string, number> =>
  Object.fromEntries(SERVING.filter((k) => k in before && k in after).map((k) => [k, round((after[k]! - before[k]!) / Math.max(1, requests), 3)]));


const request = (agent: http.Agent, url: string, headers: Record<string, string>, keepBody = false) => timedGet(agent, url, headers, { keepBody });

/** `connections` loops sending one request after another for `seconds`; latencies in ms. */
async function load(url: string, headers: Record<string, string>, connections: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const lat: number[] = [];
  let errors = 0;
  let bytes = 0;
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        try {
          const r = await request(agent, url, headers);
          if (r.status !== 200) errors++;
          bytes += r.bytes;
        } catch {
          errors++;
        }
        lat.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  lat.sort((a, b) => a - b);
  return { rps: lat.length / elapsed, p50: percentile(lat, 50), p99: percentile(lat, 99), errors, requests: lat.length, bytes };
}

/** One read after another, as a single reader sends them. */
const sequential = (urls: string[], headers: Record<string, string>) => timeUrls(urls, headers, 1);

export function articleInput(n: number, issue: number, pageStart: number): ArticleInput & { year: number; volume: number; issue: number; refnumber: string; title: string; txnid: string } {
  const words = Array.from({ length: 40 }, (_, k) => term((n * 31 + k * 97) % VOCAB));
  return {
    year: YEAR,
    volume: 5,
    issue,
    frequency: 'monthly',
    refnumber: String(100000 + n),
    txnid: `BENCH${n}`,
    title: `Study ${n} of ${words[0]} and <i>${words[1]}</i> in ${words[2]} systems`,
    authorname: `${SURNAMES[n % 16]} A. K., ${SURNAMES[(n * 7) % 16]} P.`,
    abstract: `&lt;p&gt;We report on ${words.slice(3).join(' ')}. The results are discussed in detail.&lt;/p&gt;`,
    keywords: words.slice(3, 7).join(', '),
    pagenumber: `${pageStart}-${pageStart + 4}`,
    subject: 'Benchmark',
    country: 'India',
    file: `${100000 + n}.pdf`,
    status: 'enabled',
    publishdate: `${YEAR}-06-01`,
  };
}

/** Creates the bench journal with 10,000 articles: issue 1 small, issue 2 of 300, the rest in issues of 300. */
export async function seed(ctx: Pick<ContentBenchContext, 'mongoUrl' | 'dbName' | 'redisUrl' | 'redisPrefix'>): Promise<string> {
  const conn = await connectMongo(ctx.mongoUrl, ctx.dbName);
  try {
    const journals = new JournalRepo(conn);
    const issues = new IssueRepo(conn);
    const articles = await ArticleRepo.open(conn);
    await Promise.all([journals.init(), issues.init(), articles.init()]);
    const existing = await journals.findBySlug(SLUG);
    const j = existing ?? (await journals.upsert({
      slug: SLUG, hosts: [HOST], websitename: 'Content bench journal', domain: HOST, formatted_journal_name: 'Content bench journal',
      websiteemail: 'bench@example.org', whatsup_number: '', year_started: '2020', journal_frequency: 'Monthly', journal_type: 'Online',
      journal_language: 'English', journal_essn: '', issn: '0000-0000', nassScore: '', nassScoreYear: '', impactfactor: '', fee_rupee: '2000',
      fee_dollar: '50', google_review_link: '', home_content: '', flags: {} as never,
    }));
    const have = await articles.count(j.id);
    if (have < TOTAL) {
      const t = performance.now();
      // Issue 1: a typical issue; issue 2: 300 articles; then issues of 300 up to 10,000.
      const plan: number[] = [SMALL_ISSUE, BIG_ISSUE];
      let left = TOTAL - SMALL_ISSUE - BIG_ISSUE;
      while (left > 0) {
        plan.push(Math.min(BIG_ISSUE, left));
        left -= BIG_ISSUE;
      }
      let n = 0;
      for (const [i, count] of plan.entries()) {
        await issues.ensure(j.id, { year: YEAR, volume: 5, issue: i + 1, frequency: 'monthly' });
        const docs = Array.from({ length: count }, (_, k) => articleInput(n + k, i + 1, k * 5 + 1));
        n += count;
        if (have > 0) {
          for (const d of docs) if (!(await articles.findByRef(j.id, d.refnumber))) await articles.create(j.id, d);
        } else {
          await articles.insertMany(j.id, docs);
        }
      }
      console.log(`seeded ${TOTAL} articles in ${round((performance.now() - t) / 1000, 1)} s`);
    }
    // The journal's public views are built from what was seeded; running replicas drop their copies.
    const redis = ctx.redisUrl ? createRedis(ctx.redisUrl, { lazyConnect: true }) : undefined;
    await redis?.connect();
    await (await offlineViews(conn, redis, ctx.redisPrefix ?? 'jp:', createLogger('bench', 'warn', 'stderr'))).publisher.invalidate(j.id);
    redis?.disconnect();
    return j.id;
  } finally {
    await conn.close();
  }
}

export async function run(ctx: ContentBenchContext): Promise<Record<string, number>> {
  await seed(ctx);
  const headers = { Host: HOST, Accept: 'application/json' };
  // The cookie a browser holds right after a write: nginx's one-second cache is skipped, so these
  // requests measure the services themselves (nginx → gateway → content).
  const uncached = { ...headers, Authorization: 'Bearer uncached' };
  const agent = new http.Agent({ keepAlive: true });
  const jid = await journalIdOf(ctx);
  const figures: Record<string, number> = {};

  // 1. An issue of 300 articles. After the seed the running replica reloads the journal in the
  // background; wait until it answers the seeded issue, then time the steady state.
  const bigUrl = `${ctx.baseUrl}/api/archives/${YEAR}/vol5/issue2`;
  for (let i = 0; i < 600; i++) {
    const r = await request(agent, bigUrl, uncached, true);
    if (r.status === 200 && (JSON.parse(r.body!.toString()) as unknown[]).length === BIG_ISSUE) break;
    await new Promise((res) => setTimeout(res, 100));
  }
  if (PARTS.has('issue300')) {
    const issue300 = await sequential(Array.from({ length: 200 }, () => bigUrl), uncached);
    // The first answer after an admin write (an article of that issue edited through the admin API),
    // as the writer's browser asks it (nginx's cache skipped).
    const afterWrite: number[] = [];
    if (ctx.jwtSecret) {
      const token = await staffToken(ctx, jid);
      for (let k = 0; k < 5; k++) {
        const n = SMALL_ISSUE + 10 + k;
        const list = JSON.parse((await request(agent, bigUrl, uncached, true)).body!.toString()) as { id: string; refnumber: string }[];
        const target = list.find((a) => a.refnumber === String(100000 + n))!;
        const fields = { ...articleInput(n, 2, (n - SMALL_ISSUE) * 5 + 1), title: `Study ${n} edited ${Date.now()}`, frequency: '', email: 'bench@example.org', ptype: 'paid' };
        // Straight to the content service: on a loaded machine the edit's own checks (duplicate
        // look-ups) can outlast the gateway's timeout, and what is timed here is the read after it.
        const w = await postForm(`${ctx.contentUrl}/api/archives/${target.id}`, { 'x-journal-id': jid, 'x-journal-host': HOST, Authorization: `Bearer ${token}` }, fields);
        if (w !== 200) {
          console.log(`admin edit answered ${w}; no after-write figure`);
          break;
        }
        const t = performance.now();
        const r = await request(agent, bigUrl, uncached);
        afterWrite.push(performance.now() - t);
        if (r.status !== 200) throw new Error(`issue after write answered ${r.status}`);
      }
    }
    afterWrite.sort((a, b) => a - b);
    const afterWriteMs = afterWrite.length ? afterWrite[afterWrite.length - 1]! : NaN;
    console.log(`300-article issue: steady p50 ${round(issue300.p50)} ms, p99 ${round(issue300.p99)} ms; first answer after an admin write, worst of ${afterWrite.length}: ${round(afterWriteMs)} ms`);

    // A content process restarting: time until /readyz says ready (every journal's read model
    // loaded), then its first answer of the 300-article issue, and the read models' heap.
    const restart = await restartedContent(ctx, jid);
    console.log(`content restart: ready after ${round(restart.readyMs)} ms (${restart.articles} articles in memory, ${round(restart.readyPer100k)} ms per 100,000), first 300-article issue ${round(restart.firstMs)} ms, read models ~${round(restart.heapMb, 1)} MB heap (${round(restart.mbPer10k, 1)} MB per 10,000 articles)`);
    Object.assign(figures, {
      issue300_after_write_ms: round(afterWriteMs),
      issue300_after_restart_ms: round(restart.firstMs),
      content_time_to_ready_ms: round(restart.readyMs),
      content_ready_ms_per_100k_articles: round(restart.readyPer100k),
      content_read_model_mb_per_10k_articles: round(restart.mbPer10k, 1),
      issue300_p50_ms: round(issue300.p50),
    });
  }

  // 2. The issue-page API through the stack, against the same bytes served statically by nginx.
  if (PARTS.has('read')) {
    const issueUrl = `${ctx.baseUrl}/api/archives/${YEAR}/vol5/issue1`;
    const first = await request(agent, issueUrl, headers, true);
    if (first.status !== 200) throw new Error(`issue API answered ${first.status}`);
    const staticDir = ctx.staticDir ?? path.join(__dirname, '../web/dist/bench-static');
    mkdirSync(staticDir, { recursive: true });
    writeFileSync(path.join(staticDir, 'content-issue.json'), first.body!);
    const staticUrl = `${ctx.nginxStaticUrl}/content-issue.json`;
    const st = await request(agent, staticUrl, {}, true);
    if (st.status !== 200 || st.bytes !== first.bytes) throw new Error(`static copy answered ${st.status} with ${st.bytes} bytes`);
    await load(issueUrl, headers, CONNECTIONS, 1); // warm-up
    const api = await load(issueUrl, headers, CONNECTIONS, LOAD_SECONDS);
    await load(staticUrl, {}, CONNECTIONS, 1);
    const stat = await load(staticUrl, {}, CONNECTIONS, LOAD_SECONDS);
    const cpu0 = cpuMs(ctx.pids);
    const m0 = machineTicks();
    const through = await load(issueUrl, uncached, CONNECTIONS, Math.min(4, LOAD_SECONDS));
    const throughBusy = coresBusy(m0, machineTicks());
    const throughCpu = cpuPerRequest(cpu0, cpuMs(ctx.pids), through.requests);
    const direct = await load(`${ctx.contentUrl}/api/archives/${YEAR}/vol5/issue1`, { 'x-journal-id': jid, 'x-journal-host': HOST }, CONNECTIONS, Math.min(4, LOAD_SECONDS));
    console.log(`issue page (${first.bytes} B) via nginx→gateway→content: ${round(api.rps, 0)} req/s, p50 ${round(api.p50)} ms, p99 ${round(api.p99)} ms, errors ${api.errors}`);
    console.log(`same bytes from nginx static:                ${round(stat.rps, 0)} req/s, p50 ${round(stat.p50)} ms, p99 ${round(stat.p99)} ms, errors ${stat.errors}`);
    console.log(`same, skipping nginx's 1 s cache:          ${round(through.rps, 0)} req/s, p50 ${round(through.p50)} ms, p99 ${round(through.p99)} ms, errors ${through.errors}; CPU ms per request ${JSON.stringify(throughCpu)}; cores busy ${round(throughBusy * 100, 1)} %`);
    console.log(`content service alone:                        ${round(direct.rps, 0)} req/s, p99 ${round(direct.p99)} ms`);
    Object.assign(figures, {
      content_alone_ratio: round(direct.rps / stat.rps, 3),
      content_alone_rps: round(direct.rps, 0),
      read_ratio: round(api.rps / stat.rps, 3),
      read_p99_ms: round(api.p99),
      read_rps: round(api.rps, 0),
      read_uncached_ratio: round(through.rps / stat.rps, 3),
      read_uncached_p99_ms: round(through.p99),
      read_uncached_rps: round(through.rps, 0),
      // Near 1: requests/s is what the cores allow, and the 64 connections wait 64 ÷ requests/s on average.
      read_uncached_cores_busy: throughBusy,
      static_rps: round(stat.rps, 0),
      ...(throughCpu.gateway !== undefined ? { read_uncached_gateway_cpu_ms: throughCpu.gateway } : {}),
      ...(throughCpu.content !== undefined ? { read_uncached_content_cpu_ms: throughCpu.content } : {}),
      ...(throughCpu.nginx !== undefined ? { read_uncached_nginx_cpu_ms: throughCpu.nginx } : {}),
    });
  }

  // 3. Search over 10,000 articles by 16 readers at once, every keyword different (no answer
  // cache hit anywhere): as readers send it, then the same at each hop to show where time goes.
  if (PARTS.has('search')) {
    const tFirst = performance.now();
    await request(agent, `${ctx.baseUrl}/api/search?keyword=warmup-${Date.now()}`, headers);
    const firstSearchMs = performance.now() - tFirst;
    // That first search of the journal's corpus starts the build of its search index in the
    // background (searches scan until it is ready, as after every write): the figures below are
    // the steady state once it is built; search_first_ms is the first search.
    await new Promise((r) => setTimeout(r, 2000));
    const urls = searchUrls(Date.now().toString(36));
    const sample = await request(agent, urls(ctx.baseUrl, 3)[0]!, uncached, true);
    const cpu0 = cpuMs(ctx.pids);
    const m0 = machineTicks();
    const t0 = performance.now();
    const search = await concurrent(urls(ctx.baseUrl, 0), uncached, 16);
    const searchRps = 480 / ((performance.now() - t0) / 1000);
    const searchBusy = coresBusy(m0, machineTicks());
    const searchCpu = cpuPerRequest(cpu0, cpuMs(ctx.pids), 480);
    // Each hop gets keywords of its own (another slice of the vocabulary): no answer cached by an earlier run.
    const viaGateway = await concurrent(urls(ctx.gatewayUrl, 1), headers, 16);
    const alone = await concurrent(urls(ctx.contentUrl, 2), { 'x-journal-id': jid, 'x-journal-host': HOST }, 16);
    console.log(`search over ${TOTAL} articles, 16 concurrent: first ${round(firstSearchMs)} ms; then p50 ${round(search.p50)} ms, p95 ${round(search.p95)} ms, ` +
      `answers ~${round(search.bytes / 480 / 1024, 1)} kB (a vocabulary word: ${round(sample.bytes / 1024, 1)} kB); CPU ms per search ${JSON.stringify(searchCpu)}; ` +
      `${round(searchRps, 0)} searches/s, cores busy ${round(searchBusy * 100, 1)} %`);
    console.log(`  gateway → content: p50 ${round(viaGateway.p50)} ms, p95 ${round(viaGateway.p95)} ms; content alone: p50 ${round(alone.p50)} ms, p95 ${round(alone.p95)} ms`);
    Object.assign(figures, {
      search_p95_ms: round(search.p95),
      search_first_ms: round(firstSearchMs),
      search_gateway_p95_ms: round(viaGateway.p95),
      search_content_p95_ms: round(alone.p95),
      search_answer_kb: round(search.bytes / 480 / 1024, 1),
      search_rps: round(searchRps, 0),
      search_cores_busy: searchBusy,
      ...(searchCpu.gateway !== undefined ? { search_gateway_cpu_ms: searchCpu.gateway } : {}),
      ...(searchCpu.content !== undefined ? { search_content_cpu_ms: searchCpu.content } : {}),
      ...(searchCpu.nginx !== undefined ? { search_nginx_cpu_ms: searchCpu.nginx } : {}),
    });
  }
  agent.destroy();

  // 4. The admin search by 16 staff at once (through nginx → gateway → content, signed in).
  const admin = ctx.jwtSecret && PARTS.has('admin') ? await adminSearch(ctx, jid) : null;
  if (admin) {
    console.log(
      `admin search over ${TOTAL} articles, 16 concurrent: p50 ${round(admin.p50)} ms, p95 ${round(admin.p95)} ms, errors ${admin.errors}`,
    );
    Object.assign(figures, { admin_search_p95_ms: round(admin.p95), admin_search_p50_ms: round(admin.p50), admin_search_errors: admin.errors });
  }
  console.log(figures);
  return figures;
}

/**
 * Run r's search URLs: words r*480 … r*480+479 of the vocabulary in a fixed shuffle (53 is prime to
 * its size), one in ten a surname and a number (a phrase that matches nothing): every keyword of
 * every run differs, so no answer comes from a cache.
 */
export function searchUrls(stamp: string) {
  const keywords = (r: number) =>
    Array.from({ length: 480 }, (_, i) => (i % 10 === 9 ? `${SURNAMES[i % 16]} ${r * 480 + i}` : term(((r * 480 + i) * 53) % VOCAB)));
  return (base: string, r: number) => keywords(r).map((k, i) => `${base}/api/search?keyword=${encodeURIComponent(k)}&_=${stamp}${r}${i}`);
}
export const SEARCH_HOST = HOST;

/** Every service checks that a token's user exists and is enabled: the bench signs in as a real one. */
async function staffToken(ctx: ContentBenchContext, jid: string): Promise<string> {
  const conn = await connectMongo(ctx.mongoUrl, ctx.dbName);
  try {
    const _id = new Types.ObjectId();
    await conn.collection('users').insertOne({
      _id, journalId: new Types.ObjectId(jid), name: `bench-${_id.toString()}`, passwordHash: '-', status: 'enabled', allowedIps: [], validAfter: 0,
    });
    return signToken(ctx.jwtSecret!, { id: _id.toString(), name: 'bench', journalId: jid }).token;
  } finally {
    await conn.close();
  }
}

/** Staff searches as the admin screen sends them. */
async function adminSearch(ctx: ContentBenchContext, jid: string) {
  const token = await staffToken(ctx, jid);
  const headers = { Host: HOST, Accept: 'application/json', Authorization: `Bearer ${token}` };
  const queries = Array.from({ length: 480 }, (_, i) => {
    switch (i % 6) {
      case 0: return term((i * 53) % VOCAB); // a title or keyword word
      case 1: return SURNAMES[i % 16]!.toLowerCase(); // an author (hundreds of matches: the 200 cap)
      case 2: return `BENCH${(i * 37) % TOTAL}`; // a txnid (and the longer ones it prefixes)
      case 3: return String(100000 + ((i * 71) % TOTAL)); // a reference number
      case 4: return `study ${(i * 13) % TOTAL} of`; // a title phrase
      default: return `nothing-like-this-${i}`; // no match
    }
  });
  const res = await concurrent(queries.map((q) => `${ctx.baseUrl}/api/admin/search?q=${encodeURIComponent(q)}`), headers, 16);
  return res;
}

/** A multipart form POST (the admin API's article edit); answers the status. */
function postForm(url: string, headers: Record<string, string>, fields: Record<string, unknown>): Promise<number> {
  const boundary = `----bench${Date.now()}`;
  const body = Buffer.from(
    Object.entries(fields)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\r\n`)
      .join('') + `--${boundary}--\r\n`,
  );
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Requests `urls` with `connections` of them in flight at once; latencies in ms. */
const concurrent = timeUrls;

/**
 * Starts a second content process in this one against the stack's database, as a restarted pod:
 * time to ready, its first answer of the 300-article issue, and the heap its read models take.
 */
async function restartedContent(ctx: ContentBenchContext, jid: string) {
  const start = () =>
    startContent(
      contentConfigSchema.parse({
        MONGO_URL: ctx.mongoUrl, MONGO_DB: ctx.dbName, REDIS_URL: ctx.redisUrl, REDIS_PREFIX: ctx.redisPrefix ?? 'jp:', JWT_SECRET: ctx.jwtSecret ?? 'x'.repeat(40),
        PORT: 0, LOG_LEVEL: 'silent',
      }),
    );
  const r = await restartedService(start, `/api/archives/${YEAR}/vol5/issue2`, { 'x-journal-id': jid, 'x-journal-host': HOST }, (app) => {
    // Views are read on demand: the articles of the journal this bench reads.
    void app;
    return { articles: TOTAL };
  });
  return { ...r, mbPer10k: (r.heapMb / Math.max(1, r.articles)) * 10_000, readyPer100k: (r.readyMs / Math.max(1, r.articles)) * 100_000 };
}

async function journalIdOf(ctx: ContentBenchContext): Promise<string> {
  const conn = await connectMongo(ctx.mongoUrl, ctx.dbName);
  try {
    return (await new JournalRepo(conn).findBySlug(SLUG))!.id;
  } finally {
    await conn.close();
  }
}

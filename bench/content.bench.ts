/**
 * Issue 3: the reader's site under load. Prints, in one run:
 *   read_ratio / read_p99_ms  issue-page API through nginx → gateway → content, against nginx
 *                             serving the same bytes as a static file, 64 connections each;
 *   issue300_p50_ms           the issue API for an issue of 300 articles (full stack);
 *   search_p95_ms             /api/search over a journal of 10,000 articles, distinct keywords.
 * The data goes into a journal of the bench's own (host bench-content.localhost) through the
 * content repositories. Figures only: nothing here asserts a time.
 */
import http from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { connectMongo, createRedis } from '@journal/common';
import { JournalRepo } from '../services/content/src/journals/journal.repo';
import { IssueRepo } from '../services/content/src/archives/issue.repo';
import { ArticleRepo, type ArticleInput } from '../services/content/src/archives/article.repo';
import { PublicCache } from '../services/content/src/cache/public-cache';

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

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

interface Res {
  status: number;
  bytes: number;
  body?: Buffer;
}

function request(agent: http.Agent, url: string, headers: Record<string, string>, keepBody = false): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        if (keepBody) chunks.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, body: keepBody ? Buffer.concat(chunks) : undefined }));
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
  });
}

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

async function sequential(urls: string[], headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const lat: number[] = [];
  let errors = 0;
  for (const u of urls) {
    const t = performance.now();
    const r = await request(agent, u, headers);
    lat.push(performance.now() - t);
    if (r.status !== 200) errors++;
  }
  agent.destroy();
  lat.sort((a, b) => a - b);
  return { p50: percentile(lat, 50), p95: percentile(lat, 95), p99: percentile(lat, 99), errors };
}

function articleInput(n: number, issue: number, pageStart: number): ArticleInput & { year: number; volume: number; issue: number; refnumber: string; title: string; txnid: string } {
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
async function seed(ctx: ContentBenchContext): Promise<string> {
  const conn = await connectMongo(ctx.mongoUrl, ctx.dbName);
  try {
    const journals = new JournalRepo(conn);
    const issues = new IssueRepo(conn);
    const articles = new ArticleRepo(conn);
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
    if (ctx.redisUrl) {
      const redis = createRedis(ctx.redisUrl, { lazyConnect: true });
      await redis.connect();
      await new PublicCache({ prefix: ctx.redisPrefix ?? 'jp:', redis }).invalidate(j.id);
      redis.disconnect();
    }
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
  const uncached = { ...headers, Cookie: 'jp_fresh=1' };
  const agent = new http.Agent({ keepAlive: true });

  // 1. An issue of 300 articles: the first answer after the seed's invalidation (it builds the
  // journal's in-memory corpus: one scan of its articles), then the steady state.
  const bigUrl = `${ctx.baseUrl}/api/archives/${YEAR}/vol5/issue2`;
  const tCold = performance.now();
  const big = await request(agent, bigUrl, headers);
  const coldMs = performance.now() - tCold;
  const issue300 = await sequential(Array.from({ length: 200 }, () => bigUrl), uncached);
  console.log(`300-article issue (${big.bytes} B): first answer after a write ${round(coldMs)} ms; then p50 ${round(issue300.p50)} ms, p99 ${round(issue300.p99)} ms`);

  // 2. The issue-page API through the stack, against the same bytes served statically by nginx.
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
  const through = await load(issueUrl, uncached, CONNECTIONS, Math.min(4, LOAD_SECONDS));
  const direct = await load(`${ctx.contentUrl}/api/archives/${YEAR}/vol5/issue1`, { 'x-journal-id': await journalIdOf(ctx), 'x-journal-host': HOST }, CONNECTIONS, Math.min(4, LOAD_SECONDS));
  console.log(`issue page (${first.bytes} B) via nginx→gateway→content: ${round(api.rps, 0)} req/s, p50 ${round(api.p50)} ms, p99 ${round(api.p99)} ms, errors ${api.errors}`);
  console.log(`same bytes from nginx static:                ${round(stat.rps, 0)} req/s, p50 ${round(stat.p50)} ms, p99 ${round(stat.p99)} ms, errors ${stat.errors}`);
  console.log(`same, skipping nginx's 1 s cache:          ${round(through.rps, 0)} req/s, p50 ${round(through.p50)} ms, p99 ${round(through.p99)} ms, errors ${through.errors}`);
  console.log(`content service alone:                        ${round(direct.rps, 0)} req/s, p99 ${round(direct.p99)} ms`);

  // 3. Search over 10,000 articles, every keyword different (no answer cache hit).
  const tFirst = performance.now();
  await request(agent, `${ctx.baseUrl}/api/search?keyword=warmup-${Date.now()}`, headers);
  const firstSearchMs = performance.now() - tFirst;
  const keywords = Array.from({ length: 300 }, (_, i) => (i % 10 === 9 ? `${SURNAMES[i % 16]} ${i}` : term((i * 53) % VOCAB)));
  const search = await sequential(keywords.map((k) => `${ctx.baseUrl}/api/search?keyword=${encodeURIComponent(k)}`), headers);
  console.log(`search over ${TOTAL} articles: first ${round(firstSearchMs)} ms; then p50 ${round(search.p50)} ms, p95 ${round(search.p95)} ms`);
  agent.destroy();

  const figures = {
    read_ratio: round(api.rps / stat.rps, 3),
    read_p99_ms: round(api.p99),
    issue300_p50_ms: round(issue300.p50),
    search_p95_ms: round(search.p95),
    read_rps: round(api.rps, 0),
    read_uncached_ratio: round(through.rps / stat.rps, 3),
    read_uncached_p99_ms: round(through.p99),
    static_rps: round(stat.rps, 0),
    issue300_first_ms: round(coldMs),
    search_first_ms: round(firstSearchMs),
  };
  console.log(figures);
  return figures;
}

async function journalIdOf(ctx: ContentBenchContext): Promise<string> {
  const conn = await connectMongo(ctx.mongoUrl, ctx.dbName);
  try {
    return (await new JournalRepo(conn).findBySlug(SLUG))!.id;
  } finally {
    await conn.close();
  }
}

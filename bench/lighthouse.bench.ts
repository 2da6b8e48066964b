/**
 * The reader's first load and the page render under load. Prints, in one run:
 *   lighthouse_{perf,seo,a11y,bp}_min  Lighthouse (mobile profile, Debian Chromium, median of 3 runs)
 *                                      on `/`, the newest issue, one article and `/board` of each
 *                                      demo journal; the lowest page's score, 0–100
 *   public_js_gzip_kb                  JavaScript a public page's first load transfers (gzip), the
 *                                      heaviest of those pages, kB
 *   ssr_vs_api_ratio / ssr_p99_ms      an article page rendered uncached (nginx's micro-cache
 *                                      skipped with a bearer token), 64 connections, against
 *                                      the article JSON API uncached in the same run
 *   ssr_cached_rps / ssr_cached_p99_ms the same page as nginx serves readers (its micro-cache on)
 *   lighthouse_benchmark_index         Lighthouse's measure of the host CPU during the runs
 * and per page `lighthouse.<journal>.<page>.<figure>` (scores, FCP, LCP, TBT, bytes) for the report's
 * table. Beside the SSR figures it prints each process's CPU time per request (nginx with its
 * workers, gateway, render, content; from /proc) for the page and for the API: on a shared machine
 * those compare runs where requests/s cannot. `ssr_render_cpu_ms` and `ssr_chain_cpu_ms` (every
 * process of the stack) are the page's; `ssr_loadgen_cpu_ms` is autocannon's (this process) and
 * `ssr_cores_busy` the share of all the machine's cores busy during the page's run (/proc/stat): near
 * 1, pages/s is what the cores allow, and 64 connections wait 64 ÷ pages/s on average.
 *
 *   BENCH_LIGHTHOUSE=0 node node_modules/.bin/tsx bench/run.ts lighthouse   # the SSR figures only
 * The median run's HTML report of every page is written under .data/lighthouse/ to read what
 * costs points. Figures only: nothing here asserts a time or a score.
 */
import http from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import { escapeRegex } from '@journal/server-kit';
import { coresBusy, machineTicks } from './machine-cpu';

export interface LighthouseBenchContext {
  baseUrl: string;
  journals: { slug: string; hosts: string[] }[];
  /** The stack's processes by name (nginx's master: its workers are found under it). */
  pids?: Record<string, number>;
  [k: string]: unknown;
}

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_LIGHTHOUSE=0: no Lighthouse runs, only the render throughput figures. */
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const LOAD_SECONDS = Number(process.env.BENCH_SSR_SECONDS ?? 8);
const CONNECTIONS = 64;
const CHROMIUM = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = path.resolve(__dirname, '../.data/lighthouse');
const CATEGORIES = { performance: 'perf', seo: 'seo', accessibility: 'a11y', 'best-practices': 'bp' } as const;
/** Each figure's goal, printed beside it. */
export const LIGHTHOUSE_GOALS = { perf: 95, seo: 100, a11y: 100, bp: 100, jsKb: 80, ratio: 0.25, p99: 60 };

/** The few parts of Lighthouse's result this module reads (its own types pull in the whole tool). */
interface Audit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  numericValue?: number;
  displayValue?: string;
  details?: { type: string; items?: Record<string, unknown>[] };
}
interface Lhr {
  audits: Record<string, Audit>;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
}
type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr; report: string | string[] } | undefined>;

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const median = (xs: number[]) => {
  const s = xs.filter(Number.isFinite).sort((a, b) => a - b);
  if (!s.length) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

/** GET through nginx with the journal's Host header; the body decoded. */
function get(base: URL, host: string, pathname: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Buffer; raw: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: base.hostname === 'localhost' ? '127.0.0.1' : base.hostname, port: base.port, path: pathname, headers: { Host: `${host}:${base.port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, body, raw: raw.length });
      });
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${pathname}`)));
    req.on('error', reject);
  });
}

async function getJson<T>(base: URL, host: string, pathname: string): Promise<T> {
  const r = await get(base, host, pathname, { Accept: 'application/json' });
  if (r.status !== 200) throw new Error(`${host}${pathname} answered ${r.status}`);
  return JSON.parse(r.body.toString('utf8')) as T;
}

interface PageRef {
  journal: string;
  host: string;
  name: 'home' | 'issue' | 'article' | 'board';
  path: string;
}

/** `/`, the newest issue, its first article and `/board`, read from the journal's public API. */
async function pagesOf(base: URL, journal: { slug: string; hosts: string[] }): Promise<{ pages: PageRef[]; articlePath: string; ref: string; title: string }> {
  const host = journal.hosts[0]!;
  const years = await getJson<{ year: number; issues: { volume: number; issue: number }[] }[]>(base, host, '/api/archives/');
  const y = years[0];
  const latest = y?.issues[0];
  if (!y || !latest) throw new Error(`${journal.slug} has no published issue`);
  const issuePath = `/archives/${y.year}/vol${latest.volume}/issue${latest.issue}`;
  const articles = await getJson<{ refnumber: string; title: string }[]>(base, host, `/api/archives/${y.year}/vol${latest.volume}/issue${latest.issue}`);
  const a = articles[0];
  if (!a) throw new Error(`${journal.slug}'s newest issue has no article`);
  const articlePath = `${issuePath}/${a.refnumber}`;
  const at = (name: PageRef['name'], p: string): PageRef => ({ journal: journal.slug, host, name, path: p });
  return { pages: [at('home', '/'), at('issue', issuePath), at('article', articlePath), at('board', '/board')], articlePath, ref: a.refnumber, title: a.title };
}

/** Same-origin scripts of a load, fetched again with gzip only: the bytes a gzip-speaking reader gets. */
async function jsGzipBytes(base: URL, host: string, lhr: Lhr): Promise<number> {
  const items = (lhr.audits['network-requests']?.details?.items ?? []) as { url: string; resourceType?: string; transferSize?: number }[];
  let total = 0;
  for (const it of items) {
    if (it.resourceType !== 'Script') continue;
    const u = new URL(it.url);
    if (u.hostname !== host) {
      total += it.transferSize ?? 0;
      continue;
    }
    const r = await get(base, host, u.pathname + u.search, { 'Accept-Encoding': 'gzip' });
    total += r.raw;
  }
  return total;
}

/** Audits of a category that lost points, for the printout. */
function failing(lhr: Lhr, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((r) => r.weight > 0)
    .map((r) => lhr.audits[r.id]!)
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

interface Tools {
  lighthouse: LighthouseFn;
  launch(o: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }>;
}

/**
 * One Lighthouse run in a Chrome of its own, as Lighthouse's own CI does (a browser reused across
 * runs carries state and loses traces); a run whose trace Chrome failed to record (NO_NAVSTART and
 * the like, on a busy machine) is retried.
 */
async function audit(tools: Tools, url: string, attempts = 4): Promise<{ lhr: Lhr; report: string }> {
  let last = '';
  for (let i = 0; i < attempts; i++) {
    const chrome = await tools.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    try {
      const r = await tools.lighthouse(url, { port: chrome.port, output: 'html', logLevel: 'error', onlyCategories: Object.keys(CATEGORIES) });
      if (r && !r.lhr.runtimeError) return { lhr: r.lhr, report: Array.isArray(r.report) ? r.report[0]! : r.report };
      last = r?.lhr.runtimeError ? `${r.lhr.runtimeError.code} ${r.lhr.runtimeError.message}` : 'no result';
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    } finally {
      await chrome.kill();
    }
    console.log(`      lighthouse ${url}: ${last}; again`);
  }
  throw new Error(`lighthouse ${url}: ${last}`);
}

async function lighthouseFigures(base: URL, pages: PageRef[]) {
  process.env.CHROME_PATH = CHROMIUM;
  // Lighthouse and chrome-launcher are ES modules; the casts keep their large type trees out of the build.
  const lighthouse = ((await import('lighthouse')) as unknown as { default: LighthouseFn }).default;
  const { computeMedianRun } = (await import('lighthouse/core/lib/median-run.js' as string)) as { computeMedianRun(runs: Lhr[]): Lhr };
  const { launch } = (await import('chrome-launcher')) as unknown as Pick<Tools, 'launch'>;
  const tools: Tools = { lighthouse, launch };
  mkdirSync(OUT, { recursive: true });
  const figures: Record<string, number> = {};
  const mins = { perf: Infinity, seo: Infinity, a11y: Infinity, bp: Infinity };
  let jsMax = 0;
  let failed = 0;
  const benchmarkIndex: number[] = [];
  for (const page of pages) {
    const url = `http://${page.host}:${base.port}${page.path}`;
    const runs: { lhr: Lhr; report: string }[] = [];
    try {
      for (let i = 0; i < RUNS; i++) runs.push(await audit(tools, url));
    } catch (err) {
      // The other pages are still measured; the count of pages left out goes into the figures.
      failed++;
      console.log(`${page.journal.padEnd(5)} ${page.name.padEnd(8)} NOT MEASURED: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    const lhrs = runs.map((r) => r.lhr);
    benchmarkIndex.push(...lhrs.map((l) => l.environment?.benchmarkIndex ?? NaN));
    const mid = computeMedianRun(lhrs);
    const file = path.join(OUT, `${page.journal}-${page.name}.html`);
    writeFileSync(file, runs.find((r) => r.lhr === mid)!.report);
    writeFileSync(file.replace(/\.html$/, '.json'), JSON.stringify(mid));
    const key = `lighthouse.${page.journal}.${page.name}`;
    const row: Record<string, number> = {};
    for (const [cat, short] of Object.entries(CATEGORIES)) {
      row[short] = Math.round(median(lhrs.map((l) => (l.categories[cat]?.score ?? NaN) * 100)));
      mins[short] = Math.min(mins[short], row[short]!);
    }
    const metric = (id: string) => median(lhrs.map((l) => l.audits[id]?.numericValue ?? NaN));
    row.fcp_ms = Math.round(metric('first-contentful-paint'));
    row.lcp_ms = Math.round(metric('largest-contentful-paint'));
    row.tbt_ms = Math.round(metric('total-blocking-time'));
    row.cls = round(metric('cumulative-layout-shift'), 3);
    row.bytes_kb = round(metric('total-byte-weight') / 1000);
    row.js_gzip_kb = round((await jsGzipBytes(base, page.host, mid)) / 1000);
    jsMax = Math.max(jsMax, row.js_gzip_kb);
    for (const [k, v] of Object.entries(row)) figures[`${key}.${k}`] = v;
    console.log(
      `${page.journal.padEnd(5)} ${page.name.padEnd(8)} perf ${row.perf} seo ${row.seo} a11y ${row.a11y} bp ${row.bp} | ` +
        `FCP ${row.fcp_ms} ms LCP ${row.lcp_ms} ms TBT ${row.tbt_ms} ms CLS ${row.cls} | ${row.bytes_kb} kB, JS ${row.js_gzip_kb} kB gzip  (${url})`,
    );
    for (const [cat, short] of Object.entries(CATEGORIES)) {
      const lost = failing(mid, cat);
      if (lost.length) console.log(`      ${short} loses: ${lost.join(', ')}`);
    }
  }
  console.log(`Lighthouse reports (median run of each page): ${OUT}`);
  figures.lighthouse_pages_not_measured = failed;
  // Lighthouse's own measure of the host CPU: its simulated mobile timings (TBT above all) grow as
  // the machine gets busier, so this says how loaded the machine was during the runs.
  figures.lighthouse_benchmark_index = Math.round(median(benchmarkIndex));
  console.log(`Lighthouse host CPU benchmark index, median of the runs: ${figures.lighthouse_benchmark_index} (a quiet desktop gives 1,500 or more)`);
  return { figures, mins, jsMax };
}

/** User + system CPU time of a process and its children still running (nginx's workers), ms. */
function cpuMs(pid: number): number {
  const own = (p: number) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
    } catch {
      return 0;
    }
  };
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    // no children file: the process alone
  }
  return own(pid) + children.reduce((t, c) => t + own(c), 0);
}

type CpuSnapshot = Record<string, number>;
const CPU_OF = ['nginx', 'gateway', 'render', 'content'];
const cpuSnapshot = (pids: Record<string, number>): CpuSnapshot =>
  Object.fromEntries(CPU_OF.filter((n) => pids[n]).map((n) => [n, cpuMs(pids[n]!)]));

/**
 * autocannon at `connections` for `seconds`; non-2xx answers count as errors; CPU ms per request of
 * each process, of the load generator (this process) and the share of the machine's cores busy.
 */
async function cannon(url: string, headers: Record<string, string>, seconds: number, pids: Record<string, number> = {}) {
  const before = cpuSnapshot(pids);
  const self0 = process.cpuUsage();
  const m0 = machineTicks();
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const m1 = machineTicks();
  const self = process.cpuUsage(self0);
  const after = cpuSnapshot(pids);
  const n = Math.max(1, r.requests.total);
  const cpu = Object.fromEntries(Object.keys(before).map((k) => [k, round((after[k]! - before[k]!) / n, 3)]));
  return {
    rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx, total: r.requests.total, cpu,
    loadgenCpu: round((self.user + self.system) / 1000 / n, 3),
    busy: coresBusy(m0, m1),
  };
}

const cpuLine = (cpu: Record<string, number>) => {
  const total = Object.values(cpu).reduce((a, b) => a + b, 0);
  return `CPU per request: ${Object.entries(cpu).map(([n, ms]) => `${n} ${ms} ms`).join(', ')}; together ${round(total, 3)} ms`;
};

async function renderFigures(base: URL, host: string, articlePath: string, ref: string, title: string, pids: Record<string, number>) {
  // The cookie a browser holds right after a write: nginx's micro-cache is skipped, so every request
  // reaches the services (a page render, or the article API), as the first reader after a change does.
  const fresh = { Host: `${host}:${base.port}`, Authorization: 'Bearer uncached' };
  const origin = `http://127.0.0.1:${base.port}`;
  const page = await get(base, host, articlePath, { Authorization: 'Bearer uncached' });
  const text = page.body.toString('utf8');
  const plainTitle = title.replace(/<[^>]+>/g, '');
  const inHtml = new RegExp(`<h1[^>]*>[^]*?${escapeRegex(plainTitle.slice(0, 20))}`).test(text);
  console.log(`article page ${articlePath}: ${page.status}, ${page.body.length} B; its title in an <h1> of the served HTML: ${inHtml ? 'yes' : 'no'}`);
  await cannon(`${origin}${articlePath}`, fresh, 1); // warm-up
  const html = await cannon(`${origin}${articlePath}`, fresh, LOAD_SECONDS, pids);
  await cannon(`${origin}/api/archives/ref/${ref}`, { ...fresh, Accept: 'application/json' }, 1);
  const api = await cannon(`${origin}/api/archives/ref/${ref}`, { ...fresh, Accept: 'application/json' }, LOAD_SECONDS, pids);
  // What a reader gets as a rule: the same page through nginx with its micro-cache (when pages are cached).
  const plain = { Host: `${host}:${base.port}` };
  await cannon(`${origin}${articlePath}`, plain, 1);
  const cached = await cannon(`${origin}${articlePath}`, plain, LOAD_SECONDS);
  console.log(`article page, uncached, ${CONNECTIONS} connections: ${round(html.rps, 0)} req/s, p50 ${html.p50} ms, p99 ${html.p99} ms, errors ${html.errors}/${html.total}`);
  console.log(`      ${cpuLine(html.cpu)}; load generator ${html.loadgenCpu} ms; cores busy ${round(html.busy * 100, 1)} %`);
  console.log(`article page, as nginx serves readers (micro-cache), ${CONNECTIONS} connections: ${round(cached.rps, 0)} req/s, p99 ${cached.p99} ms, errors ${cached.errors}/${cached.total}`);
  console.log(`article API, uncached, ${CONNECTIONS} connections:  ${round(api.rps, 0)} req/s, p50 ${api.p50} ms, p99 ${api.p99} ms, errors ${api.errors}/${api.total}`);
  console.log(`      ${cpuLine(api.cpu)}`);
  return {
    ratio: html.rps / api.rps, p99: html.p99, rps: html.rps, apiRps: api.rps, apiP99: api.p99, inHtml, errors: html.errors, cachedRps: cached.rps, cachedP99: cached.p99,
    loadgenCpu: html.loadgenCpu, busy: html.busy,
    renderCpu: html.cpu.render ?? NaN, chainCpu: Object.values(html.cpu).reduce((a, b) => a + b, 0), apiChainCpu: Object.values(api.cpu).reduce((a, b) => a + b, 0),
  };
}

export async function run(ctx: LighthouseBenchContext): Promise<Record<string, number>> {
  const base = new URL(ctx.baseUrl);
  const journals = ctx.journals.filter((j) => j.slug === 'demo' || j.slug === 'chem');
  const perJournal = await Promise.all(journals.map((j) => pagesOf(base, j)));
  const demo = perJournal[0]!;
  const ssr = await renderFigures(base, journals[0]!.hosts[0]!, demo.articlePath, demo.ref, demo.title, ctx.pids ?? {});
  const g = LIGHTHOUSE_GOALS;
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const ssrFigures: Record<string, number> = {
    ssr_vs_api_ratio: round(ssr.ratio, 3),
    ssr_p99_ms: ssr.p99,
    ssr_rps: round(ssr.rps, 0),
    ssr_api_rps: round(ssr.apiRps, 0),
    ssr_api_p99_ms: ssr.apiP99,
    ssr_html_has_h1: ssr.inHtml ? 1 : 0,
    ssr_cached_rps: round(ssr.cachedRps, 0),
    ssr_cached_p99_ms: ssr.cachedP99,
    ssr_render_cpu_ms: round(ssr.renderCpu, 3),
    ssr_chain_cpu_ms: round(ssr.chainCpu, 3),
    ssr_api_chain_cpu_ms: round(ssr.apiChainCpu, 3),
    // With the cores this busy, pages/s is what the CPU allows, and 64 connections wait 64 ÷ pages/s on average.
    ssr_loadgen_cpu_ms: ssr.loadgenCpu,
    ssr_cores_busy: ssr.busy,
  };
  const printSsr = () => {
    console.log(`ssr_vs_api_ratio    ${round(ssr.ratio, 3)} (goal ≥ ${g.ratio}) ${mark(ssr.ratio >= g.ratio)}`);
    console.log(`ssr_p99_ms          ${ssr.p99} ms (goal ≤ ${g.p99}) ${mark(ssr.p99 <= g.p99)}`);
  };
  if (!LIGHTHOUSE) {
    console.log('');
    printSsr();
    return ssrFigures;
  }
  const { figures, mins, jsMax } = await lighthouseFigures(base, perJournal.flatMap((p) => p.pages));

  const out: Record<string, number> = {
    lighthouse_perf_min: mins.perf,
    lighthouse_seo_min: mins.seo,
    lighthouse_a11y_min: mins.a11y,
    lighthouse_bp_min: mins.bp,
    public_js_gzip_kb: jsMax,
    ...ssrFigures,
    ...figures,
  };
  console.log(`\nlighthouse_perf_min ${mins.perf} (goal ≥ ${g.perf}) ${mark(mins.perf >= g.perf)}`);
  console.log(`lighthouse_seo_min  ${mins.seo} (goal = ${g.seo}) ${mark(mins.seo >= g.seo)}`);
  console.log(`lighthouse_a11y_min ${mins.a11y} (goal = ${g.a11y}) ${mark(mins.a11y >= g.a11y)}`);
  console.log(`lighthouse_bp_min   ${mins.bp} (goal = ${g.bp}) ${mark(mins.bp >= g.bp)}`);
  console.log(`public_js_gzip_kb   ${jsMax} kB (goal ≤ ${g.jsKb}) ${mark(jsMax <= g.jsKb)}`);
  printSsr();
  return out;
}

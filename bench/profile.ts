/**
 * Where the content service's request path spends its CPU: starts services/content/dist/main.js
 * under `node --cpu-prof` (LOG_LEVEL=info, as deployed) against a database of the demo journals,
 * loads it with autocannon on the issue read and the article read (no nginx or gateway in front),
 * stops it, and reads the .cpuprofile: self time per function and per package.
 *
 *   npx tsx bench/profile.ts <label> [ENV=value ...]   # e.g. `before`, `after LOG_SUCCESS_SAMPLE=20`
 *
 * With `--gateway` the gateway is profiled instead, on the same two reads sent through it (Host
 * header of the demo journal) to a content service running beside it unprofiled, with the
 * deployed logging (LOG_LEVEL=info, LOG_SUCCESS_SAMPLE=20). `--gateway-main=<file.js>` runs
 * another build of the gateway (an older commit's, to compare). The gateway is profiled on three
 * answer shapes, one fresh profiled process each (PROFILE_SHAPES=issue,search,page picks them):
 * the issue read (a 2.7 kB JSON answer), a search matching 270 articles seeded for it (a ~120 kB
 * answer) and a server-rendered article page (~35 kB of HTML from the render process, run
 * unprofiled beside the content service, with a bearer token so nginx's cache is skipped and it is rendered afresh).
 * Summaries go to bench/profile/gateway-<label>-<shape>.json.
 *
 * Each run's summary goes to bench/profile/<label>.json; bench/profile.md (which `npm run bench`
 * puts into docs/benchmarks.md) is written from every summary there. Run it after a build.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { ROOT, serverEnv } from '../scripts/stack';
import { seedDemo } from '../scripts/seed';
import { dropRunData, runScript } from './profile-kit';
import { connectMongo } from '@journal/server-kit';
import { IssueRepo } from '../services/content/src/archives/issue.repo';
import { ArticleRepo } from '../services/content/src/archives/article.repo';
import { articleInput, SEARCH_HOST, searchUrls, seed as seedSearch } from './content.bench';
import { timeUrls } from './http-timing';

const SECONDS = Number(process.env.PROFILE_SECONDS ?? 10);
type GatewayShape = 'issue' | 'search' | 'page';
const SHAPES: GatewayShape[] = ['issue', 'search', 'page'];
/** Articles seeded into the demo journal for the large search answer, all matching SEARCH_WORD. */
const SEARCH_ARTICLES = 270;
const SEARCH_WORD = 'study';
const CONNECTIONS = 32;
const OUT = path.join(__dirname, 'profile');

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  /** µs on the monotonic clock (process.hrtime's). */
  startTime?: number;
  samples: number[];
  timeDeltas: number[];
}

interface Summary {
  label: string;
  /** Which process was profiled; absent in older summaries (the content service). */
  target?: 'content' | 'gateway' | 'search';
  /** The answer the gateway was loaded with; absent in the older gateway runs (issue + article reads). */
  shape?: GatewayShape;
  /** Bytes of one answer's body, for the shape. */
  answerBytes?: number;
  /** Requests answered in the profiled run (issue + article). */
  requests?: number;
  /** The profiled process's CPU time (from /proc) while it was loaded, ÷ requests: start-up left out. */
  cpuPerRequestMs?: number;
  date: string;
  env: Record<string, string>;
  rps: Record<string, number>;
  totalMs: number;
  functions: [string, number][];
  packages: [string, number][];
}

/** Where a script lives: a package under node_modules, node's own code, or the project's. */
function packageOf(url: string): string {
  if (!url) return '(native / VM)';
  if (url.startsWith('node:')) return 'node core';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  const rel = url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '');
  return rel.split('/dist/')[0] ?? rel;
}

/** `window` ([from, to] in µs of the monotonic clock) keeps only the samples taken in it. */
export function summarise(profile: CpuProfile, window?: [number, number]): { totalMs: number; functions: [string, number][]; packages: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  let total = 0;
  let at = profile.startTime ?? 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window[0] || at > window[1])) return;
    const n = byId.get(id);
    if (!n) return;
    const { functionName, url, lineNumber } = n.callFrame;
    if (functionName === '(idle)') return;
    total += ms;
    const file = url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '').replace(/^.*node_modules\//, '');
    const key = url ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}` : functionName;
    fn.set(key, (fn.get(key) ?? 0) + ms);
    const p = functionName.startsWith('(') ? functionName : packageOf(url);
    pkg.set(p, (pkg.get(p) ?? 0) + ms);
  });
  const top = (m: Map<string, number>, k: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k).map(([n, v]) => [n, Math.round(v)] as [string, number]);
  return { totalMs: Math.round(total), functions: top(fn, 15), packages: top(pkg, 12) };
}

async function waitReady(url: string, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await fetch(url).then((r) => r.status === 200, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready in ${timeoutMs} ms`);
}

async function cannon(url: string, headers: Record<string, string>, counted?: { requests: number }) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  if (counted) counted.requests += r.requests.total;
  return Math.round(r.requests.average);
}

/** A process's CPU time so far (user + system), in ms. */
function cpuMsOf(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

function runLines(r: Summary): string[] {
  const pct = (ms: number) => `${((ms / r.totalMs) * 100).toFixed(1)} %`;
  const requests = r.requests ?? (r.rps.issue! + r.rps.article!) * SECONDS;
  const rates = r.target === 'search'
    ? `${r.requests} distinct searches, ${r.rps.search} searches/s at ${SEARCH_CONNECTIONS} at once`
    : `issue read ${r.rps.issue} req/s, article read ${r.rps.article} req/s`;
  return [
    '',
    `**${r.label}** (${r.date.slice(0, 16)}Z${Object.keys(r.env).length ? `, ${Object.entries(r.env).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}): ` +
      `${rates}, ${(r.totalMs / 1000).toFixed(1)} s of CPU sampled, ` +
      (r.cpuPerRequestMs !== undefined
        ? `${r.cpuPerRequestMs.toFixed(3)} ms of CPU per request while loaded (from /proc; the sampled CPU includes start-up); `
        : `${(r.totalMs / requests).toFixed(3)} ms of CPU per request; `) +
      `logging (pino, pino-http, redaction) ` +
      `${pct(r.packages.filter(([n]) => /pino|redact|sonic-boom/.test(n)).reduce((x, [, ms]) => x + ms, 0))} of it.`,
    '',
    '| by package | self | share |', '|---|---|---|',
    ...r.packages.map(([n, ms]) => `| ${n} | ${ms} ms | ${pct(ms)} |`),
    '',
    '| by function | self | share |', '|---|---|---|',
    ...r.functions.slice(0, 10).map(([n, ms]) => `| \`${n.replace(/\|/g, '\\|')}\` | ${ms} ms | ${pct(ms)} |`),
  ];
}

/** The gateway's runs per answer shape: one table of CPU per request, then the top functions of each shape's first and latest run. */
function shapeLines(runs: Summary[]): string[] {
  if (!runs.length) return [];
  const lines = [
    '',
    '### The gateway\'s CPU per proxied answer, by shape',
    '',
    `\`npx tsx bench/profile.ts <label> --gateway\`: a fresh gateway under \`node --cpu-prof\` per shape (LOG_LEVEL=info,`,
    `LOG_SUCCESS_SAMPLE=20, as deployed), ${CONNECTIONS} connections of autocannon, 2 s of warm-up then ${SECONDS} s measured, in front`,
    'of the content service and the render process (both unprofiled). CPU per request is the gateway\'s CPU time from /proc',
    'over the measured seconds ÷ requests answered: it does not depend on the load the way requests/s do. Shapes: `issue`,',
    'the issue read (JSON); `search`, a search matching 270 articles (JSON); `page`, a server-rendered article page',
    '(HTML, with a bearer token so the nginx cache is skipped and it is rendered afresh).',
    '',
    '| run | shape | answer | req/s (profiled) | gateway CPU per request |',
    '|---|---|---|---|---|',
    ...runs.map((r) => `| ${r.label}${Object.keys(r.env).length ? ` (${Object.entries(r.env).map(([k, v]) => `${k}=${v}`).join(' ')})` : ''} | ${r.shape} | ${((r.answerBytes ?? 0) / 1024).toFixed(1)} kB | ${Object.values(r.rps)[0]} | ${r.cpuPerRequestMs?.toFixed(3)} ms |`),
    '',
    'The labels: `before` sent every request on node\'s http client with a keep-alive agent and piped each answer',
    '(an IncomingMessage) to the client; `after` sends reads without a body on undici\'s pool (`gateway/src/proxy.ts`)',
    'with a handler that writes each chunk to the client as it is parsed, no stream or pipe in between, the request',
    'headers handed over as a flat list; the chunks of an answer that arrive in one turn of the event loop go out in',
    'one system call (strace on the search: three writes to the client per answer before, one after). Requests with',
    'a body stay on node\'s http client, whose request stream the early-answer drain needs. Every header, request id,',
    'metric, log line and error answer is as before (gateway/test/proxy.test.ts).',
    '',
    'Why a 130 kB answer costs more than a 3 kB one: it comes in three 64 kB socket reads, each a fresh buffer (the',
    'garbage collector\'s share grows with the size) parsed and handed on separately, and the kernel copies every',
    'byte in and out; under the profiler the write to the client\'s socket is the largest entry, because on loopback',
    'the sender\'s write also does the receiving side\'s work. What is left per request is mostly node\'s HTTP server',
    '(parsing the request, building and validating the answer\'s header block) and those system calls.',
  ];
  for (const shape of SHAPES) {
    const of = runs.filter((r) => r.shape === shape);
    for (const r of of.length > 1 ? [of[0]!, of.at(-1)!] : of) {
      const pct = (ms: number) => `${((ms / r.totalMs) * 100).toFixed(1)} %`;
      lines.push(
        '',
        `**${shape}, ${r.label}** (${r.date.slice(0, 16)}Z): ${r.requests} requests, ${(r.totalMs / 1000).toFixed(1)} s of gateway CPU sampled (start-up included).`,
        '',
        '| by function | self | share |', '|---|---|---|',
        ...r.functions.slice(0, 10).map(([n, ms]) => `| \`${n.replace(/\|/g, '\\|')}\` | ${ms} ms | ${pct(ms)} |`),
      );
    }
  }
  return lines;
}

export function writeMarkdown() {
  const runs = existsSync(OUT) ? readdirSync(OUT).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(path.join(OUT, f), 'utf8')) as Summary) : [];
  runs.sort((a, b) => a.date.localeCompare(b.date));
  const lines = [
    '### Where the content service spends its CPU on a read',
    '',
    `\`npx tsx bench/profile.ts <label>\`: the content service alone under \`node --cpu-prof\`, LOG_LEVEL=info, ${CONNECTIONS} connections`,
    `of autocannon for ${SECONDS} s on the issue read and ${SECONDS} s on the article read of the demo journal. Self time, the`,
    'top entries of the whole run (idle excluded); the requests/s are taken under the profiler on a shared machine, so',
    'they compare runs with each other only.',
  ];
  for (const r of runs.filter((x) => (x.target ?? 'content') === 'content')) lines.push(...runLines(r));
  lines.push(
    '',
    'The labels: `before` logged every request through pino-http, which makes two child loggers per request (serialising',
    'their bindings each time) and writes every line; `after-every-line` is the services\' own request logger',
    '(packages/server-kit/src/http.ts), the same line without child loggers; `after-sampled` writes 1 in 20 successful reads',
    '(LOG_SUCCESS_SAMPLE=20, as k8s/base/config/content.env and gateway.env set it) and every error, 4xx, write, abort and',
    'answer slower than LOG_SLOW_MS. What stays on top is the kernel\'s socket writes (`writev`) and express\'s router,',
    'which tries the routes in order.',
    '',
    '### Where the gateway spends its CPU on a proxied read',
    '',
    `\`npx tsx bench/profile.ts <label> --gateway\`: the gateway under \`node --cpu-prof\` (LOG_LEVEL=info, LOG_SUCCESS_SAMPLE=20, as`,
    `deployed), ${CONNECTIONS} connections of autocannon for ${SECONDS} s on each of the same two reads sent through it to a content`,
    'service running beside it, unprofiled. The CPU per request is the gateway\'s own: sampled CPU time ÷ requests answered.',
  );
  for (const r of runs.filter((x) => x.target === 'gateway' && !x.shape)) lines.push(...runLines(r));
  lines.push(
    '',
    'The labels: `before` is the gateway as it was (express with helmet\'s middlewares on every request and',
    'http-proxy-middleware); `after` answers proxied requests before express (node\'s http client on a keep-alive agent,',
    'the security headers worked out once, a known host\'s journal read from memory without a promise), keeping every',
    'header, metric, log line and error answer; express still answers /healthz, /readyz and /metrics.',
    '',
    'What is left is node\'s HTTP on two sockets: the kernel writes (`writev` of the answer to nginx,',
    '`writeLatin1String` of the request to the service: one system call each per request), parsing both, and the',
    'keep-alive agent. In the content bench the uncached issue read costs, per request, about 0.47 ms of the',
    'gateway\'s CPU, 0.30 ms of the content service\'s and 0.10 ms of nginx\'s workers\' (read_uncached_*_cpu_ms).',
    '',
    'The p99 at 64 connections: the bench\'s connections are a closed loop (each sends its next request when its',
    'answer arrives), so the mean latency is 64 ÷ throughput whatever the path: at the goal ratio (0.25 × 8,253 =',
    '2,063 req/s) it is 31 ms, and a p99 of 30 ms needs about 3,000 req/s or more through nginx, the gateway and',
    'the content service on two cores shared with the load generator. The tail above the mean is CPU contention',
    'between those five busy processes. nginx keeps its connections to the gateway alive through the run (64',
    'established while the uncached load runs and none closed, seen with `ss`); its pool is 256 per worker so more',
    'readers at once than that do not turn into a connect and a close per request.',
    '',
    ...shapeLines(runs.filter((x) => x.target === 'gateway' && x.shape)),
    '',
    '### Where a public search spends its CPU',
    '',
    'Measured on 2026-11-23 with the content bench (`BENCH_CONTENT_PARTS=search NODE_OPTIONS=--expose-gc npx tsx',
    'bench/run.ts content`, which prints the CPU per search of nginx\'s workers, the gateway and the content service',
    'from /proc) and the content service alone under `--cpu-prof`, on a machine shared with other builds (load',
    'average 8-20), so the times are high in absolute terms and compare with each other only. A vocabulary word',
    'matches about 270 of the 10,000 articles: a 130 kB answer.',
    '',
    '- Matching was most of the content service\'s CPU: every search scanned the 10,000 search texts (about 6 MB)',
    '  with `includes`, 6-9 ms a search. The token index (`services/content/src/search/search-index.ts`) finds the',
    '  same matches in about 0.4 ms. The content service\'s CPU per search in the bench went from 7.8 ms to 5.0 ms',
    '  (load average 13 and 21 in the two runs); alone with the gateway on the same data, 1.5-2.5 ms.',
    '- The list JSON is now one copy of each entry\'s bytes (made once per stored version) instead of a string',
    '  join and a UTF-8 encoding of 130 kB per answer.',
    '- What is left is the size: writing, hashing (ETag) and collecting 130 kB in the content service, and in the',
    '  gateway 1.3-1.8 ms a search, most of it the garbage collector reclaiming the read buffers of the answer',
    '  (`--max-semi-space-size` did not change it). nginx spends about 0.2 ms. The answer\'s size is the next lever:',
    '  a page of results with the total count, which needs the search contract and the search screen to change.',
    '',
    'Then (`--search` below, `before` and `after`), in the content service alone: the index scanned its whole dictionary',
    '(14,500 tokens, one `includes` each) for every part of a keyword, and a phrase such as `sharma 1234` checked every',
    'text holding its longest part (1,250 texts of 600 characters). It now finds a part\'s tokens from the rarest of its',
    'three-character pieces, and a phrase\'s candidates are the texts holding every part: on the bench\'s 1,440 keywords, CPU',
    'per lookup (best of 12 passes, in-process) 0.27 ms → 0.02 ms (single words 0.16 → 0.02, phrases 1.27 → 0.07); in the',
    'profiles the index\'s self time went from 432 ms to 77-93 ms for the 1,440 searches. An ETag made from per-entry',
    'hashes (5 kB hashed instead of the 120 kB answer) measured 0.42 → 0.31 ms per answer in-process but cost more in the',
    'running service (two more allocations per answer, a hash object per entry: more garbage collection), and was taken',
    'out. The whole process\'s CPU per search from /proc varied from 1.3 to 1.8 ms between runs of the same build as the',
    'machine\'s load changed (the tables: `before` on a quiet machine, `after` on a busy one), more than the change: the',
    'rest is node\'s HTTP, the kernel writing 120 kB to the socket and the garbage collector, and under the profiler on a',
    'shared machine the system calls\' self time includes waiting for a core.',
    '',
    `\`npx tsx bench/profile.ts <label> --search\`: the content service alone under \`node --cpu-prof\` (LOG_LEVEL=info,`,
    `LOG_SUCCESS_SAMPLE=20, as deployed) on the content bench's journal of 10,000 articles, ${SEARCH_RUNS * 480} distinct searches`,
    `(the bench's keywords), ${SEARCH_CONNECTIONS} at once, after one search has built the index; the tables hold the samples`,
    'taken while the searches ran. The CPU per search is the process\'s own while loaded, from /proc. Self times of system',
    'calls (`writev`) include the time the process waited for a core after waking the reader on a shared machine.',
  );
  for (const r of runs.filter((x) => x.target === 'search')) lines.push(...runLines(r));
  writeFileSync(path.join(__dirname, 'profile.md'), lines.join('\n') + '\n');
}

/** Adds SEARCH_ARTICLES articles matching SEARCH_WORD to a journal (an issue of their own), for a large search answer. */
async function seedSearchArticles(mongoUrl: string, dbName: string, journalId: string) {
  const conn = await connectMongo(mongoUrl, dbName);
  try {
    const issues = new IssueRepo(conn);
    const articles = await ArticleRepo.open(conn);
    await Promise.all([issues.init(), articles.init()]);
    const at = { year: 2019, volume: 1, issue: 1 };
    await issues.ensure(journalId, { ...at, frequency: 'monthly' });
    await articles.insertMany(
      journalId,
      Array.from({ length: SEARCH_ARTICLES }, (_, n) => ({ ...articleInput(n, 1, n * 5 + 1), ...at, refnumber: String(900000 + n), txnid: `PROFILE${n}` })),
    );
  } finally {
    await conn.close();
  }
}

const SEARCH_CONNECTIONS = 16;
const SEARCH_RUNS = 3;

/** The public search on 10,000 articles, the content service alone, profiled (see writeMarkdown). */
async function profileSearch(label: string, extra: Record<string, string>) {
  const servers = serverEnv();
  const dbName = `journal_profile_search${process.env.JP_LANE ? `_${process.env.JP_LANE}` : ''}`;
  // Seeding 10,000 articles takes a while: PROFILE_KEEP_DB=1 keeps them for the next run.
  const jid = await seedSearch({ mongoUrl: servers.MONGO_URL, dbName, redisUrl: '' });
  const port = 25003 + Number(process.env.JP_PORT_OFFSET ?? 0);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jp-prof-'));
  const content = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-interval=200', `--cpu-prof-dir=${dir}`, path.join(ROOT, 'services/content/dist/main.js')], {
    env: {
      ...process.env, ...servers, MONGO_DB: dbName, REDIS_PREFIX: `profile-search${process.env.JP_LANE ?? ''}:`, HOST: '127.0.0.1', PORT: String(port),
      LOG_LEVEL: 'info', LOG_SUCCESS_SAMPLE: '20', JWT_SECRET: 'profile-secret-that-is-long-enough-0123456789abcdef', STATS_UDP_PORT: '', ...extra,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitReady(`${base}/readyz`);
    const headers = { 'x-journal-id': jid, 'x-journal-host': SEARCH_HOST };
    // The first search starts the index build; the profiled searches are the steady state after it.
    await fetch(`${base}/api/search?keyword=warmup`, { headers });
    await new Promise((r) => setTimeout(r, 3000));
    const urls = searchUrls(Date.now().toString(36));
    const cpu0 = cpuMsOf(content.pid);
    const t0 = performance.now();
    const from = Number(process.hrtime.bigint() / 1000n);
    let bytes = 0;
    let errors = 0;
    for (let r = 0; r < SEARCH_RUNS; r++) {
      const res = await timeUrls(urls(base, r), headers, SEARCH_CONNECTIONS);
      bytes += res.bytes;
      errors += res.errors;
    }
    const seconds = (performance.now() - t0) / 1000;
    const to = Number(process.hrtime.bigint() / 1000n);
    const requests = SEARCH_RUNS * 480;
    if (errors) throw new Error(`${errors} searches did not answer 200`);
    const cpuPerRequestMs = (cpuMsOf(content.pid) - cpu0) / requests;
    const rps = { search: Math.round(requests / seconds) };
    console.log(`${label}: ${requests} searches, ${rps.search}/s (under the profiler), answers ~${Math.round(bytes / requests / 1024)} kB, ${cpuPerRequestMs.toFixed(3)} ms of CPU per search`);
    content.kill('SIGTERM');
    await new Promise((r) => content.once('exit', r));
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no .cpuprofile written');
    const prof = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    // Only the searches: loading 10,000 articles at start is another figure's.
    const s = summarise(prof, [from, to]);
    mkdirSync(OUT, { recursive: true });
    const summary: Summary = { label, target: 'search', date: new Date().toISOString(), env: extra, rps, requests, cpuPerRequestMs, ...s };
    writeFileSync(path.join(OUT, `search-${label}.json`), JSON.stringify(summary, null, 2) + '\n');
    if (process.env.PROFILE_KEEP_PROFILE) writeFileSync(process.env.PROFILE_KEEP_PROFILE, JSON.stringify(prof));
    console.log('by package (ms self):', s.packages);
    console.log('by function (ms self):', s.functions);
    writeMarkdown();
  } finally {
    if (content.exitCode === null && content.signalCode === null) content.kill('SIGKILL');
    if (process.env.PROFILE_KEEP_DB) rmSync(dir, { recursive: true, force: true });
    else await dropRunData(dir, servers.MONGO_URL, dbName);
  }
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--search')) {
    const [label, ...pairs] = args.filter((a) => !a.startsWith('--'));
    if (!label) throw new Error('usage: npx tsx bench/profile.ts <label> --search [ENV=value ...]');
    return profileSearch(label, Object.fromEntries(pairs.map((p) => p.split(/=(.*)/s).slice(0, 2) as [string, string])));
  }
  const gateway = args.includes('--gateway');
  const gatewayMain = args.find((a) => a.startsWith('--gateway-main='))?.slice('--gateway-main='.length);
  const [label, ...pairs] = args.filter((a) => !a.startsWith('--'));
  if (!label) throw new Error('usage: npx tsx bench/profile.ts <label> [--gateway [--gateway-main=file.js]] [ENV=value ...]');
  const extra = Object.fromEntries(pairs.map((p) => p.split(/=(.*)/s).slice(0, 2) as [string, string]));
  const servers = serverEnv();
  const dbName = `journal_profile${process.env.JP_LANE ? `_${process.env.JP_LANE}` : ''}`;
  const conn = await mongoose.createConnection(servers.MONGO_URL, { dbName }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  const journals = await seedDemo({ mongoUrl: servers.MONGO_URL, dbName });
  const demo = journals.find((j) => j.slug === 'demo') ?? journals[0]!;
  if (gateway) await seedSearchArticles(servers.MONGO_URL, dbName, demo.id);
  const port = 25001 + Number(process.env.JP_PORT_OFFSET ?? 0);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jp-prof-'));
  const common = {
    ...process.env, ...servers, MONGO_DB: dbName, REDIS_PREFIX: `profile${process.env.JP_LANE ?? ''}:`, HOST: '127.0.0.1',
    LOG_LEVEL: 'info', JWT_SECRET: 'profile-secret-that-is-long-enough-0123456789abcdef', STATS_UDP_PORT: '',
  };
  const prof = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
  const content = spawn(process.execPath, [...(gateway ? [] : prof), path.join(ROOT, 'services/content/dist/main.js')], {
    env: { ...common, PORT: String(port), ...(gateway ? {} : extra) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const children = [content];
  try {
    const contentBase = `http://127.0.0.1:${port}`;
    await waitReady(`${contentBase}/readyz`);
    const contentHeaders = { 'x-journal-id': demo.id, 'x-journal-host': demo.hosts[0]! };
    const years = (await (await fetch(`${contentBase}/api/archives/`, { headers: contentHeaders })).json()) as unknown;
    const m = /"year":"?(\d+)"?[^\]]*?"volume":"?(\d+)"?[^\]]*?"issue":"?(\d+)"?/.exec(JSON.stringify(years));
    if (!m) throw new Error(`no issue in ${JSON.stringify(years).slice(0, 200)}`);
    const issuePath = `/api/archives/${m[1]}/vol${m[2]}/issue${m[3]}`;
    const list = (await (await fetch(`${contentBase}${issuePath}`, { headers: contentHeaders })).json()) as { refnumber: string }[];
    const articlePath = `/api/archives/ref/${list[0]!.refnumber}`;
    mkdirSync(OUT, { recursive: true });

    if (gateway) {
      const render = spawn(process.execPath, [path.join(ROOT, 'web/dist-ssr/server.js')], {
        env: { ...common, NODE_ENV: 'production', PORT: String(port + 2), CONTENT_URL: contentBase },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(render);
      await waitReady(`http://127.0.0.1:${port + 2}/readyz`);
      const paths: Record<GatewayShape, string> = {
        issue: issuePath,
        search: `/api/search?keyword=${SEARCH_WORD}`,
        page: `/archives/${m[1]}/vol${m[2]}/issue${m[3]}/${list[0]!.refnumber}`,
      };
      const shapes = (process.env.PROFILE_SHAPES ?? SHAPES.join(',')).split(',').map((x) => x.trim()) as GatewayShape[];
      for (const shape of shapes) {
        if (!SHAPES.includes(shape)) throw new Error(`unknown shape ${shape}: one of ${SHAPES.join(', ')}`);
        const nowhere = 'http://127.0.0.1:9';
        const gw = spawn(process.execPath, [...prof, gatewayMain ?? path.join(ROOT, 'gateway/dist/main.js')], {
          env: {
            ...common, PORT: String(port + 1), CONTENT_URL: contentBase, AUTH_URL: nowhere, WORKLOG_URL: nowhere, PDF_URL: nowhere,
            RENDER_URL: `http://127.0.0.1:${port + 2}`, LOG_SUCCESS_SAMPLE: '20', ...extra,
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        children.push(gw);
        const base = `http://127.0.0.1:${port + 1}`;
        await waitReady(`${base}/readyz`);
        // The page as a reader who has just written gets it: rendered afresh, not from a cache.
        const headers: Record<string, string> = { host: demo.hosts[0]!, ...(shape === 'page' ? { authorization: 'Bearer uncached' } : {}) };
        const first = await fetch(base + paths[shape], { headers });
        if (first.status !== 200) throw new Error(`${paths[shape]} answered ${first.status}`);
        const answerBytes = (await first.arrayBuffer()).byteLength;
        // Warm: the first requests compile the gateway's path; the figure is the steady state.
        await autocannon({ url: base + paths[shape], connections: CONNECTIONS, duration: 2, headers });
        const counted = { requests: 0 };
        const cpu0 = cpuMsOf(gw.pid);
        const rps = await cannon(base + paths[shape], headers, counted);
        const cpuPerRequestMs = (cpuMsOf(gw.pid) - cpu0) / counted.requests;
        console.log(`${label} ${shape}: ${paths[shape]} (${answerBytes} bytes) ${rps} req/s (under the profiler), gateway ${cpuPerRequestMs.toFixed(3)} ms of CPU per request`);
        gw.kill('SIGTERM');
        await new Promise((r) => gw.once('exit', r));
        const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
        if (!file) throw new Error('no .cpuprofile written');
        const raw = readFileSync(path.join(dir, file), 'utf8');
        rmSync(path.join(dir, file));
        // The whole profile, to open in Chrome's DevTools or read with tools.
        mkdirSync(path.join(ROOT, '.data'), { recursive: true });
        writeFileSync(path.join(ROOT, `.data/gateway-${label}-${shape}.cpuprofile`), raw);
        const s = summarise(JSON.parse(raw) as CpuProfile);
        const summary: Summary = {
          label, target: 'gateway', shape, answerBytes, date: new Date().toISOString(), env: extra, rps: { [shape]: rps }, requests: counted.requests, cpuPerRequestMs, ...s,
        };
        writeFileSync(path.join(OUT, `gateway-${label}-${shape}.json`), JSON.stringify(summary, null, 2) + '\n');
        console.log('by function (ms self):', s.functions.slice(0, 8));
      }
      writeMarkdown();
      return;
    }

    const counted = { requests: 0 };
    const cpu0 = cpuMsOf(content.pid);
    const rps = { issue: await cannon(`${contentBase}${issuePath}`, contentHeaders, counted), article: await cannon(`${contentBase}${articlePath}`, contentHeaders, counted) };
    const cpuPerRequestMs = (cpuMsOf(content.pid) - cpu0) / counted.requests;
    console.log(`${label}: issue read ${rps.issue} req/s, article read ${rps.article} req/s (under the profiler), ${cpuPerRequestMs.toFixed(3)} ms of CPU per request`);
    content.kill('SIGTERM');
    await new Promise((r) => content.once('exit', r));
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no .cpuprofile written');
    const s = summarise(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile);
    const summary: Summary = { label, target: 'content', date: new Date().toISOString(), env: extra, rps, requests: counted.requests, cpuPerRequestMs, ...s };
    writeFileSync(path.join(OUT, `${label}.json`), JSON.stringify(summary, null, 2) + '\n');
    console.log('by package (ms self):', s.packages);
    console.log('by function (ms self):', s.functions);
    writeMarkdown();
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await dropRunData(dir, servers.MONGO_URL, dbName);
  }
}

if (require.main === module) runScript(main);

/**
 * Readers while the machine also renders a bulk zip, as the reliability load test runs it but
 * timed. Prints, in one run:
 *   read_p99_during_bulk_ms  uncached issue API (nginx → gateway → content, a bearer token skips the cache) p99
 *                            at 32 connections for as long as a 300-certificate zip renders on the
 *                            same machine; the zip's certificates/s beside it, and the same read
 *                            without the zip for comparison;
 *   load_p99_ms              200 readers mixing the home page, public API reads, server-rendered
 *                            article pages, search and PDF downloads for BENCH_LOAD_SECONDS while
 *                            an admin adds an article a second and a second 300-certificate zip
 *                            renders: overall p99;
 *   load_pdf_p99_ms          the PDF downloads' p99 in that run, with how nginx answered them
 *                            (X-Cache) and, for what is behind its disk cache, the bare (unversioned)
 *                            path's p50, which the content service answers from GridFS.
 * Errors are counted and printed (a bench never fails on a time). The zips come from a journal
 * of the bench's own (bench-load.localhost, 200 articles of 3 authors), so each renders afresh.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { connectMongo, createLogger, createRedis } from '@journal/server-kit';
import { offlineViews } from '../services/content/src/views-offline';
import { JournalRepo } from '../services/content/src/journals/journal.repo';
import { IssueRepo } from '../services/content/src/archives/issue.repo';
import { ArticleRepo } from '../services/content/src/archives/article.repo';
import { DATA, ROOT } from '../scripts/stack';
import { DEMO_USER } from '../scripts/seed';
import { call } from '../reliability/rel-stack';
import { adminAdding, readerTargets, runReaders, type ReaderAnswer } from '../reliability/reader-mix';
import {
  assetPath, bearer, publicCatalogue, readZip, tokenFor, waitJob,
} from '../reliability/rel-helpers';
import type { BenchContext } from './context';
import { ascending as sorted, percentile as pct } from '@journal/testing';

const HOST = 'bench-load.localhost';
const SLUG = 'bench-load';
const ZIP_ARTICLES = 100;
const AUTHORS = 3;
const READERS = Number(process.env.BENCH_LOAD_READERS ?? 200);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 30);
const BULK_CONNECTIONS = 32;
const YEAR = 2024;

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** The bench's own journal: 2 × 100 articles of 3 authors each, and its admin user. */
async function seed(ctx: BenchContext): Promise<string> {
  const conn = await connectMongo(ctx.mongoUrl, ctx.dbName);
  let id: string;
  try {
    const journals = new JournalRepo(conn);
    const issues = new IssueRepo(conn);
    const articles = await ArticleRepo.open(conn);
    await Promise.all([journals.init(), issues.init(), articles.init()]);
    const j = (await journals.findBySlug(SLUG)) ?? (await journals.upsert({
      slug: SLUG, hosts: [HOST], websitename: 'Load bench journal', domain: HOST, formatted_journal_name: 'Load bench journal',
      websiteemail: 'bench@example.org', whatsup_number: '', year_started: '2020', journal_frequency: 'Quarterly', journal_type: 'Online',
      journal_language: 'English', journal_essn: '', issn: '0000-0000', nassScore: '', nassScoreYear: '', impactfactor: '', fee_rupee: '2000',
      fee_dollar: '50', google_review_link: '', home_content: '', flags: {} as never,
    }));
    id = j.id;
    if ((await articles.count(j.id)) < 2 * ZIP_ARTICLES) {
      for (const issue of [1, 2]) {
        await issues.ensure(j.id, { year: YEAR, volume: 5, issue, frequency: 'monthly' });
        await articles.insertMany(j.id, Array.from({ length: ZIP_ARTICLES }, (_, k) => {
          const n = (issue - 1) * ZIP_ARTICLES + k;
          return {
            year: YEAR, volume: 5, issue, frequency: 'monthly', refnumber: String(500000 + n), txnid: `LOAD${n}`,
            title: `Load study ${n}`, authorname: Array.from({ length: AUTHORS }, (_, a) => `Author ${a + 1} of ${n}`).join(', '),
            abstract: '&lt;p&gt;Bench.&lt;/p&gt;', keywords: 'bench', pagenumber: `${k * 5 + 1}-${k * 5 + 4}`, subject: 'Benchmark',
            country: 'India', file: '', status: 'enabled', publishdate: `${YEAR}-06-01`,
          };
        }));
      }
    }
    // The journal's public views are built from what was seeded; running replicas drop their copies.
    const redis = createRedis(ctx.redisUrl, { lazyConnect: true });
    await redis.connect();
    await (await offlineViews(conn, redis, ctx.redisPrefix, createLogger('bench', 'warn', 'stderr'))).publisher.invalidate(j.id);
    redis.disconnect();
  } finally {
    await conn.close();
  }
  const { seedUsers } = (await import(path.join(ROOT, 'services/auth/dist/seed.js'))) as { seedUsers: (o: unknown) => Promise<void> };
  await seedUsers({ mongoUrl: ctx.mongoUrl, dbName: ctx.dbName, users: [{ journalId: id, ...DEMO_USER }] });
  return id;
}

/** One bulk zip of the given issue of the bench journal; certificates and seconds. */
async function bulkZip(base: string, token: string, issue: number) {
  const refs = Array.from({ length: ZIP_ARTICLES }, (_, k) => 500000 + (issue - 1) * ZIP_ARTICLES + k);
  const t0 = performance.now();
  let r = await call(`${base}/api/pdf/bulkcertificates`, { method: 'POST', host: HOST, headers: bearer(token), body: JSON.stringify(refs), timeoutMs: 600_000 });
  if (r.status === 202) {
    // Longer than the pdf API waits in the request: it answers a job to poll.
    const job = r.json() as { id?: string; jobId?: string };
    const jid = job.id ?? job.jobId ?? '';
    await waitJob(base, jid, bearer(token), 600_000, HOST);
    r = await call(`${base}/api/pdf/jobs/${jid}/result`, { host: HOST, headers: bearer(token), timeoutMs: 120_000 });
  }
  if (r.status !== 200) throw new Error(`bulk zip answered ${r.status}: ${r.body.slice(0, 200)}`);
  const certs = readZip(r.raw).length;
  const seconds = (performance.now() - t0) / 1000;
  return { certs, seconds, perS: certs / seconds };
}

/** `connections` loops on `url` while `running()`; latencies (ms) and errors. */
async function loop(url: string, headers: Record<string, string>, connections: number, running: () => boolean) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const lat: number[] = [];
  let errors = 0;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (running()) {
      try {
        const r = await call(url, { headers, agent, timeoutMs: 60_000 });
        if (r.status === 200) lat.push(r.ms);
        else errors++;
      } catch {
        errors++;
      }
    }
  }));
  agent.destroy();
  return { lat: sorted(lat), errors };
}

export async function run(ctx: BenchContext): Promise<Record<string, number>> {
  const base = ctx.baseUrl;
  await seed(ctx);
  const demoToken = await tokenFor(base);
  const loadToken = await tokenFor(base, HOST);
  const { issues, articles } = await publicCatalogue(base);
  const withFile = articles.filter((a) => a.file);
  // The bench journal is public once the content replica has applied the seed.
  for (let i = 0; i < 300; i++) {
    const r = await call(`${base}/api/archives/${YEAR}/vol5/issue2`, { host: HOST, headers: { authorization: 'Bearer uncached' } });
    if (r.status === 200 && (r.json() as unknown[]).length === ZIP_ARTICLES) break;
    await new Promise((res) => setTimeout(res, 200));
  }

  // 1. The uncached issue read alone, then while a 300-certificate zip renders.
  const issueUrl = `${base}${issues[0]!.path}`;
  const uncached = { authorization: 'Bearer uncached' };
  const quietUntil = Date.now() + 5000;
  const quiet = await loop(issueUrl, uncached, BULK_CONNECTIONS, () => Date.now() < quietUntil);
  let zipping = true;
  const [zip1, during] = await Promise.all([
    bulkZip(base, loadToken, 1).finally(() => (zipping = false)),
    loop(issueUrl, uncached, BULK_CONNECTIONS, () => zipping),
  ]);
  console.log(`uncached issue API, ${BULK_CONNECTIONS} connections: alone p50 ${round(pct(quiet.lat, 50))} ms, p99 ${round(pct(quiet.lat, 99))} ms (${quiet.errors} errors); ` +
    `while a ${zip1.certs}-certificate zip renders (${round(zip1.seconds)} s, ${round(zip1.perS)} certificates/s): p50 ${round(pct(during.lat, 50))} ms, p99 ${round(pct(during.lat, 99))} ms (${during.errors} errors)`);

  // 2. The reader mix of the reliability load test, 200 readers, with an admin writing and a zip.
  const pdfCache: Record<string, number> = {};
  const pdfBy: Record<string, number[]> = {};
  // PDF downloads begun after the first seconds, when every file has been asked for once.
  const pdfWarm: number[] = [];
  const warmFrom = Date.now() + 5000;
  const end = Date.now() + LOAD_SECONDS * 1000;
  const seen = (name: string, r: ReaderAnswer, begun: number) => {
    if (name !== 'pdf') return;
    const c = String(r.headers['x-cache'] ?? 'none');
    pdfCache[c] = (pdfCache[c] ?? 0) + 1;
    (pdfBy[c] ??= []).push(r.ms);
    if (begun >= warmFrom) pdfWarm.push(r.ms);
  };
  const admin = await adminAdding(base, demoToken, end);
  // The 200 readers share this one process: its own event-loop delay is part of every latency.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  // Readers' machines are not the servers' machine: here they are, and on a busy box the generator
  // waiting for a core would add its own delay to every latency. Its event loop gets a higher CPU
  // priority than the servers (it needs a fraction of one core) while the readers run.
  const priority = raisePriority();
  const nginxLog = nginxLogFrom();
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  const [zip2, { lat, errors }] = await Promise.all([
    bulkZip(base, loadToken, 2), runReaders(base, readerTargets({ issues, articles }), READERS, end, seen), admin.done,
  ]);
  const adds = admin.statuses;
  const clientCpu = process.cpuUsage(cpu0);
  priority.restore();
  loopDelay.disable();
  const served = nginxLog.read();
  const seconds = (Date.now() - t0) / 1000;
  const all = sorted(Object.values(lat).flat());
  const per = Object.fromEntries(Object.entries(lat).map(([n, l]) => {
    const x = sorted(l);
    return [n, `n ${x.length}, p50 ${round(pct(x, 50))}, p99 ${round(pct(x, 99))}`];
  }));
  const pdf = sorted(lat.pdf!);

  // What is behind nginx's disk cache: the same files by their bare paths, which it passes through.
  const bare: number[] = [];
  for (const a of withFile.slice(0, 20)) {
    const r = await call(`${base}${assetPath(a)}`, { timeoutMs: 60_000 });
    if (r.status === 200) bare.push(r.ms);
  }
  const bareSorted = sorted(bare);
  console.log(`${READERS} readers for ${round(seconds)} s: ${all.length + errors.length} requests (${Math.round(all.length / seconds)}/s), ${errors.length} errors${errors.length ? ` (first: ${errors.slice(0, 3).join('; ')})` : ''}`);
  console.log(`  overall p50 ${round(pct(all, 50))} ms, p90 ${round(pct(all, 90))} ms, p99 ${round(pct(all, 99))} ms; per route (ms): ${JSON.stringify(per)}`);
  const byCache = Object.entries(pdfBy).map(([c, l]) => `${c}: n ${l.length}, p50 ${round(pct(sorted(l), 50))} ms, p99 ${round(pct(sorted(l), 99))} ms`);
  console.log(`  PDF downloads by nginx's answer (X-Cache) ${byCache.join('; ')}; after the run, the same files by their bare paths (nginx passes them to the content service): p50 ${round(pct(bareSorted, 50))} ms`);
  console.log(`  PDF downloads begun after the first 5 s (each file asked for once by then): p50 ${round(pct(sorted(pdfWarm), 50))} ms, p99 ${round(pct(sorted(pdfWarm), 99))} ms`);
  // The generator's CPU per request (user + system, this process, the admin writer and zip poller included).
  const clientCpuMs = (clientCpu.user + clientCpu.system) / 1000 / Math.max(1, all.length + errors.length);
  console.log(`  the bench process's own event-loop delay (part of every latency above): p50 ${round(loopDelay.percentile(50) / 1e6)} ms, p99 ${round(loopDelay.percentile(99) / 1e6)} ms; its CPU ${round(clientCpuMs, 3)} ms per request`);
  if (served) {
    console.log(`  as nginx timed them (its access log, from reading the request to the last byte sent): overall p50 ${round(pct(served.all, 50))} ms, ` +
      `p99 ${round(pct(served.all, 99))} ms; PDF downloads p50 ${round(pct(served.pdf, 50))} ms, p99 ${round(pct(served.pdf, 99))} ms; ` +
      `${served.lockWaits} answers waited about 500 ms on nginx's cache lock (its poll of a fetch under way)`);
  }
  console.log(`  the generator ran at ${priority.note}`);
  console.log(`  admin added ${adds.length} articles (statuses ${[...new Set(adds)].join(', ')}); zip of ${zip2.certs} certificates in ${round(zip2.seconds)} s (${round(zip2.perS)} certificates/s)`);

  const figures = {
    read_p99_during_bulk_ms: round(pct(during.lat, 99), 2),
    read_p99_during_bulk_errors: during.errors,
    read_p99_without_bulk_ms: round(pct(quiet.lat, 99), 2),
    bulk_certs_per_s_during_reads: round(zip1.perS, 2),
    load_p99_ms: round(pct(all, 99), 2),
    load_p50_ms: round(pct(all, 50), 2),
    load_pdf_p99_ms: round(pct(pdf, 99), 2),
    load_pdf_p50_ms: round(pct(pdf, 50), 2),
    load_errors: errors.length,
    load_rps: Math.round(all.length / seconds),
    load_pdf_cache_hits: pdfCache.HIT ?? 0,
    load_pdf_cache_misses: (pdfCache.MISS ?? 0) + (pdfCache.EXPIRED ?? 0),
    load_pdf_hit_p99_ms: round(pct(sorted(pdfBy.HIT ?? []), 99), 2),
    load_pdf_p99_after_5s_ms: round(pct(sorted(pdfWarm), 99), 2),
    pdf_bare_path_p50_ms: round(pct(bareSorted, 50), 2),
    load_bulk_certs_per_s: round(zip2.perS, 2),
    load_client_loop_delay_p99_ms: round(loopDelay.percentile(99) / 1e6, 2),
    load_client_cpu_ms_per_request: round(clientCpuMs, 3),
    ...(served
      ? {
          load_nginx_p99_ms: round(pct(served.all, 99), 2),
          load_pdf_nginx_p99_ms: round(pct(served.pdf, 99), 2),
          load_nginx_lock_waits: served.lockWaits,
        }
      : {}),
  };
  console.log(figures);
  return figures;
}

/** Raises this process's event loop to nice -5 (root only; otherwise it stays where it was, and says so). */
function raisePriority() {
  const before = os.getPriority();
  try {
    os.setPriority(Math.min(before, -5));
    return { note: `nice ${os.getPriority()} (the servers at 0, the PDF workers lower)`, restore: () => os.setPriority(before) };
  } catch {
    return { note: `nice ${before}, like the servers (raising it needs root)`, restore: () => undefined };
  }
}

/**
 * With JP_NGINX_ACCESS_LOG=1 the stack's nginx logs each request's own time ($request_time: from
 * reading the request to the last byte sent): the server side of every latency, without the
 * generator's. `read()` gives the times of the lines written since this call, in ms, sorted.
 */
function nginxLogFrom() {
  const file = path.join(DATA, 'logs', 'bench-nginx-access.log');
  const on = process.env.JP_NGINX_ACCESS_LOG === '1' && existsSync(file);
  const from = on ? statSync(file).size : 0;
  return {
    read() {
      if (!on) return null;
      const all: number[] = [];
      const pdf: number[] = [];
      let lockWaits = 0;
      for (const line of readFileSync(file).subarray(from).toString('utf8').split('\n')) {
        // `$msec $status $method $uri rt=… urt=… uct=… ust=… cache=… len=…`
        const f = line.split(' ');
        // The readers' requests only (not the admin's writes or the zip's job polls).
        if (f.length < 6 || f[2] !== 'GET' || !f[4]!.startsWith('rt=') || /^\/(api\/admin|api\/pdf|auth)\//.test(f[3]!)) continue;
        const ms = Number(f[4]!.slice(3)) * 1000;
        all.push(ms);
        if (f[3]!.startsWith('/assets/archives/')) pdf.push(ms);
        if (ms >= 450 && ms <= 560 && line.includes(' cache=HIT ')) lockWaits++;
      }
      return { all: sorted(all), pdf: sorted(pdf), lockWaits };
    },
  };
}

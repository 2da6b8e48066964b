/**
 * The PDF pipeline's figures, in one run. It starts its own pdf API (in process) on its
 * own queue prefix and cache bucket, its own worker processes (src/worker.main.ts, compiled dist
 * when present), and a content-shaped data server with 100 articles x 3 authors per journal, so
 * the stack's own worker never takes these jobs. Prints figures; never asserts a time.
 *
 *   certs_per_s          certificates/s for a bulk zip of 100 articles x 3 authors, one worker process
 *   certs_vs_naive       that rate against a naive baseline launching a browser per PDF
 *   workers_2_vs_1       throughput of 2 worker processes against 1 (two bulk zips at once)
 *   worker_rss_ratio     worker RSS (node + its Chromium) after 2,000 certificates against after 200
 *   worker_pss_mb_2000   the worker's working set (sum of PSS, as its cgroup counts) after 2,000 certificates
 *   cert_cache_hit_p50_ms  p50 of a repeated certificate download (served from the cache)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import puppeteer from 'puppeteer-core';
import { signToken } from '@journal/server-kit';
import { stopChild, treeCpuSeconds, treeMemoryBytes, percentile } from '@journal/testing';
import { start, type PdfApiApp } from '../services/pdf-worker/src/app';
import { pdfApiConfigSchema } from '../services/pdf-worker/src/config';
import { CHROMIUM_ARGS } from '../services/pdf-worker/src/render/renderer';
import { certificatesHtml } from '../services/pdf-worker/src/templates';
import { article, demoSettings, editor, makeLogoPng, startContentFixture, type ContentFixture } from '../services/pdf-worker/test/helpers/content-fixture';

export interface PdfBenchContext {
  mongoUrl: string;
  redisUrl: string;
  dbName: string;
  contentUrl?: string;
  jwtSecret?: string;
  [k: string]: unknown;
}

const ROOT = path.resolve(__dirname, '..');
const newObjectId = () => new mongoose.Types.ObjectId().toString();
const ARTICLES = 100;
const AUTHORS = 3;
const NAIVE_PDFS = 8;
const CACHE_HITS = 300;

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Worker {
  child: ChildProcess;
  stop(): Promise<void>;
}

function spawnWorker(env: Record<string, string>): Promise<Worker> {
  const dist = path.join(ROOT, 'services/pdf-worker/dist/worker.main.js');
  const args = existsSync(dist) ? [dist] : [path.join(ROOT, 'services/pdf-worker/scripts/run-ts.cjs'), path.join(ROOT, 'services/pdf-worker/src/worker.main.ts')];
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env, PORT: '0', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`pdf worker did not start:\n${log}`)), 60_000);
    child.stderr!.on('data', (d: Buffer) => (log += d.toString()));
    child.stdout!.on('data', (d: Buffer) => {
      const s = d.toString();
      if (log.length < 20_000) log += s;
      if (s.includes('pdf worker running')) {
        clearTimeout(t);
        resolve({
          child,
          stop: () => stopChild(child),
        });
      }
    });
    child.once('exit', () => reject(new Error(`pdf worker exited:\n${log}`)));
  });
}

export async function run(ctx: PdfBenchContext): Promise<Record<string, number | number[]>> {
  const secret = ctx.jwtSecret ?? 'bench-secret-that-is-long-enough-for-hs256-0123456789';
  const prefix = `benchpdf${Date.now().toString(36)}:`;
  const bucket = `pdfbench${Date.now().toString(36)}`;
  const content: ContentFixture = await startContentFixture();
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    MONGO_URL: ctx.mongoUrl,
    MONGO_DB: ctx.dbName,
    REDIS_URL: ctx.redisUrl,
    REDIS_PREFIX: prefix,
    PDF_CACHE_BUCKET: bucket,
    JWT_SECRET: secret,
    // The bench signs tokens for a user that exists nowhere; it measures rendering, not sign-in.
    AUTH_CHECK_STORED_USER: 'off',
    CONTENT_URL: content.url,
    PORT: '0',
    PDF_SYNC_TIMEOUT_MS: '300000',
    PDF_MAX_ITEMS: '500',
  };
  const api: PdfApiApp = await start(pdfApiConfigSchema.parse(env));
  const workers: Worker[] = [];
  const logo = makeLogoPng();

  /** A fresh journal with the same 100 x 3 data: a new cache key, so the work is really done. */
  const newJournal = (authors = AUTHORS) => {
    const id = newObjectId();
    const articles = Array.from({ length: ARTICLES }, (_, i) =>
      article(10_001 + i, Array.from({ length: authors }, (_, k) => ['Dr. Anita Sharma', 'Rahul Verma', 'राम कुमार शर्मा'][k]! + (k ? ` ${i}` : '')).join(', ')),
    );
    content.journals.set(id, {
      settings: demoSettings('International Journal of Benchmark Research'),
      logo,
      editors: [editor('Dr. Ramesh Kumar', 'chief editor')],
      articles,
    });
    return { id, refs: articles.map((a) => Number(a.refnumber)), certs: ARTICLES * authors };
  };

  const bulk = async (j: { id: string; refs: number[] }): Promise<number> => {
    const headers = { 'content-type': 'application/json', 'x-journal-id': j.id, authorization: `Bearer ${signToken(secret, { id: newObjectId(), name: 'bench', journalId: j.id }).token}` };
    const t0 = performance.now();
    const res = await fetch(`${api.url}/api/pdf/bulkcertificates`, { method: 'POST', headers, body: JSON.stringify(j.refs) });
    if (res.status !== 200) throw new Error(`bulk zip answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
    return performance.now() - t0;
  };

  try {
    // ---- one worker: certificates per second ----
    workers.push(await spawnWorker(env));
    // warm-up: the worker launches its browser on its first job
    const warm = newJournal(1);
    await bulk({ id: warm.id, refs: warm.refs.slice(0, 30) });
    const rates: number[] = [];
    for (let k = 0; k < 3; k++) {
      const j = newJournal();
      const ms = await bulk(j);
      rates.push(j.certs / (ms / 1000));
    }
    rates.sort((a, b) => a - b);
    const certsPerS = percentile(rates, 50);
    console.log(`bulk zip ${ARTICLES} articles x ${AUTHORS} authors, one worker: ${rates.map((r) => r.toFixed(1)).join(', ')} certificates/s (median ${certsPerS.toFixed(1)})`);

    // ---- worker RSS after 200 and after 2,000 certificates (fresh worker, 2 authors x 100 = 200 a job) ----
    await workers.pop()!.stop();
    const rssWorker = await spawnWorker(env);
    workers.push(rssWorker);
    const rssSeries: number[] = [];
    const pssSeries: number[] = [];
    for (let k = 0; k < 10; k++) {
      await bulk(newJournal(2));
      await sleep(500);
      rssSeries.push(treeMemoryBytes(rssWorker.child.pid!, 'rss'));
      pssSeries.push(treeMemoryBytes(rssWorker.child.pid!, 'pss'));
    }
    const rss200 = rssSeries[0]!;
    const rss2000 = rssSeries[9]!;
    const rssRatio = rss2000 / rss200;
    console.log(`worker RSS (node + Chromium): ${(rss200 / 2 ** 20).toFixed(0)} MiB after 200 certificates, ${(rss2000 / 2 ** 20).toFixed(0)} MiB after 2,000 (x${rssRatio.toFixed(2)})`);
    const pss2000 = pssSeries[9]!;
    const pssMax = Math.max(...pssSeries);
    console.log(`worker working set (sum of PSS, as a cgroup counts it): ${(pssSeries[0]! / 2 ** 20).toFixed(0)} MiB after 200 certificates, ${(pss2000 / 2 ** 20).toFixed(0)} MiB after 2,000, peak ${(pssMax / 2 ** 20).toFixed(0)} MiB (goal: below the pod's memory limit with headroom)`);

    // ---- 2 worker processes against 1: two bulk zips at once ----
    const pair = async () => {
      const a = newJournal();
      const b = newJournal();
      const t0 = performance.now();
      await Promise.all([bulk(a), bulk(b)]);
      return (a.certs + b.certs) / ((performance.now() - t0) / 1000);
    };
    const cpu0 = treeCpuSeconds([workers[0]!.child.pid!]);
    const tPair = performance.now();
    const one = await pair();
    const coresUsed = (treeCpuSeconds([workers[0]!.child.pid!]) - cpu0) / ((performance.now() - tPair) / 1000);
    console.log(`one worker process (node + its Chromium) kept ${coresUsed.toFixed(2)} of ${availableParallelism()} cores busy`);
    workers.push(await spawnWorker(env));
    // warm both browsers: two small jobs at once land on both workers
    const w1 = newJournal(1);
    const w2 = newJournal(1);
    await Promise.all([bulk({ id: w1.id, refs: w1.refs.slice(0, 20) }), bulk({ id: w2.id, refs: w2.refs.slice(0, 20) })]);
    const two = await pair();
    const workersRatio = two / one;
    console.log(`two bulk zips at once: ${one.toFixed(1)} certificates/s with 1 worker, ${two.toFixed(1)} with 2 (x${workersRatio.toFixed(2)}); with ${availableParallelism()} cores a second process can only add the cores the first leaves idle`);

    // ---- naive baseline: a browser launched per PDF ----
    const html = certificatesHtml(
      { name: 'International Journal of Benchmark Research', siteName: 'IJBR', domain: 'www.example-journal.org', email: 'editor@example-journal.org', issn: '2394-7500', essn: '2394-5869', impactFactor: 'RJIF 8.4', frequency: 'Monthly', logo: `data:image/png;base64,${logo.toString('base64')}`, chiefEditor: 'Dr. Ramesh Kumar', publisher: '' },
      [{ author: 'Dr. Anita Sharma', article: { refnumber: '10001', title: 'A study of <i>Bacillus subtilis</i>', authors: ['Dr. Anita Sharma'], year: '2026', volume: '12', issue: '3', month: 'March', pages: '1-6', publishdate: '12 March 2026', subject: '', country: '' } }],
    );
    const t0 = performance.now();
    for (let i = 0; i < NAIVE_PDFS; i++) {
      const browser = await puppeteer.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
      const page = await browser.newPage();
      await page.setContent(html, { waitUntil: 'load' });
      await page.pdf({ printBackground: true, preferCSSPageSize: true });
      await browser.close();
    }
    const naivePerS = NAIVE_PDFS / ((performance.now() - t0) / 1000);
    const vsNaive = certsPerS / naivePerS;
    console.log(`naive browser-per-PDF: ${naivePerS.toFixed(2)} certificates/s; batched pipeline x${vsNaive.toFixed(1)}`);

    // ---- cache hit of a repeated certificate: through the stack's real content service when there is one ----
    const measureHits = async (base: string, journalId: string, ref: string, author: string) => {
      const url = `${base}/api/pdf/certificate/${encodeURIComponent(ref)}/${encodeURIComponent(author)}`;
      const first = await fetch(url, { headers: { 'x-journal-id': journalId } });
      if (first.status !== 200) throw new Error(`certificate answered ${first.status}`);
      await first.arrayBuffer();
      const lat: number[] = [];
      for (let i = 0; i < CACHE_HITS; i++) {
        const t = performance.now();
        const r = await fetch(url, { headers: { 'x-journal-id': journalId } });
        await r.arrayBuffer();
        if (r.headers.get('x-pdf-cache') !== 'hit') throw new Error('repeated certificate was not a cache hit');
        lat.push(performance.now() - t);
      }
      return lat.sort((a, b) => a - b);
    };
    let lat: number[] | undefined;
    let source = 'the bench\'s content-shaped data server';
    const journals = (ctx.journals as { id: string }[] | undefined) ?? [];
    if (ctx.contentUrl && journals[0]) {
      let realApi: PdfApiApp | undefined;
      try {
        const jid = journals[0].id;
        const get = async (p: string) => {
          const r = await fetch(`${ctx.contentUrl}${p}`, { headers: { 'x-journal-id': jid } });
          if (!r.ok) throw new Error(`${p}: ${r.status}`);
          return r.json() as Promise<unknown>;
        };
        const years = (await get('/api/archives/')) as { year: number; issues: { volume: number; issue: number }[] }[];
        const y = years[0]!;
        const iss = y.issues[0]!;
        const list = (await get(`/api/archives/${y.year}/${iss.volume}/${iss.issue}`)) as { refnumber: string; authorname: string }[];
        const a = list.find((x) => x.authorname?.trim())!;
        realApi = await start(pdfApiConfigSchema.parse({ ...env, CONTENT_URL: ctx.contentUrl }));
        lat = await measureHits(realApi.url, jid, a.refnumber, a.authorname.split(',')[0]!.trim());
        source = 'the stack\'s content service';
      } catch (err) {
        console.log(`cache-hit run against the stack's content service skipped (${(err as Error).message}); using the data server`);
      } finally {
        await realApi?.stop();
      }
    }
    if (!lat) {
      const hitJ = newJournal();
      lat = await measureHits(api.url, hitJ.id, '10001', 'Rahul Verma 0');
    }
    const p50 = percentile(lat, 50);
    console.log(`repeated certificate: p50 ${p50.toFixed(2)} ms, p95 ${percentile(lat, 95).toFixed(2)} ms over ${CACHE_HITS} downloads (cache hits, no render; data from ${source})`);

    return {
      certs_per_s: round(certsPerS, 1),
      certs_vs_naive: round(vsNaive, 1),
      workers_2_vs_1: round(workersRatio),
      worker_rss_ratio: round(rssRatio),
      worker_pss_mb_2000: round(pss2000 / 2 ** 20, 1),
      worker_pss_peak_mb: round(pssMax / 2 ** 20, 1),
      cert_cache_hit_p50_ms: round(p50),
      pdf_worker_cores_used: round(coresUsed),
      naive_certs_per_s: round(naivePerS),
      pdf_pair_1_worker_per_s: round(one, 1),
      pdf_pair_2_workers_per_s: round(two, 1),
      // A series for the report's chart: RSS in MiB after 200, 400, ... 2,000 certificates.
      worker_rss_series_mb: rssSeries.map((b) => round(b / 2 ** 20, 1)),
    };
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await api.queue.queue.obliterate({ force: true }).catch(() => undefined);
    await api.stop();
    await content.close();
    const conn = await mongoose.createConnection(ctx.mongoUrl, { dbName: ctx.dbName }).asPromise();
    await conn.db!.collection(`${bucket}.files`).drop().catch(() => undefined);
    await conn.db!.collection(`${bucket}.chunks`).drop().catch(() => undefined);
    await conn.close();
  }
}

if (require.main === module) {
  // Standalone: `npx tsx bench/pdf.bench.ts` against the local servers of scripts/provision.sh.
  const env = readFileSync(path.join(ROOT, '.data/servers.env'), 'utf8');
  const get = (k: string) => process.env[k] ?? new RegExp(`^${k}=(.*)$`, 'm').exec(env)?.[1] ?? '';
  run({ mongoUrl: get('MONGO_URL'), redisUrl: get('REDIS_URL'), dbName: 'journal_bench_pdf' }).then(
    (r) => {
      console.log(JSON.stringify(r, null, 2));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

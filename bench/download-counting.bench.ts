/**
 * What usage counting costs a PDF download. nginx logs every answered PDF request for the content
 * service (on this machine: a line in a buffered file it reads twice a second; BENCH_USAGE_LOG=syslog:
 * a datagram per download to its UDP port, as in Kubernetes); this measures a download through an nginx with the stack's
 * configuration (counting on) against one with the same configuration less the usage-log lines
 * (counting off), both started afresh in front of the stack's gateway and services, in alternating
 * blocks so that drift hits both alike.
 *   download_counting_p50_ratio / _p99_ratio   on ÷ off, downloads arriving at a steady rate of half
 *                                              what the machine serves back to back (goal ≤ 1.05).
 *                                              Open loop: each download is timed from when it was
 *                                              due, so a slow answer delays the ones behind it.
 *   download_counting_saturated_rps_ratio      on ÷ off downloads/s with 8 readers back to back: the
 *                                              machine's CPU shared with counting, at saturation
 *   download_counting_seq_p50_ratio            on ÷ off, one reader at a time
 *   download_counting_counted_ratio            downloads counted ÷ distinct downloads sent (goal 1)
 * Every request carries its own user agent, so every logged hit is a distinct reader and goes the
 * whole way (robot check, Redis script, MongoDB flush): the worst case for counting.
 * BENCH_COUNTING_BLOCKS and BENCH_COUNTING_PER_BLOCK change the run's length.
 */
import http from 'node:http';
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { renderNginxConfig } from '../scripts/stack';
import type { BenchContext, BenchFigures } from './context';
import { percentile, round } from '@journal/testing';
import { timedGet } from './http-timing';

const HOST = 'localhost';
const BLOCKS = Number(process.env.BENCH_COUNTING_BLOCKS ?? 10);
const PER_BLOCK = Number(process.env.BENCH_COUNTING_PER_BLOCK ?? 1000);
const CONCURRENCY = 8;
const SATURATED_PER_BLOCK = 400;
const SEQ_PER_BLOCK = 50;
/** The steady rate: this share of the downloads/s the machine serves back to back, counting off. */
const LOAD_SHARE = 0.5;

let reader = 0;
const uaOf = () => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 BenchReader/${++reader}`;

/** `n` downloads by `conc` readers at once; latencies in ms. */
async function block(base: string, pdf: string, n: number, conc: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: conc });
  const out: number[] = [];
  let left = n;
  await Promise.all(
    Array.from({ length: conc }, async () => {
      while (left-- > 0) {
        const r = await timedGet(agent, base + pdf, { Host: HOST, 'User-Agent': uaOf() });
        if (r.status !== 200) throw new Error(`download answered ${r.status}`);
        out.push(r.ms);
      }
    }),
  );
  agent.destroy();
  return out;
}

/**
 * `n` downloads due at a steady `rate` per second, sent when due whatever is still in flight (up to
 * 64 connections, then they queue): latencies in ms from when each was due.
 */
/** Downloads slower than this are kept with when they were due, to see what they waited on. */
const SLOW_MS = 20;
const slow: { counting: boolean; at: number; ms: number }[] = [];
const benchStart = performance.now();

async function paced(base: string, pdf: string, n: number, rate: number, counting: boolean): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const out: number[] = [];
  const interval = 1000 / rate;
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    let sent = 0;
    let done = 0;
    const tick = () => {
      const now = performance.now();
      for (; sent < n && t0 + sent * interval <= now; sent++) {
        const due = t0 + sent * interval;
        timedGet(agent, base + pdf, { Host: HOST, 'User-Agent': uaOf() }).then((r) => {
          if (r.status !== 200) return reject(new Error(`download answered ${r.status}`));
          const ms = performance.now() - due;
          out.push(ms);
          if (ms > SLOW_MS) slow.push({ counting, at: (due - benchStart) / 1000, ms });
          if (++done === n) resolve();
        }, reject);
      }
      if (sent < n) setTimeout(tick, Math.max(0, t0 + sent * interval - performance.now()));
    };
    tick();
  });
  agent.destroy();
  return out;
}

/**
 * An nginx like the stack's, started afresh for the comparison, with or without the usage log: the
 * two differ in nothing else (not in how long they have run or what their caches hold: the stack's
 * own nginx carries every earlier bench's cached pages, and its cache manager works through them).
 */
async function startBenchNginx(ctx: BenchContext, counting: boolean): Promise<{ url: string; stop: () => void }> {
  const port = Number(new URL(ctx.baseUrl).port) + (counting ? 51 : 50);
  const name = counting ? 'bench-count' : 'bench-nocount';
  const conf = renderNginxConfig({ nginxPort: port, gatewayPort: Number(new URL(ctx.gatewayUrl).port), name, usageLog: ctx.usageLog });
  // An empty cache: nothing left from an earlier run.
  const cache = path.join(path.dirname(conf), 'cache');
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { mode: 0o777 });
  chmodSync(cache, 0o777);
  const server = path.join(path.dirname(conf), 'default.conf');
  const text = readFileSync(server, 'utf8');
  const stripped = text.replace(/^\s*access_log \S+ jp_usage [^;]*;\s*$/gm, '');
  if (stripped === text) throw new Error('no usage log in the nginx configuration: counting is not set up');
  if (!counting) writeFileSync(server, stripped);
  const child = spawn('nginx', ['-c', conf, '-g', 'daemon off;'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${url}/index.html`).then((r) => r.ok, () => false);
    if (ok) return { url, stop: () => child.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the ${name} nginx did not start`);
}

async function firstPdf(base: string): Promise<string> {
  const years = (await (await fetch(`${base}/api/archives/`, { headers: { Host: HOST } })).json()) as { year: number; issues: { volume: number; issue: number }[] }[];
  for (const y of years) {
    for (const i of y.issues) {
      const list = (await (await fetch(`${base}/api/archives/${y.year}/vol${i.volume}/issue${i.issue}`, { headers: { Host: HOST } })).json()) as { pdf_url: string | null }[];
      const a = list.find((x) => x.pdf_url);
      if (a) return a.pdf_url!;
    }
  }
  throw new Error('no article with a PDF in the demo journal');
}

export async function run(ctx: BenchContext): Promise<BenchFigures> {
  const pdf = await firstPdf(ctx.baseUrl);
  const off = await startBenchNginx(ctx, false);
  const onNginx = await startBenchNginx(ctx, true);
  const conn = await mongoose.createConnection(ctx.mongoUrl, { dbName: ctx.dbName }).asPromise();
  const counted = async () => {
    const rows = await conn.collection('article_stats').find({}).project({ downloads: 1 }).toArray();
    return rows.reduce((n, r) => n + Number(r.downloads ?? 0), 0);
  };
  try {
    await block(onNginx.url, pdf, 100, CONCURRENCY);
    await block(off.url, pdf, 100, CONCURRENCY);
    // The warm-up's counts land with the next flush (every 10 s): wait until the total holds still.
    let before = await counted();
    for (let still = 0, i = 0; still < 12 && i < 60; i++) {
      await new Promise((r) => setTimeout(r, 1000));
      const now = await counted();
      still = now === before ? still + 1 : 0;
      before = now;
    }
    // Back to back, 8 readers: what the machine serves, and what counting takes of it at saturation.
    const rps = { on: 0, off: 0 };
    for (const counting of [false, true, true, false]) {
      const t = performance.now();
      await block(counting ? onNginx.url : off.url, pdf, SATURATED_PER_BLOCK, CONCURRENCY);
      rps[counting ? 'on' : 'off'] += SATURATED_PER_BLOCK / 2 / ((performance.now() - t) / 1000);
    }
    const rate = Math.max(50, Math.round(rps.off * LOAD_SHARE));
    const on: number[] = [];
    const offMs: number[] = [];
    const seqOn: number[] = [];
    const seqOff: number[] = [];
    let sentOn = 2 * SATURATED_PER_BLOCK;
    for (let b = 0; b < BLOCKS; b++) {
      // Alternate which goes first, so neither always follows the other's leftovers.
      const order = b % 2 ? [false, true] : [true, false];
      for (const counting of order) {
        const base = counting ? onNginx.url : off.url;
        (counting ? on : offMs).push(...(await paced(base, pdf, PER_BLOCK, rate, counting)));
        (counting ? seqOn : seqOff).push(...(await block(base, pdf, SEQ_PER_BLOCK, 1)));
        if (counting) sentOn += PER_BLOCK + SEQ_PER_BLOCK;
      }
    }
    // Counters reach MongoDB on the next flush (10 s by default).
    let got = (await counted()) - before;
    for (let i = 0; i < 60 && got < sentOn; i++) {
      await new Promise((r) => setTimeout(r, 500));
      got = (await counted()) - before;
    }
    for (const a of [on, offMs, seqOn, seqOff]) a.sort((x, y) => x - y);
    const f = {
      download_counting_p50_ratio: round(percentile(on, 50) / percentile(offMs, 50), 3),
      download_counting_p99_ratio: round(percentile(on, 99) / percentile(offMs, 99), 3),
      download_counting_rate_per_s: rate,
      download_counting_saturated_rps_ratio: round(rps.on / rps.off, 3),
      download_counting_saturated_off_rps: Math.round(rps.off),
      download_counting_seq_p50_ratio: round(percentile(seqOn, 50) / percentile(seqOff, 50), 3),
      download_counting_on_p50_ms: round(percentile(on, 50), 3),
      download_counting_on_p99_ms: round(percentile(on, 99), 3),
      download_counting_off_p50_ms: round(percentile(offMs, 50), 3),
      download_counting_off_p99_ms: round(percentile(offMs, 99), 3),
      download_counting_counted_ratio: round(got / sentOn, 3),
    };
    console.log(
      `PDF download at ${rate}/s (half of ${f.download_counting_saturated_off_rps}/s back to back), ${on.length} each: counting on p50 ${f.download_counting_on_p50_ms} ms, p99 ${f.download_counting_on_p99_ms} ms; ` +
        `off p50 ${f.download_counting_off_p50_ms} ms, p99 ${f.download_counting_off_p99_ms} ms ` +
        `→ ratio p50 ${f.download_counting_p50_ratio}, p99 ${f.download_counting_p99_ratio} (goal ≤ 1.05)`,
    );
    // When the slow ones were due (seconds into the run, grouped to the tenth): a stall shows as a cluster.
    const clusters = new Map<string, { n: number; max: number }>();
    for (const x of slow) {
      const k = `${x.counting ? 'on' : 'off'}@${x.at.toFixed(1)}s`;
      const c = clusters.get(k) ?? { n: 0, max: 0 };
      clusters.set(k, { n: c.n + 1, max: Math.max(c.max, x.ms) });
    }
    console.log(
      `downloads over ${SLOW_MS} ms: on ${slow.filter((x) => x.counting).length}, off ${slow.filter((x) => !x.counting).length}; ` +
        [...clusters].map(([k, c]) => `${k} ×${c.n} (max ${Math.round(c.max)} ms)`).join(', '),
    );
    console.log(
      `8 readers back to back: ${Math.round(rps.on)} vs ${Math.round(rps.off)} downloads/s (${f.download_counting_saturated_rps_ratio}); ` +
        `one reader at a time: p50 ratio ${f.download_counting_seq_p50_ratio}; counted ${got} of ${sentOn} distinct downloads (${f.download_counting_counted_ratio})`,
    );
    return f;
  } finally {
    off.stop();
    onNginx.stop();
    await conn.close();
  }
}

/**
 * docs/product.md#peer-review: a reviewer opening the review page from the email link. Through
 * nginx, the gateway, the render process and the content service of the whole stack (the page is
 * never kept by a cache: each request renders it). Staff add a reviewer and invite them to a
 * submitted manuscript; the link is read from the invitation email in Mailpit; the reviewer
 * accepts, so the page carries the review form. Then:
 *   review_form_first_ms        the first open of the link (the journal's reads warm, the review's cold)
 *   review_form_p50_ms / _p99_ms  the page opened again and again by one reviewer (wrk, 1 connection)
 *   review_form_c8_p99_ms       8 reviewers opening at once (wrk, 8 connections)
 *   review_api_p99_ms           the page's one read, GET /api/reviews/<token>, alone (1 connection)
 *   review_form_cpu_ms_<proc>   CPU ms per page per process (from /proc; wrk's own is not counted)
 *   review_form_lighthouse_a11y Lighthouse's accessibility score of the page with its form (0-100)
 * Prints figures; never asserts a time.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { Mailpit } from '@journal/testing';
import { apiCaller, onePagePdf } from './bench-kit';
import type { BenchContext, BenchFigures } from './context';
import { cpuMsFine } from './proc-cpu';

const exec = promisify(execFile);
const SECONDS = Number(process.env.BENCH_REVIEW_SECONDS ?? 10);
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const toMs = (v: string) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(v);
  return m ? Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1) : NaN;
};

async function wrk(url: string, connections: number) {
  const { stdout } = await exec('wrk', ['-t1', `-c${connections}`, `-d${SECONDS}s`, '--latency', '--timeout', '10s', url], { maxBuffer: 1 << 20 });
  const pct = (p: string) => toMs(new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(stdout)?.[1] ?? '');
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  return { p50: round(pct('50')), p99: round(pct('99')), rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN), requests: Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0), non2xx };
}

type LighthouseFn = (url: string, flags: Record<string, unknown>) => Promise<{ lhr: { categories: Record<string, { score: number | null }>; audits: Record<string, { score: number | null; scoreDisplayMode: string }> } } | undefined>;

/** Lighthouse's accessibility score of a page, in a Chromium of its own; the audits it loses. */
async function accessibility(url: string): Promise<{ score: number; lost: string[] }> {
  const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  process.env.CHROME_PATH = chromePath;
  // ES modules; the casts keep their large type trees out of the build (as bench/lighthouse.bench.ts does).
  const lighthouse = ((await import('lighthouse')) as unknown as { default: LighthouseFn }).default;
  const { launch } = (await import('chrome-launcher')) as unknown as { launch(o: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): Promise<void> | void }> };
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    const r = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['accessibility'] });
    if (!r) throw new Error('no Lighthouse result');
    const lost = Object.entries(r.lhr.audits).filter(([, a]) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map(([id]) => id);
    return { score: Math.round((r.lhr.categories.accessibility?.score ?? NaN) * 100), lost };
  } finally {
    await chrome.kill();
  }
}

export async function run(ctx: BenchContext): Promise<BenchFigures> {
  if (!ctx.mailpitUrl) throw new Error('no Mailpit URL in the bench context');
  const mailpit = new Mailpit(ctx.mailpitUrl);
  const stamp = Date.now().toString(36);
  const { call, json } = apiCaller(ctx.baseUrl);

  const { token } = (await call('/auth/login/', json({ username: 'admin', password: 'admin12345' }))) as { token: string };
  const email = `author-${stamp}@review-form.example.org`;
  const sub = new FormData();
  for (const [k, v] of Object.entries({
    given: 'Asha', family: 'Verma', email, mobile: '+91 98765 43210', country: 'India',
    title: `Review form bench ${stamp}`, abstract: 'We measured growth at three temperatures. '.repeat(20), keywords: 'bench, review', subject: 'Microbiology', declaration: 'on',
  })) sub.set(k, v);
  sub.set('manuscript', new Blob([new Uint8Array(await onePagePdf('Review form bench manuscript'))], { type: 'application/pdf' }), 'paper.pdf');
  await call('/api/submissions', { method: 'POST', body: sub });
  const id = ((await call(`/api/admin/submissions?q=${encodeURIComponent(email)}`, { token })) as { items: { id: string }[] }).items[0]!.id;
  const reviewerEmail = `reviewer-${stamp}@review-form.example.org`;
  const r = (await call('/api/admin/reviewers', { ...json({ name: 'Dr. Zoë Müller', email: reviewerEmail, affiliation: 'Université de Montréal' }), token })) as { id: string };
  await call(`/api/admin/submissions/${id}/reviews`, { ...json({ reviewerIds: [r.id], dueDate: new Date(Date.now() + 21 * 86_400_000).toISOString().slice(0, 10) }), token });
  let link = '';
  for (const until = Date.now() + 120_000; !link && Date.now() < until; ) {
    const [m] = await mailpit.search(`to:${reviewerEmail}`);
    link = (m && /\/review\/([A-Za-z0-9_-]{43})/.exec((await mailpit.message(m.ID)).Text)?.[1]) || '';
    if (!link) await new Promise((ok) => setTimeout(ok, 300));
  }
  if (!link) throw new Error(`no invitation email for ${reviewerEmail}`);
  await call(`/api/reviews/${link}/accept`, { method: 'POST' });

  const pageUrl = `${ctx.baseUrl}/review/${link}`;
  const t0 = performance.now();
  const first = await fetch(pageUrl);
  const firstMs = round(performance.now() - t0);
  const html = await first.text();
  if (first.status !== 200 || !html.includes('Submit review')) throw new Error(`the review page answered ${first.status} without its form`);

  const pids = ctx.pids ?? {};
  const before = cpuMsFine(pids);
  const one = await wrk(pageUrl, 1);
  const after = cpuMsFine(pids);
  const eight = await wrk(pageUrl, 8);
  const api = await wrk(`${ctx.baseUrl}/api/reviews/${link}`, 1);
  for (const [name, w] of Object.entries({ one, eight, api })) if (w.non2xx) throw new Error(`${name}: ${w.non2xx} answers were not 200 (the review links' rate limit?)`);
  const a11y = await accessibility(pageUrl);
  const cpu = Object.fromEntries(Object.keys(after).map((n) => [n, round(((after[n] ?? 0) - (before[n] ?? 0)) / Math.max(1, one.requests), 3)]));

  const figures: BenchFigures = {
    review_form_first_ms: firstMs,
    review_form_p50_ms: one.p50,
    review_form_p99_ms: one.p99,
    review_form_rps: Math.round(one.rps),
    review_form_c8_p99_ms: eight.p99,
    review_api_p99_ms: api.p99,
    review_form_lighthouse_a11y: a11y.score,
    ...Object.fromEntries(Object.entries(cpu).map(([n, v]) => [`review_form_cpu_ms_${n}`, v])),
  };
  console.log(`review page from the email link (through nginx, rendered each time): first ${firstMs} ms; one reviewer p50 ${one.p50} ms, p99 ${one.p99} ms (${one.requests} pages, ${Math.round(one.rps)}/s); 8 at once p99 ${eight.p99} ms (goal: p99 <= 100 ms)`);
  console.log(`  Lighthouse accessibility of the page with its form: ${a11y.score}${a11y.lost.length ? ` (loses: ${a11y.lost.join(', ')})` : ''}`);
  console.log(`  its read GET /api/reviews/<token> alone: p99 ${api.p99} ms`);
  console.log(`  CPU ms per page by process: ${JSON.stringify(cpu)}`);
  console.log(`  load average at the end: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  return figures;
}

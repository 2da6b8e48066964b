/**
 * Staff saves while readers keep both cores busy, through nginx and the gateway as the admin sends
 * them: an article's title edited, an issue created, the journal's name changed in the settings,
 * one after another as one editor works, while wrk (64 connections, 2 threads, its CPU its own)
 * reads a mix of cached pages and reads (hits) and searches nobody asked for before (misses: the
 * render process and content answer each). Each save is timed from its send to the last byte of
 * its answer, and until readers get the change through nginx: the article's page and its issue
 * list with the new title, the home page and the settings read with the new name; an issue nobody
 * lists yet (no article) until the admin's status says the change is live everywhere
 * (GET /api/admin/edge-status). Prints figures; never asserts a time.
 *
 *   edge_write_p99_ms_loaded, _p50_ms_loaded      a save's answer under the reader mix (every kind)
 *   edge_write_<kind>_p99_ms_loaded               the same per kind (article, issue, settings)
 *   edge_fresh_p99_ms, _p50_ms, _max_ms           from the save's send until readers see it
 *   edge_fresh_unseen                             saves readers had not got 15 s after the send
 *   edge_write_p50_ms_idle                         a save's answer with no reader (the same saves)
 *   edge_write_mix_rps, _mix_miss_ratio, _cores_busy   the reader mix meanwhile: its rate, its misses,
 *                                                  the share of both cores busy
 *   edge_write_cpu_s_<process>                     CPU seconds of each process of the stack over the loaded part
 *   edge_write_idle_cpu_ms_<process>               CPU ms per save with no reader (its answer, its purge and the
 *                                                  polls that saw it): the saves' own cost, apart from the machine's load
 *   edge_write_loadavg, _loadavg_max                the machine's 1-minute load average over the loaded part (2 cores, shared)
 *   edge_write_stack_cpu_share                      the stack's CPU over the loaded part ÷ both cores' time: the rest is other work
 *   edge_write_probe_<side>_p50_ms, _p99_ms          GET /healthz of content's readers' and staff side, every 50 ms meanwhile:
 *                                                  what any request waits to be run by each process, the floor of each hop of a save

 *
 * BENCH_EDGE_DEBUG=1 (BENCH_EDGE_WRITE_IDLE_ROUNDS=40 for more saves without readers): a settings save
 * not seen prints what each layer held of the home page: nginx's cache file, the gateway's records,
 * the database, each content process and the render process asked directly (edge-stale-dump.ts).
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { percentile } from '@journal/testing';
import { DEMO_USER } from '../scripts/seed';
import type { BenchContext, BenchFigures } from './context';
import { coresBusy, machineTicks } from './machine-cpu';
import { cpuMs, cpuMsFine } from './proc-cpu';
import { hitsOf, readerMixPaths, readerMixScript } from './reader-mix';
import { describeCacheFile, describeRecords, describeSources, edgeDebug } from './edge-stale-dump';

/** Saves of each kind under load (and a third as many without). */
const ROUNDS = Number(process.env.BENCH_EDGE_WRITE_ROUNDS ?? 30);
/** Rounds without readers (a third of ROUNDS unless set: more of them to catch a rare stale page with BENCH_EDGE_DEBUG). */
const IDLE_ROUNDS = Number(process.env.BENCH_EDGE_WRITE_IDLE_ROUNDS ?? Math.max(2, Math.round(ROUNDS / 3)));
const YEAR = 2033;
/** A save readers do not get within this long is counted as never seen (edge_fresh_unseen). */
const STALE_MS = 15_000;
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Kind = 'article' | 'issue' | 'settings';
interface Timed {
  kind: Kind;
  writeMs: number;
  freshMs: number;
  /** Not seen by readers within STALE_MS (freshMs is STALE_MS then). */
  unseen?: boolean;
  /** Where its time went (content's Server-Timing, SERVER_TIMING on); `outside`: the answer's time outside content. */
  steps: Record<string, number>;
  /** When it was sent (epoch ms, as the purger's log has it) and, for an issue, the change number waited for. */
  at: number;
  number: number;
}

/** A Server-Timing header's steps (a name met twice is summed: e.g. a listener's two calls). */
export function stepsOf(header: string | null, writeMs: number): Record<string, number> {
  const steps: Record<string, number> = {};
  for (const m of (header ?? '').matchAll(/([\w-]+);dur=([\d.]+)/g)) steps[m[1]!] = (steps[m[1]!] ?? 0) + Number(m[2]);
  if (steps.total !== undefined) steps.outside = writeMs - steps.total;
  return steps;
}

export async function run(ctx: BenchContext): Promise<BenchFigures> {
  const base = new URL(ctx.baseUrl);
  const host = `localhost:${base.port}`;
  const site = `http://${host}`;
  const origin = `http://127.0.0.1:${base.port}`;
  /** BENCH_EDGE_DEBUG=1: each answer of the home page since the current settings save was sent. */
  const homePolls: string[] = [];
  let sentAt = 0;
  const get = async (p: string, headers: Record<string, string> = {}) => {
    const r = await fetch(`${site}${p}`, { headers });
    const text = await r.text();
    if (edgeDebug && p === '/') homePolls.push(`${Math.round(performance.now() - sentAt)}ms ${r.headers.get('x-cache')} ${r.headers.get('date')} ${r.headers.get('x-request-id')} ${/<title>([^<]*)</.exec(text)?.[1]}`);
    return { status: r.status, text };
  };
  const journalId = ctx.journals.find((j) => j.hosts.includes('localhost'))?.id ?? '';
  /** The edge's state of the home page's keys (BENCH_EDGE_DEBUG=1). */
  const homeState = async (needle: string) =>
    Promise.all(['br', 'gzip'].map(async (enc) => ({ cache: describeCacheFile(`${enc}|localhost/`, needle), records: await describeRecords(ctx.redisPrefix, journalId, `${enc}|localhost/`) })));
  const login = await fetch(`${site}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_USER.name, password: DEMO_USER.password }) });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const liveStatus = async () => JSON.parse((await get('/api/admin/edge-status', auth)).text) as { published: number; live: number };

  // The subjects: the newest issue's first article, its page and list; the home page and settings.
  const years = JSON.parse((await get('/api/archives/')).text) as { year: number; issues: { volume: number; issue: number }[] }[];
  const y = years.sort((a, b) => b.year - a.year)[0]!;
  const i = y.issues[0]!;
  const listPath = `/api/archives/${y.year}/${i.volume}/${i.issue}`;
  const list = JSON.parse((await get(listPath)).text) as { id: string; refnumber: string }[];
  const article = list[0]!;
  const pagePath = `/archives/${y.year}/vol${i.volume}/issue${i.issue}/${encodeURIComponent(article.refnumber)}`;
  const stored = JSON.parse((await get(`/api/admin/articles/${article.id}`, auth)).text) as Record<string, unknown>;
  const settings = JSON.parse((await get('/api/settings/')).text) as { websitename: string };

  /** The admin's edit form of the article, sent with this title. */
  const saveArticle = (title: string) => {
    const form = new FormData();
    for (const k of ['year', 'volume', 'issue', 'frequency', 'refnumber', 'authorname', 'keywords', 'pagenumber', 'subject', 'country', 'email', 'mobile', 'txnid', 'ptype', 'publishdate', 'doi', 'abstract'])
      form.append(k, String(stored[k] ?? ''));
    form.append('title', title);
    return fetch(`${site}/api/archives/${article.id}`, { method: 'POST', headers: auth, body: form });
  };
  const saveSettings = (websitename: string) =>
    fetch(`${site}/api/settings`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ websitename }) });
  // New issues of a volume of this run's own (an issue with no article is listed nowhere public).
  const volume = 1000 + Math.floor(Math.random() * 998_000);
  let issueNo = 0;
  const saves: Record<Kind, (n: string) => Promise<Response>> = {
    article: (n) => saveArticle(`${String(stored.title)} (save ${n})`),
    issue: () =>
      fetch(`${site}/api/admin/create-issue`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ year: YEAR, volume, issue: ++issueNo, frequency: 'January-March' }),
      }),
    settings: (n) => saveSettings(`${settings.websitename} (save ${n})`),
  };
  /** Whether readers get the save: through nginx, as anyone reads. */
  const seen: Record<Kind, (n: string, number: number) => Promise<boolean>> = {
    article: async (n) => {
      const [pg, ls] = await Promise.all([get(pagePath), get(listPath)]);
      return pg.text.includes(`(save ${n})`) && ls.text.includes(`(save ${n})`);
    },
    issue: async (_n, number) => (await liveStatus()).live >= number,
    settings: async (n) => {
      const [home, read] = await Promise.all([get('/'), get('/api/settings/')]);
      return home.text.includes(`(save ${n})`) && read.text.includes(`(save ${n})`);
    },
  };
  const kinds: Kind[] = ['article', 'issue', 'settings'];
  let seq = 0;
  const one = async (kind: Kind): Promise<Timed> => {
    const n = `${Date.now().toString(36)}-${seq++}`;
    const before = edgeDebug && kind === 'settings' ? await homeState(`(save ${n})`) : undefined;
    homePolls.length = 0;
    const at = Date.now();
    const sent = performance.now();
    sentAt = sent;
    const r = await saves[kind](n);
    const body = await r.text();
    const writeMs = performance.now() - sent;
    const steps = stepsOf(r.headers.get('server-timing'), writeMs);
    if (r.status !== 200 && r.status !== 201) throw new Error(`${kind} save answered ${r.status}: ${body}`);
    // The number current now is at least the save's own change (for the issue, seen by the status).
    const number = kind === 'issue' ? (await liveStatus()).published : 0;
    for (;;) {
      if (await seen[kind](n, number)) break;
      if (performance.now() - sent > STALE_MS) {
        // Counted, with what readers were given, and the next save goes on.
        const [pg, status] = await Promise.all([fetch(`${site}${kind === 'settings' ? '/' : pagePath}`), liveStatus()]);
        console.log(`edge writes: ${kind} save ${n} not seen after ${STALE_MS} ms: x-cache ${pg.headers.get('x-cache')}, status ${JSON.stringify(status)}`);
        await pg.arrayBuffer();
        if (edgeDebug && kind === 'settings') {
          const polls = homePolls.length > 40 ? [...homePolls.slice(0, 30), '...', ...homePolls.slice(-10)] : homePolls;
          console.log(`edge debug: save sent ${new Date(at).toISOString()}, answered after ${Math.round(writeMs)} ms (${r.headers.get('x-request-id')})`);
          console.log(`edge debug: home before the save ${JSON.stringify(before, null, 1)}`);
          console.log(`edge debug: home now ${JSON.stringify(await homeState(`(save ${n})`), null, 1)}`);
          const sources = { mongoUrl: ctx.mongoUrl, dbName: ctx.dbName, redisUrl: ctx.redisUrl, prefix: ctx.redisPrefix, journalId, host: 'localhost', contentUrls: { content: ctx.contentUrl, staff: ctx.contentStaffUrl }, renderUrl: `http://127.0.0.1:${Number(new URL(ctx.gatewayUrl).port) + 5}` };
          console.log(`edge debug: sources ${JSON.stringify(await describeSources(sources))}`);
          console.log(`edge debug: settings read through nginx: ${JSON.stringify(/"websitename":"[^"]*"/.exec((await get('/api/settings/')).text)?.[0])}`);
          console.log(`edge debug: home polls (${homePolls.length}):\n  ${polls.join('\n  ')}`);
        }
        return { kind, writeMs, freshMs: STALE_MS, unseen: true, steps, at, number };
      }
      await sleep(5);
    }
    return { kind, writeMs, freshMs: performance.now() - sent, steps, at, number };
  };
  const series = async (rounds: number) => {
    const out: Timed[] = [];
    for (let r = 0; r < rounds; r++) for (const k of kinds) out.push(await one(k));
    return out;
  };

  // Without readers first: what a save costs on a quiet stack, in wall time and in each process's
  // CPU (its answer and its purge; the readers' polls through nginx are counted too).
  const idleCpu0 = cpuMsFine(ctx.pids);
  const idle = await series(IDLE_ROUNDS);
  await sleep(1000);
  const idleCpu1 = cpuMsFine(ctx.pids);
  const cpuPerSave = Object.fromEntries(Object.keys(idleCpu1).map((k) => [k, round(((idleCpu1[k] ?? 0) - (idleCpu0[k] ?? 0)) / idle.length, 2)]));

  // The reader mix: pages and reads kept by nginx, and one request in ten a search nobody made before.
  const mixPaths = [pagePath, listPath, ...readerMixPaths(years, { year: y.year, ...i }, list.slice(1).map((a) => a.refnumber))];
  for (const p of mixPaths) await get(p);
  const script = path.join(ctx.staticDir, 'edge-write-mix.lua');
  writeFileSync(script, readerMixScript(mixPaths, { missEvery: 10, salt: Date.now().toString(36) }));
  const wrk = spawn('wrk', ['-t2', '-c64', '-d3600s', '--timeout', '10s', '-H', `Host: ${host}`, '-H', 'Accept-Encoding: gzip', '-s', script, `${origin}/`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  wrk.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const ended = new Promise<void>((r) => wrk.once('exit', () => r()));
  // The mix at full speed before the first save.
  await sleep(3000);
  const cpu0 = cpuMs(ctx.pids);
  const ticks0 = machineTicks();
  const t0 = performance.now();
  // Meanwhile: the machine's load, and how long each side of content takes to answer a request
  // that does nothing (its event loop's turn and the scheduler's), every 50 ms.
  const loads: number[] = [];
  const probes: Record<'readers' | 'staff', number[]> = { readers: [], staff: [] };
  let probing = true;
  const probe = async (side: keyof typeof probes, url: string) => {
    for (let i = 0; probing; i++) {
      const s = performance.now();
      await (await fetch(`${url}/healthz`)).arrayBuffer();
      probes[side].push(performance.now() - s);
      if (side === 'staff' && i % 100 === 0) loads.push(Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]));
      await sleep(50);
    }
  };
  const probing$ = Promise.all([probe('readers', ctx.contentUrl), probe('staff', ctx.contentStaffUrl)]);
  let loaded: Timed[];
  try {
    loaded = await series(ROUNDS);
  } finally {
    wrk.kill('SIGINT');
    probing = false;
  }
  await probing$;
  const wall = (performance.now() - t0) / 1000;
  const busy = coresBusy(ticks0, machineTicks());
  const cpu1 = cpuMs(ctx.pids);
  const cpu = Object.fromEntries(Object.keys(cpu1).map((k) => [k, round(((cpu1[k] ?? 0) - (cpu0[k] ?? 0)) / 1000, 2)]));
  await ended;
  // Put back what the readers had.
  await (await saveArticle(String(stored.title))).text();
  await (await saveSettings(settings.websitename)).text();

  const { hits, others } = hitsOf(out);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p = (xs: number[], q: number) => round(percentile([...xs].sort((a, b) => a - b), q));
  const f: BenchFigures = {
    edge_write_p99_ms_loaded: p(loaded.map((t) => t.writeMs), 99),
    edge_write_p50_ms_loaded: p(loaded.map((t) => t.writeMs), 50),
    edge_fresh_p99_ms: p(loaded.map((t) => t.freshMs), 99),
    edge_fresh_p50_ms: p(loaded.map((t) => t.freshMs), 50),
    edge_fresh_max_ms: round(Math.max(...loaded.map((t) => t.freshMs))),
    edge_fresh_unseen: loaded.filter((t) => t.unseen).length,
    edge_write_p50_ms_idle: p(idle.map((t) => t.writeMs), 50),
    edge_fresh_p50_ms_idle: p(idle.map((t) => t.freshMs), 50),
    edge_write_mix_rps: Math.round(rps),
    edge_write_mix_miss_ratio: round(others / Math.max(1, hits + others), 3),
    edge_write_cores_busy: busy,
    edge_write_loaded_wall_s: round(wall, 1),
    edge_write_loadavg: round(loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length)),
    edge_write_loadavg_max: round(Math.max(0, ...loads)),
    edge_write_stack_cpu_share: round(Object.values(cpu).reduce((a, b) => a + b, 0) / (wall * 2), 3),
  };
  for (const [side, xs] of Object.entries(probes)) {
    f[`edge_write_probe_${side}_p50_ms`] = p(xs, 50);
    f[`edge_write_probe_${side}_p99_ms`] = p(xs, 99);
  }
  for (const k of kinds) {
    const of = loaded.filter((t) => t.kind === k);
    f[`edge_write_${k}_p99_ms_loaded`] = p(of.map((t) => t.writeMs), 99);
    f[`edge_fresh_${k}_p99_ms`] = p(of.map((t) => t.freshMs), 99);
  }
  for (const [name, ms] of Object.entries(cpuPerSave)) if (ms >= 0.5) f[`edge_write_idle_cpu_ms_${name.replace(/[^a-z0-9]+/gi, '_')}`] = ms;
  for (const [name, s] of Object.entries(cpu)) f[`edge_write_cpu_s_${name.replace(/[^a-z0-9]+/gi, '_')}`] = s;
  console.log(out.trim());
  console.log(
    `edge writes: ${loaded.length} saves under the reader mix (${f.edge_write_mix_rps} req/s, ${f.edge_write_mix_miss_ratio} misses, cores busy ${f.edge_write_cores_busy}) in ${f.edge_write_loaded_wall_s} s: ` +
      `answer p50 ${f.edge_write_p50_ms_loaded} p99 ${f.edge_write_p99_ms_loaded} ms; seen by readers p50 ${f.edge_fresh_p50_ms} p99 ${f.edge_fresh_p99_ms} max ${f.edge_fresh_max_ms} ms; ` +
      `idle answer p50 ${f.edge_write_p50_ms_idle} ms, CPU ms per idle save ${JSON.stringify(cpuPerSave)}; CPU s under load ${JSON.stringify(cpu)}; ` +
      `load average ${f.edge_write_loadavg} (max ${f.edge_write_loadavg_max}), the stack ${f.edge_write_stack_cpu_share} of both cores; ` +
      `/healthz p50/p99: readers' side ${f.edge_write_probe_readers_p50_ms}/${f.edge_write_probe_readers_p99_ms} ms, staff side ${f.edge_write_probe_staff_p50_ms}/${f.edge_write_probe_staff_p99_ms} ms`,
  );
  // Where the saves' time went: each step's p50 and p99 over the loaded saves, and the slowest saves whole.
  const names = [...new Set(loaded.flatMap((t) => Object.keys(t.steps)))];
  for (const n of names) {
    const xs = loaded.flatMap((t) => (t.steps[n] === undefined ? [] : [t.steps[n]!]));
    f[`edge_write_step_${n}_p50_ms`] = p(xs, 50);
    f[`edge_write_step_${n}_p99_ms`] = p(xs, 99);
  }
  console.log(`  steps p50/p99 ms: ${names.map((n) => `${n} ${f[`edge_write_step_${n}_p50_ms`]}/${f[`edge_write_step_${n}_p99_ms`]}`).join(', ')}`);
  for (const t of [...loaded].sort((a, b) => b.writeMs - a.writeMs).slice(0, 5))
    console.log(`  slow ${t.kind} ${round(t.writeMs)} ms (seen ${round(t.freshMs)}): ${Object.entries(t.steps).map(([n, d]) => `${n} ${round(d)}`).join(', ')}`);
  for (const t of [...loaded].sort((a, b) => b.freshMs - a.freshMs).slice(0, 5))
    console.log(`  slow to be seen: ${t.kind} sent ${new Date(t.at).toISOString()}, answered ${round(t.writeMs)} ms, seen ${round(t.freshMs)} ms${t.kind === 'issue' ? ` (change ${t.number} live)` : ''}`);
  for (const k of kinds) console.log(`  ${k}: answer p99 ${f[`edge_write_${k}_p99_ms_loaded`]} ms, seen p99 ${f[`edge_fresh_${k}_p99_ms`]} ms`);
  return f;
}

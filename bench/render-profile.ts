/**
 * Where the render process spends its CPU on an article page: starts the content service and
 * web/dist-ssr/server.js (the latter under `node --cpu-prof`, LOG_LEVEL=info, as deployed) against a
 * database of the demo journals, loads one article page of the demo journal straight at the render
 * process with the tenant headers the gateway sets (what an uncached page
 * costs), stops it and reads the .cpuprofile: self time per function and per package, and the CPU
 * time of both processes (from /proc) divided by the pages answered.
 *
 *   npx tsx bench/render-profile.ts <label> [ENV=value ...]   # ENV goes to the render process
 *
 * RENDER_PROFILE_SECONDS (default 10) and RENDER_PROFILE_CONNECTIONS (default 64) set the load;
 * RENDER_PROFILE_NOTE says in words what the run measures (printed beside its label); RENDER_ENTRY
 * profiles another build of the render process (a path under the repository). bench/render-probe.cjs,
 * preloaded, records the event-loop delay and the collector's pauses during the load.
 * Each run's summary goes to bench/profile/render/<label>.json; bench/render-profile.md (which
 * `npm run bench` puts into docs/benchmarks.md) is written from every summary there. Run it after a build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { localJwtSecret, ROOT, serverEnv } from '../scripts/stack';
import { seedDemo } from '../scripts/seed';
import { summarise } from './profile';
import { dropRunData, firstArticlePage, runScript } from './profile-kit';

const SECONDS = Number(process.env.RENDER_PROFILE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.RENDER_PROFILE_CONNECTIONS ?? 64);
const OUT = path.join(__dirname, 'profile/render');
/** Summaries of bench/render-ab.ts: builds compared under the same load. */
export const AB_OUT = path.join(__dirname, 'profile/render-ab');

export interface AbSummary {
  run: string;
  note?: string;
  date: string;
  loadAverage: number[];
  rounds: number;
  seconds: number;
  pageBytes: number;
  builds: { label: string; renderCpuMsPerPage: number; contentCpuMsPerPage: number; pages: number; rps: number; p99: number }[];
}
const CLK_TCK = 100;

interface RenderSummary {
  label: string;
  /** What the run measured, in words (RENDER_PROFILE_NOTE). */
  note?: string;
  date: string;
  env: Record<string, string>;
  rps: number;
  p50: number;
  p99: number;
  pages: number;
  renderCpuMsPerPage: number;
  contentCpuMsPerPage: number;
  /** The render process's resident memory at the end of the load. */
  rssMb?: number;
  /** The render process's event loop and garbage collector during the load (bench/render-probe.cjs). */
  probe?: { loopDelay: { p50: number; p99: number; max: number; mean: number }; gc: { count: number; totalMs: number; maxMs: number; major: number; majorMs: number } };
  totalMs: number;
  functions: [string, number][];
  packages: [string, number][];
}

/** User + system CPU time of a process so far, ms. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

export async function waitReady(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    const ok = await fetch(url).then((r) => r.status === 200, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready in ${timeoutMs} ms`);
}

export function writeRenderMarkdown() {
  const runs = existsSync(OUT)
    ? readdirSync(OUT).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(path.join(OUT, f), 'utf8')) as RenderSummary)
    : [];
  runs.sort((a, b) => a.date.localeCompare(b.date));
  const lines = [
    '### Where the render process spends its CPU on an article page',
    '',
    `\`npx tsx bench/render-profile.ts <label>\`: the render process under \`node --cpu-prof\` (LOG_LEVEL=info) and the content`,
    `service beside it, ${CONNECTIONS} connections of autocannon for ${SECONDS} s on one article page of the demo journal, straight at`,
    'the render process with the tenant headers the gateway sets (every read revalidated: nothing reused that a reader who',
    'has just written must not see). CPU per page is each process\'s CPU time (from /proc) over the pages answered;',
    'requests/s and latencies are taken under the profiler on a shared machine (load average 5–20 while these ran), so',
    'they compare runs with each other only, and roughly. The profile covers the process\'s life, its start included.',
    '',
    '| run | pages/s | p50 | p99 | render CPU per page | content CPU per page | render RSS | event-loop delay p99 / max | longest GC pause |',
    '|---|---|---|---|---|---|---|---|---|',
    ...runs.map((r) => `| ${r.label}${r.note ? `: ${r.note}` : ''}${Object.keys(r.env).length ? ` (${Object.entries(r.env).map(([k, v]) => `${k}=${v}`).join(' ')})` : ''} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${r.renderCpuMsPerPage} ms | ${r.contentCpuMsPerPage} ms | ${r.rssMb === undefined ? '—' : `${r.rssMb} MB`} | ${r.probe ? `${r.probe.loopDelay.p99} / ${r.probe.loopDelay.max} ms` : '—'} | ${r.probe ? `${r.probe.gc.maxMs} ms` : '—'} |`),
  ];
  const abRuns = existsSync(AB_OUT)
    ? readdirSync(AB_OUT).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(path.join(AB_OUT, f), 'utf8')) as AbSummary)
    : [];
  abRuns.sort((a, b) => a.date.localeCompare(b.date));
  if (abRuns.length) {
    lines.push(
      '',
      'Builds compared under the same load (`npx tsx bench/render-ab.ts <label>=<server.js> …`): one content service, every',
      'build started beside it without the profiler, then rounds in which each build in turn takes 64 connections on the',
      'same article page (each round in another order); CPU per page from /proc over the pages of its slices. What else',
      'runs on the machine falls on every build alike, so these compare builds where runs taken apart compare moments.',
      '',
      '| run | build | render CPU per page | content CPU per page | pages/s (median slice) | p99 (median slice) | load average at the end |',
      '|---|---|---|---|---|---|---|',
      ...abRuns.flatMap((r) =>
        r.builds.map((b, i) => `| ${i ? '' : `${r.run} (${r.date.slice(0, 16)}Z, ${r.rounds} × ${r.seconds} s${r.note ? `: ${r.note}` : ''})`} | ${b.label} | ${b.renderCpuMsPerPage} ms | ${b.contentCpuMsPerPage} ms | ${b.rps} | ${b.p99} ms | ${i ? '' : r.loadAverage.join(' ')} |`),
      ),
    );
  }
  // Where the CPU went, for the first run and the latest (the table above has every run).
  for (const r of runs.length > 2 ? [runs[0]!, runs.at(-1)!] : runs) {
    const pct = (ms: number) => `${((ms / r.totalMs) * 100).toFixed(1)} %`;
    lines.push(
      '',
      `**${r.label}** (${r.date.slice(0, 16)}Z): ${r.pages} pages, ${(r.totalMs / 1000).toFixed(1)} s of render CPU sampled.`,
      '',
      '| by package | self | share |', '|---|---|---|',
      ...r.packages.slice(0, 10).map(([n, ms]) => `| ${n} | ${ms} ms | ${pct(ms)} |`),
      '',
      '| by function | self | share |', '|---|---|---|',
      ...r.functions.slice(0, 12).map(([n, ms]) => `| \`${n.replace(/\|/g, '\\|')}\` | ${ms} ms | ${pct(ms)} |`),
    );
  }
  writeFileSync(path.join(__dirname, 'render-profile.md'), lines.join('\n') + '\n');
}

async function main() {
  const [label, ...pairs] = process.argv.slice(2);
  if (!label) throw new Error('usage: npx tsx bench/render-profile.ts <label> [ENV=value ...]');
  const extra = Object.fromEntries(pairs.map((p) => p.split(/=(.*)/s).slice(0, 2) as [string, string]));
  const servers = serverEnv();
  const lane = process.env.JP_LANE ? `_${process.env.JP_LANE}` : '';
  const dbName = `journal_rprofile${lane}`;
  const conn = await mongoose.createConnection(servers.MONGO_URL, { dbName }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  const journals = await seedDemo({ mongoUrl: servers.MONGO_URL, dbName });
  const demo = journals.find((j) => j.slug === 'demo') ?? journals[0]!;
  const offset = Number(process.env.JP_PORT_OFFSET ?? 0);
  const contentPort = 25101 + offset;
  const renderPort = 25102 + offset;
  mkdirSync(path.join(ROOT, '.data'), { recursive: true });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jp-rprof-'));
  const common = {
    ...process.env, ...servers, MONGO_DB: dbName, REDIS_PREFIX: `rprofile${process.env.JP_LANE ?? ''}:`, HOST: '127.0.0.1', NODE_ENV: 'production',
    LOG_LEVEL: 'info', JWT_SECRET: localJwtSecret(), STATS_UDP_PORT: '',
  };
  const content = spawn(process.execPath, [path.join(ROOT, 'services/content/dist/main.js')], {
    env: { ...common, PORT: String(contentPort) },
    stdio: ['ignore', process.env.RENDER_PROFILE_LOGS ? 'inherit' : 'ignore', 'inherit'],
  });
  const probeOut = path.join(dir, 'probe.json');
  const render = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--require', path.join(__dirname, 'render-probe.cjs'), path.join(ROOT, process.env.RENDER_ENTRY ?? 'web/dist-ssr/server.js')], {
    env: { ...common, PORT: String(renderPort), CONTENT_URL: `http://127.0.0.1:${contentPort}`, RENDER_PROBE_OUT: probeOut, ...extra },
    stdio: ['ignore', process.env.RENDER_PROFILE_LOGS ? 'inherit' : 'ignore', 'inherit'],
  });
  try {
    const base = `http://127.0.0.1:${renderPort}`;
    await waitReady(`http://127.0.0.1:${contentPort}/readyz`, content);
    await waitReady(`${base}/readyz`, render);
    const tenant = { 'x-journal-id': demo.id, 'x-journal-host': demo.hosts[0]! };
    const cbase = `http://127.0.0.1:${contentPort}`;
    const pagePath = await firstArticlePage(cbase, tenant);
    const headers = { ...tenant, host: `${demo.hosts[0]!}:8080` };
    const first = await fetch(base + pagePath, { headers });
    if (first.status !== 200) throw new Error(`${pagePath} answered ${first.status}`);
    // The page as served, to compare runs byte for byte (an optimisation must not change it).
    writeFileSync(path.join(ROOT, `.data/render-${label}.html`), await first.text());
    await autocannon({ url: base + pagePath, connections: CONNECTIONS, duration: 2, headers });
    render.kill('SIGUSR2');
    const cpu0 = { render: cpuMs(render.pid!), content: cpuMs(content.pid!) };
    const r = await autocannon({ url: base + pagePath, connections: CONNECTIONS, duration: SECONDS, headers });
    const cpu1 = { render: cpuMs(render.pid!), content: cpuMs(content.pid!) };
    const rssMb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${render.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
    if (r.non2xx || r.errors) throw new Error(`${pagePath}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    const pages = r.requests.total;
    const perPage = (k: 'render' | 'content') => Math.round(((cpu1[k] - cpu0[k]) / pages) * 1000) / 1000;
    console.log(`${label}: ${pagePath} ${Math.round(r.requests.average)} pages/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms; CPU per page: render ${perPage('render')} ms, content ${perPage('content')} ms; render RSS ${rssMb} MB (render under the profiler)`);
    render.kill('SIGTERM');
    await new Promise((res) => render.once('exit', res));
    const probe = existsSync(probeOut) ? (JSON.parse(readFileSync(probeOut, 'utf8')) as RenderSummary['probe']) : undefined;
    if (probe) console.log(`event-loop delay p50 ${probe.loopDelay.p50} ms, p99 ${probe.loopDelay.p99} ms, max ${probe.loopDelay.max} ms; GC ${probe.gc.count} pauses, ${probe.gc.totalMs} ms, longest ${probe.gc.maxMs} ms, ${probe.gc.major} major (${probe.gc.majorMs} ms)`);
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no .cpuprofile written');
    const raw = readFileSync(path.join(dir, file), 'utf8');
    // The whole profile, to open in Chrome's DevTools (Performance panel) or read with tools.
    writeFileSync(path.join(ROOT, `.data/render-${label}.cpuprofile`), raw);
    const s = summarise(JSON.parse(raw));
    mkdirSync(OUT, { recursive: true });
    const summary: RenderSummary = {
      label, note: process.env.RENDER_PROFILE_NOTE, date: new Date().toISOString(), env: extra, rps: Math.round(r.requests.average), p50: r.latency.p50, p99: r.latency.p99, pages,
      renderCpuMsPerPage: perPage('render'), contentCpuMsPerPage: perPage('content'), rssMb, probe, ...s,
    };
    writeFileSync(path.join(OUT, `${label}.json`), JSON.stringify(summary, null, 2) + '\n');
    console.log('by package (ms self):', s.packages);
    console.log('by function (ms self):', s.functions);
    writeRenderMarkdown();
  } finally {
    // Both gone before the next run takes the same ports.
    await Promise.all(
      [render, content].map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((res) => {
        c.once('exit', res);
        c.kill('SIGKILL');
      }) : undefined)),
    );
    await dropRunData(dir, servers.MONGO_URL, dbName);
  }
}

if (require.main === module) runScript(main);

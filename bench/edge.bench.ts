/**
 * Readers at the edge: nginx's cache of pages and reads, kept long and purged by each write.
 * Measured with wrk (2 threads; its CPU is its own process's, not counted), the hit rows taking
 * turns with a 3 kB static file nginx sends as it is (sendfile) in short slices, `Accept-Encoding:
 * gzip`, at 64 and 8 connections. CPU per answer is read from /proc for each process of the stack.
 *
 *   edge_static_rps_64 / _p99_ms_64 / _nginx_cpu_ms   the static file
 *   edge_page_rps_64 / _p99_ms_64 / _ratio_64          a cached article page (HIT), and its share of the static req/s
 *   edge_list_rps_64 / ...                             a cached issue list (JSON, HIT)
 *   … the same at 8 connections (_8)
 *   edge_page_nginx_cpu_ms, edge_list_nginx_cpu_ms     nginx CPU per cached answer (64 connections)
 *   edge_rendered_cpu_ms (+ _nginx, _gateway, _render, _content)   a page nginx does not hold: the article
 *                                                      page, each request made again past the cache and stored
 *                                                      (nginx's /refresh, as a write's refresh does: render,
 *                                                      compress, record, store), the median of slices taking
 *                                                      turns with the static file (_min_ms, _max_ms: the others)
 *   edge_rendered_pages_cpu_ms (+ _vs_static)          the same over every article and issue page in turn
 *   edge_rendered_cpu_vs_static                        that page's CPU over all processes against the static
 *                                                      file's nginx CPU per answer, in the same slices
 *   edge_tracking_hit_ratio                            hits among a reader mix (wrk) where 30 % of requests carry
 *                                                      a unique fbclid or utm_* set
 *   edge_tag_keys_after_flood                          cache keys recorded under the journal's tag after
 *                                                      100,000 requests with unique tracking parameters
 *                                                      (edge_tag_keys_distinct_pages: the mix's distinct pages)
 *   edge_new_page_p99_ms_8                             8 readers asking at once for a page nginx does not hold
 *                                                      (each article and issue page, purged first)
 *   edge_calibration_gzip_ms                           one gzip of a 49 kB page in the bench process: the
 *                                                      machine's speed while the rendered slices ran
 *   edge_rendered_br_cpu_ms (+ _render)                the same, asked for in brotli as browsers do (informative)
 *                                                      These refreshes change nothing, so edge_rendered_* is a
 *                                                      page whose journal no write changed since its last answer:
 *                                                      the gateway gives that answer again (shared-reads.ts, its
 *                                                      journal's change number read after the request came).
 *                                                      BENCH_HELD_ANSWERS_BYTES=0: the gateway asks the render
 *                                                      process, which sends the page it holds from its store
 *                                                      (held-pages.ts, page-store.ts), as edge_render_held_*;
 *                                                      BENCH_PAGE_STORE_BYTES=0 renders each one, and keeps the
 *                                                      same figures as edge_render_each_* (cpu_ms, _vs_static…)
 *   edge_rendered_after_write_cpu_ms                   the first page after a write of its article (its reads and
 *                                                      head made again), one request at a time; _held_one_: the
 *                                                      same page right after, reads held (one request at a time
 *                                                      costs several times a page under load: compare the two)
 *   edge_fresh_after_answer_p99_ms, _max_ms            from an admin's article edit's answer until its page and
 *                                                      issue list answer the new title through nginx (100 writes;
 *                                                      edge_write_answer_p50_ms: the edit itself)
 *   edge_mix_hit_ratio                                 hits among a reader mix (wrk) while those writes run
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import Redis from 'ioredis';
import { DEMO_USER } from '../scripts/seed';
import { edgeRedisUrl, purgePortOf } from '../scripts/stack';
import type { BenchContext, BenchFigures } from './context';
import { cpuMs, cpuMsFine } from './proc-cpu';
import { hitsOf, readerMixPaths, readerMixScript } from './reader-mix';

const exec = promisify(execFile);
const SECONDS = Number(process.env.BENCH_EDGE_SECONDS ?? 5);
const round = (n: number, d = 3) => Math.round(n * 10 ** d) / 10 ** d;

interface WrkResult {
  rps: number;
  p99Ms: number;
  requests: number;
  out: string;
}

const toMs = (v: string) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(v.trim());
  if (!m) return NaN;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
};

async function wrk(url: string, connections: number, headers: Record<string, string>, script?: string, seconds = SECONDS): Promise<WrkResult> {
  const args = ['-t2', `-c${connections}`, `-d${seconds}s`, '--latency', '--timeout', '10s'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  if (script) args.push('-s', script);
  args.push(url);
  const { stdout } = await exec('wrk', args, { maxBuffer: 1 << 20 });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  const p99 = /^\s+99%\s+(\S+)/m.exec(stdout)?.[1] ?? '';
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1] ?? 0);
  return { rps: Math.round(rps), p99Ms: round(toMs(p99), 2), requests, out: stdout };
}

/** wrk and nginx's CPU over it: one row. */
async function row(ctx: BenchContext, url: string, connections: number, headers: Record<string, string>, script?: string, seconds = SECONDS) {
  const before = cpuMs(ctx.pids);
  const r = await wrk(url, connections, headers, script, seconds);
  const after = cpuMs(ctx.pids);
  const per = (name: string) => round(((after[name] ?? 0) - (before[name] ?? 0)) / Math.max(1, r.requests));
  return { ...r, cpu: { nginx: per('nginx'), gateway: per('gateway'), render: per('render'), content: per('content') } };
}

/** CPU ms of one gzip (level 2) of the page in this process: how fast the machine is just now. */
function calibrate(page: Buffer): number {
  const runs: number[] = [];
  for (let r = 0; r < 3; r++) {
    const start = process.cpuUsage();
    for (let i = 0; i < 300; i++) gzipSync(page, { level: 2 });
    const used = process.cpuUsage(start);
    runs.push((used.user + used.system) / 1000 / 300);
  }
  return round(runs.sort((a, b) => a - b)[1]!);
}

/** Threads of each stack process (nginx: its workers'), by thread id. */
function threadsOf(pids: Record<string, number> | undefined): Map<number, string> {
  const out = new Map<number, string>();
  for (const [name, pid] of Object.entries(pids ?? {})) {
    try {
      const own = name === 'nginx' ? readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).map(Number) : [pid];
      for (const p of own) for (const tid of readdirSync(`/proc/${p}/task`)) out.set(Number(tid), name);
    } catch {
      /* gone */
    }
  }
  return out;
}

/** Runs `work` under a system-wide perf profile and prints each stack process's share, kernel and its own code apart. */
async function perfSlice(ctx: BenchContext, work: () => Promise<unknown>, seconds: number) {
  const file = path.join(ctx.staticDir, 'edge-perf.data');
  const perf = execFile('perf', ['record', '-a', '-F', '499', '-o', file, '--', 'sleep', String(seconds)]);
  const recorded = new Promise((resolve) => perf.once('exit', resolve));
  await work();
  await recorded;
  const { stdout } = await exec('perf', ['report', '--stdio', '--sort', 'pid,dso', '-i', file], { maxBuffer: 16 << 20 });
  const threads = threadsOf(ctx.pids);
  const shares = new Map<string, number>();
  for (const line of stdout.split('\n')) {
    const m = /^\s+([\d.]+)%\s+(\d+):\S*\s+(.+?)\s*$/.exec(line);
    if (!m) continue;
    const who = threads.get(Number(m[2])) ?? 'other';
    const where = m[3]!.includes('kernel') ? 'kernel' : 'own';
    shares.set(`${who} ${where}`, (shares.get(`${who} ${where}`) ?? 0) + Number(m[1]));
  }
  const rows = [...shares].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${round(v, 1)} %`);
  console.log(`edge rendered article page under perf (share of all samples on the machine): ${rows.join('; ')}`);
}

async function get(url: string, headers: Record<string, string>) {
  const r = await fetch(url, { headers });
  return { status: r.status, cache: r.headers.get('x-cache'), text: await r.text() };
}

export async function run(ctx: BenchContext): Promise<BenchFigures> {
  const base = new URL(ctx.baseUrl);
  const origin = `http://127.0.0.1:${base.port}`;
  const host = `localhost:${base.port}`;
  // wrk sends the Host header it is given; fetch sets its own from the URL (the journal's primary host).
  const site = `http://${host}`;
  const h = { Host: host, 'Accept-Encoding': 'gzip' };
  const f: BenchFigures = {};

  // The rows' subjects: the newest issue's list and its first article's page.
  const years = (await (await fetch(`${site}/api/archives/`, { headers: h })).json()) as { year: number; issues: { volume: number; issue: number }[] }[];
  const y = years.sort((a, b) => b.year - a.year)[0]!;
  const i = y.issues[0]!;
  const listPath = `/api/archives/${y.year}/${i.volume}/${i.issue}`;
  const list = (await (await fetch(`${site}${listPath}`, { headers: h })).json()) as { id: string; refnumber: string; title: string }[];
  const article = list[0]!;
  const pagePath = `/archives/${y.year}/vol${i.volume}/issue${i.issue}/${encodeURIComponent(article.refnumber)}`;
  writeFileSync(path.join(ctx.staticDir, 'edge-3k.bin'), Buffer.alloc(3072, 'static file, sent as it is. '));
  const staticUrl = `${ctx.nginxStaticUrl.replace(/\/\/[^/]+/, `//127.0.0.1:${base.port}`)}/edge-3k.bin`;
  for (const p of [pagePath, listPath]) {
    await get(`${site}${p}`, h);
    const again = await get(`${site}${p}`, h);
    if (again.cache !== 'HIT') throw new Error(`${p} is not cached (${again.cache})`);
  }
  console.log(`edge: page ${pagePath} (${(await get(`${site}${pagePath}`, h)).text.length} bytes decoded), list ${listPath}`);

  const parts = new Set((process.env.BENCH_EDGE_PARTS ?? 'hits,rendered,tracking,newpage,cold,writes').split(','));
  // The static file, the page and the list take turns in short slices (each round in another
  // order), so a burst of other work on the machine falls on all three alike: req/s over all the
  // slices of each, p99 the median of its slices' p99s.
  const slices = Number(process.env.BENCH_EDGE_SLICES ?? 5);
  const sliceSeconds = Number(process.env.BENCH_EDGE_SLICE_SECONDS ?? 2);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const c of parts.has('hits') ? [64, 8] : []) {
    const kinds = { static: staticUrl, page: `${origin}${pagePath}`, list: `${origin}${listPath}` };
    type Kind = keyof typeof kinds;
    const runs: Record<Kind, Awaited<ReturnType<typeof row>>[]> = { static: [], page: [], list: [] };
    const order = Object.keys(kinds) as Kind[];
    for (let n = 0; n < slices; n++) {
      for (let k = 0; k < order.length; k++) {
        const kind = order[(k + n) % order.length]!;
        runs[kind].push(await row(ctx, kinds[kind], c, h, undefined, sliceSeconds));
      }
    }
    const total = (kind: Kind) => {
      const rs = runs[kind];
      const requests = rs.reduce((t, r) => t + r.requests, 0);
      const cpu = (name: 'nginx' | 'gateway' | 'render' | 'content') => round(rs.reduce((t, r) => t + r.cpu[name] * r.requests, 0) / Math.max(1, requests), 4);
      return { rps: Math.round(requests / (rs.length * sliceSeconds)), p99Ms: median(rs.map((r) => r.p99Ms)), cpu: { nginx: cpu('nginx'), gateway: cpu('gateway'), render: cpu('render'), content: cpu('content') } };
    };
    const st = total('static');
    const page = total('page');
    const lst = total('list');
    f[`edge_static_rps_${c}`] = st.rps;
    f[`edge_static_p99_ms_${c}`] = st.p99Ms;
    f[`edge_page_rps_${c}`] = page.rps;
    f[`edge_page_p99_ms_${c}`] = page.p99Ms;
    f[`edge_page_ratio_${c}`] = round(page.rps / st.rps, 2);
    f[`edge_list_rps_${c}`] = lst.rps;
    f[`edge_list_p99_ms_${c}`] = lst.p99Ms;
    f[`edge_list_ratio_${c}`] = round(lst.rps / st.rps, 2);
    f[`edge_page_p99_vs_static_${c}`] = round(page.p99Ms / Math.max(st.p99Ms, 0.01), 2);
    f[`edge_list_p99_vs_static_${c}`] = round(lst.p99Ms / Math.max(st.p99Ms, 0.01), 2);
    if (c === 64) {
      f.edge_static_nginx_cpu_ms = st.cpu.nginx;
      f.edge_page_nginx_cpu_ms = page.cpu.nginx;
      f.edge_list_nginx_cpu_ms = lst.cpu.nginx;
      f.edge_page_nginx_cpu_vs_static = round(page.cpu.nginx / Math.max(st.cpu.nginx, 0.0001), 2);
    }
    const slicesOf = (kind: Kind) => runs[kind].map((r) => `${r.rps}/${r.p99Ms}`).join(' ');
    console.log(`edge ${c} connections (${slices} slices of ${sliceSeconds} s, req/s / p99 ms each): static ${slicesOf('static')}; page ${slicesOf('page')}; list ${slicesOf('list')}`);
    console.log(`edge ${c} connections: static ${st.rps} req/s p99 ${st.p99Ms} ms; page ${page.rps} req/s p99 ${page.p99Ms} ms; list ${lst.rps} req/s p99 ${lst.p99Ms} ms; CPU ms/answer static ${JSON.stringify(st.cpu)} page ${JSON.stringify(page.cpu)} list ${JSON.stringify(lst.cpu)}`);
  }

  // Every article and issue page of the journal, and the reads readers' pages make.
  const issues = years.flatMap((yy) => yy.issues.map((ii) => ({ year: yy.year, ...ii })));
  const lists = await Promise.all(issues.map(async (ii) => ({ ii, list: (await (await fetch(`${site}/api/archives/${ii.year}/${ii.volume}/${ii.issue}`, { headers: h })).json()) as { refnumber: string }[] })));
  const issuePage = (ii: { year: number; volume: number; issue: number }) => `/archives/${ii.year}/vol${ii.volume}/issue${ii.issue}`;
  const journalPages = lists.flatMap(({ ii, list: l }) => [issuePage(ii), ...l.map((a) => `${issuePage(ii)}/${encodeURIComponent(a.refnumber)}`)]);
  const purgeBase = `http://127.0.0.1:${purgePortOf(Number(base.port))}`;
  /** nginx's key of a page asked for through `site` in this encoding (its host without the port). */
  const keyOf = (p: string, encoding = 'gzip') => `${encoding}|localhost${p}`;
  const purge = async (p: string) => {
    const r = await fetch(`${purgeBase}/purge`, { headers: { 'purge-key': keyOf(p) } });
    await r.arrayBuffer();
  };

  // A page nginx does not hold: each request made again past the cache and stored, as a write's
  // refresh does (nginx's /refresh: the gateway, the render process with the page's reads held,
  // compression, the key recorded, the answer stored and sent). Query strings no longer make new
  // pages (one key per answer), so the journal's pages are taken in turn, each wrk thread its own
  // half, so that no two requests in flight share a key (they would share one render). 8
  // connections, in slices taking turns with the static file; the figures are the median slice's.
  // The machine's speed at the time is shown by one compression of the page in this process.
  if (parts.has('rendered')) {
    const page = Buffer.from((await get(`${site}${pagePath}`, {})).text);
    const calibration = [calibrate(page), 0];
    type Row = Awaited<ReturnType<typeof row>>;
    const misses: Row[] = [];
    // The same pages asked for in brotli, as browsers do: compressed whole (no shared part is
    // deflated once for brotli), so they cost the render process more.
    const brMisses: Row[] = [];
    const statics: Row[] = [];
    // The journal's pages in turn, each wrk thread its own half.
    const pagesMisses: Row[] = [];
    const refreshScript = (encoding: string, pages: string[], name: string) => {
      const file = path.join(ctx.staticDir, `edge-refresh-${name}-${encoding}.lua`);
      writeFileSync(
        file,
        [
          `local keys = { ${pages.map((p) => JSON.stringify(keyOf(p, encoding))).join(', ')} }`,
          'local ids = 0',
          'function setup(thread) thread:set("id", ids); ids = ids + 1 end',
          'local n = 0',
          'request = function()',
          '  n = n + 1',
          '  return wrk.format("GET", "/refresh", { ["Purge-Key"] = keys[((id + 2 * n) % #keys) + 1] })',
          'end',
        ].join('\n'),
      );
      return file;
    };
    // One article page, each request made again (as the figure was taken before: a refresh is never
    // answered from another request's render), and every page of the journal in turn.
    const scripts = { gzip: refreshScript('gzip', [pagePath], 'one'), br: refreshScript('br', [pagePath], 'one'), pages: refreshScript('gzip', journalPages, 'pages') };
    // One slice of each encoding first, not counted: no page had reached the gateway or the render
    // process before, and their first few thousand pages run code V8 has not optimised yet (once per
    // start; measured, the first 2 s cost 1.3–2× the next, in those two processes alone).
    for (let n = -1; n < slices; n++) {
      for (const [list, script] of [[misses, scripts.gzip], [pagesMisses, scripts.pages], [brMisses, scripts.br]] as const) {
        const r = await row(ctx, `${purgeBase}/refresh`, 8, {}, script, sliceSeconds);
        if (n >= 0) list.push(r);
      }
      const st = await row(ctx, staticUrl, 8, h, undefined, sliceSeconds);
      if (n >= 0) statics.push(st);
    }
    calibration[1] = calibrate(page);
    // BENCH_EDGE_PERF=1: where each process spends the article page's refreshes, from a system-wide
    // perf profile of one more slice (kernel against the process's own code, per process).
    if (process.env.BENCH_EDGE_PERF === '1') await perfSlice(ctx, () => row(ctx, `${purgeBase}/refresh`, 8, {}, scripts.gzip, sliceSeconds), sliceSeconds);
    const total = (r: Row) => r.cpu.nginx + r.cpu.gateway + r.cpu.render + r.cpu.content;
    const sorted = [...misses].sort((x, y) => total(x) - total(y));
    const miss = sorted[Math.floor(sorted.length / 2)]!;
    const brSorted = [...brMisses].sort((x, y) => total(x) - total(y));
    const pagesMiss = [...pagesMisses].sort((x, y) => total(x) - total(y))[Math.floor(pagesMisses.length / 2)]!;
    const brMiss = brSorted[Math.floor(brSorted.length / 2)]!;
    const staticRequests = statics.reduce((t, r) => t + r.requests, 0);
    const staticNginx = statics.reduce((t, r) => t + r.cpu.nginx * r.requests, 0) / Math.max(1, staticRequests);
    f.edge_rendered_rps = Math.round(misses.reduce((t, r) => t + r.requests, 0) / (misses.length * sliceSeconds));
    f.edge_rendered_cpu_nginx_ms = miss.cpu.nginx;
    f.edge_rendered_cpu_gateway_ms = miss.cpu.gateway;
    f.edge_rendered_cpu_render_ms = miss.cpu.render;
    f.edge_rendered_cpu_content_ms = miss.cpu.content;
    f.edge_rendered_cpu_ms = round(total(miss));
    f.edge_rendered_cpu_min_ms = round(total(sorted[0]!));
    f.edge_rendered_cpu_max_ms = round(total(sorted.at(-1)!));
    f.edge_rendered_static_nginx_cpu_ms = round(staticNginx, 4);
    f.edge_rendered_cpu_vs_static = round(total(miss) / Math.max(staticNginx, 0.0001), 1);
    f.edge_rendered_pages_cpu_ms = round(total(pagesMiss));
    f.edge_rendered_pages_cpu_vs_static = round(total(pagesMiss) / Math.max(staticNginx, 0.0001), 1);
    f.edge_rendered_br_cpu_ms = round(total(brMiss));
    f.edge_rendered_br_cpu_render_ms = brMiss.cpu.render;
    f.edge_calibration_gzip_ms = round((calibration[0]! + calibration[1]!) / 2);
    console.log(`edge rendered pages, the journal's ${journalPages.length} in turn: ${pagesMisses.map((r) => round(total(r))).join(' ')} ms; median slice nginx ${pagesMiss.cpu.nginx} gateway ${pagesMiss.cpu.gateway} render ${pagesMiss.cpu.render} content ${pagesMiss.cpu.content} = ${f.edge_rendered_pages_cpu_ms}: ${f.edge_rendered_pages_cpu_vs_static}× the static file`);
    console.log(`edge rendered article page (not cached, made again per request), ${slices} slices of ${sliceSeconds} s: ${misses.map((r) => round(total(r))).join(' ')} ms; median slice nginx ${miss.cpu.nginx} gateway ${miss.cpu.gateway} render ${miss.cpu.render} content ${miss.cpu.content} = ${f.edge_rendered_cpu_ms}; ${f.edge_rendered_rps} req/s; static file nginx ${f.edge_rendered_static_nginx_cpu_ms} ms/answer (${statics.map((r) => r.cpu.nginx).join(' ')}): ${f.edge_rendered_cpu_vs_static}×; one gzip of the page here ${calibration.join(' / ')} ms`);
    console.log(`edge rendered page in brotli: ${brMisses.map((r) => round(total(r))).join(' ')} ms; median slice nginx ${brMiss.cpu.nginx} gateway ${brMiss.cpu.gateway} render ${brMiss.cpu.render} content ${brMiss.cpu.content} = ${f.edge_rendered_br_cpu_ms}`);
    // With BENCH_PAGE_STORE_BYTES=0 the render process renders and compresses every one of these
    // pages (none is sent from its store of answers by ETag, nor by the gateway from its held
    // answers): the same figures, as edge_render_each_*.
    // With BENCH_HELD_ANSWERS_BYTES=0 the gateway holds no answer past a second: each refresh goes to
    // the render process, which sends the page it holds (held-pages.ts): kept as edge_render_held_*.
    const renamed = process.env.BENCH_PAGE_STORE_BYTES === '0' ? 'edge_render_each_' : process.env.BENCH_HELD_ANSWERS_BYTES === '0' ? 'edge_render_held_' : null;
    if (renamed) {
      for (const k of Object.keys(f)) {
        if (!k.startsWith('edge_rendered_')) continue;
        f[`${renamed}${k.slice('edge_rendered_'.length)}`] = f[k]!;
        delete f[k];
      }
      console.log(`edge rendered figures above kept as ${renamed}*`);
    }
  }

  // Readers from links: the journal's pages and reads, 30 % of requests carrying a unique fbclid or
  // utm_* set (one cache key per answer: every one of them a hit once the page is held). Then a
  // flood of 100,000 requests with unique tracking parameters, after which the journal's tag holds
  // no more keys than its pages.
  if (parts.has('tracking')) {
    const readerPaths = [...journalPages, '/', '/archives', '/board', '/api/settings/', '/api/archives/', '/api/editors/', '/api/indexing/', ...issues.map((ii) => `/api/archives/${ii.year}/${ii.volume}/${ii.issue}`)];
    for (const p of readerPaths) await get(`${site}${p}`, h);
    const trackingScript = (share: number, name: string) => {
      const file = path.join(ctx.staticDir, `edge-${name}.lua`);
      writeFileSync(
        file,
        [
          `local paths = { ${readerPaths.map((p) => JSON.stringify(p)).join(', ')} }`,
          `local share = ${share}`,
          'local ids = 0',
          'local threads = {}',
          'function setup(thread) thread:set("id", ids); ids = ids + 1; table.insert(threads, thread) end',
          'local n = 0',
          'hits = 0',
          'other = 0',
          'tracked = 0',
          'local salt = tostring(os.time())',
          'request = function()',
          '  n = n + 1',
          '  local p = paths[(n % #paths) + 1]',
          '  if math.random() < share then',
          '    tracked = tracked + 1',
          '    local u = salt .. "-" .. id .. "-" .. n',
          '    local kind = n % 3',
          '    if kind == 0 then p = p .. "?fbclid=IwAR" .. u',
          '    elseif kind == 1 then p = p .. "?utm_source=newsletter&utm_medium=email&utm_campaign=c" .. u .. "&utm_content=" .. u',
          '    else p = p .. "?utm_term=t" .. u .. "&fbclid=" .. u .. "&utm_source=s" .. u end',
          '  end',
          '  return wrk.format("GET", p)',
          'end',
          'response = function(status, headers, body) if headers["X-Cache"] == "HIT" then hits = hits + 1 else other = other + 1 end end',
          'function done(summary, latency, requests)',
          '  local h, o, t = 0, 0, 0',
          '  for _, th in ipairs(threads) do h = h + th:get("hits"); o = o + th:get("other"); t = t + th:get("tracked") end',
          '  io.write(string.format("EDGE_HITS %d %d %d\\n", h, o, t))',
          'end',
        ].join('\n'),
      );
      return file;
    };
    const counted = (out: string) => {
      const m = /EDGE_HITS (\d+) (\d+) (\d+)/.exec(out);
      return { hits: Number(m?.[1] ?? 0), other: Number(m?.[2] ?? 0), tracked: Number(m?.[3] ?? 0) };
    };
    const mix = await row(ctx, `${origin}/`, 64, h, trackingScript(0.3, 'tracking-mix'), SECONDS);
    const m = counted(mix.out);
    f.edge_tracking_hit_ratio = round(m.hits / Math.max(1, m.hits + m.other), 4);
    f.edge_tracking_rps = mix.rps;
    f.edge_tracking_p99_ms = mix.p99Ms;
    console.log(`edge tracking mix: ${m.hits + m.other} reads (${m.tracked} with unique tracking parameters), hit ratio ${f.edge_tracking_hit_ratio}, ${mix.rps} req/s p99 ${mix.p99Ms} ms; CPU ms/answer ${JSON.stringify(mix.cpu)}`);

    // The flood: every request with unique tracking parameters, until 100,000 were answered.
    const journal = ctx.journals.find((j) => j.slug === 'demo')!;
    const redis = new Redis(edgeRedisUrl() || ctx.redisUrl);
    try {
      const tagKey = `${ctx.redisPrefix}edge:tag:j${journal.id}`;
      const floodScript = trackingScript(1, 'tracking-flood');
      let flooded = 0;
      let floodHits = 0;
      while (flooded < 100_000) {
        const r = await wrk(`${origin}/`, 64, h, floodScript, 3);
        const c = counted(r.out);
        flooded += c.hits + c.other;
        floodHits += c.hits;
      }
      // The gateway writes its records in batches a few milliseconds apart.
      await new Promise((r) => setTimeout(r, 200));
      const keys = await redis.zrange(tagKey, 0, -1);
      f.edge_tag_keys_after_flood = keys.length;
      f.edge_tag_keys_distinct_pages = readerPaths.length;
      f.edge_tag_keys_vs_pages = round(keys.length / readerPaths.length, 2);
      f.edge_flood_requests = flooded;
      const tracked = keys.filter((k) => /[?&](fbclid|utm_)/.test(k));
      console.log(`edge flood: ${flooded} requests with unique tracking parameters (${floodHits} hits); the journal's tag holds ${keys.length} keys for ${readerPaths.length} distinct pages and reads (${tracked.length} with tracking parameters)`);
    } finally {
      redis.disconnect();
    }
  }

  // A page none of its readers has had yet (a new article shared on social media): each article
  // and issue page purged, then asked for by 8 readers at once, each on a connection of its own.
  // One request reaches the render process; the others get its answer the moment it exists.
  if (parts.has('newpage')) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const latencies: number[] = [];
    const statuses = new Map<string, number>();
    const ask = (p: string) =>
      new Promise<number>((resolve, reject) => {
        const started = performance.now();
        const r = http.request({ host: '127.0.0.1', port: Number(base.port), path: p, agent, headers: h }, (res) => {
          res.resume();
          res.on('end', () => {
            const c = `${res.statusCode} ${String(res.headers['x-cache'])}`;
            statuses.set(c, (statuses.get(c) ?? 0) + 1);
            resolve(performance.now() - started);
          });
        });
        r.on('error', reject);
        r.end();
      });
    try {
      // Connections opened first: the readers' latencies are their requests' alone.
      await Promise.all(Array.from({ length: 8 }, () => ask('/nginx-healthz')));
      statuses.clear();
      for (let round = 0; round < 3; round++) {
        for (const p of journalPages) {
          await purge(p);
          latencies.push(...(await Promise.all(Array.from({ length: 8 }, () => ask(p)))));
        }
      }
    } finally {
      agent.destroy();
    }
    latencies.sort((a, b) => a - b);
    const pct = (q: number) => round(latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * q) - 1)]!, 2);
    f.edge_new_page_p99_ms_8 = pct(0.99);
    f.edge_new_page_p50_ms_8 = pct(0.5);
    f.edge_new_page_max_ms_8 = round(latencies.at(-1)!, 2);
    console.log(`edge new pages, 8 readers at once: ${latencies.length} answers over ${journalPages.length} pages × 3, p50 ${f.edge_new_page_p50_ms_8} ms p99 ${f.edge_new_page_p99_ms_8} ms max ${f.edge_new_page_max_ms_8} ms; ${JSON.stringify(Object.fromEntries(statuses))}`);
  }
  if (!parts.has('cold') && !parts.has('writes')) return f;

  const login = await fetch(`${site}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_USER.name, password: DEMO_USER.password }) });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  /** The admin's edit form of one article: saved with another title. */
  const editorOf = async (id: string) => {
    const stored = (await (await fetch(`${site}/api/admin/articles/${id}`, { headers: auth })).json()) as Record<string, unknown>;
    const save = async (title: string) => {
      const form = new FormData();
      for (const k of ['year', 'volume', 'issue', 'frequency', 'refnumber', 'authorname', 'keywords', 'pagenumber', 'subject', 'country', 'email', 'mobile', 'txnid', 'ptype', 'publishdate', 'doi', 'abstract'])
        form.append(k, String(stored[k] ?? ''));
      form.append('title', title);
      const r = await fetch(`${site}/api/archives/${id}`, { method: 'POST', headers: auth, body: form });
      if (r.status !== 200) throw new Error(`article edit answered ${r.status}: ${await r.text()}`);
    };
    return { stored, save };
  };

  // What is behind the pages above, which reuse the reads and the head the render process holds:
  // the first page after a write of its article (content read again, the head made again). One
  // request at a time, with a token, so nginx neither serves nor stores it and no write refreshes
  // it; then the same page again, its reads held. CPU from each thread's schedstat. An article of
  // an older issue: no page of it was asked for through nginx, so no write refreshes one.
  if (parts.has('cold')) {
    const older = years.flatMap((yy) => yy.issues.map((ii) => ({ year: yy.year, ...ii }))).find((x) => x.year !== y.year || x.volume !== i.volume || x.issue !== i.issue);
    if (!older) throw new Error('the demo journal has one issue only');
    const olderList = (await (await fetch(`${site}/api/archives/${older.year}/${older.volume}/${older.issue}`, { headers: h })).json()) as { id: string; refnumber: string }[];
    const target = olderList[0]!;
    const coldPath = `/archives/${older.year}/vol${older.volume}/issue${older.issue}/${encodeURIComponent(target.refnumber)}`;
    const ed = await editorOf(target.id);
    const one = async () => {
      const before = cpuMsFine(ctx.pids);
      const r = await fetch(`${site}${coldPath}`, { headers: { ...h, ...auth } });
      await r.arrayBuffer();
      const after = cpuMsFine(ctx.pids);
      if (r.status !== 200 || r.headers.get('x-cache') === 'HIT') throw new Error(`${coldPath} answered ${r.status} ${r.headers.get('x-cache')}`);
      return Object.fromEntries(['nginx', 'gateway', 'render', 'content'].map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)])) as Record<string, number>;
    };
    const afterWrite: Record<string, number>[] = [];
    const held: Record<string, number>[] = [];
    for (let n = 0; n < 30; n++) {
      await ed.save(`${String(ed.stored.title)} (cold ${n})`);
      // The write's own work (its views, its purges) done before the page is asked for.
      await new Promise((r) => setTimeout(r, 400));
      afterWrite.push(await one());
      held.push(await one());
    }
    await ed.save(String(ed.stored.title));
    const sum = (r: Record<string, number>) => Object.values(r).reduce((t, v) => t + v, 0);
    const mid = (rows: Record<string, number>[]) => median(rows.map(sum));
    const part = (rows: Record<string, number>[], k: string) => round(median(rows.map((r) => r[k]!)));
    f.edge_rendered_after_write_cpu_ms = round(mid(afterWrite));
    f.edge_rendered_held_one_cpu_ms = round(mid(held));
    console.log(
      `edge first page after a write, one request at a time: ${f.edge_rendered_after_write_cpu_ms} ms (nginx ${part(afterWrite, 'nginx')} gateway ${part(afterWrite, 'gateway')} render ${part(afterWrite, 'render')} content ${part(afterWrite, 'content')}); ` +
        `the same page again, reads held: ${f.edge_rendered_held_one_cpu_ms} ms (nginx ${part(held, 'nginx')} gateway ${part(held, 'gateway')} render ${part(held, 'render')} content ${part(held, 'content')})`,
    );
  }
  if (!parts.has('writes')) return f;

  // Writes while readers read: 100 article edits by the admin; each until its page and issue list
  // answer the new title through nginx. Meanwhile wrk reads a mix of pages and reads and counts hits.
  const { stored, save } = await editorOf(article.id);
  const mixPaths = [pagePath, listPath, ...readerMixPaths(years, { year: y.year, volume: i.volume, issue: i.issue }, list.slice(1).map((x) => x.refnumber))];
  for (const p of mixPaths) await get(`${site}${p}`, h);
  const mixScript = path.join(ctx.staticDir, 'edge-mix.lua');
  writeFileSync(mixScript, readerMixScript(mixPaths));
  const writes = 100;
  let writing = true;
  const writeMs: number[] = [];
  const writer = (async () => {
    const times: number[] = [];
    for (let n = 0; n < writes; n++) {
      const title = `${String(stored.title)} (edit ${n})`;
      const sent = performance.now();
      await save(title);
      // From the write's answer: what every reader sees after the admin saw "saved".
      const started = performance.now();
      writeMs.push(started - sent);
      for (;;) {
        const [pg, ls] = await Promise.all([get(`${site}${pagePath}`, h), get(`${site}${listPath}`, h)]);
        if (pg.text.includes(`(edit ${n})`) && ls.text.includes(`(edit ${n})`)) break;
        if (performance.now() - started > 10_000) throw new Error(`edit ${n} not seen after 10 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      times.push(performance.now() - started);
    }
    return times;
  })().finally(() => {
    writing = false;
  });
  // Its failure is thrown where it is awaited, below; until then it must not end the process.
  writer.catch(() => undefined);
  // wrk runs for as long as the writes take (in slices of SECONDS), counting hits.
  let hits = 0;
  let others = 0;
  while (writing) {
    const mix = await wrk(`${origin}/`, 16, h, mixScript);
    const counted = hitsOf(mix.out);
    hits += counted.hits;
    others += counted.others;
  }
  const times = (await writer).sort((a, b) => a - b);
  await save(String(stored.title));
  f.edge_fresh_after_answer_p99_ms = round(times[Math.ceil(times.length * 0.99) - 1]!, 1);
  f.edge_fresh_after_answer_p50_ms = round(times[Math.floor(times.length / 2)]!, 1);
  f.edge_fresh_after_answer_max_ms = round(times.at(-1)!, 1);
  f.edge_write_answer_p50_ms = round(writeMs.sort((a, b) => a - b)[Math.floor(writeMs.length / 2)]!, 1);
  f.edge_mix_hit_ratio = round(hits / Math.max(1, hits + others), 4);
  f.edge_mix_reads = hits + others;
  console.log(`edge writes: ${writes} article edits, fresh after p50 ${f.edge_fresh_after_answer_p50_ms} ms p99 ${f.edge_fresh_after_answer_p99_ms} ms max ${f.edge_fresh_after_answer_max_ms} ms; reader mix ${hits + others} reads, hit ratio ${f.edge_mix_hit_ratio}`);
  return f;
}

/**
 * Two or more builds of the render process compared under the same load: one content service and
 * one database of the demo journals, every build started beside it (no profiler, LOG_LEVEL=info, as
 * deployed), then rounds in which each build in turn takes 64 connections of autocannon on one
 * article page of the demo journal (the tenant headers the gateway sets). CPU
 * per page is each process's CPU time (from /proc) over the pages answered in its slices; on a
 * shared machine the other work falls on every build alike, where runs taken one after the other
 * compare the machine's moments more than the builds. The first page of each build is compared
 * byte for byte with the first build's.
 *
 *   npx tsx bench/render-ab.ts before=/path/to/old/dist-ssr/server.js after=web/dist-ssr/server.js
 *
 * RENDER_AB_ROUNDS (default 4) and RENDER_AB_SECONDS (default 3) set the rounds and each slice;
 * RENDER_AB_RUN names the run (its summary goes to bench/profile/render-ab/<run>.json, and
 * bench/render-profile.md is written again with it) and RENDER_AB_NOTE says what it compares.
 * Every build reads the client build of this worktree (web/dist). Run it after a build.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import mongoose from 'mongoose';
import { localJwtSecret, ROOT, serverEnv } from '../scripts/stack';
import { seedDemo } from '../scripts/seed';
import { dropRunData, firstArticlePage, runScript } from './profile-kit';
import { AB_OUT, cpuMs, waitReady, writeRenderMarkdown, type AbSummary } from './render-profile';

const ROUNDS = Number(process.env.RENDER_AB_ROUNDS ?? 4);
const SECONDS = Number(process.env.RENDER_AB_SECONDS ?? 3);
const CONNECTIONS = 64;

interface Build {
  label: string;
  entry: string;
  port: number;
  child?: ChildProcess;
  pages: number;
  renderMs: number;
  contentMs: number;
  rps: number[];
  p99: number[];
}

async function main() {
  const builds: Build[] = process.argv.slice(2).map((a, i) => {
    const [label, entry] = a.split(/=(.*)/s) as [string, string | undefined];
    if (!label || !entry) throw new Error('usage: npx tsx bench/render-ab.ts <label>=<server.js> <label>=<server.js> ...');
    const offset = Number(process.env.JP_PORT_OFFSET ?? 0);
    return { label, entry: path.resolve(ROOT, entry), port: 25110 + offset + i, pages: 0, renderMs: 0, contentMs: 0, rps: [], p99: [] };
  });
  if (builds.length < 2) throw new Error('give two builds or more');
  const servers = serverEnv();
  const lane = process.env.JP_LANE ? `_${process.env.JP_LANE}` : '';
  const dbName = `journal_rab${lane}`;
  const conn = await mongoose.createConnection(servers.MONGO_URL, { dbName }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  const journals = await seedDemo({ mongoUrl: servers.MONGO_URL, dbName });
  const demo = journals.find((j) => j.slug === 'demo') ?? journals[0]!;
  const contentPort = 25109 + Number(process.env.JP_PORT_OFFSET ?? 0);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jp-rab-'));
  const common = {
    ...process.env, ...servers, MONGO_DB: dbName, REDIS_PREFIX: `rab${process.env.JP_LANE ?? ''}:`, HOST: '127.0.0.1', NODE_ENV: 'production',
    LOG_LEVEL: 'info', JWT_SECRET: localJwtSecret(), STATS_UDP_PORT: '',
  };
  const quiet = ['ignore', 'ignore', 'inherit'] as const;
  const content = spawn(process.execPath, [path.join(ROOT, 'services/content/dist/main.js')], { env: { ...common, PORT: String(contentPort) }, stdio: [...quiet] });
  for (const b of builds) {
    b.child = spawn(process.execPath, [b.entry], {
      env: { ...common, PORT: String(b.port), CONTENT_URL: `http://127.0.0.1:${contentPort}`, WEB_DIST: path.join(ROOT, 'web/dist') },
      stdio: [...quiet],
    });
  }
  try {
    const cbase = `http://127.0.0.1:${contentPort}`;
    await waitReady(`${cbase}/readyz`, content);
    for (const b of builds) await waitReady(`http://127.0.0.1:${b.port}/readyz`, b.child!);
    const tenant = { 'x-journal-id': demo.id, 'x-journal-host': demo.hosts[0]! };
    const pagePath = await firstArticlePage(cbase, tenant);
    const headers = { ...tenant, host: `${demo.hosts[0]!}:8080` };
    let first: string | undefined;
    for (const b of builds) {
      const r = await fetch(`http://127.0.0.1:${b.port}${pagePath}`, { headers });
      const html = await r.text();
      if (r.status !== 200) throw new Error(`${b.label}: ${pagePath} answered ${r.status}`);
      first ??= html;
      console.log(`${b.label}: ${b.entry}, ${Buffer.byteLength(html)} B${html === first ? '' : ', NOT the same bytes as the first build'}`);
      await autocannon({ url: `http://127.0.0.1:${b.port}${pagePath}`, connections: CONNECTIONS, duration: 1, headers });
    }
    for (let round = 0; round < ROUNDS; round++) {
      // Each round in another order, so no build always follows the same one.
      const order = round % 2 ? [...builds].reverse() : builds;
      for (const b of order) {
        const c0 = { render: cpuMs(b.child!.pid!), content: cpuMs(content.pid!) };
        const r = await autocannon({ url: `http://127.0.0.1:${b.port}${pagePath}`, connections: CONNECTIONS, duration: SECONDS, headers });
        const c1 = { render: cpuMs(b.child!.pid!), content: cpuMs(content.pid!) };
        if (r.non2xx || r.errors) throw new Error(`${b.label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        b.pages += r.requests.total;
        b.renderMs += c1.render - c0.render;
        b.contentMs += c1.content - c0.content;
        b.rps.push(r.requests.average);
        b.p99.push(r.latency.p99);
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const round3 = (x: number) => Math.round(x * 1000) / 1000;
    const summary: AbSummary = {
      run: process.env.RENDER_AB_RUN ?? builds.map((b) => b.label).join('-vs-'),
      note: process.env.RENDER_AB_NOTE,
      date: new Date().toISOString(),
      loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
      rounds: ROUNDS,
      seconds: SECONDS,
      pageBytes: Buffer.byteLength(first ?? ''),
      builds: builds.map((b) => ({
        label: b.label,
        renderCpuMsPerPage: round3(b.renderMs / b.pages),
        contentCpuMsPerPage: round3(b.contentMs / b.pages),
        pages: b.pages,
        rps: Math.round(median(b.rps)),
        p99: median(b.p99),
      })),
    };
    console.log(`\n${ROUNDS} rounds of ${SECONDS} s per build, ${CONNECTIONS} connections, ${pagePath}; load average ${summary.loadAverage.join(' ')}`);
    for (const b of summary.builds) {
      console.log(`${b.label.padEnd(16)} render ${b.renderCpuMsPerPage} ms/page, content ${b.contentCpuMsPerPage} ms/page, ${b.pages} pages, median ${b.rps} pages/s, median p99 ${b.p99} ms`);
    }
    mkdirSync(AB_OUT, { recursive: true });
    writeFileSync(path.join(AB_OUT, `${summary.run}.json`), JSON.stringify(summary, null, 2) + '\n');
    writeRenderMarkdown();
  } finally {
    await Promise.all(
      [content, ...builds.map((b) => b.child!)].map((c) => (c.exitCode === null && c.signalCode === null ? new Promise((res) => {
        c.once('exit', res);
        c.kill('SIGKILL');
      }) : undefined)),
    );
    await dropRunData(dir, servers.MONGO_URL, dbName);
  }
}

if (require.main === module) runScript(main);

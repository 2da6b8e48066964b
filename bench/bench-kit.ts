import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { BenchContext } from './context';
import { timedGet } from './http-timing';
import { writeReport } from './report';

/** The data stores of the environment (MONGO_URL, REDIS_URL, MONGO_DB) for a benchmark run by itself. */
export const envContext = (): Pick<BenchContext, 'mongoUrl' | 'redisUrl' | 'dbName' | 'jwtSecret'> => ({
  mongoUrl: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  dbName: process.env.MONGO_DB ?? 'journal_bench',
  jwtSecret: randomBytes(32).toString('hex'),
});

/**
 * Runs one benchmark module by itself (`npx tsx bench/<name>.bench.ts`, outside `npm run bench`):
 * its figures are merged into bench/results.json with the date they were measured under `name`,
 * docs/benchmarks.md is written anew when `report` is set, and the process exits 0, or 1 on an error.
 */
export function runStandalone<C>(name: string, run: (ctx: C) => Promise<Record<string, number>>, ctx: C, opts: { report?: boolean } = {}): void {
  run(ctx).then(
    (figures) => {
      const file = path.join(__dirname, 'results.json');
      const results = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
      const measured = { ...((results.measured as Record<string, string> | undefined) ?? {}), [name]: new Date().toISOString() };
      // The page's note on when each part was measured follows this run too.
      const partial = `the figures come from several runs; each part was last measured: ${Object.entries(measured).map(([m, d]) => `${m} ${d}`).join('; ')}`;
      const merged = { ...results, ...figures, measured, partial };
      writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
      if (opts.report) writeReport(merged, path.join(__dirname, '..', 'docs'));
      console.log(JSON.stringify(figures, null, 2));
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}

/**
 * bench/<name>.md, the module's section that bench/report.ts puts into docs/benchmarks.md (kept
 * when a run skips the module): a heading, what was measured (after the file name and the date),
 * and a table of one row per size measured.
 */
export function writeSection(name: string, heading: string, intro: string, columns: string[], rows: string[], notes: string[] = []): void {
  const text = [
    `### ${heading}`,
    '',
    `\`bench/${name}.bench.ts\`, ${new Date().toISOString()}: ${intro}`,
    '',
    `| ${columns.join(' | ')} |`,
    `|${columns.map(() => '---|').join('')}`,
    ...rows,
    '',
    ...(notes.length ? [...notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n');
  writeFileSync(path.join(__dirname, `${name}.md`), text);
}

/**
 * A full collection of this process's heap, so a pause of the client's own collector is not timed
 * as the servers' (bench processes run without --expose-gc: the flag is set here).
 */
export function collectGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  gc();
  gc();
}

/** A one-page PDF saying `text`: the manuscript the submission benches upload. */
export async function onePagePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 40, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

/**
 * Calls to the stack as a client makes them: JSON accepted, an optional bearer token (`token`);
 * a refusal throws with its status and the start of its body. `json(body)` is a JSON POST.
 */
export function apiCaller(base: string) {
  const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    const res = await fetch(`${base}${path}`, { ...init, headers });
    const text = await res.text();
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as Record<string, unknown>;
  };
  const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
  return { call, json };
}

/** A built service (`<dir>/dist/main.js`) on a free loopback port, once its /readyz answers. */
export async function spawnBuilt(dir: string, env: NodeJS.ProcessEnv, nodeFlags: readonly string[] = []): Promise<{ url: string; child: ReturnType<typeof spawn> }> {
  const port = await new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(p));
    });
  });
  const child = spawn(process.execPath, [...nodeFlags, path.join(__dirname, '..', dir, 'dist', 'main.js')], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  // A start on a machine at a load average of 20 or more can take a minute by itself.
  const until = performance.now() + 180_000;
  while ((await timedGet(undefined, `${url}/readyz`, {}).catch(() => ({ status: 0 }))).status !== 200) {
    if (performance.now() > until || child.exitCode !== null) {
      child.kill('SIGTERM');
      throw new Error(`${dir} never became ready`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, child };
}

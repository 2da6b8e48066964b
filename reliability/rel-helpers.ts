/** What several reliability suites share: demo data look-ups, multipart bodies, processes, zips, PDFs. */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DATA, EDGE_PURGER_ENTRY, MAIL_WORKER_ENTRY, ROOT, type Stack } from '../scripts/stack';
import { call, login, until } from './rel-stack';
import { articlePdfPath } from '@journal/contracts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function tokenFor(base: string, host = 'localhost'): Promise<string> {
  const r = await until(() => login(base, host), (x) => x.status === 200, 60_000);
  return r.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface PublicArticle {
  id: string;
  refnumber: string;
  authorname: string;
  title: string;
  file?: string;
  /** The PDF's public URL as the API links it (versioned, immutable). */
  pdf_url?: string | null;
  year: number | string;
  volume: number | string;
  issue: number | string;
}

/** Every public issue and article of a journal, read through its public API. */
export async function publicCatalogue(base: string, host = 'localhost') {
  const years = (await call(`${base}/api/archives/`, { host })).json() as { year: number | string; issues?: unknown[] }[];
  const issues: { year: string; volume: string; issue: string; path: string }[] = [];
  const articles: PublicArticle[] = [];
  const json = JSON.stringify(years);
  // The summaries' shape belongs to the content issue; pick the (year, volume, issue) triples out of it.
  const found = new Set<string>();
  const walk = (v: unknown, year?: string) => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, year));
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const y = o.year !== undefined ? String(o.year) : year;
      if (y && o.volume !== undefined && o.issue !== undefined) found.add(`${y}/${o.volume}/${o.issue}`);
      for (const x of Object.values(o)) if (x && typeof x === 'object') walk(x, y);
    }
  };
  walk(years);
  if (!found.size) throw new Error(`no issues found in /api/archives/: ${json.slice(0, 300)}`);
  for (const k of found) {
    const [year, volume, issue] = k.split('/') as [string, string, string];
    issues.push({ year, volume, issue, path: `/api/archives/${year}/${volume}/${issue}` });
    const r = await call(`${base}/api/archives/${year}/${volume}/${issue}`, { host });
    const body = r.json() as unknown;
    const list = (Array.isArray(body) ? body : ((body as Record<string, unknown>).articles ?? (body as Record<string, unknown>).data ?? [])) as PublicArticle[];
    for (const a of list) articles.push({ ...a, year, volume, issue });
  }
  return { issues, articles };
}

export const assetPath = (a: PublicArticle) => articlePdfPath({ ...a, file: a.file ?? '' });

/** A multipart/form-data body with text fields and at most one file. */
export function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = `----rel${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`, 'latin1'));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A small valid PDF, padded to `size` bytes with a trailing comment when asked. */
export function pdfBytes(size = 0, label = 'reliability'): Buffer {
  const body = `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%${label}\n%%EOF\n`;
  const b = Buffer.from(body, 'latin1');
  if (size <= b.length) return b;
  return Buffer.concat([b, Buffer.from('%'), Buffer.alloc(size - b.length - 2, 0x41), Buffer.from('\n')]);
}

export const PNG_BYTES = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
  'hex',
);

let issueSeq = 0;
/** Creates a fresh issue (a far future year no demo data uses) and returns its coordinates. */
export async function createIssue(base: string, token: string, host = 'localhost', year = 2090 + (issueSeq++ % 9)) {
  // Unique within a run; every suite has its own database.
  const volume = 100 + issueSeq;
  const issue = 1;
  const r = await call(`${base}/api/admin/create-issue`, {
    method: 'POST',
    host,
    headers: bearer(token),
    body: JSON.stringify({ year, volume, issue, frequency: 'January-March' }),
  });
  if (r.status !== 201) throw new Error(`create-issue answered ${r.status}: ${r.body}`);
  return { year, volume, issue };
}

export function articleFields(issue: { year: number; volume: number; issue: number }, n: number, over: Record<string, string> = {}): Record<string, string> {
  return {
    year: String(issue.year),
    volume: String(issue.volume),
    issue: String(issue.issue),
    refnumber: String(n),
    title: `Reliability article ${n}`,
    authorname: 'Asha Rao, Vikram Singh',
    abstract: `<p>Abstract of article ${n}.</p>`,
    keywords: 'reliability, load',
    // Page ranges grow with n (the first page must pass the issue's last) and stay within 6 digits.
    pagenumber: `${(n % 10_000) * 10 + 1}-${(n % 10_000) * 10 + 5}`,
    subject: 'Testing',
    country: 'India',
    email: `a${n}@example.org`,
    mobile: '9999999999',
    txnid: `TXNREL${n}`,
    ptype: 'paid',
    publishdate: '2026-02-10',
    ...over,
  };
}

export function postArticle(base: string, token: string, fields: Record<string, string>, file?: { name: string; type?: string; data: Buffer }, host = 'localhost') {
  const m = multipart(fields, file ? { field: 'pdfFile', name: file.name, type: file.type ?? 'application/pdf', data: file.data } : undefined);
  return call(`${base}/api/admin/archives/`, { method: 'POST', host, headers: { ...bearer(token), ...m.headers }, body: m.body, timeoutMs: 60_000 });
}

// ---- processes ----

export { procStat, descendants, running, zombies, chromiumUnder, rssMb, readZip } from '@journal/testing';
import { descendants, percentile as nearestRank, procStat, round, zombies } from '@journal/testing';

export const zombiesUnder = (pid: number) => zombies(descendants(pid));

/** Every process on the machine that is defunct and whose command looks like Chromium, with its parent. */
export function chromiumZombiesOf(pids: number[]) {
  return pids.filter((p) => procStat(p)?.state === 'Z');
}

export const alive = (c: ChildProcess | undefined) => !!c && c.exitCode === null && c.signalCode === null;

export function exited(c: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (!alive(c)) return Promise.resolve({ code: c.exitCode, signal: c.signalCode });
  return new Promise((r) => c.once('exit', (code, signal) => r({ code, signal })));
}

/**
 * Starts one more pdf worker process of a stack (as the stack starts its own), registered in
 * `stack.processes` so the stack's stop() ends it too. Resolves once it consumes the queue.
 */
/** The worker processes a suite starts itself: their entry and the log line that says they run. */
export const WORKERS = {
  pdf: { entry: 'services/pdf-worker/dist/worker.main.js', ready: 'pdf worker running' },
  mail: { entry: MAIL_WORKER_ENTRY, ready: 'mail worker running' },
  content: { entry: 'services/content/dist/main.js', ready: 'content listening' },
  'edge-purger': { entry: EDGE_PURGER_ENTRY, ready: 'edge purger working' },
} as const;

export async function spawnWorker(stack: Stack, name: string, extra: Record<string, string> = {}, kind: keyof typeof WORKERS = 'pdf'): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, WORKERS[kind].entry)], {
    cwd: ROOT,
    env: { ...process.env, ...stack.env, LOG_LEVEL: 'info', PORT: '0', ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stack.processes.set(name, child);
  const file = createWriteStream(path.join(DATA, 'logs', `${stack.env.REDIS_PREFIX!.replace(/:$/, '')}-${name}.log`), { flags: 'a' });
  child.stdout!.pipe(file);
  child.stderr!.pipe(file);
  const logs: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${name} did not start:\n${logs.join('')}`)), 60_000);
    child.stdout!.on('data', (d: Buffer) => {
      logs.push(d.toString());
      if (logs.length > 200) logs.shift();
      if (d.toString().includes(WORKERS[kind].ready)) {
        clearTimeout(t);
        resolve();
      }
    });
    child.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
    child.once('exit', () => reject(new Error(`${name} exited early:\n${logs.join('')}`)));
  });
  return child;
}

// ---- files ----

/** The text of a PDF, by poppler's pdftotext. */
export function pdfToText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rel-pdf-'));
  try {
    const file = path.join(dir, 'in.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A latency percentile for the reports, to 0.1 ms (0 when there are none). */
export const percentile = (sorted: number[], p: number): number => (sorted.length ? round(nearestRank(sorted, p), 1) : 0);

/** Polls a pdf job until it completes or fails; returns the last status and every state seen. */
export async function waitJob(base: string, id: string, headers: Record<string, string>, timeoutMs = 180_000, host = 'localhost') {
  const seen: string[] = [];
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await call(`${base}/api/pdf/jobs/${id}`, { host, headers }).catch(() => null);
    if (r && r.status === 200) {
      const s = r.json() as { state: string; progress: { done: number; total: number }; failedReason?: string };
      if (seen[seen.length - 1] !== s.state) seen.push(s.state);
      if (s.state === 'completed' || s.state === 'failed') return { last: s, seen };
    }
    if (Date.now() > end) throw new Error(`job ${id} did not finish in ${timeoutMs} ms (states ${seen.join(' → ')})`);
    await sleep(300);
  }
}

export async function jobStatus(base: string, id: string, headers: Record<string, string>, host = 'localhost') {
  const r = await call(`${base}/api/pdf/jobs/${id}`, { host, headers });
  return r.json() as { state: string; progress: { done: number; total: number }; failedReason?: string };
}

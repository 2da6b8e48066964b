/**
 * Staff actions as the admin sends them, through nginx and the gateway of the whole stack, signed
 * in as the demo journal's manager: an article added with a 5 MB PDF, withdrawn, restored, editors
 * pinned and unpinned, the indexing list reordered ("List Sorted!"). Each act is timed from the
 * request to the last byte of its answer, one after another as one editor works; the content
 * service's CPU per act is read from /proc. Prints figures; never asserts a time.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { percentile } from '@journal/testing';
import type { BenchContext } from './context';
import { cpuMsFine, databaseCpuMs, databasePids } from './proc-cpu';
import { stepsOf } from './edge-write.bench';

/** Enough adds that the p99 is not one slow sample's (the 1st and 2nd slowest of 100 bound it). */
const ADDS = Number(process.env.STAFF_BENCH_ADDS ?? 100);
const PINS = 40;
const PDF_BYTES = 5_000_000;
const YEAR = 2031;

/** A valid PDF of about `bytes`: one page and an attached file of random bytes (nothing compresses it). */
export async function bigPdf(bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Staff bench article', { x: 40, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  const first = Buffer.from(await doc.save());
  await doc.attach(randomBytes(bytes - first.length - 2000), 'data.bin', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

interface Timed<T> {
  ms: number;
  status: number;
  body: T;
  /** content's Server-Timing header (SERVER_TIMING on in the bench stack). */
  timing: string | null;
}

export async function run(ctx: BenchContext) {
  const base = ctx.baseUrl;
  const send = async <T>(path: string, init: RequestInit & { token?: string } = {}): Promise<Timed<T>> => {
    const headers = new Headers(init.headers);
    headers.set('Accept', 'application/json');
    if (init.token) headers.set('Authorization', `Bearer ${init.token}`);
    const t0 = performance.now();
    const res = await fetch(`${base}${path}`, { ...init, headers });
    const text = await res.text();
    const ms = performance.now() - t0;
    return { ms, status: res.status, body: (text ? JSON.parse(text) : null) as T, timing: res.headers.get('server-timing') };
  };
  const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

  const login = await send<{ token: string }>('/auth/login/', json({ username: 'admin', password: 'admin12345' }));
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const token = login.body.token;
  const issue = await send('/api/admin/create-issue', { ...json({ volume: 90, issue: 1, year: YEAR, frequency: 'January-March' }), token });
  if (issue.status !== 201 && issue.status !== 409) throw new Error(`create-issue answered ${issue.status}`);
  const pdf = await bigPdf(PDF_BYTES);
  console.log(`PDF of ${pdf.length} bytes`);

  // The processes a staff write goes through, CPU in ms per act from their threads' run times.
  const watched = Object.fromEntries(Object.entries(ctx.pids ?? {}).filter(([n]) => ['content', 'content-staff', 'gateway', 'nginx'].includes(n)));
  // The content service: its readers' process and its staff side's (where the gateway sends saves).
  const cpu = () => {
    const c = cpuMsFine(watched);
    return (c.content ?? 0) + (c['content-staff'] ?? 0);
  };
  // An add's CPU in each process it crosses (content counts both of its processes).
  const addCpu = { gateway: 0, nginx: 0 };
  const edgeCpu = () => {
    const c = cpuMsFine(watched);
    return { gateway: c.gateway ?? 0, nginx: c.nginx ?? 0 };
  };
  const lat = { add: [] as number[], withdraw: [] as number[], restore: [] as number[], pin: [] as number[], reorder: [] as number[] };
  const cpuOf = { add: 0, withdraw: 0, restore: 0 };
  // The database's share of an add: FerretDB and PostgreSQL (its backends), from /proc.
  const db = databasePids(ctx.mongoUrl);
  const dbOf = { ferretdb: 0, postgres: 0 };
  // Where each add's time went in content (its steps overlap: `stage` runs beside `record`).
  const addSteps: Record<string, number>[] = [];
  const loadStart = readFileSync('/proc/loadavg', 'utf8').trim();
  const refBase = 700000 + Math.floor(Math.random() * 200000);
  for (let i = 0; i < ADDS; i++) {
    const ref = String(refBase + i);
    const form = new FormData();
    const fields: Record<string, string> = {
      year: String(YEAR), volume: '90', issue: '1', refnumber: ref, title: `Staff bench article ${ref}`, authorname: 'Asha Rao, Vikram Singh',
      abstract: '<p>An abstract of the staff bench.</p>', keywords: 'bench', pagenumber: `${1 + i * 10}-${9 + i * 10}`, subject: 'Agronomy',
      country: 'India', email: 'bench@example.org', mobile: '9999999999', txnid: `SB${ref}`, ptype: 'paid', publishdate: `${YEAR}-02-10`,
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('pdfFile', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'article.pdf');
    let c0 = cpu();
    const e0 = edgeCpu();
    const d0 = databaseCpuMs(db);
    const added = await send<{ id: string }>('/api/admin/archives/', { method: 'POST', body: form, token, headers: { 'Idempotency-Key': `bench-${ref}-${randomBytes(8).toString('hex')}` } });
    cpuOf.add += cpu() - c0;
    const e1 = edgeCpu();
    addCpu.gateway += e1.gateway - e0.gateway;
    addCpu.nginx += e1.nginx - e0.nginx;
    const d1 = databaseCpuMs(db);
    dbOf.ferretdb += (d1.ferretdb ?? 0) - (d0.ferretdb ?? 0);
    dbOf.postgres += (d1.postgres ?? 0) - (d0.postgres ?? 0);
    if (added.status !== 201) throw new Error(`article add answered ${added.status}: ${JSON.stringify(added.body)}`);
    lat.add.push(added.ms);
    addSteps.push(stepsOf(added.timing, added.ms));
    c0 = cpu();
    const withdrawn = await send(`/api/admin/articles/${added.body.id}/withdraw`, { ...json({ kind: 'withdrawn', reason: 'Bench withdrawal' }), token });
    cpuOf.withdraw += cpu() - c0;
    if (withdrawn.status !== 200) throw new Error(`withdraw answered ${withdrawn.status}`);
    lat.withdraw.push(withdrawn.ms);
    c0 = cpu();
    const restored = await send(`/api/admin/articles/${added.body.id}/restore`, { ...json({}), token });
    cpuOf.restore += cpu() - c0;
    if (restored.status !== 200) throw new Error(`restore answered ${restored.status}`);
    lat.restore.push(restored.ms);
  }

  const editors = await send<{ id: string }[]>('/api/admin/editors', { token });
  const ids = editors.body.slice(0, 3).map((e) => e.id);
  for (let i = 0; i < PINS; i++) {
    const r = await send('/api/editors/pin', { ...json({ ids, pinned: i % 2 === 0 }), token });
    if (r.status !== 200) throw new Error(`pin answered ${r.status}`);
    lat.pin.push(r.ms);
  }
  const indexing = await send<{ id: string }[]>('/api/admin/indexing', { token });
  const order = indexing.body.map((x) => x.id);
  for (let i = 0; i < PINS && order.length > 1; i++) {
    const r = await send('/api/admin/indexing/reorder', { ...json({ ids: i % 2 ? order : [...order].reverse() }), token });
    if (r.status !== 200) throw new Error(`reorder answered ${r.status}`);
    lat.reorder.push(r.ms);
  }

  const p = (xs: number[], q: number) => Math.round(percentile([...xs].sort((a, b) => a - b), q) * 10) / 10;
  const perAdd = (ms: number) => Math.round((ms / ADDS) * 10) / 10;
  const loadEnd = readFileSync('/proc/loadavg', 'utf8').trim();
  const figures = {
    staff_article_add_p50_ms: p(lat.add, 50),
    staff_article_add_p95_ms: p(lat.add, 95),
    staff_article_add_p99_ms: p(lat.add, 99),
    staff_article_add_max_ms: Math.round(Math.max(...lat.add) * 10) / 10,
    staff_withdraw_p50_ms: p(lat.withdraw, 50),
    staff_withdraw_p99_ms: p(lat.withdraw, 99),
    staff_restore_p50_ms: p(lat.restore, 50),
    staff_restore_p99_ms: p(lat.restore, 99),
    staff_pin_p99_ms: p(lat.pin, 99),
    staff_reorder_p99_ms: p(lat.reorder, 99),
    staff_article_add_content_cpu_ms: perAdd(cpuOf.add),
    staff_article_add_gateway_cpu_ms: perAdd(addCpu.gateway),
    staff_article_add_nginx_cpu_ms: perAdd(addCpu.nginx),
    staff_article_add_ferretdb_cpu_ms: perAdd(dbOf.ferretdb),
    staff_article_add_postgres_cpu_ms: perAdd(dbOf.postgres),
    staff_withdraw_content_cpu_ms: perAdd(cpuOf.withdraw),
    staff_restore_content_cpu_ms: perAdd(cpuOf.restore),
  };
  console.log(`${ADDS} adds of a ${(pdf.length / 1e6).toFixed(1)} MB PDF, each withdrawn and restored; ${PINS} pins, ${lat.reorder.length} reorders; load average at the start ${loadStart}, at the end ${loadEnd}`);
  for (const [k, v] of Object.entries(figures)) console.log(`${k.padEnd(36)} ${v}`);
  const names = [...new Set(addSteps.flatMap((s) => Object.keys(s)))];
  console.log(`add steps in content (ms): ${names.map((n) => `${n} p50 ${p(addSteps.map((s) => s[n] ?? 0), 50)} p99 ${p(addSteps.map((s) => s[n] ?? 0), 99)}`).join('; ')}`);
  const slowest = addSteps.map((s, i) => ({ ms: lat.add[i]!, s })).sort((a, b) => b.ms - a.ms).slice(0, 3);
  for (const { ms, s } of slowest) console.log(`slow add ${Math.round(ms)} ms: ${Object.entries(s).map(([n, v]) => `${n} ${Math.round(v)}`).join(', ')}`);
  return figures;
}

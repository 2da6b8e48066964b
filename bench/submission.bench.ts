/**
 * docs/product.md#submissions: authors submitting at once through nginx, the gateway and the
 * content service of the whole stack. Each submission carries a 10 MB PDF manuscript and is timed
 * from the request's first byte to the last byte of its answer (the number and the status link:
 * the manuscript stored, the record and the link written, the acknowledgement queued), with 8
 * submitters at a time. The CPU per submission of the content service, the gateway, FerretDB and
 * PostgreSQL (its backends) is read from /proc, with the load average; so are the mail worker's and
 * the work-log's (the acknowledgement and the work-log entry each submission sets off, after its
 * answer but on the same cores) and the whole machine's less this process's own. Prints figures;
 * never asserts a time.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { percentile } from '@journal/testing';
import type { BenchContext } from './context';
import { coresBusy, machineTicks } from './machine-cpu';
import { cpuMsFine, databaseCpuMs, databasePids } from './proc-cpu';

const CONCURRENCY = 8;
const SUBMISSIONS = 96;
const WARMUP = 8;
const MANUSCRIPT_BYTES = 10 * 1024 * 1024;

/** A valid PDF of about `bytes`: one page and one stream of random bytes (nothing compresses it, no embedded file). */
export function bigPdf(bytes: number): Buffer {
  const head = Buffer.from(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >> endobj\n4 0 obj << /Length ${bytes} >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R >>\nstartxref\n0\n%%EOF\n', 'latin1');
  // Random bytes that never spell the end of the stream.
  const data = Buffer.from(randomBytes(bytes).map((b) => (b === 0x65 ? 0x66 : b)));
  return Buffer.concat([head, data, tail]);
}

const BOUNDARY = '----jpbench7f3a9c';
function form(fields: Record<string, string>, file: Buffer): Buffer[] {
  const parts = Object.entries(fields).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = `${parts.join('')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="manuscript"; filename="paper.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  return [Buffer.from(head), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)];
}

/**
 * One submission: the body's parts are written as they are (the 10 MB manuscript is not copied per
 * request). `sentMs`: until its last byte was handed to this process's socket ('finish'), not until
 * nginx, the gateway or the content service read it: on loopback the kernel's buffers between the
 * client and nginx (here a send buffer of up to 4 MB, a receive buffer of up to 32 MB) can hold most
 * of a 10 MB body then, so it is the earliest the content service can have had the whole body.
 */
function submit(base: string, host: string, body: Buffer[]): Promise<{ ms: number; sentMs: number; status: number }> {
  const length = body.reduce((n, b) => n + b.length, 0);
  const url = new URL('/api/submissions', base);
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let sentMs = 0;
    const req = http.request(
      url,
      { method: 'POST', headers: { host, accept: 'application/json', 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(length) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ ms: Number(process.hrtime.bigint() - started) / 1e6, sentMs, status: res.statusCode ?? 0 }));
      },
    );
    req.on('finish', () => (sentMs = Number(process.hrtime.bigint() - started) / 1e6));
    req.on('error', reject);
    for (const b of body) req.write(b);
    req.end();
  });
}

export async function run(ctx: BenchContext): Promise<Record<string, number>> {
  const manuscript = bigPdf(MANUSCRIPT_BYTES);
  const host = new URL(ctx.baseUrl).host;
  const body = (i: number) =>
    form(
      {
        given: 'Asha',
        family: 'Verma',
        email: `bench-${Date.now().toString(36)}-${i}@example.org`,
        mobile: '+91 98765 43210',
        country: 'India',
        title: `Growth of <i>E. coli</i> at 37 °C, run ${i}`,
        abstract: 'We measured growth at three temperatures. '.repeat(40),
        keywords: 'bacteria, growth',
        subject: 'Microbiology',
        declaration: 'on',
      },
      manuscript,
    );
  let next = 0;
  const times: number[] = [];
  const sent: number[] = [];
  const refused: Record<number, number> = {};
  async function worker(total: number, record: boolean) {
    while (next < total) {
      const i = next++;
      const r = await submit(ctx.baseUrl, host, body(i + (record ? WARMUP : 0)));
      if (r.status !== 201) refused[r.status] = (refused[r.status] ?? 0) + 1;
      else if (record) {
        times.push(r.ms);
        sent.push(r.sentMs);
      }
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(WARMUP, false)));
  next = 0;
  const db = databasePids(ctx.mongoUrl);
  const cpuBefore = { ...cpuMsFine(ctx.pids), ...databaseCpuMs(db) };
  const machineBefore = machineTicks();
  const clientBefore = process.cpuUsage();
  const t0 = Date.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(SUBMISSIONS, true)));
  const wallMs = Date.now() - t0;
  const machineAfter = machineTicks();
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = { ...cpuMsFine(ctx.pids), ...databaseCpuMs(db) };
  const sorted = [...times].sort((a, b) => a - b);
  const perSubmission = (name: string) => ((cpuAfter[name] ?? 0) - (cpuBefore[name] ?? 0)) / Math.max(1, times.length);
  const figures = {
    submit_p50_ms: Math.round(percentile(sorted, 50) * 10) / 10,
    submit_p99_ms: Math.round(percentile(sorted, 99) * 10) / 10,
    submit_per_s: Math.round((times.length / wallMs) * 1000 * 10) / 10,
    // The content service: its readers' processes and its staff side's (where the gateway sends saves and uploads).
    submit_content_cpu_ms: Math.round((perSubmission('content') + perSubmission('content-staff')) * 10) / 10,
    submit_gateway_cpu_ms: Math.round(perSubmission('gateway') * 10) / 10,
    submit_ferretdb_cpu_ms: Math.round(perSubmission('ferretdb') * 10) / 10,
    submit_postgres_cpu_ms: Math.round(perSubmission('postgres') * 10) / 10,
    submit_nginx_cpu_ms: Math.round(perSubmission('nginx') * 10) / 10,
    submit_mail_worker_cpu_ms: Math.round(perSubmission('mail-worker') * 10) / 10,
    submit_worklog_cpu_ms: Math.round(perSubmission('worklog') * 10) / 10,
    // Every core's busy time (the kernel's threads, Redis, Mailpit and whatever else ran too), less
    // this process's own (building and sending the bodies).
    submit_machine_cpu_ms: Math.round((((machineAfter.busy - machineBefore.busy) * 10 - (client.user + client.system) / 1000) / Math.max(1, times.length)) * 10) / 10,
    submit_cores_busy: coresBusy(machineBefore, machineAfter),
    submit_body_sent_p50_ms: Math.round(percentile([...sent].sort((a, b) => a - b), 50) * 10) / 10,
  };
  // What the CPU alone allows: a wave of CONCURRENCY submissions needs this much CPU from every
  // process a submission sets to work, spread over all of the machine's cores (were nothing else
  // running). The mail worker and the work-log act after the answer, but on the same cores while
  // the next submissions wait for theirs.
  const cpuPerSubmission = ['content', 'content-staff', 'gateway', 'nginx', 'ferretdb', 'postgres', 'mail-worker', 'worklog'].reduce((n, k) => n + perSubmission(k), 0);
  const floor = Math.round((cpuPerSubmission * CONCURRENCY) / availableParallelism());
  console.log(`submissions: ${times.length} of ${SUBMISSIONS} accepted at ${CONCURRENCY} at a time, 10 MB manuscripts; refused by status: ${JSON.stringify(refused)}`);
  console.log(`  p50 ${figures.submit_p50_ms} ms, p99 ${figures.submit_p99_ms} ms, ${figures.submit_per_s}/s; CPU per submission: content ${figures.submit_content_cpu_ms} ms, gateway ${figures.submit_gateway_cpu_ms} ms, FerretDB ${figures.submit_ferretdb_cpu_ms} ms, PostgreSQL ${figures.submit_postgres_cpu_ms} ms, nginx ${figures.submit_nginx_cpu_ms} ms, mail worker ${figures.submit_mail_worker_cpu_ms} ms, work-log ${figures.submit_worklog_cpu_ms} ms; load average ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
  console.log(`  ${Math.round(cpuPerSubmission)} ms of CPU a submission: ${CONCURRENCY} at once need ${floor} ms on ${availableParallelism()} idle cores before any wait`);
  console.log(`  the machine: ${figures.submit_machine_cpu_ms} ms of busy CPU a submission besides this client's ${Math.round((client.user + client.system) / 1000 / Math.max(1, times.length) * 10) / 10} ms, cores ${Math.round(figures.submit_cores_busy * 100)} % busy; p90 ${Math.round(percentile(sorted, 90))} ms; bodies taken in (p50) ${figures.submit_body_sent_p50_ms} ms after their first byte`);
  if (times.length < SUBMISSIONS) throw new Error(`only ${times.length} of ${SUBMISSIONS} submissions were accepted: ${JSON.stringify(refused)}`);
  return { ...figures, submit_cpu_floor_ms: floor };
}

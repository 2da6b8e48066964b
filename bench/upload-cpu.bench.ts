/**
 * Where the content service's CPU goes when a large file comes in (`npx tsx bench/upload-cpu.bench.ts`,
 * with MONGO_URL and REDIS_URL): the service in this process on the real database, V8's sampling
 * profiler (node:inspector) on around the measured acts only. Submissions: SUBMITTERS authors at once
 * each sending a 10 MB PDF, ROUNDS times, from a bare HTTP client (its own cost is a few ms); article
 * adds: ADDS staff adds with a 5 MB PDF one after another (supertest, whose share is shown apart).
 * Each sample is put in the first category its stack names, so the table reads as CPU ms per act.
 * Then what a durable spool on local disk would cost instead (a 10 MB file written, fsync'ed and
 * renamed into place, SUBMITTERS at once). Writes bench/upload-cpu.md and merges its figures into
 * bench/results.json; never asserts a time.
 */
import { open, mkdir, rename, rm } from 'node:fs/promises';
import http from 'node:http';
import { Session, type Profiler } from 'node:inspector/promises';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { percentile, staffHeaders, staffToken } from '@journal/testing';
import { makeJournal, startContent, stopContent } from '../services/content/test/helpers';
import { runStandalone, writeSection } from './bench-kit';
import { cpuMsFine } from './proc-cpu';
import { bigPdf as manuscriptPdf } from './submission.bench';
import { bigPdf as articlePdf } from './staff.bench';

const SUBMITTERS = 8;
const ROUNDS = 3;
const ADDS = 12;
const MANUSCRIPT_BYTES = 10 * 1024 * 1024;
const ARTICLE_PDF_BYTES = 5_000_000;

/** First match wins: a stack is put under the first category one of its frames names. */
const CATEGORIES: [string, RegExp][] = [
  ['garbage collection', /^\(garbage collector\)/],
  ['bench client', /supertest|superagent|form-data|upload-cpu\.bench/],
  ['multipart parsing (busboy, multer)', /busboy|streamsearch|multer/],
  ['content checks (file kind, polyglots)', /file-check|checkUpload/],
  ['hashing (sha1)', /\bHash\b|digest|createHash/],
  ['driver: BSON of the chunks', /bson\.cjs/],
  ['driver: commands assembled and written', /mongodb\/lib/],
  ['read views and change feed', /src\/views\//],
  ['records (mongoose)', /mongoose\/lib/],
  ['Redis (limits, queue)', /ioredis|bullmq/],
  ['HTTP server', /_http_|node:net/],
];

type Node = Profiler.ProfileNode;

/** CPU ms per category over a profile (idle left out), and the total. */
function byCategory(p: Profiler.Profile): { total: number; split: Map<string, number> } {
  const nodes = new Map<number, Node>(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: Node) => `${n.callFrame.functionName} ${n.callFrame.url}`;
  const split = new Map<string, number>();
  let total = 0;
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const leaf = nodes.get(samples[i]!)!;
    if (leaf.callFrame.functionName === '(idle)') continue;
    const ms = (deltas[i + 1] ?? 0) / 1000;
    const chain: string[] = [];
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) chain.push(label(nodes.get(id)!));
    const cat = CATEGORIES.find(([, re]) => chain.some((f) => re.test(f)))?.[0] ?? 'other';
    split.set(cat, (split.get(cat) ?? 0) + ms);
    total += ms;
  }
  return { total, split };
}

async function profiled(session: Session, act: () => Promise<void>): Promise<{ profile: Profiler.Profile; cpuMs: number; wallMs: number }> {
  await session.post('Profiler.start');
  const c0 = cpuMsFine({ self: process.pid }).self ?? 0;
  const t0 = performance.now();
  await act();
  const wallMs = performance.now() - t0;
  const cpuMs = (cpuMsFine({ self: process.pid }).self ?? 0) - c0;
  const { profile } = await session.post('Profiler.stop');
  return { profile, cpuMs, wallMs };
}

const BOUNDARY = '----uploadcpu';
function submit(base: string, journalId: string, i: number, file: Buffer): Promise<number> {
  const fields: Record<string, string> = { given: 'Asha', family: 'Rao', email: `u${i}-${Date.now()}@example.org`, mobile: '+91 98765 43210', country: 'India', title: `Upload CPU ${i}`, abstract: 'A.', declaration: 'on' };
  const head = Object.entries(fields).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('');
  const body = [Buffer.from(`${head}--${BOUNDARY}\r\nContent-Disposition: form-data; name="manuscript"; filename="paper.pdf"\r\nContent-Type: application/pdf\r\n\r\n`), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)];
  const headers = { 'x-journal-id': journalId, 'x-client-ip': '198.51.100.7', 'x-journal-host': 'upload.test', accept: 'application/json', 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': String(body.reduce((n, b) => n + b.length, 0)) };
  return new Promise((resolve, reject) => {
    const req = http.request(new URL('/api/submissions', base), { method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    for (const b of body) req.write(b);
    req.end();
  });
}

/** A file made durable as a spool would: written, fsync'ed, renamed into place, the folder fsync'ed. */
async function spool(dir: string, name: string, data: Buffer): Promise<number> {
  const t0 = performance.now();
  const part = path.join(dir, `${name}.part`);
  const fh = await open(part, 'w');
  await fh.writeFile(data);
  await fh.datasync();
  await fh.close();
  await rename(part, path.join(dir, name));
  const d = await open(dir, 'r');
  await d.sync();
  await d.close();
  return performance.now() - t0;
}

async function run(): Promise<Record<string, number>> {
  const app = await startContent({ SUBMIT_PER_ADDRESS_PER_HOUR: 1_000_000, SUBMIT_PER_EMAIL_PER_DAY: 1_000_000 });
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  try {
    const J = await makeJournal(app, `uploadcpu${Date.now().toString(36)}`);
    const as = staffHeaders(J, staffToken(J));
    await request(app.url).post('/api/admin/create-issue').set(as).send({ volume: 1, issue: 1, year: 2030, frequency: 'January-March' }).expect(201);
    const manuscript = manuscriptPdf(MANUSCRIPT_BYTES);
    const pdf = await articlePdf(ARTICLE_PDF_BYTES);

    // One wave first: the code paths are compiled and the connections open before anything is counted.
    await Promise.all(Array.from({ length: SUBMITTERS }, (_, i) => submit(app.url, J, 1000 + i, manuscript)));
    let n = 0;
    const sub = await profiled(session, async () => {
      for (let r = 0; r < ROUNDS; r++) {
        const codes = await Promise.all(Array.from({ length: SUBMITTERS }, () => submit(app.url, J, n++, manuscript)));
        if (codes.some((c) => c !== 201)) throw new Error(`a submission answered ${codes.join(',')}`);
      }
    });

    const add = async (i: number) => {
      let req = request(app.url).post('/api/admin/archives/').set(as);
      const f: Record<string, string> = { year: '2030', volume: '1', issue: '1', refnumber: String(7000 + i), title: `Upload CPU ${i}`, authorname: 'Asha Rao', abstract: '<p>A</p>', pagenumber: `${1 + i * 10}-${5 + i * 10}`, email: 'a@b.org', txnid: `UC${i}x${Date.now()}`, ptype: 'paid', publishdate: '2030-01-02' };
      for (const [k, v] of Object.entries(f)) req = req.field(k, v);
      const res = await req.attach('pdfFile', pdf, { filename: 'a.pdf', contentType: 'application/pdf' });
      if (res.status !== 201) throw new Error(`article add answered ${res.status}: ${JSON.stringify(res.body)}`);
    };
    await add(0);
    const adds = await profiled(session, async () => {
      for (let i = 1; i <= ADDS; i++) await add(i);
    });

    // Beside the database's own files (.data), on the disk a spool there would use.
    const dir = path.join(process.env.SPOOL_BENCH_DIR ?? path.join(__dirname, '..', '.data'), `spool-bench-${process.pid}`);
    await mkdir(dir, { recursive: true });
    const spoolMs: number[] = [];
    const spoolCpu0 = cpuMsFine({ self: process.pid }).self ?? 0;
    try {
      for (let r = 0; r < ROUNDS; r++) spoolMs.push(...(await Promise.all(Array.from({ length: SUBMITTERS }, (_, i) => spool(dir, `${r}-${i}`, manuscript)))));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const spoolCpu = ((cpuMsFine({ self: process.pid }).self ?? 0) - spoolCpu0) / spoolMs.length;

    const count = SUBMITTERS * ROUNDS;
    const subSplit = byCategory(sub.profile);
    const addSplit = byCategory(adds.profile);
    // The sampler's intervals are wall time, so a thread the kernel set aside is charged to whatever it
    // was running: each category's share of the samples is applied to the CPU /proc counted instead.
    const per = (s: { total: number; split: Map<string, number> }, cat: string, count: number, cpuMs: number) => Math.round((((s.split.get(cat) ?? 0) / Math.max(1, s.total)) * cpuMs) / count);
    const subMs = (cat: string) => per(subSplit, cat, count, sub.cpuMs);
    const addMs = (cat: string) => per(addSplit, cat, ADDS, adds.cpuMs);
    const cats = [...CATEGORIES.map(([c]) => c), 'other'];
        const rows = cats.map((c) => `| ${c} | ${subMs(c)} | ${addMs(c)} |`);
    rows.push(`| **this process from /proc (profiler on)** | **${Math.round(sub.cpuMs / count)}** | **${Math.round(adds.cpuMs / ADDS)}** |`);
    const sorted = [...spoolMs].sort((a, b) => a - b);
    const load = readFileSync('/proc/loadavg', 'utf8').trim();
    const spoolP50 = Math.round(percentile(sorted, 50));
    const spoolP99 = Math.round(percentile(sorted, 99));
    writeSection(
      'upload-cpu',
      'Large uploads: where the content service spends its CPU',
      `the content service in the bench process on FerretDB 1.24/PostgreSQL and Redis, V8's sampling profiler on around the measured acts only: ${count} submissions of a 10 MB PDF (${SUBMITTERS} at once, ${ROUNDS} waves, a bare HTTP client) and ${ADDS} article adds with a 5 MB PDF one after another (supertest, shown apart). CPU ms per act from /proc, split by the categories' shares of the samples (a sample goes to the first category its stack names). Load average at the end: ${load}.`,
      ['category', 'per 10 MB submission (ms)', 'per 5 MB article add (ms)'],
      rows,
      [
        `A durable spool instead of the database on the answered path: a 10 MB file written, fsync'ed, renamed, its folder fsync'ed, ${SUBMITTERS} at once on the disk beside the database (.data): p50 ${spoolP50} ms, p99 ${spoolP99} ms, ${Math.round(spoolCpu)} ms of this process's CPU each (the page-cache copy; the writeback is the kernel's). That wait (more on a loaded machine: p50 245, p99 336 ms at load average 11-20) comes on top of the body received and checked and the record written; the move into the file store afterwards still costs every byte's CPU in the content service, FerretDB and PostgreSQL, on the same two cores and the same disk, while the next authors send theirs: it moves the cost out of the answer, not off the machine.`,
        'Durability of such a spool is the volume\'s: in Kubernetes the content pods have only an emptyDir (k8s/base/content-staff.yaml), which goes with the pod, so an acknowledged manuscript spooled there would be lost if the pod went before the move. A real one needs a PersistentVolumeClaim per pod (a StatefulSet that drains its spool at start and before it stops) or a ReadWriteMany volume every replica drains, and then durability is one volume\'s where MongoDB\'s is a replica set\'s; and with MongoDB the chunks the spool would defer are stored as BSON, without the base64 JSON that makes the write costly here. Not adopted: the manuscript is in the database before the answer.',
        'Most of the service\'s own share is the driver carrying the bytes (each chunk serialised to BSON, the insert commands assembled and copied again, then written to the socket) and the collections those large short-lived buffers set off; parsing the multipart body and the content checks are small.',
        `2026-11-30, what this in-process profile does not show: V8's sampler sees only the main thread, and the full collections the uploads set off run mostly on V8's worker threads. Through the whole stack (\`bench/submission.bench.ts\`, perf's cpu-clock over 20 s of the 8 submitters) content-staff spent about half its CPU in full collections (concurrent marking, sweeping), and with \`--trace-gc\` it ran 111 of them for 104 submissions of 10 MB while its heap held 58-62 MB: an upload's bytes sit in buffers outside the heap (the body, the driver's copy of each insert and the message it assembles, some 40 MB a submission), V8 counts them toward the limit that sets off the next collection, and with a 256 MB old space it lets that limit grow little past what is live. In a process of its own with the same flags, the keyed bucket writing 10 MB files 8 at once into FerretDB cost 75-92 ms of CPU a file with 38 full collections for 50 files, and 47-62 ms with 20 under \`--heap-growing-percent=100\`, while serialising the same insert commands alone takes 7 ms per 10 MB: the driver's copies are cheap, the collections they set off are not. content-staff runs with that flag since (services/content/src/node-flags.ts): through the whole stack 56 full collections for the 104 submissions (57 with \`--heap-growing-percent=300\`: what is left comes from elsewhere than the growth), 3.0 s of the main thread's time in them against 8.0 s, peak RSS 276-380 MB as before; CPU per 10 MB submission 120-138 ms in runs at a load average of 7-14 against 166-209, in two quiet runs 137.6 and 149.2 ms against 149.4 before (PostgreSQL's share, 241-245 ms in those runs, dominates the submission's).`,
        `Not adopted (2026-11-30): nginx passing an upload on 1 MB at a time instead of 16 kB (\`client_body_buffer_size 1m\` on the upload location): the gateway's CPU per 10 MB submission 39.4 against 34.5-36.4 ms without it.`,
        `2026-11-30, the full collections left, per process, found with \`--trace-gc\` and \`--trace-incremental-marking\` (which names what started each) on a stack of its own running \`bench/submission.bench.ts\` (8 submitters of 10 MB, 104 submissions): content-staff's were started by its buffers outside the heap (V8 starts one after every 64 MB more of them, whatever the heap's limit, and a submission passes some 40 MB through them); content-staff now runs with \`--external-memory-accounted-in-global-limit\` (services/content/src/node-flags.ts), which counts them within the limit \`--heap-growing-percent=100\` sets: full collections in the process's life 56 → 18, CPU per 10 MB submission 76.5 and 76.7 → 52.3-54.2 ms (runs side by side, load average 6-10), peak RSS 394-426 MB against 393-410 (the pod's limit is 537 MB). The gateway's were started by its heap's own limit: some 38 MB stay (21 MB the libraries it needs, 9.5 MB mongoose and 6 MB more through the shared package's index), V8 let the limit grow a quarter past that, 10 MB of room, less than the young generation, so it kept marking the whole heap (28 starts at the allocation limit and 11 by task for 104 submissions, 40 in all, half the gateway's CPU in perf's samples). With \`--heap-growing-percent=100\` too, the gateway had 20 starts (2 at the allocation limit, 4 for buffers outside the heap, 14 by task: about one per 64 MB of socket reads), CPU per submission 18.3 ms against 24.5-31.1, peak RSS 231 MB against 170-233 (the pod's limit is 256 MiB); not kept: under the reliability suite's 200 readers (its test 10, three runs alternated) its RSS reached 256 and 250 MB with it against 203 MB without, at its pod's limit. Through \`bench/submission.bench.ts\` (quiet, load average 5.6-6.5), three runs with both flags (the gateway's since withdrawn): p99 1,731.2, 1,740.1 and 1,813.5 ms (2,141.2, 1,896.3 and 2,215.6 with content-staff's alone; 2,779.7 before), CPU per submission content 53.2-57.4 ms, gateway 17.2-17.3, nginx 6.1-6.5, FerretDB 62.5-64.7, PostgreSQL 105.9-117.1.`,
        `Not adopted (2026-11-30), the same stack: the gateway with \`--external-memory-accounted-in-global-limit\` (15.0-16.1 ms a submission, but peak RSS 294 MB, over its pod's 256 MiB; with its old space pinned at 96 MB, 93 full collections and 33.3 ms), the gateway with 1 MB semi-spaces so young collections free the socket buffers first (13.1 ms once under a load average of 18, 31.1 ms with 45 full collections when quiet), nginx taking the whole manuscript before passing it on (\`proxy_request_buffering on\` on the upload location: the gateway 35.3 ms, nginx 15.2 against 6.2).`,
        `What is left (2026-11-30): in content-staff, busboy's search for the boundary and its streams are the largest single share of a submission's CPU: in a process of its own with content-staff's flags, multer with busboy on a 10 MB manuscript form fed in 64 kB pieces costs 14.3-16 ms against 5.3 ms for reading the same pieces alone (multer's memory storage 1.7 ms of it), so a parser that finds the boundary with the buffer's own search would take some 8 ms off the 52-57; the rest is spread over the request's JS (records, the driver's commands, Redis, the mail queue). In the gateway, the full collections the socket buffers start (one per 64 MB, each marking 38 MB) and the kernel's socket work; a bare Node proxy of the same requests (http.request, req.pipe) costs 8-9 ms per 10 MB with a 5 MB heap and 15-20 ms with a 45 MB one, so a gateway that did not load mongoose and the rest of the shared package's index would pay less per collection.`,
        `2026-11-30, the gateway module by module: it imported the server kit and the contracts through their indexes, which loaded mongoose, the MongoDB driver, sanitize-html, jsonwebtoken and every zod schema of the contracts; it now imports their modules by path (docs/architecture.md#gateway-memory), and its heap after start (after a full collection) is 18 MB against 36. Through \`bench/submission.bench.ts\` on one build, the indexes' modules loaded into the gateway's process or not (runs alternated, load average 3.7-8.8): CPU per 10 MB submission 25.0, 26.0 and 26.8 ms → 18.2, 17.4, 20.9, 19.3 and 20.2; peak RSS 212-217 MB → 194-208. Under the reliability suite's 200 readers (its test 10, 60 s): RSS 232 and 257 MB → 181 and 181 (its peak within 2 MB of that; the pod's limit is 256 MiB).`,
        `2026-11-30, the gateway with \`--heap-growing-percent=100\` again (gateway/src/node-flags.ts, its Deployment's args, the local stack), now that its heap is 18 MB: through \`bench/submission.bench.ts\`, alternated with the runs above (the flag set in the gateway's process), CPU per 10 MB submission 16.6, 15.8, 16.6 and 16.1 ms against 17.4-20.9 without, peak RSS 183-208 MB against 194-208; as the stack now starts it (load average 5.7-6.7) 16.0 and 16.2 ms, peak RSS 188 and 190 MB. Under the 200 readers its RSS was 189 and 186 MB, and 181 and 188 as the stack now starts it, against 181 without (it had been withdrawn when, with the 36 MB heap, the flag took that to 250-256 MB).`,
        `2026-11-30, where a submission's wait goes through the whole stack (\`bench/submission.bench.ts\`, 8 submitters of 10 MB; /proc/stat read every 50 ms and every process's CPU every second during the runs): the cores are 96-97 % busy from the first submission of the timed run to the last, idle and I/O wait together 3-4 %. The machine spends some 280-286 ms of CPU a submission: 240-250 in the six processes on the answered path (PostgreSQL 96-108, FerretDB 59-65, content-staff 49-57, the gateway 17-20, nginx 6, content 3), 12-15 in the mail worker and 9-10.5 in the work-log (the acknowledgement and the work-log entry each submission sets off: after the answer, but on the same cores while the next submissions wait), and the kernel's threads, Redis, Mailpit and the bench client (2 ms) the rest. Eight in a closed loop each wait about 8 × 286 ms ÷ 2 cores ÷ 0.97 busy = 1,180 ms on average (Little's law), and the p50 measured 1,140-1,172 (in the bench's own runs: 1,169.1 and 1,156.3 ms, 8 × 285.8 ÷ 2 ÷ 0.97 = 1,179 and 8 × 280.8 ÷ 2 ÷ 0.98 = 1,146, load average 5.0-6.4): no stage is serial, the wait is the cores'. The bench now counts the mail worker and the work-log in \`submit_cpu_floor_ms\` and reports the machine's busy CPU a submission less its own (\`submit_machine_cpu_ms\`), the cores' busy share (\`submit_cores_busy\`) and when each body's last byte left the client (\`submit_body_sent_p50_ms\`).`,
        `The 10 MB body's last byte is handed to the client's socket 27-37 ms (p50; p90 60-80) after its first (\`submit_body_sent_p50_ms\`, Node's 'finish'). That is not when the content service has it: between the client, nginx, the gateway and the content service are three loopback connections whose kernel buffers grow to several MB while their reader keeps up (here up to 4 MB to send and 32 MB to receive), and in a test of Node alone a 10 MB body to a reader of some 20 MB/s was handed over 120-130 ms before that reader had it all. So the figure is the earliest the content service can have had the whole body, and the share of the wait (p50 1,025-1,166 ms) after it is not measured; with the cores busy throughout, storing while the body still arrives would cost the same CPU on a machine already busy: not done.`,
        `\`submit_p99_ms\` over 96 submissions is the slowest of them (\`percentile\` takes the 96th of 96): 1.38-1.6 × the p50 in these runs (1,803.1 and 1,596.5 ms in the bench's own two; p10 870-990 ms) with the cores busy throughout, the 8 in flight not sharing the CPU evenly. Once on the shared cluster, a checkpoint's sync phase (1.17 s, 748 files; about 14 MB of WAL a submission starts one every 2.2 GB, some 150 submissions) left the cores idle in I/O wait for about 0.4 s, and the 4 submissions then in flight were the run's 4 slowest (1,854-1,891 ms against a p90 of 1,431). Not kept: \`backend_flush_after=256kB\` on PostgreSQL (the backends' evicted pages sent to the disk at once, so a checkpoint's fsyncs find fewer): on a cluster of its own, two runs of 160 submissions each way, alternated, p50 1,214 and 1,122 ms against 1,045 and 1,099, slowest 1,737 and 1,695 against 1,706 and 1,832, I/O wait 490 and 80 ms against 380 and 180: within the noise.`,
      ],
    );
    return {
      upload_cpu_submit_ms: Math.round(sub.cpuMs / count),
      upload_cpu_submit_gc_ms: subMs('garbage collection'),
      upload_cpu_submit_driver_ms: subMs('driver: BSON of the chunks') + subMs('driver: commands assembled and written'),
      upload_cpu_submit_multipart_ms: subMs('multipart parsing (busboy, multer)'),
      upload_cpu_submit_checks_ms: subMs('content checks (file kind, polyglots)'),
      upload_cpu_add_ms: Math.round(adds.cpuMs / ADDS),
      upload_cpu_add_gc_ms: addMs('garbage collection'),
      upload_cpu_add_driver_ms: addMs('driver: BSON of the chunks') + addMs('driver: commands assembled and written'),
      upload_cpu_add_views_ms: addMs('read views and change feed'),
      upload_cpu_add_client_ms: addMs('bench client'),
      submit_spool_fsync_p50_ms: spoolP50,
      submit_spool_fsync_p99_ms: spoolP99,
    };
  } finally {
    session.disconnect();
    await stopContent(app);
  }
}

runStandalone('upload-cpu', run, undefined, { report: false });

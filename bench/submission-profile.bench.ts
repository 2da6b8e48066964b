/**
 * Where a submission and "Publish" spend their time (`npx tsx bench/submission-profile.bench.ts`,
 * with MONGO_URL and REDIS_URL): the content service in this process on the real database.
 * Submit: SUBMITTERS authors at once sending a 10 MB PDF, ROUNDS times (as bench/submission.bench.ts
 * does through the whole stack). Publish: one paid submission alone, then PUBLICATIONS at once (as
 * bench/delivery.bench.ts does). Each step of the write path is timed around the call that does it,
 * and every database command is counted and timed by collection and command (the driver's command
 * monitoring), with the CPU of this process and of the database server from /proc. Writes
 * bench/submission-profile.md and merges its figures into bench/results.json; never asserts a time.
 */
import { readFileSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import request from 'supertest';
import { percentile, staffHeaders, staffToken } from '@journal/testing';
import { makeJournal, startContent, stopContent } from '../services/content/test/helpers';
import { SubmissionRepo } from '../services/content/src/submissions/submission.repo';
import { AuthorMailer } from '../services/content/src/submissions/submission-mail';
import { SubmissionFiles } from '../services/content/src/submissions/submission-files';
import { SubmissionLimits } from '../services/content/src/submissions/submission-limits';
import { runStandalone, writeSection } from './bench-kit';
import { cpuMsFine } from './proc-cpu';
import { databasePid } from './delivery.bench';
import { bigPdf } from './submission.bench';

const PUBLICATIONS = Number(process.env.PUBLICATIONS ?? 50);
const SUBMITTERS = 8;
const ROUNDS = 3;
const MANUSCRIPT_BYTES = 10 * 1024 * 1024;

type Timings = Record<string, number[]>;
const on = { act: '', t: {} as Timings };

/** Replaces `obj[name]` with a wrapper that records each call's time under `label` while `on.act` is set. */
function timeCalls(obj: object, name: string, label: string) {
  const target = obj as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const orig = target[name]!;
  target[name] = async function timed(this: unknown, ...a: unknown[]) {
    const act = on.act;
    const t0 = performance.now();
    try {
      return await orig.apply(this, a);
    } finally {
      if (act) (on.t[`${act}|${label}`] ??= []).push(performance.now() - t0);
    }
  };
}

async function pdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Publish profile', { x: 40, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save());
}

async function run() {
  // The driver reports every command (its time and collection) only on connections made so.
  const url = new URL(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/');
  url.searchParams.set('monitorCommands', 'true');
  process.env.MONGO_URL = url.toString();
  const app = await startContent({ SUBMIT_PER_ADDRESS_PER_HOUR: 1_000_000, SUBMIT_PER_EMAIL_PER_DAY: 1_000_000 });
  try {
    const J = await makeJournal(app, `pubprof${Date.now().toString(36)}`);
    const as = staffHeaders(J, staffToken(J));
    const manuscript = await pdf();
    const total = PUBLICATIONS + 1;
    const ids: string[] = [];
    for (let i = 1; i <= total; i++) {
      await request(app.url).post('/api/admin/create-issue').set(as).send({ volume: 1, issue: i, year: 2030, frequency: 'January-March' }).expect(201);
      const req = request(app.url).post('/api/submissions').set({ 'x-journal-id': J, 'x-client-ip': '198.51.100.9', 'x-journal-host': 'pubprof.test', accept: 'application/json' });
      for (const [k, v] of Object.entries({ given: 'Asha', family: 'Rao', email: `p${i}@example.org`, mobile: '+91 98765 43210', country: 'India', title: `Profile ${i}`, abstract: 'A.', declaration: 'on' })) req.field(k, v);
      await req.attach('manuscript', manuscript, 'paper.pdf').expect(201);
    }
    const list = await request(app.url).get('/api/admin/submissions?page=1').set(as).expect(200);
    let page = 1;
    const items: { id: string }[] = [...list.body.items];
    while (items.length < list.body.total) items.push(...(await request(app.url).get(`/api/admin/submissions?page=${++page}`).set(as).expect(200)).body.items);
    for (const s of items) {
      await request(app.url).post(`/api/admin/submissions/${s.id}/decision`).set(as).send({ to: 'under_review' }).expect(200);
      await request(app.url).post(`/api/admin/submissions/${s.id}/decision`).set(as).send({ to: 'accepted' }).expect(200);
      await request(app.url).post(`/api/admin/submissions/${s.id}/payment`).set(as).send({ action: 'waive' }).expect(200);
      ids.push(s.id);
    }

    const { deps } = app;
    // Submit.
    timeCalls(SubmissionLimits.prototype, 'hit', 'limits counted (Redis)');
    timeCalls(SubmissionFiles.prototype, 'put', 'the manuscript into GridFS');
    timeCalls(SubmissionRepo.prototype, 'nextSeq', 'the number claimed');
    timeCalls(SubmissionRepo.prototype, 'create', 'the submission record');
    timeCalls(AuthorMailer.prototype, 'issueToken', 'the status link stored');
    // Publish.
    timeCalls(deps.repos.issues, 'find', 'issue looked up');
    timeCalls(deps.repos.articles, 'lastPageOfIssue', 'last page of the issue');
    timeCalls(deps.repos.articles, 'findConflicts', 'duplicate checks');
    timeCalls(deps.repos.articles, 'doiTaken', 'duplicate checks');
    timeCalls(deps.repos.articles, 'create', 'the article record');
    timeCalls(deps.files, 'put', 'the PDF into the file store');
    timeCalls(deps.publisher, 'changed', 'the change announced (views rebuilt, feed)');
    timeCalls(deps.activity, 'record', 'activity entries');
    timeCalls(SubmissionRepo.prototype, 'move', 'the submission moved');
    timeCalls(SubmissionRepo.prototype, 'findById', 'the submission read');
    timeCalls(SubmissionFiles.prototype, 'read', 'the manuscript PDF read');
    timeCalls(AuthorMailer.prototype, 'send', 'the email queued');
    // Every database command, by collection and command.
    const client = deps.conn.getClient() as unknown as { on(e: string, f: (ev: { commandName: string; duration: number; requestId: number }) => void): void };
    const started = new Map<number, string>();
    client.on('commandStarted', (ev) => {
      const c = ev as unknown as { commandName: string; command: Record<string, unknown>; requestId: number };
      const coll = typeof c.command[c.commandName] === 'string' ? String(c.command[c.commandName]) : '';
      if (on.act) started.set(c.requestId, `${on.act}|db ${c.commandName} ${coll}`);
    });
    client.on('commandSucceeded', (ev) => {
      const key = started.get(ev.requestId);
      started.delete(ev.requestId);
      if (key) (on.t[key] ??= []).push(ev.duration);
    });

    // 8 authors at once, each sending a 10 MB manuscript, ROUNDS times.
    const big = bigPdf(MANUSCRIPT_BYTES);
    const submitOne = async (i: number) => {
      const req = request(app.url).post('/api/submissions').set({ 'x-journal-id': J, 'x-client-ip': '198.51.100.10', 'x-journal-host': 'pubprof.test', accept: 'application/json' });
      for (const [k, v] of Object.entries({ given: 'Asha', family: 'Rao', email: `big${i}@example.org`, mobile: '+91 98765 43210', country: 'India', title: `Big ${i}`, abstract: 'A.', declaration: 'on' })) req.field(k, v);
      const s0 = performance.now();
      const r = await req.attach('manuscript', big, 'paper.pdf');
      if (r.status !== 201) throw new Error(`submit answered ${r.status}: ${JSON.stringify(r.body)}`);
      return performance.now() - s0;
    };
    const db = databasePid(process.env.MONGO_URL ?? '');
    const cpu = () => cpuMsFine({ bench: process.pid, ...(db ? { database: db } : {}) });
    const wall: Record<string, number[]> = { submit: [], alone: [], together: [] };
    const cpuOf: Record<string, Record<string, number>> = {};
    on.act = 'submit';
    let c0 = cpu();
    for (let round = 0; round < ROUNDS; round++) wall.submit!.push(...(await Promise.all(Array.from({ length: SUBMITTERS }, (_, k) => submitOne(round * SUBMITTERS + k)))));
    let c1 = cpu();
    cpuOf.submit = Object.fromEntries(Object.keys(c1).map((n) => [n, Math.round((c1[n]! - (c0[n] ?? 0)) / (SUBMITTERS * ROUNDS))]));
    on.act = '';

    const publish = (id: string, i: number) =>
      request(app.url).post(`/api/admin/submissions/${id}/publish`).set(as).send({ year: 2030, volume: 1, issue: i + 1, pagenumber: '1-10', refnumber: String(7000 + i), publishdate: '2030-01-02' });
    for (const [act, batch] of [['alone', ids.slice(0, 1)], ['together', ids.slice(1)]] as const) {
      on.act = act;
      c0 = cpu();
      const t0 = performance.now();
      await Promise.all(
        batch.map(async (id, k) => {
          const s0 = performance.now();
          const r = await publish(id, act === 'alone' ? 0 : k + 1);
          if (r.status !== 200) throw new Error(`publish answered ${r.status}: ${JSON.stringify(r.body)}`);
          wall[act]!.push(performance.now() - s0);
        }),
      );
      (on.t[`${act}|whole batch`] ??= []).push(performance.now() - t0);
      c1 = cpu();
      cpuOf[act] = Object.fromEntries(Object.keys(c1).map((n) => [n, Math.round((c1[n]! - (c0[n] ?? 0)) / batch.length)]));
      on.act = '';
    }

    const p50 = (xs: number[]) => Math.round(percentile([...xs].sort((a, b) => a - b), 50) * 10) / 10;
    const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0));
    const rows: string[] = [];
    const batchName: Record<string, string> = { submit: `submit: ${SUBMITTERS} at once, ${ROUNDS} rounds, 10 MB`, alone: 'publish: one alone', together: `publish: ${PUBLICATIONS} at once` };
    for (const act of ['submit', 'alone', 'together']) {
      rows.push(`| **${batchName[act]}** | whole request | ${p50(wall[act]!)} ms | ${sum(wall[act]!)} ms | ${wall[act]!.length} |`);
      const mine = Object.entries(on.t).filter(([k]) => k.startsWith(`${act}|`) && !k.endsWith('whole batch')).sort((a, b) => sum(b[1]) - sum(a[1]));
      // The steps, then the ten database commands that took longest in all.
      const steps = [...mine.filter(([k]) => !k.includes('|db ')), ...mine.filter(([k]) => k.includes('|db ')).slice(0, 10)];
      for (const [k, xs] of steps) rows.push(`| | ${k.split('|')[1]} | ${p50(xs)} ms | ${sum(xs)} ms | ${xs.length} |`);
    }
    const load = readFileSync('/proc/loadavg', 'utf8').trim();
    writeSection(
      'submission-profile',
      'Submissions and Publish: where the time goes',
      `the content service in the bench process on the database of MONGO_URL (${process.env.JP_STORE_NOTE ?? 'FerretDB 1.24'}) and Redis; ${SUBMITTERS} authors at once each sending a 10 MB PDF, ${ROUNDS} rounds (as \`bench/submission.bench.ts\` through the whole stack); then a paid submission published alone, and ${PUBLICATIONS} at once (each into its own issue, as \`bench/delivery.bench.ts\`). Each step timed around its call and every database command by the driver's monitoring: median, the sum over the batch, the count. CPU per act: submit ${JSON.stringify(cpuOf.submit)} ms, publish alone ${JSON.stringify(cpuOf.alone)} ms, publish at once ${JSON.stringify(cpuOf.together)} ms (the bench process holds the content service and the client; database: the server of MONGO_URL, shared with the machine's other users). Load average at the end: ${load}.`,
      ['batch', 'step', 'median', 'sum', 'count'],
      rows,
    );
    return {
      submit_profile_p50_ms: p50(wall.submit!),
      submit_profile_p99_ms: Math.round(percentile([...wall.submit!].sort((a, b) => a - b), 99)),
      submit_profile_gridfs_p50_ms: p50(on.t['submit|the manuscript into GridFS'] ?? [0]),
      submit_profile_db_cpu_ms: cpuOf.submit?.database ?? 0,
      submit_profile_content_cpu_ms: cpuOf.submit?.bench ?? 0,
      publish_profile_alone_ms: p50(wall.alone!),
      publish_profile_together_p50_ms: p50(wall.together!),
      publish_profile_together_p99_ms: Math.round(percentile([...wall.together!].sort((a, b) => a - b), 99)),
      publish_profile_db_cpu_ms_per_publication: cpuOf.together?.database ?? 0,
      publish_profile_content_cpu_ms_per_publication: cpuOf.together?.bench ?? 0,
    };
  } finally {
    await stopContent(app);
  }
}

runStandalone('submission-profile', run, undefined, { report: false });

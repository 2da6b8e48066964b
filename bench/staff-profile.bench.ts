/**
 * Where a staff article add with a 5 MB PDF, and a withdrawal, spend their time
 * (`npx tsx bench/staff-profile.bench.ts`, with MONGO_URL and REDIS_URL): the content service in
 * this process on the real database, each step of the write path timed around the call that does
 * it (the record, the PDF into the file store, the change announced and purged, the activity
 * entry). Writes bench/staff-profile.md and merges its figures into bench/results.json; never
 * asserts a time. `bench/staff.bench.ts` times the same acts through nginx and the gateway.
 */
import request from 'supertest';
import { percentile, staffHeaders, staffToken } from '@journal/testing';
import { makeJournal, startContent, stopContent } from '../services/content/test/helpers';
import { runStandalone, writeSection } from './bench-kit';
import { bigPdf } from './staff.bench';

const ADDS = 12;
/** FerretDB's backend as provisioned (scripts/provision.sh): PostgreSQL when it names one. */
const BACKEND = process.env.PG_URL ? 'PostgreSQL' : 'SQLite';
const PDF_BYTES = 5_000_000;

type Timings = Record<string, number[]>;

/** Replaces `obj[name]` with a wrapper that records each call's time under `label` while `on.act` is set. */
function timeCalls(obj: object, name: string, label: string, into: { act: string; t: Timings }) {
  const target = obj as Record<string, (...a: unknown[]) => Promise<unknown>>;
  const orig = target[name]!;
  target[name] = async function timed(this: unknown, ...a: unknown[]) {
    const t0 = performance.now();
    try {
      return await orig.apply(this, a);
    } finally {
      if (into.act) (into.t[`${into.act} ${label}`] ??= []).push(performance.now() - t0);
    }
  };
}

async function run() {
  const app = await startContent();
  try {
    const J = await makeJournal(app, `staffprof${Date.now().toString(36)}`);
    const T = staffToken(J);
    const as = staffHeaders(J, T);
    await request(app.url).post('/api/admin/create-issue').set(as).send({ volume: 1, issue: 1, year: 2030, frequency: 'January-March' }).expect(201);
    const pdf = await bigPdf(PDF_BYTES);
    const on = { act: '', t: {} as Timings };
    const { deps } = app;
    timeCalls(deps.files, 'put', 'the PDF into the file store', on);
    timeCalls(deps.publisher, 'changed', 'the change announced and purged', on);
    timeCalls(deps.activity, 'record', 'the activity entry', on);
    // The record is stored pending, then enabled once its PDF is whole (docs/operations.md#the-database).
    timeCalls(deps.repos.articles, 'createPending', 'the article record (pending)', on);
    timeCalls(deps.repos.articles, 'enable', 'the article enabled', on);
    const total = (act: string, ms: number) => (on.t[`${act} whole request`] ??= []).push(ms);
    for (let i = 0; i < ADDS; i++) {
      let req = request(app.url).post('/api/admin/archives/').set(as);
      const f: Record<string, string> = {
        year: '2030', volume: '1', issue: '1', refnumber: String(5000 + i), title: `Profile ${i}`, authorname: 'Asha Rao', abstract: '<p>A</p>',
        pagenumber: `${1 + i * 10}-${5 + i * 10}`, email: 'a@b.org', txnid: `SP${i}x${Date.now()}`, ptype: 'paid', publishdate: '2030-01-02',
      };
      for (const [k, v] of Object.entries(f)) req = req.field(k, v);
      on.act = 'add';
      let t0 = performance.now();
      const added = await req.attach('pdfFile', pdf, { filename: 'a.pdf', contentType: 'application/pdf' });
      total('add', performance.now() - t0);
      if (added.status !== 201) throw new Error(`add answered ${added.status}: ${JSON.stringify(added.body)}`);
      on.act = 'withdraw';
      t0 = performance.now();
      await request(app.url).post(`/api/admin/articles/${added.body.id}/withdraw`).set(as).send({ kind: 'withdrawn', reason: 'Profile' }).expect(200);
      total('withdraw', performance.now() - t0);
      on.act = '';
    }
    const p50 = (xs: number[]) => Math.round(percentile([...xs].sort((a, b) => a - b), 50) * 10) / 10;
    const rows = Object.entries(on.t).map(([k, xs]) => `| ${k} | ${p50(xs)} ms | ${Math.round(Math.max(...xs))} ms |`);
    writeSection(
      'staff-profile',
      'Staff writes: where the time goes',
      `the content service in the bench process on FerretDB/${BACKEND} and Redis, ${ADDS} article adds with a ${(pdf.length / 1e6).toFixed(1)} MB PDF, each then withdrawn; each step timed around its call (median and the slowest), on this shared machine.`,
      ['step', 'median', 'slowest'],
      rows,
      [
        `The PDF into the file store is most of an add: 20 chunks of 255 kB into FerretDB 1.24, whose ${BACKEND} backend keeps each document as JSON (binary data base64-encoded); against MongoDB (Kubernetes) the same chunks are stored as BSON.`,
        'The change announced: the read views the write touched are rebuilt and the change goes on the feed before the answer, so the next read sees it; through the whole stack the nginx purge of the changed pages comes on top (docs/architecture.md#edge).',
        'Through nginx and the gateway (`bench/staff.bench.ts`) the same acts are timed as an editor meets them: see `staff_article_add_p99_ms` and `staff_withdraw_p99_ms`.',
      ],
    );
    return {
      staff_profile_add_p50_ms: p50(on.t['add whole request'] ?? [0]),
      staff_profile_add_file_store_p50_ms: p50(on.t['add the PDF into the file store'] ?? [0]),
      staff_profile_add_publish_p50_ms: p50(on.t['add the change announced and purged'] ?? [0]),
      staff_profile_withdraw_p50_ms: p50(on.t['withdraw whole request'] ?? [0]),
      staff_profile_withdraw_publish_p50_ms: p50(on.t['withdraw the change announced and purged'] ?? [0]),
    };
  } finally {
    await stopContent(app);
  }
}

runStandalone('staff-profile', run, undefined, { report: false });

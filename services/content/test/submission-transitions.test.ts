/**
 * Exactly-once changes of the workflow against the real database (docs/architecture.md#exactly-once-changes):
 * many staff (double clicks, two pods) making the same move at once — one wins, the others get
 * the route's 409, and the move leaves one history entry, one activity entry and one e-mail.
 */
import request from 'supertest';
import { Types } from 'mongoose';
import type { ActivityEntry } from '@journal/contracts';
import { AppError, type ActivityActor } from '@journal/server-kit';
import { staffHeaders, staffTokenWith } from '@journal/testing';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';
import { makeDocx } from './submission-fixtures';
import { submissionServices, type SubmissionServices } from '../src/submissions/submission.setup';
import { ReviewRepo } from '../src/reviews/review.repo';

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let EDITOR: string;
/** Two more sets of the workflow's services on the same database: two more pods. */
let pod1: SubmissionServices;
let pod2: SubmissionServices;
let ip = 0;
const N = 6;
const ACTOR: ActivityActor = { id: 'edna', name: 'Edna', role: 'editor', ip: '192.0.2.1', requestId: 'race' };
const staff = () => ({ ...staffHeaders(J, EDITOR), 'x-journal-host': 'race1.test' });

async function newSubmission(email: string, pdf = false): Promise<string> {
  const req = request(app.url)
    .post('/api/submissions')
    .set({ 'x-journal-id': J, 'x-client-ip': `192.0.2.${++ip}`, 'x-journal-host': 'race1.test', accept: 'application/json' });
  const form = { given: 'Asha', family: 'Rao', email, mobile: '+91 98765 43210', country: 'India', affiliation: 'Delhi', title: 'Races', abstract: 'One wins.', keywords: 'race', subject: 'Computing', declaration: 'on' };
  for (const [k, v] of Object.entries(form)) req.field(k, v);
  if (pdf) req.attach('manuscript', await makePdf('Races'), 'paper.pdf');
  else req.attach('manuscript', makeDocx(), 'paper.docx');
  await req.expect(201);
  return (await request(app.url).get(`/api/admin/submissions?q=${email}`).set(staff()).expect(200)).body.items[0].id as string;
}

/** What one move left behind: its history entries, activity entries and queued e-mails. */
async function traces(id: string, to: string, kind: string, event: string) {
  const s = (await pod2.repo.findById(J, id))!;
  const log: ActivityEntry[] = (await app.deps.activity.since(J, undefined)).filter((e) => e.record.id === id && e.kind === kind);
  const mails = (await app.deps.mail.listMailFor(J, id)).filter((m) => m.event === event);
  return { status: s.status, history: s.history.filter((h) => h.to === to).length, activity: log.length, mails: mails.length };
}

const decide = (id: string, to: string) => request(app.url).post(`/api/admin/submissions/${id}/decision`).set(staff()).send({ to, message: '' });

beforeAll(async () => {
  app = await startContent();
  J = await makeJournal(app, 'race1', { fee_rupee: '2500', fee_dollar: '60' });
  EDITOR = staffTokenWith(J, 'edna', { role: 'editor' });
  [pod1, pod2] = await Promise.all([submissionServices(app.deps), submissionServices(app.deps)]);
});
afterAll(() => stopContent(app));

test('decisions sent at once through HTTP: one 200, the others 409 not_allowed; one history entry, activity entry and e-mail', async () => {
  // Several submissions, so a race the database would let through shows in one of them.
  const ids = await Promise.all([1, 2, 3].map((n) => newSubmission(`http${n}@example.org`)));
  for (const id of ids) {
    for (const to of ['under_review', 'accepted']) {
      const answers = await Promise.all(Array.from({ length: N }, () => decide(id, to)));
      expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array<number>(N - 1).fill(409)]);
      for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toEqual({ error: 'not_allowed', message: expect.any(String) });
    }
    expect(await traces(id, 'accepted', 'submission.decision', 'accepted_payment_due')).toEqual({ status: 'accepted', history: 1, activity: 2, mails: 1 });
    expect(await traces(id, 'under_review', 'submission.decision', 'accepted_payment_due')).toMatchObject({ history: 1 });
  }
});

test('the same service call from two pods at once: one succeeds, the others a 409 AppError; one payment recorded, one e-mail', async () => {
  const ids = await Promise.all([1, 2, 3].map((n) => newSubmission(`pods${n}@example.org`)));
  for (const id of ids) {
    for (const to of ['under_review', 'accepted']) await decide(id, to).expect(200);
    const pods = [pod1.staff, pod2.staff];
    const results = await Promise.allSettled(Array.from({ length: N }, (_, i) => pods[i % 2]!.payment(J, 'https://race1.test', ACTOR, id, { action: 'waive' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x): x is PromiseRejectedResult => x.status === 'rejected')) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).status).toBe(409);
    }
    expect(await traces(id, 'paid', 'submission.payment', 'payment_confirmed')).toEqual({ status: 'paid', history: 1, activity: 1, mails: 1 });
  }
});

test('publishing at once: one article, one delivery e-mail; the others 409', async () => {
  await request(app.url).post('/api/admin/create-issue').set(staff()).send({ year: 2026, volume: 1, issue: 1, frequency: 'january' }).expect(201);
  const id = await newSubmission('publish@example.org', true);
  for (const to of ['under_review', 'accepted']) await decide(id, to).expect(200);
  await request(app.url).post(`/api/admin/submissions/${id}/payment`).set(staff()).send({ action: 'waive' }).expect(200);
  const proposal = (await request(app.url).get(`/api/admin/submissions/${id}`).set(staff()).expect(200)).body.proposal;
  const answers = await Promise.all(Array.from({ length: 4 }, () => request(app.url).post(`/api/admin/submissions/${id}/publish`).set(staff()).send(proposal)));
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
  expect(await traces(id, 'published', 'submission.publish', 'published_delivery')).toEqual({ status: 'published', history: 1, activity: 1, mails: 1 });
  expect(await app.repos.articles.list(J, ['refnumber'])).toHaveLength(1);
});

test('history notes written while the submission moves: every note kept, the move kept', async () => {
  const ids = await Promise.all([1, 2, 3].map((n) => newSubmission(`notes${n}@example.org`)));
  for (const id of ids) {
    const s = (await pod1.repo.findById(J, id))!;
    const note = (i: number) => ({ at: new Date(), from: s.status, to: s.status, by: { kind: 'staff' as const, name: 'Edna', role: 'editor' }, message: `note ${i}`, authorVisible: false });
    const moved = await Promise.all([...Array.from({ length: 3 }, (_, i) => pod1.repo.note(J, id, note(i)).then(() => null)), decide(id, 'under_review').then((r) => r.status), ...Array.from({ length: 3 }, (_, i) => pod2.repo.note(J, id, note(i + 3)).then(() => null))]);
    expect(moved.filter(Boolean)).toEqual([200]);
    const after = (await pod2.repo.findById(J, id))!;
    expect(after.status).toBe('under_review');
    expect(after.history.map((h) => h.message).filter((m) => m.startsWith('note')).sort()).toEqual(['note 0', 'note 1', 'note 2', 'note 3', 'note 4', 'note 5']);
    expect(after.history.filter((h) => h.to === 'under_review' && h.from === 'received')).toHaveLength(1);
  }
});

test('a review moved or reminded at once changes once', async () => {
  const repo = new ReviewRepo(app.conn);
  const now = new Date();
  const fresh = () =>
    repo.create(J, {
      submissionId: 'a'.repeat(24),
      submissionNumber: 'RACE1-2026-00001',
      reviewer: { id: 'r1', name: 'Rita', email: 'rita@example.org', affiliation: '', ror: '', orcid: '' },
      state: 'invited',
      round: 1,
      dueDate: '2099-01-01',
      invitedAt: now,
      invitedBy: { id: 'edna', name: 'Edna' },
      respondedAt: null,
      declineReason: '',
      review: { recommendation: '', toAuthor: '', toEditor: '', annotated: null, savedAt: null, submittedAt: null },
      reminders: [{ key: 'before-3', kind: 'before', days: 3, at: now, state: 'scheduled' }],
      history: [],
      origin: 'https://race1.test',
    });
  for (let round = 0; round < 3; round++) {
    const r = await fresh();
    const reminded = await Promise.all(Array.from({ length: N }, () => repo.claimReminder(J, r.id, 'before-3', { at: now, act: 'reminder', by: 'System', message: '' })));
    expect(reminded.filter(Boolean)).toHaveLength(1);
    const accepted = await Promise.all(Array.from({ length: N }, () => repo.move(J, r.id, ['invited'], { state: 'accepted', respondedAt: now }, { at: now, act: 'accepted', by: 'Rita', message: '' })));
    expect(accepted.filter(Boolean)).toHaveLength(1);
    expect((await repo.findById(J, r.id))!.history.map((h) => h.act)).toEqual(['reminder', 'accepted']);
  }
});

test('a mover that stopped between its take and its write holds the submission for a lease, then not', async () => {
  const id = await newSubmission('stopped@example.org');
  const takes = app.conn.collection<{ _id: string; journalId: Types.ObjectId; claim: string; at: Date }>('submission_takes');
  await takes.insertOne({ _id: `${id}:0`, journalId: new Types.ObjectId(J), claim: 'stopped', at: new Date() });
  await decide(id, 'under_review').expect(409);
  await takes.updateOne({ _id: `${id}:0` }, { $set: { at: new Date(Date.now() - 10 * 60_000) } });
  await decide(id, 'under_review').expect(200);
});

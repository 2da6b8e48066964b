/**
 * docs/product.md#peer-review through HTTP against the real database, Redis and BullMQ: reviewers,
 * invitations, the reviewer's private link (scoped to its journal, 404 for anything forged), the
 * form and its lock, reminders on a clock passed as a parameter, the conflict rule, the decision's
 * e-mail without confidential text, the reviewer's history, and the certificate reads.
 */
import request from 'supertest';
import {
  reviewCertificateListSchema,
  reviewerDetailSchema,
  reviewerListSchema,
  reviewerSchema,
  reviewerSuggestionsSchema,
  reviewPageSchema,
  reviewSubmittedEventSchema,
  submissionDetailSchema,
  submissionEmailsSchema,
  submissionReviewsSchema,
  type ActivityEntry,
} from '@journal/contracts';
import { staffHeaders, staffTokenWith } from '@journal/testing';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';
import { hostileFiles, makeDocx } from './submission-fixtures';

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let OTHER: string;
let EDITOR: string;
let MANAGER: string;
let AUTHOR_EDITOR: string;
let OTHER_EDITOR: string;
let ip = 0;
const freshIp = () => `198.51.100.${++ip}`;
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** The due date the invitations are sent with and then read back: taken once, so a run across midnight UTC names one day. */
const DUE = day(10);

const staff = (token: string, journalId = J) => ({ ...staffHeaders(journalId, token), 'x-journal-host': 'rev1.test' });
const api = () => request(app.url);

async function newSubmission(journalId: string, email = 'asha@example.org'): Promise<string> {
  const req = api()
    .post('/api/submissions')
    .set({ 'x-journal-id': journalId, 'x-client-ip': freshIp(), 'x-journal-host': 'rev1.test', accept: 'application/json' });
  const form = { given: 'Asha', family: 'Rao', email, mobile: '+91 98765 43210', country: 'India', affiliation: 'University of Delhi', title: 'Soil moisture and <i>wheat</i>', abstract: 'We measured it.', keywords: 'soil, wheat', subject: 'Agronomy', declaration: 'on' };
  for (const [k, v] of Object.entries(form)) req.field(k, v);
  req.attach('manuscript', makeDocx(), 'paper.docx');
  const res = await req.expect(201);
  const list = await api().get(`/api/admin/submissions?q=${res.body.number}`).set(staff(MANAGER, journalId)).expect(200);
  return list.body.items[0].id as string;
}

async function addReviewer(body: Record<string, unknown>, token = EDITOR) {
  return reviewerSchema.parse((await api().post('/api/admin/reviewers').set(staff(token)).send(body).expect(201)).body);
}

/** The messages queued for a submission, with their placeholder values (the review links among them). */
const outbox = async (submissionId: string) =>
  (await app.conn.collection('mail_outbox').find({ submissionId }).sort({ createdAt: 1 }).toArray()) as unknown as { event: string; to: { email: string; name: string }; vars: Record<string, string> }[];
const linkOf = async (submissionId: string, email: string, event = 'review_invitation') => {
  const m = (await outbox(submissionId)).filter((x) => x.event === event && x.to.email === email).pop();
  const token = /\/review\/([A-Za-z0-9_-]{43})$/.exec(m?.vars.reviewLink ?? '')?.[1];
  if (!token) throw new Error(`no ${event} link for ${email}`);
  return token;
};
const page = (token: string, journalId = J) => api().get(`/api/reviews/${token}`).set({ 'x-journal-id': journalId, 'x-client-ip': freshIp() });
const post = (token: string, act: string, journalId = J) => api().post(`/api/reviews/${token}/${act}`).set({ 'x-journal-id': journalId, 'x-client-ip': freshIp(), accept: 'application/json' });

beforeAll(async () => {
  app = await startContent({ REVIEW_LINK_PER_MINUTE: 20 });
  J = await makeJournal(app, 'rev1');
  OTHER = await makeJournal(app, 'rev2');
  EDITOR = staffTokenWith(J, 'edna', { role: 'editor' });
  MANAGER = staffTokenWith(J, 'mira', { role: 'manager' });
  // A staff user named by an author's e-mail is that author (the conflict rule).
  AUTHOR_EDITOR = staffTokenWith(J, 'asha@example.org', { role: 'editor' });
  OTHER_EDITOR = staffTokenWith(OTHER, 'oscar', { role: 'editor' });
});
afterAll(() => stopContent(app));

describe('reviewers', () => {
  test('staff keep the list: create, search, update; a duplicate e-mail or bad ids are refused; another journal sees none', async () => {
    const r = await addReviewer({ name: 'Dr. Kavya Iyer', email: 'Kavya@Example.org', affiliation: 'IIT Madras', ror: 'https://ror.org/03v0r5n49', orcid: '0000-0002-1825-0097', subjects: 'Agronomy, Soil science' });
    expect(r).toMatchObject({ email: 'kavya@example.org', subjects: ['Agronomy', 'Soil science'], available: true, source: 'staff', reviewsDone: 0, averageDays: null });
    await api().post('/api/admin/reviewers').set(staff(EDITOR)).send({ name: 'Other', email: 'kavya@example.org' }).expect(409);
    expect((await api().post('/api/admin/reviewers').set(staff(EDITOR)).send({ name: 'X', email: 'x@example.org', orcid: '0000-0000-0000-0000' }).expect(400)).body.error).toBe('validation_error');
    await api().post('/api/admin/reviewers').set(staff(EDITOR)).send({ name: 'X\r\nBcc: a@b.c', email: 'x@example.org' }).expect(400);
    const list = reviewerListSchema.parse((await api().get('/api/admin/reviewers?q=kavya').set(staff(EDITOR)).expect(200)).body);
    expect(list.items.map((x) => x.id)).toEqual([r.id]);
    const bySubject = reviewerListSchema.parse((await api().get('/api/admin/reviewers?subject=soil%20science').set(staff(EDITOR)).expect(200)).body);
    expect(bySubject.items.map((x) => x.id)).toEqual([r.id]);
    const up = reviewerSchema.parse((await api().put(`/api/admin/reviewers/${r.id}`).set(staff(EDITOR)).send({ affiliation: 'IIT Madras, Chennai' }).expect(200)).body);
    expect(up).toMatchObject({ affiliation: 'IIT Madras, Chennai', name: 'Dr. Kavya Iyer', subjects: ['Agronomy', 'Soil science'] });
    await api().get(`/api/admin/reviewers/${r.id}`).set(staff(OTHER_EDITOR, OTHER)).expect(404);
    await api().put(`/api/admin/reviewers/${r.id}`).set(staff(OTHER_EDITOR, OTHER)).send({ name: 'Hijack' }).expect(404);
    await api().get('/api/admin/reviewers/not-an-id').set(staff(EDITOR)).expect(404);
    const other = reviewerListSchema.parse((await api().get('/api/admin/reviewers').set(staff(OTHER_EDITOR, OTHER)).expect(200)).body);
    expect(other.total).toBe(0);
  });

  test('the editorial board is imported once: members with an e-mail become reviewers', async () => {
    await app.repos.editors.create(J, { name: 'Prof. Ravi Menon', category: 'chief editor', email: 'ravi.menon@example.org', content: 'University of Kerala', status: 'enabled' } as never);
    await app.repos.editors.create(J, { name: 'No Mail', category: 'chief editor', email: '', status: 'enabled' } as never);
    const first = (await api().post('/api/admin/reviewers/import-board').set(staff(EDITOR)).expect(200)).body;
    expect(first.created).toBe(1);
    expect(first.skipped).toEqual([expect.objectContaining({ name: 'No Mail' })]);
    const again = (await api().post('/api/admin/reviewers/import-board').set(staff(EDITOR)).expect(200)).body;
    expect(again.created).toBe(0);
    const list = reviewerListSchema.parse((await api().get('/api/admin/reviewers?q=ravi').set(staff(EDITOR)).expect(200)).body);
    expect(list.items[0]).toMatchObject({ source: 'board', affiliation: 'University of Kerala' });
  });
});

describe('the review of a submission', () => {
  let S: string;
  let R1: string;
  let R2: string;
  let R3: string;
  let t1: string;
  let t2: string;

  beforeAll(async () => {
    S = await newSubmission(J);
    R1 = (await addReviewer({ name: 'Meera Nair', email: 'meera@example.org', subjects: ['Agronomy'] })).id;
    R2 = (await addReviewer({ name: 'Jan Kowalski', email: 'jan@example.org', subjects: ['Physics'] })).id;
    R3 = (await addReviewer({ name: 'Zoë Müller', email: 'zoe@example.org', subjects: ['Soil'] })).id;
  });

  test('suggestions rank by subject and load, never an author', async () => {
    await addReviewer({ name: 'Asha Rao (author)', email: 'asha@example.org', subjects: ['Agronomy'] });
    const s = reviewerSuggestionsSchema.parse((await api().get(`/api/admin/submissions/${S}/reviewer-suggestions`).set(staff(EDITOR)).expect(200)).body);
    expect(s.items[0]!.matched.map((m) => m.toLowerCase())).toContain('agronomy');
    expect(s.items.map((x) => x.email)).not.toContain('asha@example.org');
  });

  test('an editor who is an author cannot invite, nor see the reviewers; nobody invites themself', async () => {
    const res = await api().post(`/api/admin/submissions/${S}/reviews`).set(staff(AUTHOR_EDITOR)).send({ reviewerIds: [R1], dueDate: DUE }).expect(403);
    expect(res.body.error).toBe('conflict');
    const self = await addReviewer({ name: 'Edna', email: 'edna@example.org' });
    await api().post(`/api/admin/submissions/${S}/reviews`).set(staff(EDITOR)).send({ reviewerIds: [self.id], dueDate: DUE }).expect(403);
  });

  test('an editor invites two reviewers; each gets an e-mail with a private link; the submission goes to review', async () => {
    await api().post(`/api/admin/submissions/${S}/reviews`).set(staff(EDITOR)).send({ reviewerIds: [R1, R2], dueDate: day(-1) }).expect(400);
    await api().post(`/api/admin/submissions/${S}/reviews`).set(staff(EDITOR)).send({ reviewerIds: [R1], dueDate: 'tomorrow' }).expect(400);
    await api().post(`/api/admin/submissions/${S}/reviews`).set(staff(OTHER_EDITOR, OTHER)).send({ reviewerIds: [R1], dueDate: DUE }).expect(404);
    const out = submissionReviewsSchema.parse((await api().post(`/api/admin/submissions/${S}/reviews`).set(staff(EDITOR)).send({ reviewerIds: [R1, R2], dueDate: DUE, message: 'Thank you' }).expect(201)).body);
    expect(out.reviews.map((r) => [r.label, r.state, r.reviewer?.name])).toEqual([
      ['Reviewer 1', 'invited', 'Meera Nair'],
      ['Reviewer 2', 'invited', 'Jan Kowalski'],
    ]);
    expect(out.reviews[0]!.reminders.map((m) => m.kind)).toEqual(['before', 'after', 'after']);
    await api().post(`/api/admin/submissions/${S}/reviews`).set(staff(EDITOR)).send({ reviewerIds: [R1], dueDate: DUE }).expect(409);
    const detail = submissionDetailSchema.parse((await api().get(`/api/admin/submissions/${S}`).set(staff(EDITOR)).expect(200)).body);
    expect(detail.status).toBe('under_review');
    expect(detail.history.some((h) => h.message === 'Reviewer 1 invited, due ' + DUE)).toBe(true);
    // The submission's history never names a reviewer.
    expect(JSON.stringify(detail.history)).not.toMatch(/Meera|Jan Kowalski/);
    t1 = await linkOf(S, 'meera@example.org');
    t2 = await linkOf(S, 'jan@example.org');
    // Links are stored only as hashes.
    const raw = JSON.stringify(await app.conn.collection('review_tokens').find({}).toArray()) + JSON.stringify(await app.conn.collection('reviews').find({}).toArray());
    expect(raw).not.toContain(t1);
  });

  test('a link opens its review only in its journal; forged links are 404', async () => {
    const p = reviewPageSchema.parse((await page(t1).expect(200)).body);
    expect(p).toMatchObject({ state: 'invited', reviewerName: 'Meera Nair', doubleBlind: true, dueDate: DUE });
    expect(p.submission.authors).toEqual([]);
    expect(p.submission.title).toBe('Soil moisture and <i>wheat</i>');
    expect(JSON.stringify(p)).not.toContain('Asha');
    await page(t1, OTHER).expect(404);
    await page('A'.repeat(43)).expect(404);
    await page('short').expect(404);
    await post(t1, 'accept', OTHER).expect(404);
  });

  test('one reviewer declines with a reason; the declined invitation cannot change', async () => {
    const p = reviewPageSchema.parse((await post(t2, 'decline').field('reason', 'On leave until June').expect(200)).body);
    expect(p).toMatchObject({ state: 'declined', declineReason: 'On leave until June' });
    const again = await post(t2, 'accept').expect(409);
    expect(again.body.message).toMatch(/declined/);
    await post(t2, 'submit').field('recommendation', 'accept').field('toAuthor', 'x').expect(409);
  });

  test('the other accepts, gets the anonymised manuscript, saves a draft with an annotated file, then submits; the review locks', async () => {
    await post(t1, 'draft').field('toAuthor', 'early').expect(409);
    reviewPageSchema.parse((await post(t1, 'accept').expect(200)).body);
    // Double-blind: nothing to download until the editor marks the anonymised file.
    expect((await api().get(`/api/reviews/${t1}/manuscript`).set({ 'x-journal-id': J, 'x-client-ip': freshIp() }).expect(409)).body.error).toBe('not_ready');
    const anon = await api().post(`/api/admin/submissions/${S}/review-manuscript`).set(staff(EDITOR)).attach('manuscript', await makePdf('Anonymised manuscript'), 'anon.pdf').expect(200);
    expect(submissionReviewsSchema.parse(anon.body).reviewFileId).toMatch(/^[a-f0-9]{24}$/);
    const dl = await api().get(`/api/reviews/${t1}/manuscript`).set({ 'x-journal-id': J, 'x-client-ip': freshIp() }).buffer(true).expect(200);
    expect(dl.headers['content-disposition']).toMatch(/^attachment; filename="REV1-\d{4}-\d{5}-manuscript\.pdf"$/);
    expect(dl.headers['content-type']).toBe('application/pdf');

    for (const [name, bytes] of Object.entries(await hostileFiles())) {
      const res = await post(t1, 'draft').field('toAuthor', 'x').attach('annotated', bytes, 'notes.pdf');
      expect([name, res.status, res.body.error]).toEqual([name, 400, 'invalid_file']);
    }
    const draft = reviewPageSchema.parse((await post(t1, 'draft').field('recommendation', 'minor_revision').field('toAuthor', 'Please clarify Table 2.').field('toEditor', 'CONFIDENTIAL: possible overlap with an earlier paper').attach('annotated', makeDocx(), 'notes.docx').expect(200)).body);
    expect(draft.review).toMatchObject({ recommendation: 'minor_revision', submittedAt: null, annotated: expect.objectContaining({ kind: 'docx' }) });
    expect(draft.state).toBe('accepted');

    expect((await post(t1, 'submit').field('toAuthor', 'x').expect(400)).body.error).toBe('recommendation_required');
    expect((await post(t1, 'submit').field('recommendation', 'accept').expect(400)).body.error).toBe('comments_required');
    const done = reviewPageSchema.parse((await post(t1, 'submit').field('recommendation', 'minor_revision').field('toAuthor', 'Please clarify Table 2.').field('toEditor', 'CONFIDENTIAL: possible overlap with an earlier paper').expect(200)).body);
    expect(done.state).toBe('submitted');
    expect(done.review.annotated).not.toBeNull();
    const locked = await post(t1, 'draft').field('toAuthor', 'changed').expect(409);
    expect(locked.body.message).toMatch(/can no longer be changed/);
    await post(t1, 'submit').field('recommendation', 'reject').field('toAuthor', 'changed').expect(409);
    expect(reviewPageSchema.parse((await page(t1).expect(200)).body).review.toAuthor).toBe('Please clarify Table 2.');
  });

  test('a plain form post (no JavaScript) is answered with a redirect to the review page', async () => {
    const res = await post(t1, 'draft').set('accept', 'text/html').field('toAuthor', 'x').expect(303);
    expect(res.headers.location).toBe(`/review/${t1}?error=not_allowed`);
  });

  test('staff see the reviews side by side with the confidential comments; an author-editor sees no reviewer', async () => {
    const v = submissionReviewsSchema.parse((await api().get(`/api/admin/submissions/${S}/reviews`).set(staff(EDITOR)).expect(200)).body);
    expect(v.conflict).toBe(false);
    expect(v.reviews[0]).toMatchObject({ state: 'submitted', recommendation: 'minor_revision', toEditor: 'CONFIDENTIAL: possible overlap with an earlier paper' });
    expect(v.reviews[1]).toMatchObject({ state: 'declined', declineReason: 'On leave until June' });
    const file = await api().get(`/api/admin/submissions/${S}/reviews/${v.reviews[0]!.id}/file`).set(staff(EDITOR)).buffer(true).expect(200);
    expect(file.headers['content-disposition']).not.toMatch(/Meera/);
    const hidden = submissionReviewsSchema.parse((await api().get(`/api/admin/submissions/${S}/reviews`).set(staff(AUTHOR_EDITOR)).expect(200)).body);
    expect(hidden.conflict).toBe(true);
    expect(hidden.reviews.every((r) => r.reviewer === null)).toBe(true);
    expect(JSON.stringify(hidden)).not.toMatch(/Meera|Jan Kowalski|meera@|jan@/);
    // The year's certificates leave out what the author-editor may not see.
    const year = new Date().getUTCFullYear();
    const mine = reviewCertificateListSchema.parse((await api().get(`/api/admin/reviews/certificates?year=${year}`).set(staff(AUTHOR_EDITOR)).expect(200)).body);
    expect(mine).toMatchObject({ items: [], withheld: 1 });
    const all = reviewCertificateListSchema.parse((await api().get(`/api/admin/reviews/certificates?year=${year}`).set(staff(EDITOR)).expect(200)).body);
    expect(all.items.map((c) => c.reviewer.name)).toEqual(['Meera Nair']);
    await api().get('/api/admin/reviews/certificates?year=abc').set(staff(EDITOR)).expect(400);
    const one = reviewSubmittedEventSchema.parse((await api().get(`/internal/reviews/${v.reviews[0]!.id}/certificate`).set('x-journal-id', J).expect(200)).body);
    expect(one).toMatchObject({ submissionNumber: expect.stringMatching(/^REV1-/), title: 'Soil moisture and <i>wheat</i>', journalName: 'Journal rev1' });
    await api().get(`/internal/reviews/${v.reviews[0]!.id}/certificate`).set('x-journal-id', OTHER).expect(404);
    await api().get(`/internal/reviews/${v.reviews[1]!.id}/certificate`).set('x-journal-id', J).expect(404);
  });

  test("the submission's emails leave out the reviewers' messages for an author-editor (double-blind), not for other staff", async () => {
    const emails = (token: string) => api().get(`/api/admin/submissions/${S}/emails`).set(staff(token)).expect(200);
    const all = submissionEmailsSchema.parse((await emails(EDITOR)).body).emails;
    expect(all.filter((m) => m.event === 'review_invitation').map((m) => m.to.email)).toEqual(expect.arrayContaining(['meera@example.org']));
    const hidden = (await emails(AUTHOR_EDITOR)).body;
    const mine = submissionEmailsSchema.parse(hidden).emails;
    expect(mine.some((m) => m.event.startsWith('review'))).toBe(false);
    expect(mine.map((m) => m.id)).toEqual(all.filter((m) => !m.event.startsWith('review')).map((m) => m.id));
    expect(mine.length).toBeGreaterThan(0);
    expect(JSON.stringify(hidden)).not.toMatch(/Meera|Jan Kowalski|meera@|jan@/);
  });

  test('reminders fire before and after the due date, each once, on the clock given; closed reviews get none', async () => {
    await api().post(`/api/admin/submissions/${S}/reviews`).set(staff(EDITOR)).send({ reviewerIds: [R3], dueDate: DUE }).expect(201);
    expect(await app.reviews.reminders.runDue(new Date(Date.now() + 8 * DAY))).toBe(1);
    expect(await app.reviews.reminders.runDue(new Date(Date.now() + 8 * DAY))).toBe(0);
    expect(await app.reviews.reminders.runDue(new Date(Date.now() + 12 * DAY))).toBe(1);
    const mails = (await outbox(S)).filter((m) => m.to.email === 'zoe@example.org').map((m) => m.event);
    expect(mails).toEqual(['review_invitation', 'review_reminder', 'review_overdue']);
    const reminderLink = await linkOf(S, 'zoe@example.org', 'review_overdue');
    expect(reviewPageSchema.parse((await page(reminderLink).expect(200)).body).state).toBe('invited');
    const v = submissionReviewsSchema.parse((await api().get(`/api/admin/submissions/${S}/reviews`).set(staff(EDITOR)).expect(200)).body);
    expect(v.reviews[2]!.reminders.map((m) => m.state)).toEqual(['sent', 'sent', 'scheduled']);
    const detail = submissionDetailSchema.parse((await api().get(`/api/admin/submissions/${S}`).set(staff(EDITOR)).expect(200)).body);
    expect(detail.history.filter((h) => h.by.kind === 'system').map((h) => h.message)).toEqual([
      'Reviewer 3: reminder sent (3 days before the due date)',
      'Reviewer 3: overdue reminder sent (1 days after the due date)',
    ]);
  });

  test('an overdue review is reassigned: the first is cancelled (its link says so), another reviewer invited', async () => {
    const v = submissionReviewsSchema.parse((await api().get(`/api/admin/submissions/${S}/reviews`).set(staff(EDITOR)).expect(200)).body);
    const R4 = (await addReviewer({ name: 'Anil Gupta', email: 'anil@example.org' })).id;
    const after = submissionReviewsSchema.parse((await api().post(`/api/admin/submissions/${S}/reviews/${v.reviews[2]!.id}/reassign`).set(staff(EDITOR)).send({ reviewerId: R4, dueDate: day(14) }).expect(200)).body);
    expect(after.reviews.map((r) => r.state)).toEqual(['submitted', 'declined', 'cancelled', 'invited']);
    const zoe = await linkOf(S, 'zoe@example.org');
    const p = reviewPageSchema.parse((await page(zoe).expect(200)).body);
    expect(p.state).toBe('cancelled');
    expect(p.submission.title).toBe('');
    expect((await post(zoe, 'accept').expect(409)).body.message).toMatch(/withdrawn/);
    expect((await outbox(S)).some((m) => m.event === 'review_cancelled' && m.to.email === 'zoe@example.org')).toBe(true);
    await api().post(`/api/admin/submissions/${S}/reviews/${v.reviews[2]!.id}/cancel`).set(staff(EDITOR)).send({}).expect(409);
    // The new reviewer's three reminders are due by then; the cancelled review sends none.
    expect(await app.reviews.reminders.runDue(new Date(Date.now() + 40 * DAY))).toBe(3);
  });

  test('the decision reaches the author with the comments to the author only', async () => {
    await api().post(`/api/admin/submissions/${S}/review-decision`).set(staff(EDITOR)).send({ decision: 'published' }).expect(400);
    const out = submissionReviewsSchema.parse((await api().post(`/api/admin/submissions/${S}/review-decision`).set(staff(EDITOR)).send({ decision: 'revision_requested', message: 'Please revise as the reviewers ask.' }).expect(200)).body);
    expect(out.reviews.map((r) => r.state)).toEqual(['submitted', 'declined', 'cancelled', 'cancelled']);
    const detail = submissionDetailSchema.parse((await api().get(`/api/admin/submissions/${S}`).set(staff(EDITOR)).expect(200)).body);
    expect(detail.status).toBe('revision_requested');
    const mail = (await outbox(S)).find((m) => m.event === 'revision_requested')!;
    expect(mail.to.email).toBe('asha@example.org');
    expect(mail.vars.message).toContain('Please revise as the reviewers ask.');
    expect(mail.vars.message).toContain('Reviewer 1 (recommendation: Minor revision):\nPlease clarify Table 2.');
    expect(mail.vars.message).not.toMatch(/CONFIDENTIAL|Meera|Kowalski|Müller|Gupta/);
    await api().post(`/api/admin/submissions/${S}/review-decision`).set(staff(EDITOR)).send({ decision: 'accepted' }).expect(409);
  });

  test("the reviewer's entry shows their history; a reviewer with invitations is not removed", async () => {
    const d = reviewerDetailSchema.parse((await api().get(`/api/admin/reviewers/${R1}`).set(staff(EDITOR)).expect(200)).body);
    expect(d).toMatchObject({ reviewsDone: 1, openReviews: 0 });
    expect(d.averageDays).toEqual(expect.any(Number));
    expect(d.history).toEqual([expect.objectContaining({ state: 'submitted', submissionId: S, days: expect.any(Number) })]);
    expect((await api().delete(`/api/admin/reviewers/${R1}`).set(staff(EDITOR)).expect(409)).body.error).toBe('has_reviews');
  });

  test('every invitation, answer, reminder and decision is in the activity log', async () => {
    const entries = (await app.conn.collection('activity').find({ journalId: new (await import('mongoose')).Types.ObjectId(J) }).toArray()) as unknown as ActivityEntry[];
    const kinds = new Set(entries.map((e) => e.kind));
    for (const k of ['review.invite', 'review.answer', 'review.submit', 'review.remind', 'review.cancel', 'review.manuscript', 'submission.decision', 'reviewer.create', 'reviewer.import']) expect([k, kinds.has(k as never)]).toEqual([k, true]);
  });
});

describe('limits', () => {
  test('the review links are rate limited per client address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push((await api().get(`/api/reviews/${'B'.repeat(43)}`).set({ 'x-journal-id': J, 'x-client-ip': '192.0.2.77' })).status);
    expect(codes.slice(0, 20).every((c) => c === 404)).toBe(true);
    expect(codes[21]).toBe(429);
  });

  test('settings: managers change them, editors read them; a bad value is refused', async () => {
    await api().put('/api/admin/review-settings').set(staff(EDITOR)).send({ doubleBlind: false }).expect(403);
    await api().put('/api/admin/review-settings').set(staff(MANAGER)).send({ reminderDaysAfter: [0] }).expect(400);
    const s = (await api().put('/api/admin/review-settings').set(staff(MANAGER)).send({ doubleBlind: false, tokenDaysAfterDue: 30 }).expect(200)).body;
    expect(s).toMatchObject({ doubleBlind: false, tokenDaysAfterDue: 30, reminderDaysBefore: 3 });
    expect((await api().get('/api/admin/review-settings').set(staff(EDITOR)).expect(200)).body.doubleBlind).toBe(false);
  });
});

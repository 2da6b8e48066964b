/**
 * docs/product.md#submissions through HTTP against the real database and Redis: the public form,
 * the status link (scoped to its journal, 404 for anything forged), the limits, the content checks,
 * every staff route's roles, and the whole path from submission to a published article.
 */
import request from 'supertest';
import {
  newSubmissionFormKey,
  staffRoutes,
  submissionCreatedSchema,
  submissionDetailSchema,
  submissionListSchema,
  submissionStatusSchema,
  SUBMISSION_NUMBER_RE,
  type ActivityEntry,
} from '@journal/contracts';
import { staffHeaders, staffTokenWith } from '@journal/testing';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';
import { hostileFiles, makeDocx, PNG } from './submission-fixtures';

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let OTHER: string;
let EDITOR: string;
let MANAGER: string;
let WORKLOG: string;
let OTHER_EDITOR: string;
let ipCount = 0;
/** Each test's submissions come from an address of their own, so the per-address limit is tested alone. */
const freshIp = () => `203.0.113.${++ipCount}`;

const FORM = {
  given: 'Asha',
  family: 'Rao',
  email: 'asha@example.org',
  mobile: '+91 98765 43210',
  country: 'India',
  affiliation: 'University of Delhi',
  title: 'Growth of <i>E. coli</i> at 37 °C<script>alert(1)</script>',
  abstract: 'We measured <b>growth</b>.<img src=x onerror=alert(1)>',
  keywords: 'bacteria, growth',
  subject: 'Microbiology',
  declaration: 'on',
};

function submit(journalId: string, opts: { ip?: string; fields?: Record<string, string>; file?: Buffer; name?: string; accept?: string } = {}) {
  const req = request(app.url)
    .post('/api/submissions')
    .set({ 'x-journal-id': journalId, 'x-client-ip': opts.ip ?? freshIp(), 'x-journal-host': 'sub1.test', accept: opts.accept ?? 'application/json' });
  for (const [k, v] of Object.entries({ ...FORM, ...(opts.fields ?? {}) })) req.field(k, v);
  req.field('coauthors[0][given]', 'Ravi').field('coauthors[0][family]', 'Kumar').field('coauthors[0][orcid]', '0000-0002-1825-0097').field('coauthors[0][email]', 'ravi@example.org');
  req.field('coauthors[1][given]', '').field('coauthors[1][family]', '');
  if (opts.file !== null) req.attach('manuscript', opts.file ?? makeDocx(), opts.name ?? 'paper.docx');
  return req;
}
const status = (journalId: string, token: string) => request(app.url).get(`/api/submissions/status/${token}`).set('x-journal-id', journalId);
const staff = (token: string, journalId = J) => staffHeaders(journalId, token);

beforeAll(async () => {
  app = await startContent({ SUBMIT_PER_ADDRESS_PER_HOUR: 4, SUBMIT_PER_EMAIL_PER_DAY: 3, RESEND_PER_HOUR: 2 });
  J = await makeJournal(app, 'sub1', { fee_rupee: '2500', fee_dollar: '60' });
  OTHER = await makeJournal(app, 'sub2');
  EDITOR = staffTokenWith(J, 'asha-ed', { role: 'editor' });
  MANAGER = staffTokenWith(J, 'mira', { role: 'manager' });
  WORKLOG = staffTokenWith(J, 'wes', { role: 'worklog' });
  OTHER_EDITOR = staffTokenWith(OTHER, 'oscar', { role: 'editor' });
});
afterAll(() => stopContent(app));

describe('the public form', () => {
  test('a submission gets a journal-year number and a private status link; title and abstract are sanitised', async () => {
    const res = await submit(J, { fields: { email: 'first@example.org' } }).expect(201);
    const out = submissionCreatedSchema.parse(res.body);
    expect(out.number).toMatch(SUBMISSION_NUMBER_RE);
    expect(out.number.startsWith(`SUB1-${new Date().getUTCFullYear()}-`)).toBe(true);
    expect(out.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const s = submissionStatusSchema.parse((await status(J, out.token).expect(200)).body);
    expect(s).toMatchObject({ number: out.number, status: 'received', correspondingName: 'Asha Rao', fee: null });
    expect(s.title).toBe('Growth of <i>E. coli</i> at 37 °C');
    expect(s.manuscripts).toEqual([expect.objectContaining({ version: 1, kind: 'docx' })]);
    // The token is not stored: no document holds it.
    const raw = JSON.stringify(await app.conn.collection('submission_tokens').find({}).toArray()) + JSON.stringify(await app.conn.collection('submissions').find({}).toArray());
    expect(raw).not.toContain(out.token);
    expect(raw).not.toContain('onerror');
    expect(raw).not.toContain('<script');
  });

  test('submissions at once get distinct consecutive numbers', async () => {
    const emails = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'].map((n) => `${n}@example.org`);
    const got = await Promise.all(emails.map((email) => submit(J, { fields: { email } })));
    for (const r of got) expect(r.status).toBe(201);
    const seqs = got.map((r) => Number(String(r.body.number).split('-')[2])).sort((a, b) => a - b);
    expect(new Set(seqs).size).toBe(6);
    expect(seqs[5]! - seqs[0]!).toBe(5);
  });

  test('each journal counts on its own', async () => {
    const res = await submit(OTHER).expect(201);
    expect(res.body.number).toBe(`SUB2-${new Date().getUTCFullYear()}-00001`);
  });

  test('a PDF manuscript is accepted; every hostile file is refused by its content', async () => {
    await submit(J, { file: await makePdf('Manuscript'), name: 'paper.pdf', fields: { email: 'pdf@example.org' } }).expect(201);
    for (const [name, bytes] of Object.entries(await hostileFiles())) {
      const res = await submit(J, { file: bytes, name: 'paper.pdf', fields: { email: `h${ipCount}@example.org` } });
      expect([name, res.status, res.body.error]).toEqual([name, 400, 'invalid_file']);
    }
  });

  test('bad input gets a 4xx naming the problem, never a 500', async () => {
    let res = await submit(J, { fields: { declaration: '' } }).expect(400);
    expect(res.body.error).toBe('validation_error');
    res = await submit(J, { fields: { website: 'http://spam.example' } }).expect(400);
    expect(res.body.error).toBe('rejected');
    res = await submit(J, { fields: { title: 'x'.repeat(501) } }).expect(400);
    res = await submit(J, { fields: { country: 'India\r\nBcc: a@b.c' } }).expect(400);
    res = await submit(J, { file: Buffer.alloc(0), name: 'empty.pdf' }).expect(400);
    res = await request(app.url).post('/api/submissions').set({ 'x-journal-id': J, 'x-client-ip': freshIp() }).field('given', 'A').expect(400);
    // Over 20 MB.
    res = await submit(J, { file: Buffer.concat([await makePdf('big'), Buffer.alloc(21 * 1024 * 1024)]), name: 'big.pdf' }).expect(413);
    expect(res.body.message).toBe('The manuscript must be at most 20 MB');
  });

  test('per-address and per-e-mail limits answer 429 with a clear message', async () => {
    const ip = freshIp();
    for (let i = 0; i < 4; i++) await submit(J, { ip, fields: { email: `addr${i}@example.org` } }).expect(201);
    const res = await submit(J, { ip, fields: { email: 'addr9@example.org' } }).expect(429);
    expect(res.body.message).toMatch(/Too many submissions/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) await submit(J, { fields: { email: 'same@example.org' } }).expect(201);
    await submit(J, { fields: { email: 'SAME@example.org' } }).expect(429);
  });

  test('a plain form post (no script) is sent on to the status page, or back to the form with an error code', async () => {
    let res = await submit(J, { accept: 'text/html', fields: { email: 'nojs@example.org' } }).expect(303);
    expect(res.headers.location).toMatch(/^\/submission\/[A-Za-z0-9_-]{43}\?done=submitted$/);
    res = await submit(J, { accept: 'text/html', fields: { declaration: '' } }).expect(303);
    expect(res.headers.location).toBe('/submit?error=validation_error&field=declaration');
    // Refused before the act (over 20 MB): back to the form as well.
    res = await submit(J, { accept: 'text/html', file: Buffer.concat([await makePdf('big'), Buffer.alloc(21 * 1024 * 1024)]), name: 'big.pdf' }).expect(303);
    expect(res.headers.location).toBe('/submit?error=file_too_large');
  });

  test('a form sent twice (a double click, a retry after a lost answer, no script) makes one submission', async () => {
    const fields = { email: 'twice@example.org', formKey: newSubmissionFormKey() };
    const [a, b] = await Promise.all([submit(J, { fields }), submit(J, { fields })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.number).toBe(a.body.number);
    // The browser's "resend" of the plain post: the same submission's status page.
    const again = await submit(J, { accept: 'text/html', fields }).expect(303);
    const token = /^\/submission\/([A-Za-z0-9_-]{43})\?done=submitted$/.exec(String(again.headers.location))?.[1] ?? '';
    for (const t of [a.body.token as string, b.body.token as string, token]) expect((await status(J, t).expect(200)).body.number).toBe(a.body.number);
    const stored = await app.conn.collection('submissions').find({ email: 'twice@example.org' }).toArray();
    expect(stored).toHaveLength(1);
    // One acknowledgement, however often the form was sent.
    const acks = await app.conn.collection('mail_outbox').countDocuments({ submissionId: String(stored[0]!._id), event: 'submission_received' });
    expect(acks).toBe(1);
    // The same page sent again with another paper: refused, nothing stored.
    const other = await submit(J, { fields: { ...fields, title: 'Another paper' } }).expect(422);
    expect(other.body.error).toBe('form_reused');
    expect(await app.conn.collection('submissions').countDocuments({ email: 'twice@example.org' })).toBe(1);
  });

  test('a refused send frees its form key, so the corrected form goes through; a malformed key is a 400', async () => {
    const formKey = newSubmissionFormKey();
    await submit(J, { fields: { email: 'fixed@example.org', formKey, declaration: '' } }).expect(400);
    await submit(J, { fields: { email: 'fixed@example.org', formKey } }).expect(201);
    const res = await submit(J, { fields: { email: 'badkey@example.org', formKey: 'not a key' } }).expect(400);
    expect(res.body.message).toMatch(/reload the page/i);
  });
});

describe('the status link', () => {
  let token: string;
  beforeAll(async () => {
    token = (await submit(J, { fields: { email: 'link@example.org' } }).expect(201)).body.token;
  });

  test("another journal's host, a forged or a malformed token: 404, the same answer", async () => {
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const answers = await Promise.all([status(OTHER, token), status(J, forged), status(J, 'short'), status(J, `${token}x`)]);
    for (const r of answers) expect([r.status, r.body]).toEqual([404, { error: 'not_found', message: 'Not found' }]);
    await request(app.url).post(`/api/submissions/status/${token}/withdraw`).set('x-journal-id', OTHER).field('message', 'x').expect(404);
  });

  test('a new link goes to the submitting e-mail only; the answer is the same either way; asking is limited', async () => {
    const number = (await status(J, token)).body.number as string;
    const ask = (email: string, ip = freshIp()) => request(app.url).post('/api/submissions/resend').set({ 'x-journal-id': J, 'x-client-ip': ip }).field('number', number).field('email', email);
    const before = await app.conn.collection('submission_tokens').countDocuments({});
    const a = await ask('link@example.org').expect(202);
    const b = await ask('someone@example.org').expect(202);
    expect(a.body).toEqual(b.body);
    expect(await app.conn.collection('submission_tokens').countDocuments({})).toBe(before + 1);
    await ask('link@example.org').expect(429);
    // The old link still opens the submission.
    await status(J, token).expect(200);
  });

  test('an expired link is the same 404', async () => {
    const t = (await submit(J, { fields: { email: 'expiring@example.org' } }).expect(201)).body.token as string;
    await status(J, t).expect(200);
    await app.conn.collection('submission_tokens').updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await status(J, t).expect(404)).body).toEqual({ error: 'not_found', message: 'Not found' });
    await app.conn.collection('submission_tokens').updateMany({}, { $set: { expiresAt: new Date(Date.now() + 86_400_000) } });
  });

  test('the author withdraws before acceptance, not after', async () => {
    const res = await request(app.url).post(`/api/submissions/status/${token}/withdraw`).set('x-journal-id', J).field('message', 'Sent elsewhere').expect(200);
    expect(res.body.status).toBe('withdrawn');
    await request(app.url).post(`/api/submissions/status/${token}/withdraw`).set('x-journal-id', J).expect(409);
  });
});

describe('staff routes', () => {
  const routes = [staffRoutes.submissions, staffRoutes.submission, staffRoutes.submissionFile, staffRoutes.submissionDecision, staffRoutes.submissionPayment, staffRoutes.submissionPublish];

  test('every route: no token 401, a work-log user 403, editors and managers pass the guard', async () => {
    const id = (await request(app.url).get('/api/admin/submissions').set(staff(EDITOR)).expect(200)).body.items[0].id as string;
    for (const r of routes) {
      const path = r.path.replace(':id', id).replace(':fileId', '0'.repeat(24));
      const call = (headers: Record<string, string>) => (r.method === 'GET' ? request(app.url).get(path) : request(app.url).post(path).send({})).set(headers);
      expect([r.path, (await call({ 'x-journal-id': J })).status]).toEqual([r.path, 401]);
      expect([r.path, (await call(staff(WORKLOG))).status]).toEqual([r.path, 403]);
      for (const t of [EDITOR, MANAGER]) expect([r.path, [401, 403].includes((await call(staff(t))).status)]).toEqual([r.path, false]);
      // Another journal's editor, with their own host: the submission is not theirs.
      if (r.path.includes(':id')) expect([r.path, (await call(staff(OTHER_EDITOR, OTHER))).status]).toEqual([r.path, r.method === 'GET' ? 404 : 400]);
    }
  });

  test('the list filters by status, searches and pages', async () => {
    const all = submissionListSchema.parse((await request(app.url).get('/api/admin/submissions').set(staff(EDITOR)).expect(200)).body);
    expect(all.total).toBeGreaterThan(10);
    const withdrawn = submissionListSchema.parse((await request(app.url).get('/api/admin/submissions?status=withdrawn').set(staff(EDITOR)).expect(200)).body);
    expect(withdrawn.items.map((s) => s.status)).toEqual(['withdrawn']);
    const found = submissionListSchema.parse((await request(app.url).get('/api/admin/submissions?q=LINK@example').set(staff(EDITOR)).expect(200)).body);
    expect(found.items.map((s) => s.email)).toEqual(['link@example.org']);
    const page2 = submissionListSchema.parse((await request(app.url).get('/api/admin/submissions?page=2').set(staff(EDITOR)).expect(200)).body);
    expect(page2.items).toEqual([]);
    await request(app.url).get('/api/admin/submissions?status=nope').set(staff(EDITOR)).expect(400);
  });
});

describe('from submission to a published article', () => {
  test('review, revision, acceptance, fee, receipt, confirmation, publication: each in the history and the activity log', async () => {
    const created = (await submit(J, { fields: { email: 'flow@example.org' }, file: await makePdf('Version one'), name: 'v1.pdf' }).expect(201)).body;
    const token = created.token as string;
    const id = (await request(app.url).get('/api/admin/submissions?q=flow@example.org').set(staff(EDITOR)).expect(200)).body.items[0].id as string;
    const decide = (to: string, message = '', t = EDITOR) => request(app.url).post(`/api/admin/submissions/${id}/decision`).set(staff(t)).send({ to, message });

    await decide('accepted').expect(409);
    await decide('under_review').expect(200);
    await decide('revision_requested', 'Please shorten the introduction').expect(200);
    let s = (await status(J, token).expect(200)).body;
    expect(s.history.map((h: { to: string }) => h.to)).toEqual(['received', 'under_review', 'revision_requested']);
    expect(s.history[2].message).toBe('Please shorten the introduction');

    // A receipt is refused before acceptance; the revision is a second version.
    await request(app.url).post(`/api/submissions/status/${token}/receipt`).set('x-journal-id', J).field('txnid', 'TX-1').attach('receipt', PNG, 'r.png').expect(409);
    await request(app.url).post(`/api/submissions/status/${token}/revision`).set('x-journal-id', J).attach('manuscript', (await hostileFiles())['PDF with a zip appended']!, 'v2.pdf').expect(400);
    await request(app.url).post(`/api/submissions/status/${token}/revision`).set('x-journal-id', J).field('message', 'Shortened').attach('manuscript', await makePdf('Version two'), 'v2.pdf').expect(200);
    await decide('accepted', 'Accepted for the next issue', MANAGER).expect(200);
    s = submissionStatusSchema.parse((await status(J, token).expect(200)).body);
    expect(s.fee).toEqual({ india: '2500', foreign: '60' });
    expect(s.manuscripts.map((m) => m.version)).toEqual([1, 2]);

    await request(app.url).post(`/api/submissions/status/${token}/receipt`).set('x-journal-id', J).field('txnid', 'bad id!').attach('receipt', PNG, 'r.png').expect(400);
    await request(app.url).post(`/api/submissions/status/${token}/receipt`).set('x-journal-id', J).field('txnid', 'TX-2026-77').attach('receipt', makeDocx(), 'r.png').expect(400);
    await request(app.url).post(`/api/submissions/status/${token}/receipt`).set('x-journal-id', J).field('txnid', 'TX-2026-77').attach('receipt', PNG, 'r.png').expect(200);
    await request(app.url).post(`/api/submissions/status/${token}/withdraw`).set('x-journal-id', J).expect(409);

    const pay = await request(app.url).post(`/api/admin/submissions/${id}/payment`).set(staff(EDITOR)).send({ action: 'confirm' }).expect(200);
    const detail = submissionDetailSchema.parse(pay.body);
    expect(detail).toMatchObject({ status: 'paid', ptype: 'paid', txnid: 'TX-2026-77' });
    expect(detail.manuscripts).toHaveLength(2);
    expect(detail.history.map((h) => [h.to, h.by.kind])).toEqual([
      ['received', 'author'], ['under_review', 'staff'], ['revision_requested', 'staff'], ['under_review', 'author'], ['accepted', 'staff'], ['payment_pending', 'author'], ['paid', 'staff'],
    ]);
    expect(detail.proposal).toBeNull(); // no issue yet

    // The versions and the receipt download; another submission's file id does not.
    const v1 = await request(app.url).get(`/api/admin/submissions/${id}/files/${detail.manuscripts[0]!.id}`).set(staff(EDITOR)).buffer(true).expect(200);
    expect(v1.headers['content-type']).toBe('application/pdf');
    expect(String(v1.headers['content-disposition'])).toMatch(/^attachment; filename="SUB1-\d{4}-\d{5}-manuscript-v1\.pdf"$/);
    await request(app.url).get(`/api/admin/submissions/${id}/files/${detail.receipt!.id}`).set(staff(EDITOR)).expect(200);
    await request(app.url).get(`/api/admin/submissions/${id}/files/${'a'.repeat(24)}`).set(staff(EDITOR)).expect(404);

    // Publish into an issue: the article carries every field of the submission.
    await request(app.url).post('/api/admin/create-issue').set(staff(EDITOR)).send({ year: 2026, volume: 1, issue: 1, frequency: 'january' }).expect(201);
    const proposal = submissionDetailSchema.parse((await request(app.url).get(`/api/admin/submissions/${id}`).set(staff(EDITOR)).expect(200)).body).proposal!;
    expect(proposal).toMatchObject({ year: 2026, volume: 1, issue: 1, pagenumber: '1-10', refnumber: '1' });
    const published = submissionDetailSchema.parse((await request(app.url).post(`/api/admin/submissions/${id}/publish`).set(staff(EDITOR)).send(proposal).expect(200)).body);
    expect(published.status).toBe('published');
    expect(published.article).toMatchObject({ refnumber: '1', path: '/archives/2026/vol1/issue1/1' });
    const article = await app.repos.articles.findById(J, published.article!.id);
    expect(article).toMatchObject({
      title: 'Growth of <i>E. coli</i> at 37 °C', authorname: 'Asha Rao, Ravi Kumar', keywords: 'bacteria, growth', subject: 'Microbiology',
      country: 'India', email: 'flow@example.org', mobile: '+91 98765 43210', txnid: 'TX-2026-77', ptype: 'paid', pagenumber: '1-10', refnumber: '1',
    });
    expect(article!.authors.map((a) => [a.family, a.orcid, a.corresponding])).toEqual([['Rao', '', true], ['Kumar', '0000-0002-1825-0097', false]]);
    expect(await app.files.exists(J, '/assets/archives/2026/vol1issue1/1.pdf')).toBe(true);
    expect((await status(J, token)).body).toMatchObject({ status: 'published', articlePath: '/archives/2026/vol1/issue1/1' });
    await request(app.url).post(`/api/admin/submissions/${id}/publish`).set(staff(EDITOR)).send(proposal).expect(409);

    // One message per event to the author, queued in the outbox (the mail worker sends them).
    const mails = await app.deps.mail.listMailFor(J, id);
    expect(mails.map((m) => m.event)).toEqual(['submission_received', 'revision_requested', 'accepted_payment_due', 'payment_confirmed', 'published_delivery']);
    expect(new Set(mails.map((m) => m.to.email))).toEqual(new Set(['flow@example.org']));
    const delivery = mails[4]!;
    expect(delivery.attachments.map((a) => a.filename)).toEqual(['1.pdf', 'certificate-1-1.pdf', 'certificate-1-2.pdf', 'cover-page-1.pdf', 'editorial-board.pdf']);
    expect(delivery.cc.map((c) => c.email)).toEqual(['ravi@example.org']);

    const log: ActivityEntry[] = (await app.deps.activity.since(J, undefined)).filter((e) => e.record.id === id);
    expect(log.map((e) => e.kind).sort()).toEqual([
      'submission.decision', 'submission.decision', 'submission.decision', 'submission.payment', 'submission.publish', 'submission.receipt', 'submission.revise', 'submission.submit',
    ]);
    // The author's acts, as the author: the name given on the form, from the address that sent them.
    const byAuthor = log.filter((e) => e.actor.role === 'author');
    expect(byAuthor.map((e) => [e.kind, e.actor.name, e.changes.find((c) => c.field === 'status')?.after])).toEqual([
      ['submission.submit', 'Asha Rao', 'received'], ['submission.revise', 'Asha Rao', 'under_review'], ['submission.receipt', 'Asha Rao', 'payment_pending'],
    ]);
    expect(byAuthor[0]!.ip).toMatch(/^203\.0\.113\.\d+$/);
    expect(byAuthor[2]!.changes).toContainEqual({ field: 'txnid', before: '', after: 'TX-2026-77' });
  });

  test('a waived fee: paid with ptype free, the number standing for the transaction', async () => {
    await submit(J, { fields: { email: 'waive@example.org' } }).expect(201);
    const id = (await request(app.url).get('/api/admin/submissions?q=waive@example.org').set(staff(EDITOR)).expect(200)).body.items[0].id as string;
    await request(app.url).post(`/api/admin/submissions/${id}/payment`).set(staff(EDITOR)).send({ action: 'waive' }).expect(409);
    await request(app.url).post(`/api/admin/submissions/${id}/decision`).set(staff(EDITOR)).send({ to: 'under_review' }).expect(200);
    await request(app.url).post(`/api/admin/submissions/${id}/decision`).set(staff(EDITOR)).send({ to: 'accepted' }).expect(200);
    const d = (await request(app.url).post(`/api/admin/submissions/${id}/payment`).set(staff(MANAGER)).send({ action: 'waive' }).expect(200)).body;
    expect(d).toMatchObject({ status: 'paid', ptype: 'free', txnid: d.number });
    // A Word manuscript cannot be the article's PDF: the final PDF is asked for.
    const p = await request(app.url).post(`/api/admin/submissions/${id}/publish`).set(staff(EDITOR)).send({ year: 2026, volume: 1, issue: 1, pagenumber: '11-20', refnumber: '2', publishdate: '2026-01-05' }).expect(400);
    expect(p.body.error).toBe('invalid_file');
  });
});

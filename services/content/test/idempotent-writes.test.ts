import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { staffHeaders as as, staffToken } from '@journal/testing';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';

/**
 * docs/architecture.md#idempotent-writes on the admin's create forms, through HTTP against the
 * real database and Redis: a form sent twice at once with its one key makes one record, and both
 * sends get the first answer (a double click, or a retry after a dropped answer).
 */
let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let T: string;
let pdf: Buffer;
const YEAR = 2026;

beforeAll(async () => {
  app = await startContent();
  J = await makeJournal(app, 'idem1');
  T = staffToken(J);
  pdf = await makePdf('Twice sent');
});
afterAll(() => stopContent(app));

const withKey = (req: request.Test, key: string) => req.set(as(J, T)).set('Idempotency-Key', key);

function sendArticle(key: string) {
  let req = withKey(request(app.url).post('/api/admin/archives/'), key);
  const fields: Record<string, string> = {
    year: String(YEAR), volume: '7', issue: '1', refnumber: '7001', title: 'Twice sent', authorname: 'Asha Rao', abstract: '<p>A.</p>',
    keywords: 'k', pagenumber: '1-4', subject: 'Agriculture', country: 'India', email: 'asha@example.org', mobile: '9999999999',
    txnid: 'TXN7001', ptype: 'paid', publishdate: '2026-02-10',
  };
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req.attach('pdfFile', pdf, { filename: 'paper.pdf', contentType: 'application/pdf' });
}

const sameAnswer = (a: request.Response, b: request.Response) => {
  expect([a.status, b.status]).toEqual([201, 201]);
  expect(b.body).toEqual(a.body);
  // One of the two is the replay of the other.
  expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter(Boolean)).toEqual(['true']);
};

test('an issue created twice at once is created once', async () => {
  const key = randomUUID();
  const send = () => withKey(request(app.url).post('/api/admin/create-issue'), key).send({ volume: 7, issue: 1, year: YEAR, frequency: 'January-March' });
  const [a, b] = await Promise.all([send(), send()]);
  sameAnswer(a, b);
  const list = await request(app.url).get('/api/admin/archives/').set(as(J, T)).expect(200);
  expect(list.body.filter((i: { volume: number; issue: number }) => i.volume === 7 && i.issue === 1)).toHaveLength(1);
});

test('an article with its PDF added twice at once is added once, with no "Duplicate reference number"', async () => {
  const key = randomUUID();
  const [a, b] = await Promise.all([sendArticle(key), sendArticle(key)]);
  sameAnswer(a, b);
  // A third send later (a retry after a lost answer) gets the same answer again.
  const c = await sendArticle(key);
  expect(c.status).toBe(201);
  expect(c.body).toEqual(a.body);
  const issue = await request(app.url).get(`/api/admin/archives/${YEAR}/7/1`).set(as(J, T)).expect(200);
  expect(issue.body.articles.map((x: { refnumber: string }) => x.refnumber)).toEqual(['7001']);
});

test('an editor added twice at once is added once', async () => {
  const key = randomUUID();
  const send = () =>
    withKey(request(app.url).post('/api/editors'), key)
      .field('name', 'Prof. Twice Sent').field('category', 'chief editor').field('post', 'Professor').field('content', 'IIT Delhi');
  const [a, b] = await Promise.all([send(), send()]);
  sameAnswer(a, b);
  const list = await request(app.url).get('/api/admin/editors').set(as(J, T)).expect(200);
  expect(list.body.filter((e: { name: string }) => e.name === 'Prof. Twice Sent')).toHaveLength(1);
});

test('another user sending the same key makes a record of their own', async () => {
  const key = randomUUID();
  const other = staffToken(J, 'editor2');
  const send = (token: string) =>
    request(app.url).post('/api/editors').set(as(J, token)).set('Idempotency-Key', key)
      .field('name', 'Dr. Own Record').field('category', 'chief editor').field('post', 'Professor').field('content', 'IIT Delhi');
  const [a, b] = await Promise.all([send(T), send(other)]);
  expect([a.status, b.status]).toEqual([201, 201]);
  expect(a.body.id).not.toBe(b.body.id);
});

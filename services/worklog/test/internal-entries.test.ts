/**
 * docs/product.md#submission-worklog: entries the content service writes for a journal through
 * POST /internal/webdata/entries, once per key, against the real database and Redis.
 */
import request from 'supertest';
import { WORKLOG_PAGE_SIZE } from '@journal/contracts';
import { newObjectId, staffTokenWith, TEST_JWT_SECRET, testServers, uniqueName } from '@journal/testing';
import { start, type WorklogApp } from '../src/app';
import { worklogConfigSchema } from '../src/config';

const { mongoUrl, redisUrl } = testServers();
const J = newObjectId();
const OTHER = newObjectId();
let app: WorklogApp;

beforeAll(async () => {
  app = await start(
    worklogConfigSchema.parse({
      PORT: '0', MONGO_URL: mongoUrl, MONGO_DB: uniqueName('worklog'), REDIS_URL: redisUrl, REDIS_PREFIX: `${uniqueName('wl')}:`,
      JWT_SECRET: TEST_JWT_SECRET, AUTH_CHECK_STORED_USER: 'off', LOG_LEVEL: 'silent', WAIT_READY: 'true',
    }),
  );
});
afterAll(() => app?.stop());

const post = (journalId: string, body: object) => request(app.url).post('/internal/webdata/entries').set('x-journal-id', journalId).send(body);
const listed = async (journalId: string) => {
  const token = staffTokenWith(journalId, 'wendy', { role: 'worklog' });
  const res = await request(app.url).get(`/api/webdata?page=1&pageSize=${WORKLOG_PAGE_SIZE}`).set({ 'x-journal-id': journalId, authorization: `Bearer ${token}` }).expect(200);
  return res.body.items as { id: string; content: string; status: string; createdby: string }[];
};

test('an entry written once per key: repeats, at once or later, answer the same entry', async () => {
  const body = { key: 'submission:abc:1', content: 'SUB1-2026-00001 received: Growth of E. coli (Asha Rao)', status: 'pending', createdby: 'Asha Rao (author)' };
  const [a, b] = await Promise.all([post(J, body), post(J, body)]);
  expect([a.status, b.status]).toEqual([201, 201]);
  expect(b.body.id).toBe(a.body.id);
  expect((await post(J, body).expect(201)).body.id).toBe(a.body.id);
  const items = await listed(J);
  expect(items).toEqual([expect.objectContaining({ id: a.body.id, content: body.content, status: 'pending', createdby: 'Asha Rao (author)' })]);
  // Another key is another entry; another journal's log holds nothing of this one.
  await post(J, { ...body, key: 'submission:abc:2', status: 'info' }).expect(201);
  expect(await listed(J)).toHaveLength(2);
  expect(await listed(OTHER)).toEqual([]);
});

test('bad input is a 400 naming the field; without a journal a 400; nothing is written', async () => {
  for (const bad of [{}, { key: 'short', content: 'x', status: 'info', createdby: 'a' }, { key: 'submission:x:1', content: '', status: 'info', createdby: 'a' },
    { key: 'submission:x:1', content: 'x', status: 'done', createdby: 'a' }, { key: 'submission:x:1', content: 'x', status: 'info', createdby: 'a', extra: 1 }]) {
    const res = await post(J, bad);
    expect([res.status, res.body.error]).toEqual([400, 'validation_error']);
  }
  const res = await request(app.url).post('/internal/webdata/entries').send({ key: 'submission:x:1', content: 'x', status: 'info', createdby: 'a' });
  expect(res.status).toBe(400);
  expect(await listed(J)).toHaveLength(2);
});

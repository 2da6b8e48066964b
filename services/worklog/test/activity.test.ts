/** docs/product.md#activity-log: work-log entries written and their status changes, once each, by their author. */
import request from 'supertest';
import { ActivityLog, connectMongo } from '@journal/server-kit';
import { newObjectId, staffTokenWith, TEST_JWT_SECRET, testServers, uniqueName } from '@journal/testing';
import type { Connection } from 'mongoose';
import { start, type WorklogApp } from '../src/app';
import { worklogConfigSchema } from '../src/config';

const { mongoUrl, redisUrl } = testServers();
const dbName = uniqueName('worklog');
const J = newObjectId();
const USER = newObjectId();
let app: WorklogApp;
let conn: Connection;
let log: ActivityLog;

beforeAll(async () => {
  app = await start(
    worklogConfigSchema.parse({
      PORT: '0', MONGO_URL: mongoUrl, MONGO_DB: dbName, REDIS_URL: redisUrl, REDIS_PREFIX: `${uniqueName('wl')}:`,
      JWT_SECRET: TEST_JWT_SECRET, AUTH_CHECK_STORED_USER: 'off', LOG_LEVEL: 'silent', WAIT_READY: 'true',
    }),
  );
  conn = await connectMongo(mongoUrl, dbName);
  log = new ActivityLog(conn);
});
afterAll(async () => {
  await app?.stop();
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
});

test('an entry written and its status changed: one entry each, with the author and the change', async () => {
  const token = staffTokenWith(J, 'wendy', { role: 'worklog' }, USER);
  const h = { 'x-journal-id': J, authorization: `Bearer ${token}`, 'x-client-ip': '192.0.2.44', 'x-request-id': 'wl-req-1' };
  const created = await request(app.url).post('/api/webdata').set(h).send({ status: 'urgent', content: 'Check the proofs' }).expect(201);
  await request(app.url).put(`/api/webdata/${created.body.id}`).set({ ...h, 'x-request-id': 'wl-req-2' }).send({ status: 'completed' }).expect(200);
  // A refused write records nothing.
  await request(app.url).put(`/api/webdata/${newObjectId()}`).set(h).send({ status: 'completed' }).expect(404);

  const entries = await log.since(J, undefined);
  expect(entries.map((e) => [e.kind, e.actor, e.record, e.changes, e.ip, e.requestId])).toEqual([
    [
      'worklog.create', { id: USER, name: 'wendy', role: 'worklog' }, { type: 'worklog', id: created.body.id, label: 'Check the proofs' },
      [{ field: 'content', before: '', after: 'Check the proofs' }, { field: 'status', before: '', after: 'urgent' }], '192.0.2.44', 'wl-req-1',
    ],
    [
      'worklog.status', { id: USER, name: 'wendy', role: 'worklog' }, { type: 'worklog', id: created.body.id, label: 'Check the proofs' },
      [{ field: 'status', before: 'urgent', after: 'completed' }], '192.0.2.44', 'wl-req-2',
    ],
  ]);
});

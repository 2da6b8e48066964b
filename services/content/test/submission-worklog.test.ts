/**
 * docs/product.md#submission-worklog: the submission events a journal chose become entries of its
 * work-log, written by the real work-log service over its internal route, once each; the setting
 * is a manager's, in the activity log; a work-log that is down holds nothing up.
 */
import request from 'supertest';
import { staffRoutes, submissionSettingsSchema, type ActivityEntry } from '@journal/contracts';
import { staffHeaders, staffTokenWith, TEST_JWT_SECRET, testServers, uniqueName, until } from '@journal/testing';
import { start as startWorklog, type WorklogApp } from '../../worklog/src/app';
import { worklogConfigSchema } from '../../worklog/src/config';
import { makeJournal, startContent, stopContent } from './helpers';
import { makeDocx } from './submission-fixtures';

let app: Awaited<ReturnType<typeof startContent>>;
let worklog: WorklogApp;
let J: string;
let MANAGER: string;
let EDITOR: string;

beforeAll(async () => {
  const { mongoUrl, redisUrl } = testServers();
  worklog = await startWorklog(
    worklogConfigSchema.parse({
      PORT: '0', MONGO_URL: mongoUrl, MONGO_DB: uniqueName('worklog'), REDIS_URL: redisUrl, REDIS_PREFIX: `${uniqueName('wl')}:`,
      JWT_SECRET: TEST_JWT_SECRET, AUTH_CHECK_STORED_USER: 'off', LOG_LEVEL: 'silent', WAIT_READY: 'true',
    }),
  );
  app = await startContent({ WORKLOG_URL: worklog.url.replace(/\/$/, '') });
  J = await makeJournal(app, 'swl');
  MANAGER = staffTokenWith(J, 'mira', { role: 'manager' });
  EDITOR = staffTokenWith(J, 'asha-ed', { role: 'editor' });
});
afterAll(async () => {
  await stopContent(app);
  await worklog?.stop().catch(() => undefined);
});

const entries = async () => {
  const token = staffTokenWith(J, 'wes', { role: 'worklog' });
  const res = await request(worklog.url).get('/api/webdata?page=1&pageSize=100').set({ 'x-journal-id': J, authorization: `Bearer ${token}` }).expect(200);
  return (res.body.items as { content: string; status: string; createdby: string }[]).reverse();
};

async function submit(title: string) {
  const req = request(app.url).post('/api/submissions').set({ 'x-journal-id': J, 'x-client-ip': '198.51.100.7', 'x-journal-host': 'swl.test', accept: 'application/json' });
  for (const [k, v] of Object.entries({ given: 'Asha', family: 'Rao', email: 'asha@example.org', mobile: '+91 98765 43210', country: 'India', title, abstract: 'We measured growth.', declaration: 'on' })) req.field(k, v);
  const res = await req.attach('manuscript', makeDocx(), 'paper.docx').expect(201);
  const list = await request(app.url).get('/api/admin/submissions').set(staffHeaders(J, MANAGER)).expect(200);
  return { number: res.body.number as string, id: (list.body.items as { id: string; number: string }[]).find((i) => i.number === res.body.number)!.id };
}
const decide = (id: string, to: string, message = '') => request(app.url).post(`/api/admin/submissions/${id}/decision`).set(staffHeaders(J, MANAGER)).send({ to, message }).expect(200);

test('by default: new submissions, acceptances, payments and publications; each event once', async () => {
  const settings = submissionSettingsSchema.parse((await request(app.url).get('/api/admin/submission-settings').set(staffHeaders(J, EDITOR)).expect(200)).body);
  expect(settings.worklogStates).toEqual(['received', 'accepted', 'paid', 'published']);
  const s = await submit('Growth of <i>E. coli</i>');
  await decide(s.id, 'under_review');
  await decide(s.id, 'accepted', 'Well done.');
  await until(async () => (await entries()).length === 2, 'two work-log entries', 15_000);
  expect(await entries()).toEqual([
    { content: `${s.number} received: \u201cGrowth of E. coli\u201d (Asha Rao (author))`, status: 'pending', createdby: 'Asha Rao (author)', id: expect.any(String), created_at: expect.any(String) },
    { content: `${s.number} accepted: \u201cGrowth of E. coli\u201d (mira (manager)). Well done.`, status: 'info', createdby: 'mira (manager)', id: expect.any(String), created_at: expect.any(String) },
  ]);
});

test('a manager chooses the events (in the activity log); editors read them; bad input is a 400', async () => {
  await request(app.url).put('/api/admin/submission-settings').set(staffHeaders(J, EDITOR)).send({ worklogStates: [] }).expect(403);
  let res = await request(app.url).put('/api/admin/submission-settings').set(staffHeaders(J, MANAGER)).send({ worklogStates: ['nope'] }).expect(400);
  expect(res.body.error).toBe('validation_error');
  await request(app.url).put('/api/admin/submission-settings').set(staffHeaders(J, MANAGER)).send({ worklogStates: ['rejected'], extra: 1 }).expect(400);
  res = await request(app.url).put('/api/admin/submission-settings').set(staffHeaders(J, MANAGER)).send({ worklogStates: ['rejected', 'under_review', 'rejected'] }).expect(200);
  expect(res.body).toEqual({ worklogStates: ['under_review', 'rejected'] });
  expect(staffRoutes.updateSubmissionSettings.roles).toEqual(['manager']);
  const activity = await app.conn.collection<ActivityEntry>('activity').find({ kind: 'submission.settings' }).toArray();
  expect(activity.map((a) => [a.actor.name, a.changes])).toEqual([['mira', [{ field: 'worklogStates', before: 'received, accepted, paid, published', after: 'under_review, rejected' }]]]);

  const before = (await entries()).length;
  const s = await submit('Second paper');
  await decide(s.id, 'under_review');
  await decide(s.id, 'rejected', 'Out of scope.');
  await until(async () => (await entries()).length === before + 2, 'the chosen events', 15_000);
  expect((await entries()).slice(before).map((e) => e.content)).toEqual([
    `${s.number} under review: \u201cSecond paper\u201d (mira (manager))`,
    `${s.number} rejected: \u201cSecond paper\u201d (mira (manager)). Out of scope.`,
  ]);
});

test('with the work-log down, submissions and decisions still succeed', async () => {
  await request(app.url).put('/api/admin/submission-settings').set(staffHeaders(J, MANAGER)).send({ worklogStates: ['received', 'under_review'] }).expect(200);
  await worklog.stop();
  const s = await submit('Third paper');
  await decide(s.id, 'under_review');
});

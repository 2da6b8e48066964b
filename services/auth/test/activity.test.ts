/**
 * docs/product.md#activity-log: account writes (create, password reset, status, role, rename,
 * own password) appear once with their actor and a summary that never holds a password or hash;
 * GET /api/activity answers managers only; `jp audit` prints the same log.
 */
import request from 'supertest';
import { Types, type Connection } from 'mongoose';
import { activityPageSchema, type ActivityEntry } from '@journal/contracts';
import { CliResources, connectMongo, runCli, type CliIo } from '@journal/server-kit';
import { TEST_JWT_SECRET, staffHeaders, staffTokenWith, testServers, uniqueName } from '@journal/testing';
import { start, type AuthApp } from '../src/app';
import { authConfigSchema } from '../src/config';
import { authCliCommands } from '../src/cli/user-cli';

let app: AuthApp;
let conn: Connection;
let dbName: string;
const prefix = `${uniqueName('t')}:`;
const J = new Types.ObjectId().toString();
const OTHER = new Types.ObjectId().toString();
const SLUG = uniqueName('aud').toLowerCase().replace(/_/g, '-');
let managerToken: string;
let managerId: string;

const hdr = (token: string, extra: Record<string, string> = {}) => ({ ...staffHeaders(J, token), 'x-client-ip': '198.51.100.20', ...extra });
const log = async (query: Record<string, string> = {}, token = managerToken) => request(app.url).get('/api/activity').query(query).set(hdr(token));

beforeAll(async () => {
  const { mongoUrl, redisUrl } = testServers();
  dbName = uniqueName('auth');
  const config = authConfigSchema.parse({ MONGO_URL: mongoUrl, REDIS_URL: redisUrl, MONGO_DB: dbName, REDIS_PREFIX: prefix, JWT_SECRET: TEST_JWT_SECRET, PORT: 0, LOG_LEVEL: 'silent' });
  app = await start(config);
  conn = await connectMongo(mongoUrl, dbName);
  await conn.collection('journals').insertOne({ _id: new Types.ObjectId(J), slug: SLUG });
  const manager = await app.service.ensureUser(J, 'mona', 'manager pass phrase 1');
  managerId = manager!.id;
  const login = await request(app.url).post('/auth/login').set({ 'x-journal-id': J }).send({ username: 'mona', password: 'manager pass phrase 1' }).expect(200);
  managerToken = login.body.token;
  // Password resets, status and role changes need a recent password (docs/security.md#recent-authentication).
  await request(app.url).post('/auth/reauth').set(hdr(managerToken)).send({ password: 'manager pass phrase 1' }).expect(200);
});
afterAll(async () => {
  await conn?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await app?.stop();
});

describe('account writes in the activity log', () => {
  let userId = '';
  test('create, password reset, disable, enable: once each, by the manager, without the password', async () => {
    const created = await request(app.url).post('/api/users').set(hdr(managerToken, { 'x-request-id': 'req-create-1' })).send({ name: 'ravi', password: 'first secret words 9', role: 'editor' }).expect(201);
    userId = created.body.id;
    await request(app.url).post(`/api/users/${userId}/password`).set(hdr(managerToken)).send({ password: 'second secret words 9' }).expect(200);
    await request(app.url).post(`/api/users/${userId}/status`).set(hdr(managerToken)).send({ status: 'disabled' }).expect(200);
    await request(app.url).post(`/api/users/${userId}/status`).set(hdr(managerToken)).send({ status: 'enabled' }).expect(200);

    const r = await log();
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const page = activityPageSchema.parse(r.body);
    const mine = page.entries.filter((e) => e.record.id === userId).reverse();
    expect(mine.map((e) => [e.kind, e.changes])).toEqual([
      ['user.create', [{ field: 'name', before: '', after: 'ravi' }, { field: 'status', before: '', after: 'enabled' }, { field: 'role', before: '', after: 'editor' }]],
      ['user.password', [{ field: 'passwordHash', before: '(changed)', after: '(changed)' }]],
      ['user.status', [{ field: 'status', before: 'enabled', after: 'disabled' }]],
      ['user.status', [{ field: 'status', before: 'disabled', after: 'enabled' }]],
    ]);
    expect(mine[0]).toMatchObject({ actor: { id: managerId, name: 'mona', role: 'manager' }, ip: '198.51.100.20', requestId: 'req-create-1', record: { type: 'user', label: 'ravi' } });
    expect(mine.every((e) => e.actor.role === 'manager')).toBe(true);
    expect(JSON.stringify(page)).not.toMatch(/secret words|\$argon|\$2[aby]\$/);
  });

  test('renaming oneself and changing one\'s own password are recorded as the user', async () => {
    const login = await request(app.url).post('/auth/login').set({ 'x-journal-id': J }).send({ username: 'ravi', password: 'second secret words 9' }).expect(200);
    await request(app.url).post(`/api/users/${userId}`).set(hdr(login.body.token)).send({ name: 'ravi.k', password: 'third secret words 9', currentPassword: 'second secret words 9' }).expect(200);
    const page = activityPageSchema.parse((await log({ user: 'ravi' })).body);
    expect(page.entries.map((e) => [e.kind, e.actor.name, e.changes[0]])).toEqual([
      ['user.password', 'ravi', { field: 'passwordHash', before: '(changed)', after: '(changed)' }],
      ['user.rename', 'ravi', { field: 'name', before: 'ravi', after: 'ravi.k' }],
    ]);
  });

  test('filters by kind and day, pages, and refuses a bad query with 400', async () => {
    expect(activityPageSchema.parse((await log({ kind: 'user.status' })).body).total).toBe(2);
    expect(activityPageSchema.parse((await log({ kind: 'user' })).body).total).toBe(6);
    expect(activityPageSchema.parse((await log({ from: '2001-01-01', to: '2001-01-02' })).body).total).toBe(0);
    expect(activityPageSchema.parse((await log({ page: '2' })).body).entries).toEqual([]);
    for (const bad of [{ kind: 'user.delete' }, { from: 'yesterday' }, { from: '2026-03-02', to: '2026-03-01' }, { page: '0' }, { sort: 'at' }]) {
      const r = await log(bad);
      expect([r.status, r.body.error]).toEqual([400, 'validation_error']);
    }
  });

  test('a role change is recorded with the role before and after', async () => {
    await request(app.url).post(`/api/users/${userId}/role`).set(hdr(managerToken)).send({ role: 'worklog' }).expect(200);
    const page = activityPageSchema.parse((await log({ kind: 'user.role' })).body);
    expect(page.entries.map((e) => [e.kind, e.actor.name, e.actor.role, e.record.label, e.changes])).toEqual([
      ['user.role', 'mona', 'manager', 'ravi.k', [{ field: 'role', before: 'editor', after: 'worklog' }]],
    ]);
  });
});

describe('who may read it', () => {
  test('only managers: an editor or a work-log user gets 403, no token 401, another journal sees none of it', async () => {
    for (const role of ['editor', 'worklog'] as const) {
      const eddie = await app.service.ensureUser(J, 'eddie', 'editor pass phrase 1', [], role);
      const token = staffTokenWith(J, 'eddie', { role }, eddie!.id);
      const r = await log({}, token);
      expect([r.status, r.body.error, r.body.message]).toEqual([403, 'role_forbidden', 'Your role does not allow this']);
    }
    expect((await request(app.url).get('/api/activity').set({ 'x-journal-id': J })).status).toBe(401);
    // A manager's token of this journal sent for another journal's host is refused.
    expect((await request(app.url).get('/api/activity').set({ ...staffHeaders(OTHER, managerToken) })).status).toBe(401);
    const otherManager = await app.service.ensureUser(OTHER, 'omar', 'other pass phrase 1');
    const otherToken = staffTokenWith(OTHER, 'omar', {}, otherManager!.id);
    const r = await request(app.url).get('/api/activity').set(staffHeaders(OTHER, otherToken));
    expect(activityPageSchema.parse(r.body).total).toBe(0);
  });
});

describe('jp audit', () => {
  const run = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (t) => out.push(t), err: (t) => err.push(t), readStdin: async () => '' };
    const res = new CliResources({ ...process.env, MONGO_URL: testServers().mongoUrl, MONGO_DB: dbName, REDIS_URL: testServers().redisUrl, REDIS_PREFIX: prefix });
    const code = await runCli(authCliCommands(res), argv, io);
    await res.close();
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  test('prints the journal\'s log oldest first, as text or JSON, from a day on', async () => {
    const text = await run('audit', '--journal', SLUG);
    expect(text.code).toBe(0);
    const lines = text.out.split('\n');
    expect(lines[0]).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z {2}mona \(manager\) {2}user\.create {2}user ravi {2}\[from 198\.51\.100\.20, request req-create-1\]$/);
    expect(lines).toContain('    name: "" -> "ravi"');
    expect(lines).toContain('    passwordHash: "(changed)" -> "(changed)"');

    const json = await run('audit', '--journal', SLUG, '--json');
    const entries = (JSON.parse(json.out) as { ok: boolean; entries: ActivityEntry[] }).entries;
    expect(entries.map((e) => e.kind)).toEqual(['user.create', 'user.password', 'user.status', 'user.status', 'user.rename', 'user.password', 'user.role']);

    const later = await run('audit', '--journal', SLUG, '--since', '2999-01-01');
    expect([later.code, later.out]).toEqual([0, 'no activity']);
  });

  test('operator writes are recorded as the operator; bad input is refused', async () => {
    const created = await run('user', 'disable', '--journal', SLUG, '--name', 'eddie');
    expect(created.code).toBe(0);
    const json = JSON.parse((await run('audit', '--journal', SLUG, '--json')).out) as { entries: ActivityEntry[] };
    expect(json.entries.at(-1)).toMatchObject({ kind: 'user.status', actor: { name: 'operator', role: 'operator' }, ip: '' });

    expect((await run('user', 'role', '--journal', SLUG, '--name', 'eddie', '--role', 'editor')).code).toBe(0);
    const after = JSON.parse((await run('audit', '--journal', SLUG, '--json')).out) as { entries: ActivityEntry[] };
    expect(after.entries.at(-1)).toMatchObject({
      kind: 'user.role', actor: { name: 'operator', role: 'operator' }, record: { label: 'eddie' }, changes: [{ field: 'role', before: 'worklog', after: 'editor' }],
    });

    const bad = await run('audit', '--journal', SLUG, '--since', 'last week');
    expect([bad.code, bad.err]).toEqual([1, 'jp: --since must be a date (YYYY-MM-DD) or an ISO date-time, not last week']);
    const unknown = await run('audit', '--journal', 'no-such-journal');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('No journal with slug no-such-journal');
  });
});

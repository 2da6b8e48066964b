import jwt from 'jsonwebtoken';
import { PLATFORM_TENANT_ID } from '@journal/contracts';
import { authKeys, signPlatformToken, signToken, verifyPlatformToken, verifyToken, type CliCommand } from '@journal/server-kit';
import { TEST_JWT_SECRET } from '@journal/testing';
import { operatorCommands } from '../../services/auth/src/cli/operator.commands';
import { journalLookup } from '../../services/auth/src/cli/user-cli';
import { gw, jsonBody, PLATFORM_HOST, startFixture, type Fixture } from './stack.fixture';

/**
 * docs/security.md#platform-operators: the platform's operators, made at the CLI alone, sign in on
 * the platform's host to its COUNTER reports and SUSHI customers; a journal's session never reaches
 * them, theirs never reaches a journal, and no journal's host serves the platform's API.
 */

let f: Fixture;
let operator: { name: string; password: string };
const io = { out: () => undefined, err: () => undefined, readStdin: async () => '' };
const cli = () => operatorCommands(async () => ({ service: f.auth.service, journals: journalLookup(f.content.deps.conn) }));
const run = (words: string, args: Parameters<CliCommand['run']>[0]) => cli().find((c) => c.words.join(' ') === words)!.run(args, io);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const platform = (path: string, init: Parameters<typeof gw>[2] = {}) => gw(f, path, { host: PLATFORM_HOST, ...init });
const login = async (name: string, password: string, host = PLATFORM_HOST) =>
  gw(f, '/api/platform/auth/login', { method: 'POST', host, ...jsonBody({ username: name, password }) });
const operatorToken = async () => {
  const r = await login(operator.name, operator.password);
  expect(r.status).toBe(200);
  return r.json().token as string;
};
const period = 'begin_date=2025-01&end_date=2025-03';

beforeAll(async () => {
  f = await startFixture();
  const made = await run('operator create', { name: 'ops.ana' });
  operator = { name: 'ops.ana', password: (made.data as { password: string }).password };
  await f.auth.service.ensureUser(f.journals.a, 'alpha.boss', 'alpha-boss-pass-1', [], 'manager');
  await f.auth.service.ensureUser(f.journals.a, 'alpha.editor', 'alpha-editor-pass-1', [], 'editor');
  await f.auth.service.ensureUser(f.journals.b, 'beta.worklog', 'beta-worklog-pass-1', [], 'worklog');
}, 60_000);
afterAll(async () => {
  await f?.close();
});

describe('operators: made at the CLI, signed in on the platform host alone', () => {
  it('the CLI makes an operator with a slow hash and lists it; the name is no journal\'s account', async () => {
    const list = await run('operator list', {});
    expect(list.text).toMatch(/^ops\.ana\s+operator\s+enabled$/);
    const stored = await f.content.deps.conn.collection('users').findOne({ name: 'ops.ana' });
    expect([String(stored?.journalId), stored?.role, String(stored?.passwordHash).slice(0, 9)]).toEqual([PLATFORM_TENANT_ID, 'operator', '$argon2id']);
    // Its name and password open no journal.
    const j = await gw(f, '/auth/login', { method: 'POST', ...jsonBody({ username: operator.name, password: operator.password }) });
    expect([j.status, j.json().error]).toEqual([401, 'invalid_credentials']);
  });

  it('signs in on the platform host to an operator session; a journal\'s host has no such route', async () => {
    const r = await login(operator.name, operator.password);
    expect([r.status, r.json().user.role, r.headers['cache-control']]).toEqual([200, 'operator', 'no-store']);
    const session = await platform('/api/platform/auth/session', { headers: bearer(r.json().token) });
    expect([session.status, session.json().user.name]).toEqual([200, 'ops.ana']);
    for (const host of ['alpha.localhost', 'beta.localhost']) {
      const elsewhere = await login(operator.name, operator.password, host);
      expect([host, elsewhere.status, elsewhere.json().error]).toEqual([host, 404, 'not_found']);
    }
    // A journal manager's name and password are nobody's on the platform.
    expect((await login('alpha.boss', 'alpha-boss-pass-1')).status).toBe(401);
    expect((await login(operator.name, 'wrong-password-1')).json().error).toBe('invalid_credentials');
    expect((await login('', '')).status).toBe(400);
  });

  it('an operator token opens no journal route, and a journal token no platform route', async () => {
    const op = await operatorToken();
    for (const path of ['/auth/verify-token', '/api/admin/counter/customers', '/api/users', '/api/admin']) {
      const r = await gw(f, path, { headers: bearer(op) });
      expect([path, r.status]).toEqual([path, 401]);
    }
    const journalToken = async (host: string, username: string, password: string) =>
      (await gw(f, '/auth/login', { method: 'POST', host, ...jsonBody({ username, password }) })).json().token as string;
    const manager = await journalToken('alpha.localhost', 'alpha.boss', 'alpha-boss-pass-1');
    const staff = [manager, await journalToken('alpha.localhost', 'alpha.editor', 'alpha-editor-pass-1'), await journalToken('beta.localhost', 'beta.worklog', 'beta-worklog-pass-1')];
    for (const path of ['/api/platform/auth/session', '/api/platform/counter/customers', `/api/platform/counter/reports/pr?${period}`]) {
      for (const [i, token] of staff.entries()) {
        const r = await platform(path, { headers: bearer(token) });
        expect([path, i, r.status, r.json().error]).toEqual([path, i, 401, 'unauthorized']);
      }
      expect((await platform(path)).status).toBe(401);
      expect((await platform(path, { headers: bearer('not.a.token') })).status).toBe(401);
    }
    const write = await platform('/api/platform/counter/customers', { method: 'POST', ...jsonBody({ name: 'Sneaky', customerId: 'sneaky', journals: ['*'], allUsage: true }, bearer(manager)) });
    expect(write.status).toBe(401);
    // The platform's API is not served on a journal's host, even to an operator.
    const onJournal = await gw(f, '/api/platform/counter/customers', { headers: bearer(op) });
    expect([onJournal.status, onJournal.json().error]).toEqual([404, 'not_found']);
    // Nothing of a journal on the platform host, whatever token.
    for (const path of ['/api/admin/counter/customers', '/auth/verify-token', '/api/settings/', '/admin']) {
      expect([path, (await platform(path, { headers: bearer(manager) })).status]).toEqual([path, 404]);
    }
  });

  it('a session ends at sign-out, when the CLI disables the operator or resets the password', async () => {
    const first = await operatorToken();
    expect((await platform('/api/platform/auth/logout', { method: 'POST', headers: bearer(first) })).status).toBe(200);
    expect((await platform('/api/platform/counter/customers', { headers: bearer(first) })).status).toBe(401);
    const second = await operatorToken();
    await run('operator disable', { name: operator.name });
    expect((await platform('/api/platform/counter/customers', { headers: bearer(second) })).status).toBe(401);
    expect((await login(operator.name, operator.password)).status).toBe(403);
    await run('operator enable', { name: operator.name });
    const third = await operatorToken();
    const reset = await run('operator reset-password', { name: operator.name });
    operator.password = (reset.data as { password: string }).password;
    expect((await platform('/api/platform/counter/customers', { headers: bearer(third) })).status).toBe(401);
    // Revoked in Redis only (another process's logout, before the database is read): refused too.
    const fourth = await operatorToken();
    const jti = JSON.parse(Buffer.from(fourth.split('.')[1]!, 'base64url').toString()).jti as string;
    await f.content.deps.redis.set(authKeys(f.redisPrefix).revoked(jti), '1', 'EX', 60);
    expect((await platform('/api/platform/auth/session', { headers: bearer(fourth) })).status).toBe(401);
  });
});

describe('the platform\'s reports and customers', () => {
  let op: string;
  beforeAll(async () => {
    op = await operatorToken();
  });

  it('downloads each report as JSON, TSV and XLSX over every journal', async () => {
    const json = await platform(`/api/platform/counter/reports/PR?${period}`, { headers: bearer(op) });
    expect([json.status, json.json().Report_Header.Report_ID, json.json().Report_Header.Institution_Name]).toEqual([200, 'PR', 'The World']);
    expect(json.headers['cache-control']).toBe('no-store');
    const tsv = await platform(`/api/platform/counter/reports/tr_j3?${period}&format=tsv`, { headers: bearer(op) });
    expect([tsv.status, tsv.headers['content-type'], tsv.headers['content-disposition']]).toEqual([
      200, 'text/tab-separated-values; charset=utf-8', 'attachment; filename="TR_J3_2025-01-01_2025-03-31.tsv"',
    ]);
    expect(tsv.text.split('\n')[0]).toBe('Report_Name\tJournal Usage by Access Type');
    const xlsx = await gw(f, `/api/platform/counter/reports/ir_a1?${period}&format=xlsx`, { host: PLATFORM_HOST, headers: bearer(op) });
    expect([xlsx.status, xlsx.headers['content-type']]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    expect(xlsx.text.slice(0, 2)).toBe('PK');
  });

  it('answers bad input with 4xx JSON', async () => {
    const cases: [string, number, string][] = [
      [`/api/platform/counter/reports/dr?${period}`, 400, 'validation_error'],
      [`/api/platform/counter/reports/${'x'.repeat(30)}?${period}`, 400, 'validation_error'],
      [`/api/platform/counter/reports/pr?${period}&format=pdf`, 400, 'validation_error'],
      ['/api/platform/counter/reports/pr?begin_date=2025-13&end_date=2025-01', 400, 'counter_exception'],
      [`/api/platform/counter/reports/pr?${period}&customer_id=nobody`, 404, 'not_found'],
      [`/api/platform/counter/reports/pr?${period}&customer_id=${'c'.repeat(101)}`, 400, 'validation_error'],
    ];
    for (const [path, status, error] of cases) {
      const r = await platform(path, { headers: bearer(op) });
      expect([path, r.status, r.json().error]).toEqual([path, status, error]);
    }
  });

  it('asks for the operator\'s password again before a change of the customers, and a journal\'s password or token does not give it', async () => {
    const post = () => platform('/api/platform/counter/customers', { method: 'POST', ...jsonBody({ name: 'Early', customerId: 'early', journals: ['*'], allUsage: true }, bearer(op)) });
    const reauth = (password: string, token = op, host = PLATFORM_HOST) => gw(f, '/api/platform/auth/reauth', { method: 'POST', host, ...jsonBody({ password }, bearer(token)) });
    const first = await post();
    expect([first.status, first.json().error]).toEqual([403, 'reauth_required']);
    expect((await platform('/api/platform/counter/customers/early', { method: 'DELETE', headers: bearer(op) })).json().error).toBe('reauth_required');
    const wrong = await reauth('wrong-password-1');
    expect([wrong.status, wrong.json().error]).toEqual([403, 'wrong_current_password']);
    expect((await reauth('alpha-boss-pass-1')).status).toBe(403);
    expect((await reauth('')).status).toBe(400);
    const manager = (await gw(f, '/auth/login', { method: 'POST', host: 'alpha.localhost', ...jsonBody({ username: 'alpha.boss', password: 'alpha-boss-pass-1' }) })).json().token as string;
    expect((await reauth('alpha-boss-pass-1', manager)).status).toBe(401);
    // A journal manager's own re-check gives nothing on the platform, and the platform's route is not on a journal's host.
    expect((await gw(f, '/auth/reauth', { method: 'POST', host: 'alpha.localhost', ...jsonBody({ password: 'alpha-boss-pass-1' }, bearer(manager)) })).status).toBe(200);
    expect((await platform('/api/platform/counter/customers', { method: 'POST', ...jsonBody({ name: 'Sneaky', customerId: 'sneaky', journals: ['*'], allUsage: true }, bearer(manager)) })).status).toBe(401);
    expect((await reauth(operator.password, op, 'alpha.localhost')).status).toBe(404);
    expect((await post()).status).toBe(403);
    const ok = await reauth(operator.password);
    expect([ok.status, ok.json().ok, ok.headers['cache-control']]).toEqual([200, true, 'no-store']);
    // Another session of the same operator has not confirmed anything.
    const other = await operatorToken();
    expect((await platform('/api/platform/counter/customers', { method: 'POST', ...jsonBody({ name: 'Other', customerId: 'other', journals: ['*'], allUsage: true }, bearer(other)) })).status).toBe(403);
    const made = await post();
    expect(made.status).toBe(201);
    expect((await platform('/api/platform/counter/customers/early', { method: 'DELETE', headers: bearer(op) })).status).toBe(204);
  });

  it('lists, adds and edits the platform\'s customers; a journal\'s customers are not among them', async () => {
    const post = (body: unknown) => platform('/api/platform/counter/customers', { method: 'POST', ...jsonBody(body, bearer(op)) });
    expect((await platform('/api/platform/auth/reauth', { method: 'POST', ...jsonBody({ password: operator.password }, bearer(op)) })).status).toBe(200);
    expect((await platform('/api/platform/counter/customers', { headers: bearer(op) })).json()).toEqual([]);
    const made = await post({ name: 'State Library', customerId: 'state-lib', journals: ['alpha'], ipRanges: ['10.9.0.0/16'] });
    expect([made.status, made.json().customer.journals, made.json().apiKey.length >= 20]).toEqual([201, ['alpha'], true]);
    expect((await post({ name: 'State Library', customerId: 'state-lib', journals: ['alpha'], allUsage: true })).status).toBe(409);
    expect((await post({ name: 'No Usage Said', customerId: 'nous', journals: ['*'] })).json().error).toBe('validation_error');
    expect((await post({ name: 'Ghost', customerId: 'ghost', journals: ['nope'], allUsage: true })).json().error).toBe('unknown_journal');
    expect((await post('not json')).status).toBe(400);
    const put = await platform('/api/platform/counter/customers/state-lib', { method: 'PUT', ...jsonBody({ journals: ['*'], ipRanges: [], allUsage: true }, bearer(op)) });
    expect([put.status, put.json().journals, put.json().allUsage, put.json().ipRanges]).toEqual([200, ['*'], true, []]);
    expect((await platform('/api/platform/counter/customers/nobody', { method: 'PUT', ...jsonBody({ name: 'Someone Else' }, bearer(op)) })).status).toBe(404);
    const list = (await platform('/api/platform/counter/customers', { headers: bearer(op) })).json();
    expect(list.map((c: { customerId: string }) => c.customerId)).toEqual(['state-lib']);
    expect(JSON.stringify(list)).not.toContain('apiKeyHash');
    const own = await platform(`/api/platform/counter/reports/pr?${period}&customer_id=state-lib`, { headers: bearer(op) });
    // Reported all usage: the world's counts, under its own customer ID beside the world's.
    expect([own.status, own.json().Report_Header.Institution_Name, JSON.stringify(own.json().Report_Header.Institution_ID)]).toEqual([
      200, 'The World', expect.stringContaining('state-lib'),
    ]);
  });

  it('removes a customer; each change is in the platform\'s own activity log, by the operator, never with the key', async () => {
    const del = (id: string, token = op, host = PLATFORM_HOST) => gw(f, `/api/platform/counter/customers/${id}`, { method: 'DELETE', host, headers: bearer(token) });
    expect((await del('state-lib', op, 'alpha.localhost')).status).toBe(404);
    expect((await del('state-lib')).status).toBe(204);
    expect((await del('state-lib')).status).toBe(404);
    expect((await platform('/api/platform/counter/customers', { headers: bearer(op) })).json()).toEqual([]);
    const log = await platform('/api/platform/counter/activity', { headers: bearer(op) });
    expect([log.status, log.headers['cache-control']]).toEqual([200, 'no-store']);
    const entries = log.json() as { actor: { name: string; role: string }; record: { label: string }; changes: { field: string; before: string; after: string }[] }[];
    const said = (e: (typeof entries)[number]) => `${e.actor.name}/${e.actor.role} ${e.record.label}: ${e.changes.map((c) => `${c.field} ${c.before}>${c.after}`).join('; ')}`;
    expect(entries.slice(0, 3).map(said)).toEqual([
      'ops.ana/operator State Library: name State Library>; customerId state-lib>; journals ["*"]>; allUsage true>; apiKey (made)>',
      'ops.ana/operator State Library: ipRanges ["10.9.0.0/16"]>; journals ["alpha"]>["*"]; allUsage false>true',
      'ops.ana/operator State Library: name >State Library; customerId >state-lib; ipRanges >["10.9.0.0/16"]; journals >["alpha"]; allUsage >false; apiKey >(made)',
    ]);
    // Under the platform's tenant alone: no journal's log holds them, and no key is written.
    const stored = await f.content.deps.conn.collection('activity').find({ 'record.type': 'platform-customer' }).toArray();
    expect(new Set(stored.map((d) => String(d.journalId)))).toEqual(new Set([PLATFORM_TENANT_ID]));
    expect(JSON.stringify(stored)).not.toMatch(/apiKeyHash|\$argon2/);
    const manager = (await gw(f, '/auth/login', { method: 'POST', host: 'alpha.localhost', ...jsonBody({ username: 'alpha.boss', password: 'alpha-boss-pass-1' }) })).json().token as string;
    expect((await platform('/api/platform/counter/activity', { headers: bearer(manager) })).status).toBe(401);
    expect((await del('state-lib', manager)).status).toBe(401);
    expect((await gw(f, '/api/platform/counter/activity', { headers: bearer(op) })).status).toBe(404);
  });
});

describe('platform tokens (docs/security.md#platform-operators)', () => {
  const JOURNAL = '65a000000000000000000001';
  it('an operator\'s token is no journal\'s, and no journal\'s token an operator\'s', () => {
    const { token, claims } = signPlatformToken(TEST_JWT_SECRET, { id: 'o1', name: 'ops' });
    expect([claims.jid, claims.role]).toEqual([PLATFORM_TENANT_ID, 'operator']);
    expect(verifyPlatformToken(TEST_JWT_SECRET, token)).toEqual(claims);
    expect(() => verifyToken(TEST_JWT_SECRET, token)).toThrow('Token was issued for another journal');
    for (const role of ['manager', 'editor', 'worklog'] as const) {
      const journal = signToken(TEST_JWT_SECRET, { id: 'u1', name: 'ed', journalId: JOURNAL, role }).token;
      expect(() => verifyPlatformToken(TEST_JWT_SECRET, journal)).toThrow('Token was not issued for the platform');
    }
    // A staff role under the platform's tenant, or the operator role under a journal: neither passes anywhere.
    const forged = (claims: object) => jwt.sign({ sub: 'x', name: 'x', jti: 'j', iat: 1, exp: Math.floor(Date.now() / 1000) + 60, ...claims }, TEST_JWT_SECRET, { algorithm: 'HS256' });
    const managerOfPlatform = forged({ jid: PLATFORM_TENANT_ID, role: 'manager' });
    const operatorOfJournal = forged({ jid: JOURNAL, role: 'operator' });
    expect(() => verifyToken(TEST_JWT_SECRET, managerOfPlatform)).toThrow();
    expect(() => verifyPlatformToken(TEST_JWT_SECRET, managerOfPlatform)).toThrow();
    expect(() => verifyToken(TEST_JWT_SECRET, operatorOfJournal)).toThrow();
    expect(() => verifyPlatformToken(TEST_JWT_SECRET, operatorOfJournal)).toThrow();
  });

  it('is pinned to one algorithm and needs an expiry', () => {
    const none = jwt.sign({ sub: 'o1', jid: PLATFORM_TENANT_ID, role: 'operator', name: 'ops', jti: 'j', iat: 1 }, '', { algorithm: 'none' });
    expect(() => verifyPlatformToken(TEST_JWT_SECRET, none)).toThrow('Invalid or expired token');
    const noExp = jwt.sign({ sub: 'o1', jid: PLATFORM_TENANT_ID, role: 'operator', name: 'ops', jti: 'j', iat: 1 }, TEST_JWT_SECRET, { algorithm: 'HS256' });
    expect(() => verifyPlatformToken(TEST_JWT_SECRET, noExp)).toThrow('Invalid token');
    const expired = signPlatformToken(TEST_JWT_SECRET, { id: 'o1', name: 'ops' }, -10).token;
    expect(() => verifyPlatformToken(TEST_JWT_SECRET, expired)).toThrow('Invalid or expired token');
  });
});

import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { TEST_JWT_SECRET, clockPastSecond, eventually, tokenIssuedSecond } from '@journal/testing';
import { OPERATOR } from '../../services/auth/src/auth.service';
import { gw, jsonBody, startFixture, type Fixture } from './stack.fixture';

let f: Fixture;
let userId: string;
const PASSWORD = 'correct horse battery';

const login = (username: string, password: unknown, host = 'alpha.localhost', headers: Record<string, string> = {}) =>
  gw(f, '/auth/login/', { method: 'POST', host, ...jsonBody({ username, password }, headers) });
const verify = (token: string, host = 'alpha.localhost') =>
  gw(f, '/auth/verify-token/', { host, headers: { authorization: `Bearer ${token}` } });
/** Each test signs in from its own address so the per-address throttle does not couple them. */
let ipSeq = 0;
const nextIp = () => ({ 'x-real-ip': `10.1.0.${++ipSeq}` });

beforeAll(async () => {
  // A long first delay: no wait ends while a test's attempts are still arriving, however slow the machine.
  f = await startFixture({ authEnv: { LOGIN_MAX_FAILURES_PER_USER: '5', LOGIN_MAX_FAILURES_PER_IP: '8', LOGIN_BASE_DELAY_SECONDS: '60', USER_STATE_CACHE_MS: '100' } });
  userId = (await f.auth.service.ensureUser(f.journals.a, 'editor', PASSWORD))!.id;
  await f.auth.service.ensureUser(f.journals.a, 'office', PASSWORD, ['192.168.50.0/24']);
  await f.auth.service.ensureUser(f.journals.b, 'editor', PASSWORD);
});
afterAll(async () => {
  await f?.close();
});

describe('login', () => {
  it('returns a token and the user', async () => {
    const r = await login('editor', PASSWORD, 'alpha.localhost', nextIp());
    expect(r.status).toBe(200);
    expect(r.json()).toEqual({ token: expect.any(String), user: { id: userId, name: 'editor', role: 'manager' } });
    // Writes purge the caches in front: no cookie lets a browser skip them.
    expect(r.headers['set-cookie']).toBeUndefined();
    const claims = jwt.decode(r.json().token, { complete: true })!;
    expect(claims.header.alg).toBe('HS256');
    expect(claims.payload).toMatchObject({ sub: userId, jid: f.journals.a, exp: expect.any(Number) });
  });

  it('answers invalid_credentials for a wrong password or an unknown user', async () => {
    for (const [u, p] of [['editor', 'wrong'], ['nobody', PASSWORD]] as const) {
      const r = await login(u, p, 'alpha.localhost', nextIp());
      expect(r.status).toBe(401);
      expect(r.json().error).toBe('invalid_credentials');
      expect(r.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers invalid_ip outside the user\'s address rules, and lets the allowed range in', async () => {
    const out = await login('office', PASSWORD, 'alpha.localhost', { 'x-real-ip': '10.9.9.9' });
    expect(out.status).toBe(403);
    expect(out.json().error).toBe('invalid_ip');
    const inside = await login('office', PASSWORD, 'alpha.localhost', { 'x-real-ip': '192.168.50.7' });
    expect(inside.status).toBe(200);
  });

  it('answers disabled for a disabled user', async () => {
    await f.auth.service.ensureUser(f.journals.a, 'gone', PASSWORD);
    const u = await f.auth.service.ensureUser(f.journals.a, 'gone', PASSWORD);
    await f.auth.service.setUserStatus(f.journals.a, u!.id, 'disabled', OPERATOR);
    const r = await login('gone', PASSWORD, 'alpha.localhost', nextIp());
    expect(r.status).toBe(403);
    expect(r.json().error).toBe('disabled');
  });

  it('keeps users of one journal out of another', async () => {
    const r = await login('office', PASSWORD, 'beta.localhost', { 'x-real-ip': '192.168.50.7' });
    expect(r.status).toBe(401);
  });

  it.each([
    ['malformed JSON', '{"username": "editor", "password": ', 'invalid_json'],
    ['wrong types', JSON.stringify({ username: 42, password: true }), 'validation_error'],
    ['an operator object', JSON.stringify({ username: 'editor', password: { $gt: '' } }), 'validation_error'],
    ['an operator in the name', JSON.stringify({ username: { $ne: null }, password: 'x' }), 'validation_error'],
  ])('refuses %s with a 400 JSON error', async (_name, body, code) => {
    const r = await gw(f, '/auth/login/', { method: 'POST', ...jsonBody(body, nextIp()) });
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ error: code, message: expect.any(String) });
  });

  it('refuses a form-encoded operator (password[$ne]=)', async () => {
    const body = 'username=editor&password[$ne]=x';
    const r = await gw(f, '/auth/login/', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length), ...nextIp() },
    });
    expect(r.status).toBe(400);
  });
});

describe('tokens', () => {
  let token: string;
  beforeAll(async () => {
    token = (await login('editor', PASSWORD, 'alpha.localhost', nextIp())).json().token;
  });

  it('verifies a good token', async () => {
    const r = await verify(token);
    expect(r.status).toBe(200);
    expect(r.json()).toMatchObject({ valid: true, user: { id: userId, name: 'editor', role: 'manager' } });
  });

  const forged = (): [string, () => string][] => {
    const now = Math.floor(Date.now() / 1000);
    const base = { sub: userId, jid: f.journals.a, name: 'editor', jti: 'x1', iat: now };
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    return [
      ['tampered', () => token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA')],
      ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...base, exp: now + 3600 })}.`],
      ['RS256 instead of HS256', () => jwt.sign({ ...base, exp: now + 3600 }, privateKey, { algorithm: 'RS256' })],
      ['expired', () => jwt.sign({ ...base, iat: now - 7200, exp: now - 3600 }, TEST_JWT_SECRET, { algorithm: 'HS256' })],
      ['without exp', () => jwt.sign(base, TEST_JWT_SECRET, { algorithm: 'HS256' })],
      ['signed with another key', () => jwt.sign({ ...base, exp: now + 3600 }, 'another-secret-another-secret-another-secret', { algorithm: 'HS256' })],
    ];
  };

  it('refuses forged and stale tokens with 401', async () => {
    for (const [name, make] of forged()) {
      const r = await verify(make());
      expect({ name, status: r.status }).toEqual({ name, status: 401 });
      expect(r.json().error).toBe('unauthorized');
    }
  });

  it('refuses a token on another journal\'s host', async () => {
    const r = await verify(token, 'beta.localhost');
    expect(r.status).toBe(401);
  });

  it('refuses a token after logout', async () => {
    const t = (await login('editor', PASSWORD, 'alpha.localhost', nextIp())).json().token;
    expect((await verify(t)).status).toBe(200);
    const out = await gw(f, '/auth/logout/', { method: 'POST', headers: { authorization: `Bearer ${t}` } });
    expect(out.status).toBe(200);
    expect((await verify(t)).status).toBe(401);
    expect((await verify(token)).status).toBe(200);
  });

  it('stops a disabled user\'s tokens at once', async () => {
    const u = await f.auth.service.ensureUser(f.journals.a, 'temp', PASSWORD);
    const t = (await login('temp', PASSWORD, 'alpha.localhost', nextIp())).json().token;
    expect((await verify(t)).status).toBe(200);
    await f.auth.service.setUserStatus(f.journals.a, u!.id, 'disabled', OPERATOR);
    expect((await verify(t)).status).toBe(401);
  });
});

describe('own account', () => {
  it('reads and updates only the caller\'s own record; a new password needs the current one', async () => {
    const u = await f.auth.service.ensureUser(f.journals.a, 'self', PASSWORD);
    const t = (await login('self', PASSWORD, 'alpha.localhost', nextIp())).json().token;
    const auth = { authorization: `Bearer ${t}` };
    expect((await gw(f, `/api/users/${u!.id}`, { headers: auth })).json()).toEqual({ id: u!.id, name: 'self', role: 'manager' });
    expect((await gw(f, `/api/users/${userId}`, { headers: auth })).status).toBe(403);
    expect((await gw(f, '/api/users/not-an-id', { headers: auth })).status).toBe(400);
    expect((await gw(f, `/api/users/${u!.id}`)).status).toBe(401);

    const without = await gw(f, `/api/users/${u!.id}`, { method: 'POST', ...jsonBody({ name: 'self', password: 'a new password' }, auth) });
    expect([without.status, without.json().error]).toEqual([400, 'current_password_required']);
    const wrong = await gw(f, `/api/users/${u!.id}`, { method: 'POST', ...jsonBody({ name: 'self', password: 'a new password', currentPassword: 'not it' }, auth) });
    expect([wrong.status, wrong.json().error]).toEqual([403, 'wrong_current_password']);
    expect((await login('self', PASSWORD, 'alpha.localhost', nextIp())).status).toBe(200);

    await clockPastSecond(tokenIssuedSecond(t)); // sessions are ended by the second they were issued in
    const upd = await gw(f, `/api/users/${u!.id}`, { method: 'POST', ...jsonBody({ name: 'self2', password: 'a new password', currentPassword: PASSWORD }, auth) });
    expect(upd.status).toBe(200);
    expect(upd.headers['cache-control']).toBe('no-store');
    expect(upd.json().user).toEqual({ id: u!.id, name: 'self2', role: 'manager' });
    expect((await verify(t)).status).toBe(401);
    expect((await verify(upd.json().token)).status).toBe(200);
    expect((await login('self2', 'a new password', 'alpha.localhost', nextIp())).status).toBe(200);

    const other = await gw(f, `/api/users/${userId}`, { method: 'POST', ...jsonBody({ name: 'hijack' }, { authorization: `Bearer ${upd.json().token}` }) });
    expect(other.status).toBe(403);
  });
});

describe('stored user state', () => {
  const flushUserKeys = async (id: string) => {
    const Redis = (await import('ioredis')).default;
    const r = new Redis(process.env.REDIS_URL!);
    const keys = await r.keys(`${f.redisPrefix}auth:*${id}*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  };

  it('refuses a disabled user\'s and an ended session\'s token even after Redis lost its keys', async () => {
    const u = await f.auth.service.ensureUser(f.journals.a, 'flushed', PASSWORD);
    const t = (await login('flushed', PASSWORD, 'alpha.localhost', nextIp())).json().token;
    expect((await verify(t)).status).toBe(200);
    await clockPastSecond(tokenIssuedSecond(t)); // sessions are ended by the second they were issued in
    await f.auth.service.setUserStatus(f.journals.a, u!.id, 'disabled', OPERATOR);
    await flushUserKeys(u!.id);
    expect((await verify(t)).status).toBe(401);
    // Enabled again: the sessions from before the disabling stay ended; a new sign-in works.
    await f.auth.service.setUserStatus(f.journals.a, u!.id, 'enabled', OPERATOR);
    await flushUserKeys(u!.id);
    expect((await verify(t)).status).toBe(401);
    expect((await verify((await login('flushed', PASSWORD, 'alpha.localhost', nextIp())).json().token)).status).toBe(200);
  });

  it('refuses the token of a user that no longer exists', async () => {
    const u = await f.auth.service.ensureUser(f.journals.a, 'deleted', PASSWORD);
    const t = (await login('deleted', PASSWORD, 'alpha.localhost', nextIp())).json().token;
    expect((await verify(t)).status).toBe(200);
    const mongoose = (await import('mongoose')).default;
    const conn = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: f.dbName }).asPromise();
    await conn.collection('users').deleteOne({ _id: new mongoose.Types.ObjectId(u!.id) });
    await conn.close();
    // Once the fixture's user-state cache has let the user go.
    await eventually(async () => {
      const r = await verify(t);
      expect([r.status, r.json().message]).toEqual([401, 'User not found']);
    });
  });
});

describe('login throttling', () => {
  it('slows one address guessing one user name, with Retry-After; the owner elsewhere still signs in', async () => {
    const attacker = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login('editor', `wrong${i}`, 'alpha.localhost', attacker)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const held = await login('editor', PASSWORD, 'alpha.localhost', attacker);
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(held.json()).toMatchObject({ error: 'too_many_attempts', message: expect.stringContaining('try again in') });
    // The right password from another address is never refused because of someone else's failures.
    expect((await login('editor', PASSWORD, 'alpha.localhost', nextIp())).status).toBe(200);
  });

  it('checks no more passwords than the limit when 100 wrong ones arrive at once (each check is a 401, each refusal a 429)', async () => {
    const attacker = nextIp();
    const statuses = await Promise.all(Array.from({ length: 100 }, (_, i) => login('editor', `parallel${i}`, 'alpha.localhost', attacker).then((r) => r.status)));
    const count = (s: number) => statuses.filter((x) => x === s).length;
    expect([count(401), count(429)]).toEqual([5, 95]);
    // One address on 100 names at once: its own allowance bounds it.
    const spreader = nextIp();
    const spread = await Promise.all(Array.from({ length: 100 }, (_, i) => login(`name${i}`, 'x', 'alpha.localhost', spreader).then((r) => r.status)));
    expect([spread.filter((x) => x === 401).length, spread.filter((x) => x === 429).length]).toEqual([8, 92]);
    // The owner, elsewhere, signs in.
    expect((await login('editor', PASSWORD, 'alpha.localhost', nextIp())).status).toBe(200);
  });

  it('counts a user name in its normal form: case and width variants share one count', async () => {
    const attacker = nextIp();
    const statuses: number[] = [];
    for (const name of ['editor', 'EDITOR', 'Editor', 'ｅｄｉｔｏｒ', 'eDiToR', 'EDitor', 'editoR']) statuses.push((await login(name, 'wrong', 'alpha.localhost', attacker)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // And every variant signs the one user in.
    for (const name of ['EDITOR', 'ｅｄｉｔｏｒ']) expect((await login(name, PASSWORD, 'alpha.localhost', nextIp())).json().user).toMatchObject({ id: userId, name: 'editor' });
  });

  it('keys the address throttle on the real client address: a spoofed X-Forwarded-For does not reset it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await login(`user${i}`, 'x', 'alpha.localhost', { 'x-real-ip': '10.200.0.1', 'x-forwarded-for': `1.2.3.${i}` });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    expect((await login('someone', 'x', 'alpha.localhost', { 'x-real-ip': '10.200.0.2' })).status).toBe(401);
  });
});

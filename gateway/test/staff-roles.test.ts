/**
 * Staff roles, staff management and recent authentication through the gateway, against the real
 * content and auth services: takeover attempts fail, bad input changes nothing, and revoked or
 * disabled sessions stay refused after Redis lost its keys.
 */
import Redis from 'ioredis';
import mongoose from 'mongoose';
import { COMMON_PASSWORD_MESSAGE } from '@journal/contracts';
import { clockPastSecond, tokenIssuedSecond } from '@journal/testing';
import { OPERATOR } from '../../services/auth/src/auth.service';
import { gw, jsonBody, startFixture, type Fixture } from './stack.fixture';

let f: Fixture;
const PASSWORD = 'correct horse battery';
const ids: Record<string, string> = {};

let ipSeq = 0;
const nextIp = () => ({ 'x-real-ip': `10.3.0.${++ipSeq}` });
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const login = async (username: string, password = PASSWORD) => {
  const r = await gw(f, '/auth/login/', { method: 'POST', ...jsonBody({ username, password }, nextIp()) });
  expect([username, r.status]).toEqual([username, 200]);
  return r.json().token as string;
};
const post = (t: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  gw(f, path, { method: 'POST', ...jsonBody(body, { ...bearer(t), ...headers }) });
const get = (t: string, path: string) => gw(f, path, { headers: bearer(t) });
const reauth = (t: string, password = PASSWORD, ip = nextIp()) => post(t, '/auth/reauth', { password }, ip);
const staffList = async () => {
  const t = await login('boss');
  return (await get(t, '/api/users')).json() as { name: string; role: string; status: string }[];
};

/** Deletes every Redis key of this stack: what a `FLUSHALL` does to it, without touching other users of the server. */
async function flushRedis() {
  const r = new Redis(process.env.REDIS_URL!);
  const keys = await r.keys(`${f.redisPrefix}*`);
  if (keys.length) await r.del(...keys);
  r.disconnect();
}

beforeAll(async () => {
  f = await startFixture({ authEnv: { USER_STATE_CACHE_MS: '100' } });
  const a = f.journals.a;
  for (const [name, role] of [['boss', 'manager'], ['boss2', 'manager'], ['ed', 'editor'], ['ed2', 'editor'], ['wl', 'worklog']] as const) {
    ids[name] = (await f.auth.service.ensureUser(a, name, PASSWORD, [], role))!.id;
  }
});
afterAll(async () => {
  await f?.close();
});

describe('roles in tokens and on routes', () => {
  it('carries the role in the login answer, the token and verify-token', async () => {
    const r = await gw(f, '/auth/login/', { method: 'POST', ...jsonBody({ username: 'ed', password: PASSWORD }, nextIp()) });
    expect(r.json().user).toEqual({ id: ids.ed, name: 'ed', role: 'editor' });
    expect((await get(r.json().token, '/auth/verify-token')).json().user).toEqual({ id: ids.ed, name: 'ed', role: 'editor' });
  });

  it('an editor cannot list staff, reset a manager\'s password or change settings', async () => {
    const t = await login('ed');
    expect(await reauth(t).then((r) => r.status)).toBe(200);
    const tries = [
      await get(t, '/api/users'),
      await post(t, `/api/users/${ids.boss}/password`, { password: 'taken over 12345' }),
      await post(t, `/api/users/${ids.boss}/status`, { status: 'disabled' }),
      await post(t, `/api/users/${ids.ed}/role`, { role: 'manager' }),
      await post(t, '/api/users', { name: 'sneaky', password: 'a fine password 1', role: 'manager' }),
      await post(t, '/api/settings', { websitename: 'defaced' }),
    ];
    for (const r of tries) expect([r.status, r.json().error]).toEqual([403, 'role_forbidden']);
    await login('boss');
    expect((await staffList()).map((u) => u.name)).not.toContain('sneaky');
  });

  it('a work-log user cannot open the admin, settings or the staff', async () => {
    const t = await login('wl');
    for (const r of [await get(t, '/api/admin/'), await get(t, '/api/admin/archives'), await post(t, '/api/settings', {}), await get(t, '/api/users')]) {
      expect([r.status, r.json().error]).toEqual([403, 'role_forbidden']);
    }
    // Its own account stays its own.
    expect((await get(t, `/api/users/${ids.wl}`)).json()).toEqual({ id: ids.wl, name: 'wl', role: 'worklog' });
  });
});

describe('recent authentication', () => {
  it('asks a manager for the password again before resetting a password, and then accepts it', async () => {
    const t = await login('boss');
    const before = await post(t, `/api/users/${ids.ed2}/password`, { password: 'a new password 77' });
    expect([before.status, before.json().error]).toEqual([403, 'reauth_required']);
    const wrong = await reauth(t, 'not the password');
    expect([wrong.status, wrong.json().error]).toEqual([403, 'wrong_current_password']);
    const ok = await reauth(t);
    expect(ok.status).toBe(200);
    expect(ok.json()).toEqual({ ok: true, until: expect.any(String) });
    expect((await post(t, `/api/users/${ids.ed2}/password`, { password: 'a new password 77' })).status).toBe(200);
    await login('ed2', 'a new password 77');
  });

  it('keeps the re-check when Redis loses it, but only for the session that made it', async () => {
    const t = await login('boss');
    const other = await login('boss');
    expect((await reauth(t)).status).toBe(200);
    await flushRedis();
    expect((await post(t, `/api/users/${ids.ed2}/password`, { password: 'yet another pass 78' })).status).toBe(200);
    expect((await post(other, `/api/users/${ids.ed2}/password`, { password: 'yet another pass 79' })).json().error).toBe('reauth_required');
  });

  it('throttles wrong passwords per user, from any address', async () => {
    const t = await login('boss2');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await reauth(t, `guess ${i}`)).status);
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // The right password is held back too while the wait lasts.
    expect((await reauth(t)).status).toBe(429);
  });

  it('throttles the current-password check of the account page', async () => {
    const t = await login('wl');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await post(t, `/api/users/${ids.wl}`, { name: 'wl', password: 'a brand new pass 1', currentPassword: `guess ${i}` }, nextIp())).status);
    }
    expect(statuses.slice(5)).toEqual([429, 429]);
    await login('wl');
  });

  it('asks for it before changing DOI settings', async () => {
    const t = await login('boss');
    const body = { doi_prefix: '10.12345', doi_suffix_pattern: 'a.{refnumber}' };
    expect((await post(t, '/api/admin/doi-settings', body)).json().error).toBe('reauth_required');
    expect((await reauth(t)).status).toBe(200);
    expect((await post(t, '/api/admin/doi-settings', body)).status).toBe(200);
  });
});

describe('staff management rules', () => {
  let boss: string;
  beforeAll(async () => {
    boss = await login('boss');
    expect((await reauth(boss)).status).toBe(200);
  });

  it('creates a user with a role, and changes a role (ending the user\'s sessions)', async () => {
    const made = await post(boss, '/api/users', { name: 'newbie', password: 'a fine password 1', role: 'worklog' });
    expect([made.status, made.json().role]).toEqual([201, 'worklog']);
    const t = await login('newbie', 'a fine password 1');
    // The content service now caches the user as a work-log user.
    expect((await get(t, '/api/admin/archives')).json().error).toBe('role_forbidden');
    await clockPastSecond(tokenIssuedSecond(t)); // sessions end by the second they were issued in
    const changed = await post(boss, `/api/users/${made.json().id}/role`, { role: 'editor' });
    expect([changed.status, changed.json().role]).toEqual([200, 'editor']);
    expect((await get(t, '/auth/verify-token')).status).toBe(401);
    const again = await login('newbie', 'a fine password 1');
    expect((await get(again, '/api/admin/archives')).status).toBe(200);
  });

  it.each([
    ['an unknown role', () => `/api/users/${ids.ed}/role`, { role: 'superadmin' }, 400, 'validation_error'],
    ['a role change on oneself', () => `/api/users/${ids.boss}/role`, { role: 'editor' }, 400, 'cannot_change_own_role'],
    ['disabling oneself', () => `/api/users/${ids.boss}/status`, { status: 'disabled' }, 400, 'cannot_disable_self'],
    ['an unknown role on a new user', () => '/api/users', { name: 'x1', password: 'a fine password 1', role: 'owner' }, 400, 'validation_error'],
    ['a new user named with a control character', () => '/api/users', { name: 'evil\u001b[2J', password: 'a fine password 1', role: 'editor' }, 400, 'validation_error'],
  ])('refuses %s with a JSON message and changes nothing', async (_what, path, body, status, code) => {
    const before = await staffList();
    const r = await post(boss, path(), body);
    expect([r.status, r.json().error, typeof r.json().message]).toEqual([status, code, 'string']);
    expect(await staffList()).toEqual(before);
  });

  it('refuses renames to another user\'s name or with control characters, and stores nothing', async () => {
    const t = await login('ed');
    for (const [name, status] of [['boss', 409], ['ed\u0007', 400], ['ed\nboss', 400], [' ed', 400]] as const) {
      const r = await post(t, `/api/users/${ids.ed}`, { name });
      expect([JSON.stringify(name), r.status, typeof r.json().message]).toEqual([JSON.stringify(name), status, 'string']);
    }
    expect((await get(t, `/api/users/${ids.ed}`)).json().name).toBe('ed');
  });

  it('keeps the last enabled manager: the operator can neither disable nor demote it', async () => {
    const conn = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: f.dbName }).asPromise();
    const b = f.journals.b;
    const only = (await f.auth.service.ensureUser(b, 'solo', PASSWORD, [], 'manager'))!.id;
    await expect(f.auth.service.setUserStatus(b, only, 'disabled', OPERATOR)).rejects.toMatchObject({ status: 409, code: 'last_manager' });
    await expect(f.auth.service.setUserRole(b, only, 'editor', OPERATOR)).rejects.toMatchObject({ status: 409, code: 'last_manager' });
    const stored = await conn.collection('users').findOne({ _id: new mongoose.Types.ObjectId(only) });
    expect([stored?.status, stored?.role]).toEqual(['enabled', 'manager']);
    await conn.close();
  });

  it('a user the operator disabled stays disabled until the operator enables it', async () => {
    await f.auth.service.setUserStatus(f.journals.a, ids.ed2!, 'disabled', OPERATOR);
    const r = await post(boss, `/api/users/${ids.ed2}/status`, { status: 'enabled' });
    expect([r.status, r.json().error]).toEqual([403, 'operator_disabled']);
    expect((await staffList()).find((u) => u.name === 'ed2')?.status).toBe('disabled');
    await f.auth.service.setUserStatus(f.journals.a, ids.ed2!, 'enabled', OPERATOR);
    // A manager's own disabling can be undone by a manager.
    expect((await post(boss, `/api/users/${ids.ed2}/status`, { status: 'disabled' })).status).toBe(200);
    expect((await post(boss, `/api/users/${ids.ed2}/status`, { status: 'enabled' })).status).toBe(200);
  });
});

describe('one name, one person', () => {
  it('refuses a rename or a new user in another case of a taken name; every case signs the one user in', async () => {
    const rogue = await login('ed');
    for (const name of ['BOSS', 'Boss', 'bOsS']) {
      const r = await post(rogue, `/api/users/${ids.ed}`, { name });
      expect([name, r.status, r.json().error]).toEqual([name, 409, 'duplicate_username']);
    }
    // Names a screen shows alike (capital I and small l, O and 0, rn and m) are refused too.
    for (const name of ['B0SS', 'b0ss', 'Boss2'.replace('o', '0')]) {
      const r = await post(rogue, `/api/users/${ids.ed}`, { name });
      expect([name, r.status, r.json().error]).toEqual([name, 409, 'look_alike_username']);
    }
    // Full-width, Cyrillic and invisible look-alikes are refused by the name rule itself.
    for (const name of ['ｂｏｓｓ', 'bоss', 'bo\u200bss', 'boss\u202e']) expect([name, (await post(rogue, `/api/users/${ids.ed}`, { name })).status]).toEqual([name, 400]);
    expect((await get(rogue, `/api/users/${ids.ed}`)).json().name).toBe('ed');
    const boss = await login('boss');
    expect((await reauth(boss)).status).toBe(200);
    const made = await post(boss, '/api/users', { name: 'ED2', password: 'a fine password 1', role: 'editor' });
    expect([made.status, made.json().error]).toEqual([409, 'duplicate_username']);
    const alike = await post(boss, '/api/users', { name: 'vvl', password: 'a fine password 1', role: 'editor' });
    expect([alike.status, alike.json()]).toEqual([409, { error: 'look_alike_username', message: expect.stringContaining('looks like wl') }]);
    const r = await gw(f, '/auth/login/', { method: 'POST', ...jsonBody({ username: 'BOSS', password: PASSWORD }, nextIp()) });
    expect(r.json().user).toMatchObject({ id: ids.boss, name: 'boss' });
  });

  it("keeps a rogue's wrong re-checks off a manager's: the manager confirms at once from the same address", async () => {
    const rogue = await login('ed');
    const boss = await login('boss');
    const shared = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await reauth(rogue, `guess ${i}`, shared)).status);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect((await reauth(boss, PASSWORD, nextIp())).status).toBe(200);
  });
});

describe('common passwords', () => {
  it('are refused on creation, reset and change, with the message', async () => {
    const boss = await login('boss');
    expect((await reauth(boss)).status).toBe(200);
    const wl = await login('wl');
    for (const password of ['P@ssw0rd', 'Summer2024', '1q2w3e4r', 'Aa123456']) {
      const made = await post(boss, '/api/users', { name: 'commoner', password, role: 'editor' });
      const reset = await post(boss, `/api/users/${ids.boss2}/password`, { password });
      const own = await post(wl, `/api/users/${ids.wl}`, { name: 'wl', password, currentPassword: PASSWORD });
      for (const r of [made, reset, own]) expect([password, r.status, r.json()]).toEqual([password, 400, { error: 'weak_password', message: COMMON_PASSWORD_MESSAGE }]);
    }
    expect((await staffList()).some((u) => u.name === 'commoner')).toBe(false);
    await login('boss2');
    await login('wl');
  });
});

describe('revocation and disabling are stored', () => {
  const staffReads = (t: string) => [
    get(t, '/auth/verify-token'),
    get(t, '/api/admin/archives'),
    get(t, '/api/admin/stats/2026/1/1'),
    post(t, '/api/admin/archives/2026/1/1/crossref', { refs: ['1'] }),
    post(t, '/auth/logout', {}),
  ];

  it('refuses a logged-out token everywhere after Redis lost every key', async () => {
    const t = await login('ed');
    expect((await get(t, '/api/admin/stats/2026/1/1')).status).toBe(200);
    expect((await post(t, '/auth/logout', {})).status).toBe(200);
    await flushRedis();
    for (const r of await Promise.all(staffReads(t))) expect(r.status).toBe(401);
  });

  it('refuses a disabled user\'s live token everywhere after Redis lost every key', async () => {
    const t = await login('ed');
    const boss = await login('boss');
    expect((await reauth(boss)).status).toBe(200);
    expect((await post(boss, `/api/users/${ids.ed}/status`, { status: 'disabled' })).status).toBe(200);
    await flushRedis();
    for (const r of await Promise.all(staffReads(t))) expect(r.status).toBe(401);
    await f.auth.service.setUserStatus(f.journals.a, ids.ed!, 'enabled', OPERATOR);
  });
});

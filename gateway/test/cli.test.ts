/**
 * The operator CLI (`jp`) against the real database and Redis, and what its changes do through
 * the gateway: a new journal answers on its host, its new admin signs in there and nowhere else.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { CliResources, runCli, type CliIo } from '@journal/server-kit';
import { until } from '@journal/testing';
import { contentCliCommands } from '../../services/content/src/cli/journal-cli';
import { authCliCommands } from '../../services/auth/src/cli/user-cli';
import { gw, jsonBody, startFixture, type Fixture } from './stack.fixture';

let f: Fixture;
const ROOT = path.resolve(__dirname, '../..');
const PASSWORD = 'a long enough pass 7';

interface Run {
  code: number;
  out: string;
  err: string;
  json: () => any;
}

/** One `jp` command line, in process, with its own connections like a real run. */
async function jp(argv: string[], stdin = ''): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (t) => out.push(t), err: (t) => err.push(t), readStdin: async () => stdin };
  const res = new CliResources({ MONGO_URL: process.env.MONGO_URL, MONGO_DB: f.dbName, REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: f.redisPrefix });
  const code = await runCli([...contentCliCommands(res), ...authCliCommands(res)], argv, io);
  await res.close();
  return { code, out: out.join('\n'), err: err.join('\n'), json: () => JSON.parse(out.join('\n') || err.join('\n')) };
}

const login = (username: string, password: string, host: string) =>
  gw(f, '/auth/login/', { method: 'POST', host, ...jsonBody({ username, password }, { 'x-real-ip': '10.77.0.1' }) });

/** Polls until the gateway's host cache has caught up; the fixture keeps hosts for 1 s. */
const hostsCaughtUp = (check: () => Promise<boolean>) => until(check, "the gateway's host cache to catch up");

beforeAll(async () => {
  f = await startFixture({ authEnv: { USER_STATE_CACHE_MS: '100' } });
});
afterAll(async () => {
  await f?.close();
});

describe('jp journal', () => {
  it('creates a journal with default settings, idempotently', async () => {
    const r = await jp(['journal', 'create', '--slug', 'gamma', '--name', 'Gamma Letters', '--host', 'gamma.localhost', '--json']);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.json()).toMatchObject({ ok: true, changed: true, journal: { slug: 'gamma', name: 'Gamma Letters', hosts: ['gamma.localhost'], status: 'enabled' } });
    const again = await jp(['journal', 'create', '--slug', 'gamma', '--name', 'Gamma Letters', '--host', 'gamma.localhost', '--json']);
    expect([again.code, again.json().changed]).toEqual([0, false]);
    const show = await jp(['journal', 'show', '--journal', 'gamma', '--json']);
    expect(show.code).toBe(0);
    expect(show.json().journal).toMatchObject({
      websitename: 'Gamma Letters', domain: 'gamma.localhost', formatted_journal_name: 'Gamma Letters', journal_type: 'Online',
      journal_language: 'English', fee_rupee: '2000', fee_dollar: '50', home_content: '<p>Welcome to Gamma Letters.</p>',
      flags: { banner: 'sitename', showEditorContacts: false },
    });
    const list = await jp(['journal', 'list', '--json']);
    expect(list.json().journals.map((j: { slug: string }) => j.slug)).toEqual(['alpha', 'beta', 'gamma']);
    expect((await jp(['journal', 'list'])).out).toMatch(/^gamma\s+enabled\s+Gamma Letters\s+\[gamma\.localhost\]$/m);
  });

  it.each([
    [['--slug', 'my journal', '--name', 'X', '--host', 'x1.localhost'], 'invalid_slug', /has spaces.*"my-journal"/],
    [['--slug', 'Upper', '--name', 'X', '--host', 'x1.localhost'], 'invalid_slug', /not valid/],
    [['--slug', 'x1', '--name', 'X', '--host', 'x1.localhost:8080'], 'invalid_host', /has a port/],
    [['--slug', 'x1', '--name', 'X', '--host', 'x1.localhost.'], 'invalid_host', /ends with a dot/],
    [['--slug', 'x1', '--name', 'X', '--host', '*.localhost'], 'invalid_host', /wildcard/],
    [['--slug', 'x1', '--name', 'X', '--host', 'https://x1.localhost/'], 'invalid_host', /without scheme or path/],
    [['--slug', 'x1', '--name', 'X', '--host', 'bad_host!'], 'invalid_host', /not a valid host name/],
    [['--slug', 'x1', '--name', 'X', '--host', 'alpha.localhost'], 'host_taken', /already served by journal alpha/],
    [['--slug', 'gamma', '--name', 'Another Name', '--host', 'gamma.localhost'], 'journal_exists', /already exists/],
    [['--slug', 'x1', '--name', 'Evil\u202eJournal', '--host', 'x1.localhost'], 'invalid_name', /hidden text-direction/],
    [['--slug', 'x1', '--name', 'Nul\u0000Journal', '--host', 'x1.localhost'], 'invalid_name', /control characters/],
  ])('refuses create %j with %s, exit 1, and changes nothing', async (args, code, message) => {
    const before = (await jp(['journal', 'list', '--json'])).json();
    const r = await jp(['journal', 'create', ...args, '--json']);
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(JSON.parse(r.err)).toMatchObject({ ok: false, error: code, message: expect.stringMatching(message) });
    expect((await jp(['journal', 'list', '--json'])).json()).toEqual(before);
  });

  it('normalises upper case in hosts and says so', async () => {
    const r = await jp(['journal', 'create', '--slug', 'delta', '--name', 'Delta', '--host', 'Delta.LocalHost']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('stored in lower case as "delta.localhost"');
    expect((await jp(['journal', 'show', '--journal', 'delta', '--json'])).json().journal.hosts).toEqual(['delta.localhost']);
  });

  it('adds and removes hosts idempotently, refusing a taken host and the last one', async () => {
    const add = await jp(['journal', 'hosts', 'add', '--journal', 'delta', '--host', 'delta2.localhost', '--json']);
    expect([add.code, add.json().changed, add.json().journal.hosts]).toEqual([0, true, ['delta.localhost', 'delta2.localhost']]);
    expect((await jp(['journal', 'hosts', 'add', '--journal', 'delta', '--host', 'delta2.localhost', '--json'])).json().changed).toBe(false);
    const taken = await jp(['journal', 'hosts', 'add', '--journal', 'delta', '--host', 'beta.localhost']);
    expect([taken.code, taken.err]).toEqual([1, 'jp: Host beta.localhost is already served by journal beta']);
    const rm = await jp(['journal', 'hosts', 'remove', '--journal', 'delta', '--host', 'delta2.localhost', '--json']);
    expect([rm.code, rm.json().journal.hosts]).toEqual([0, ['delta.localhost']]);
    expect((await jp(['journal', 'hosts', 'remove', '--journal', 'delta', '--host', 'delta2.localhost', '--json'])).json().changed).toBe(false);
    const last = await jp(['journal', 'hosts', 'remove', '--journal', 'delta', '--host', 'delta.localhost']);
    expect(last.code).toBe(1);
    expect(last.err).toMatch(/only host of delta/);
  });

  it('makes one of the hosts primary: URLs name it and the other hosts redirect to it', async () => {
    expect((await jp(['journal', 'create', '--slug', 'zeta', '--name', 'Zeta', '--host', 'zeta.localhost', '--host', 'www.zeta.localhost'])).code).toBe(0);
    await hostsCaughtUp(async () => (await gw(f, '/api/settings/', { host: 'www.zeta.localhost' })).status === 301);
    expect((await gw(f, '/board?x=1', { host: 'www.zeta.localhost' })).headers.location).toBe('http://zeta.localhost/board?x=1');
    const set = await jp(['journal', 'hosts', 'primary', '--journal', 'zeta', '--host', 'WWW.zeta.localhost', '--json']);
    expect([set.code, set.json().changed, set.json().journal.hosts]).toEqual([0, true, ['www.zeta.localhost', 'zeta.localhost']]);
    expect((await jp(['journal', 'hosts', 'primary', '--journal', 'zeta', '--host', 'www.zeta.localhost', '--json'])).json().changed).toBe(false);
    expect((await jp(['journal', 'list'])).out).toContain('[www.zeta.localhost (primary), zeta.localhost]');
    // The gateway's host cache (1 s here) lets the change through.
    await hostsCaughtUp(async () => (await gw(f, '/api/settings/', { host: 'www.zeta.localhost' })).status === 200);
    expect((await gw(f, '/board', { host: 'zeta.localhost' })).headers.location).toBe('http://www.zeta.localhost/board');
    for (const [host, code, message] of [
      ['other.localhost', 1, /not a host of zeta/],
      ['www.zeta.localhost:8080', 1, /has a port/],
      ['*.zeta.localhost', 1, /wildcard/],
    ] as const) {
      const r = await jp(['journal', 'hosts', 'primary', '--journal', 'zeta', '--host', host]);
      expect({ host, code: r.code, err: message.test(r.err) }).toEqual({ host, code, err: true });
    }
    // Removing the primary host makes the next one primary, and says so.
    const rm = await jp(['journal', 'hosts', 'remove', '--journal', 'zeta', '--host', 'www.zeta.localhost']);
    expect(rm.out).toContain('zeta.localhost is now the primary host');
  });

  it('refuses an unknown journal (1) and bad command lines (2)', async () => {
    for (const argv of [['journal', 'show', '--journal', 'nope'], ['journal', 'disable', '--journal', 'nope'], ['user', 'list', '--journal', 'nope']]) {
      const r = await jp(argv);
      expect([argv.join(' '), r.code, r.err]).toEqual([argv.join(' '), 1, 'jp: No journal with slug nope (see `jp journal list`)']);
    }
    for (const argv of [['journal'], ['journal', 'frobnicate'], ['journal', 'show'], ['journal', 'show', '--journal', 'gamma', '--colour'], ['journal', 'create', '--slug', 'x']]) {
      const r = await jp(argv);
      expect([argv.join(' '), r.code]).toEqual([argv.join(' '), 2]);
      expect(r.err).toMatch(/Usage/);
    }
  });

  it('serves a new journal on its host within the host-cache time; disabling stops it, enabling brings it back', async () => {
    expect((await gw(f, '/api/settings/', { host: 'epsilon.localhost' })).status).toBe(404);
    expect((await jp(['journal', 'create', '--slug', 'epsilon', '--name', 'Epsilon Reports', '--host', 'epsilon.localhost'])).code).toBe(0);
    await hostsCaughtUp(async () => (await gw(f, '/api/settings/', { host: 'epsilon.localhost' })).status === 200);
    expect((await gw(f, '/api/settings/', { host: 'epsilon.localhost' })).json()).toMatchObject({ websitename: 'Epsilon Reports' });

    expect((await jp(['journal', 'disable', '--journal', 'epsilon'])).code).toBe(0);
    expect((await jp(['journal', 'disable', '--journal', 'epsilon', '--json'])).json().changed).toBe(false);
    await hostsCaughtUp(async () => (await gw(f, '/api/settings/', { host: 'epsilon.localhost' })).status === 404);
    expect((await jp(['journal', 'enable', '--journal', 'epsilon'])).code).toBe(0);
    await hostsCaughtUp(async () => (await gw(f, '/api/settings/', { host: 'epsilon.localhost' })).status === 200);
  });
});

describe('jp user', () => {
  it('creates the new journal\'s admin, who signs in there and nowhere else', async () => {
    const r = await jp(['user', 'create', '--journal', 'epsilon', '--name', 'chief', '--role', 'manager', '--password-stdin', '--json'], `${PASSWORD}\n`);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.json()).toMatchObject({ ok: true, user: { name: 'chief', status: 'enabled', role: 'manager', createdby: 'operator' } });
    expect(r.json().password).toBeUndefined();
    await hostsCaughtUp(async () => (await login('chief', PASSWORD, 'epsilon.localhost')).status === 200);
    for (const host of ['alpha.localhost', 'beta.localhost', 'gamma.localhost']) expect([host, (await login('chief', PASSWORD, host)).status]).toEqual([host, 401]);
  });

  it('makes and prints a password when none is piped', async () => {
    const r = await jp(['user', 'create', '--journal', 'epsilon', '--name', 'second', '--role', 'manager', '--json']);
    expect(r.code).toBe(0);
    const pw = r.json().password as string;
    expect(pw.length).toBeGreaterThanOrEqual(20);
    expect((await login('second', pw, 'epsilon.localhost')).status).toBe(200);
  });

  it.each([
    [['--name', 'chief'], PASSWORD, 'duplicate_username', /already exists/],
    [['--name', 'weakling'], 'short', 'weak_password', /at least 8 characters/],
    [['--name', 'weakling'], 'password123', 'weak_password', /too common/],
    [['--name', 'two words'], PASSWORD, 'invalid_username', /User name must be/],
    [['--name', 'x'], '', 'empty_password', /No password/],
  ])('refuses user create %j: %s', async (args, stdin, code, message) => {
    const before = (await jp(['user', 'list', '--journal', 'epsilon', '--json'])).json();
    const r = await jp(['user', 'create', '--journal', 'epsilon', '--role', 'editor', ...args, '--password-stdin', '--json'], stdin);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.err)).toMatchObject({ ok: false, error: code, message: expect.stringMatching(message) });
    expect((await jp(['user', 'list', '--journal', 'epsilon', '--json'])).json()).toEqual(before);
  });

  it('lists, disables (ending live sessions at once), enables and resets passwords', async () => {
    const list = await jp(['user', 'list', '--journal', 'epsilon', '--json']);
    expect(list.json().users.map((u: { name: string }) => u.name)).toEqual(['chief', 'second']);
    expect(list.json().users[0]).not.toHaveProperty('passwordHash');

    const token = (await login('chief', PASSWORD, 'epsilon.localhost')).json().token as string;
    const verify = () => gw(f, '/auth/verify-token/', { host: 'epsilon.localhost', headers: { authorization: `Bearer ${token}` } });
    expect((await verify()).status).toBe(200);
    expect((await jp(['user', 'disable', '--journal', 'epsilon', '--name', 'chief'])).code).toBe(0);
    expect((await verify()).status).toBe(401);
    expect((await login('chief', PASSWORD, 'epsilon.localhost')).json().error).toBe('disabled');
    expect((await jp(['user', 'disable', '--journal', 'epsilon', '--name', 'chief', '--json'])).json().changed).toBe(false);
    expect((await jp(['user', 'enable', '--journal', 'epsilon', '--name', 'chief'])).code).toBe(0);
    expect((await login('chief', PASSWORD, 'epsilon.localhost')).status).toBe(200);

    const reset = await jp(['user', 'reset-password', '--journal', 'epsilon', '--name', 'chief', '--password-stdin'], 'another fine pass 9');
    expect(reset.code).toBe(0);
    expect((await login('chief', PASSWORD, 'epsilon.localhost')).status).toBe(401);
    expect((await login('chief', 'another fine pass 9', 'epsilon.localhost')).status).toBe(200);
    const weak = await jp(['user', 'reset-password', '--journal', 'epsilon', '--name', 'chief', '--password-stdin'], 'abc');
    expect(weak.code).toBe(1);
    const unknown = await jp(['user', 'disable', '--journal', 'epsilon', '--name', 'ghost']);
    expect([unknown.code, unknown.err]).toEqual([1, 'jp: No user named ghost in this journal']);
  });

  it('reports accounts stored under one name in two cases, and settles them with a rename', async () => {
    const mongoose = (await import('mongoose')).default;
    const conn = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: f.dbName }).asPromise();
    const journal = await conn.collection('journals').findOne({ slug: 'epsilon' });
    // As stored before names were compared in their normal form.
    await conn.collection('users').insertOne({ journalId: journal!._id, name: 'CHIEF', passwordHash: 'x', status: 'enabled', role: 'editor', allowedIps: [] });
    await conn.collection('users').insertOne({ journalId: journal!._id, name: 'sec0nd', nameKey: 'sec0nd', passwordHash: 'x', status: 'enabled', role: 'editor', allowedIps: [] });
    await conn.close();
    const list = await jp(['user', 'list', '--journal', 'epsilon']);
    expect(list.out).toContain('name clashes');
    expect(list.out).toContain('  CHIEF, chief\n');
    expect(list.out).toContain('look-alike names');
    expect(list.out).toContain('  sec0nd, second\n');
    expect((await jp(['user', 'list', '--journal', 'epsilon', '--json'])).json()).toMatchObject({ clashes: [['CHIEF', 'chief']], lookAlikes: [['sec0nd', 'second']] });
    expect((await jp(['user', 'disable', '--journal', 'epsilon', '--name', 'sec0nd'])).code).toBe(0);
    // Until settled, each signs in by its exact name only.
    expect((await login('chief', 'another fine pass 9', 'epsilon.localhost')).status).toBe(200);
    const renamed = await jp(['user', 'rename', '--journal', 'epsilon', '--name', 'CHIEF', '--to', 'chief.impostor', '--json']);
    expect([renamed.err, renamed.code]).toEqual(['', 0]);
    expect(renamed.json().user.name).toBe('chief.impostor');
    const again = await jp(['user', 'rename', '--journal', 'epsilon', '--name', 'chief.impostor', '--to', 'Chief', '--json']);
    expect([again.code, JSON.parse(again.err).error]).toEqual([1, 'duplicate_username']);
    expect((await jp(['user', 'list', '--journal', 'epsilon', '--json'])).json().clashes).toEqual([]);
    expect((await login('CHIEF', 'another fine pass 9', 'epsilon.localhost')).json().user.name).toBe('chief');
    expect((await jp(['user', 'disable', '--journal', 'epsilon', '--name', 'chief.impostor'])).code).toBe(0);
  });

  it('changes roles, refuses an unknown role and keeps the last enabled manager', async () => {
    const made = await jp(['user', 'create', '--journal', 'epsilon', '--name', 'clerk', '--role', 'worklog', '--json']);
    expect(made.json().user.role).toBe('worklog');
    const bad = await jp(['user', 'role', '--journal', 'epsilon', '--name', 'clerk', '--role', 'owner', '--json']);
    expect([bad.code, JSON.parse(bad.err).error]).toEqual([1, 'validation_error']);
    const changed = await jp(['user', 'role', '--journal', 'epsilon', '--name', 'clerk', '--role', 'editor']);
    expect([changed.code, changed.out]).toEqual([0, expect.stringMatching(/^role changed: clerk +editor +enabled$/)]);
    expect((await jp(['user', 'role', '--journal', 'epsilon', '--name', 'second', '--role', 'editor'])).code).toBe(0);
    const last = await jp(['user', 'role', '--journal', 'epsilon', '--name', 'chief', '--role', 'editor', '--json']);
    expect([last.code, JSON.parse(last.err).error]).toEqual([1, 'last_manager']);
    const lastOff = await jp(['user', 'disable', '--journal', 'epsilon', '--name', 'chief', '--json']);
    expect([lastOff.code, JSON.parse(lastOff.err).error]).toEqual([1, 'last_manager']);
    const list = (await jp(['user', 'list', '--journal', 'epsilon', '--json'])).json().users as { name: string; role: string; status: string }[];
    expect(list.find((u) => u.name === 'chief')).toMatchObject({ role: 'manager', status: 'enabled' });
  });

  it('escapes control characters of stored names and arguments in what it prints', async () => {
    const mongoose = (await import('mongoose')).default;
    const conn = await mongoose.createConnection(process.env.MONGO_URL!, { dbName: f.dbName }).asPromise();
    const j = await conn.collection('journals').findOne({ slug: 'epsilon' });
    // A name stored before the name rules (or by hand): it must not reach the terminal raw.
    await conn.collection('users').insertOne({ journalId: j!._id, name: 'evil\u001b[2J\rname', passwordHash: 'x', status: 'enabled', role: 'editor', allowedIps: [] });
    await conn.close();
    const list = await jp(['user', 'list', '--journal', 'epsilon']);
    // eslint-disable-next-line no-control-regex -- no control character may reach the terminal
    expect(list.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(list.out).toContain('evil\\u001b[2J\\u000dname');
    const missing = await jp(['user', 'disable', '--journal', 'epsilon', '--name', 'ghost\u001b]0;pwned\u0007']);
    expect(missing.err).toBe('jp: No user named ghost\\u001b]0;pwned\\u0007 in this journal');
  });
});

describe('the jp executable', () => {
  const run = (args: string[]) =>
    new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'node_modules/.bin/tsx'), path.join(ROOT, 'scripts/jp.ts'), ...args], {
        env: { ...process.env, MONGO_DB: f.dbName, REDIS_PREFIX: f.redisPrefix },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c));
      child.stderr.on('data', (c: Buffer) => (err += c));
      child.on('close', (code) => resolve({ code, out, err }));
    });

  it('exits 0, 1 and 2 as documented', async () => {
    const ok = await run(['journal', 'list', '--json']);
    expect([ok.code, JSON.parse(ok.out).ok]).toEqual([0, true]);
    const refused = await run(['journal', 'show', '--journal', 'nope', '--json']);
    expect([refused.code, JSON.parse(refused.err).error]).toEqual([1, 'unknown_journal']);
    const usage = await run(['journal', 'show']);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('--journal is required');
  });
});

/**
 * The role matrix, generated from the one list of staff routes (`staffRoutes` in the contracts):
 * every route of every service × every role, no token and a revoked token, through nginx against
 * the whole stack. Then the takeover attempts: an editor resetting a manager's password, a
 * work-log user opening settings, a disabled user's live token and a revoked token after Redis
 * lost every revocation key.
 */
import Redis from 'ioredis';
import type { Browser } from 'puppeteer-core';
import { staffRoutes, staffRoles, type StaffRole, type StaffRoute } from '@journal/contracts';
import { BASE, DEMO_USER, launchBrowser, loginAs, newPage } from './harness';

const run = Date.now().toString(36).slice(-6);
const PASSWORD = `matrix pass ${run}!`;
type Caller = StaffRole | 'no token' | 'revoked';
const callers: Caller[] = [...staffRoles, 'no token', 'revoked'];

interface Answer {
  status: number;
  error?: string;
}

async function call(method: string, path: string, token?: string, body: unknown = {}): Promise<Answer & { json: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const r = await fetch(`${BASE}${path}`, { method, headers, body: method === 'GET' ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Files (documents) are not JSON; the status says enough.
  }
  return { status: r.status, error: typeof json.error === 'string' ? json.error : undefined, json };
}

const login = async (username: string, password: string): Promise<{ token: string; id: string }> => {
  const r = await call('POST', '/auth/login/', undefined, { username, password });
  expect([username, r.status]).toEqual([username, 200]);
  return { token: r.json.token as string, id: (r.json.user as { id: string }).id };
};

/** A concrete path for a route pattern: ids that match nothing, an issue that does not exist. */
const concrete = (p: string) =>
  p.replace(':id', 'aaaaaaaaaaaaaaaaaaaaaaaa').replace(':reviewId', 'bbbbbbbbbbbbbbbbbbbbbbbb').replace(':year', '2099').replace(':vol', '1').replace(':issue', '1').replace(':kind', 'nope');

/**
 * Deletes every revocation and session key of the stack's Redis: what a `FLUSHALL` does to them,
 * without wiping a server other suites share.
 */
async function flushAuthKeys() {
  const redis = new Redis(process.env.REDIS_URL!);
  try {
    const keys = await redis.keys(`${process.env.E2E_REDIS_PREFIX}auth:*`);
    if (keys.length) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}

const tokens: Partial<Record<Caller, string>> = {};
const users: Record<string, { token: string; id: string; name: string }> = {};
let manager: string;

beforeAll(async () => {
  manager = (await login(DEMO_USER.name, DEMO_USER.password)).token;
  expect((await call('POST', '/auth/reauth', manager, { password: DEMO_USER.password })).status).toBe(200);
  for (const role of staffRoles) {
    const name = `mx${role}${run}`;
    const made = await call('POST', '/api/users', manager, { name, password: PASSWORD, role });
    expect([name, made.status]).toEqual([name, 201]);
    users[role] = { ...(await login(name, PASSWORD)), name };
    tokens[role] = users[role]!.token;
  }
  const revoked = await login(users.editor!.name, PASSWORD);
  expect((await call('POST', '/auth/logout/', revoked.token)).status).toBe(200);
  await flushAuthKeys();
  tokens.revoked = revoked.token;
}, 60_000);

/** What each caller must get: 401 without a valid session, 403 `role_forbidden` outside the route's roles, else the route's own answer. */
function check(route: StaffRoute, caller: Caller, a: Answer) {
  const where = `${caller} ${route.method} ${route.path}`;
  if (caller === 'no token' || caller === 'revoked') {
    expect([where, a.status]).toEqual([where, 401]);
  } else if (!route.roles.includes(caller)) {
    expect([where, a.status, a.error]).toEqual([where, 403, 'role_forbidden']);
  } else {
    // Admitted: whatever the route says about this input (404, 400, 403 reauth_required...) but never a refusal of the session or role.
    expect([where, a.status === 401, a.error === 'role_forbidden', a.status >= 500]).toEqual([where, false, false, false]);
  }
}

describe('role matrix (every staff route × every caller)', () => {
  const routes = Object.entries(staffRoutes);

  it('covers every service', () => {
    expect(new Set(routes.map(([, r]) => r.service))).toEqual(new Set(['content', 'auth', 'worklog', 'pdf']));
  });

  it.each(routes)('%s', async (_name, route) => {
    for (const caller of callers) {
      // A logout ends the session it is called with: each caller logs out a session of its own.
      const token = route.path === '/auth/logout' && staffRoles.includes(caller as StaffRole)
        ? (await login(users[caller]!.name, PASSWORD)).token
        : tokens[caller];
      check(route, caller, await call(route.method, concrete(route.path), token));
    }
  });
});

describe('takeover attempts', () => {
  it('an editor cannot reset a manager\'s password, even after confirming its own', async () => {
    const ed = tokens.editor!;
    expect((await call('POST', '/auth/reauth', ed, { password: PASSWORD })).status).toBe(200);
    const r = await call('POST', `/api/users/${users.manager!.id}/password`, ed, { password: 'taken over 123456' });
    expect([r.status, r.error]).toEqual([403, 'role_forbidden']);
    await login(users.manager!.name, PASSWORD);
  });

  it('a work-log user cannot open or change settings', async () => {
    for (const [m, p] of [['POST', '/api/settings'], ['POST', '/api/admin/doi-settings'], ['GET', '/api/admin/'], ['GET', '/api/users']] as const) {
      const r = await call(m, p, tokens.worklog!, { websitename: 'defaced' });
      expect([p, r.status, r.error]).toEqual([p, 403, 'role_forbidden']);
    }
    expect((await call('GET', '/api/settings/')).json.websitename).not.toBe('defaced');
  });

  it('a disabled user\'s live token is refused everywhere, also after Redis lost its keys', async () => {
    const victim = await login(users.worklog!.name, PASSWORD);
    expect((await call('GET', '/api/webdata', victim.token)).status).toBe(200);
    expect((await call('POST', `/api/users/${victim.id}/status`, manager, { status: 'disabled' })).status).toBe(200);
    await flushAuthKeys();
    for (const [m, p] of [['GET', '/api/webdata'], ['GET', '/auth/verify-token/'], ['GET', `/api/users/${victim.id}`]] as const) {
      expect([p, (await call(m, p, victim.token)).status]).toEqual([p, 401]);
    }
    expect((await call('POST', `/api/users/${victim.id}/status`, manager, { status: 'enabled' })).status).toBe(200);
  });

  it('a revoked token stays refused on every service after Redis lost its keys', async () => {
    for (const [m, p] of [
      ['GET', '/auth/verify-token/'], ['GET', '/api/admin/archives'], ['GET', '/api/admin/stats/2099/1/1'],
      ['POST', '/api/admin/archives/2099/1/1/crossref'], ['GET', '/api/webdata'], ['POST', '/api/pdf/indexpage'], ['POST', '/auth/logout/'],
    ] as const) {
      expect([p, (await call(m, p, tokens.revoked!)).status]).toEqual([p, 401]);
    }
  });
});

describe('the admin by role, in a real browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  const tilesOf = async (role: StaffRole) => {
    const page = await newPage(browser);
    await loginAs(page, BASE, '/admin/login', { name: users[role]!.name, password: PASSWORD });
    await page.waitForSelector('.tile-title');
    const tiles = await page.$$eval('.tile-title', (ts) => ts.map((t) => t.textContent));
    const search = await page.$('.admin-search');
    // A page the role does not open goes back to the dashboard.
    await page.goto(`${BASE}/admin/settings`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.tile-title');
    const afterSettings = await page.evaluate(() => location.pathname);
    await page.goto(`${BASE}/webdata`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('.worklog-main');
    const worklog = await page.$eval('.worklog-main', (m) => (m as HTMLElement).innerText.trim());
    await page.close();
    return { tiles, search: search !== null, afterSettings, worklog: worklog.startsWith('The work-log is not open to your role.'), errors: page.errors };
  };

  it('an editor sees no staff or settings, and is told the work-log is not theirs', async () => {
    expect(await tilesOf('editor')).toEqual({ tiles: ['Archives', 'Editors', 'Reviewers', 'Indexing'], search: true, afterSettings: '/admin', worklog: true, errors: [] });
  });

  it('a work-log user sees only the work-log', async () => {
    expect(await tilesOf('worklog')).toEqual({ tiles: ['Work-log'], search: false, afterSettings: '/admin', worklog: false, errors: [] });
  });
});

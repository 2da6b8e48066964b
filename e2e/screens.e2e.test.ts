/**
 * Every screen on a phone and on a desktop (docs/product.md#layout), in a real Chromium against the
 * whole stack: every route of the public site, the admin and the work-log at 360 px and 1366 px,
 * failing on anything that runs past the window's right edge (a wide table must scroll inside its
 * own box); and axe on every staff screen with every rule, the experimental ones included, as
 * each staff role sees it (a manager, an editor, a work-log user).
 */
import type { Browser, Page } from 'puppeteer-core';
import { staffRoles, type StaffRole } from '@journal/contracts';
import { apiOf, BASE, DEMO_USER, launchBrowser, loginAs, newPage } from './harness';
import { axeViolations, overflow, show } from './screen-checks';

const WIDTHS = [360, 1366] as const;

let browser: Browser;
let page: Awaited<ReturnType<typeof newPage>>;
const routes = { public: [] as string[], admin: [] as string[], webdata: [] as string[] };

const session = (p: Page) => p.evaluate(() => JSON.parse(localStorage.getItem('journal_admin_jwt') ?? 'null') as { token: string; user: { id: string } });
const staffGet = async <T>(p: Page, url: string): Promise<T> =>
  p.evaluate(async (u, t) => (await fetch(u, { headers: { Authorization: `Bearer ${t}` } })).json(), url, (await session(p)).token) as Promise<T>;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await loginAs(page, BASE);
  // The demo journal's own records: an issue with articles, an editor, the signed-in user.
  const years = await apiOf<{ year: number; issues?: { volume: number; issue: number }[]; volume: number; total_issues: number }[]>(BASE, '/api/archives/');
  const y = years[0]!;
  const iss = y.issues?.[0] ?? { volume: y.volume, issue: y.total_issues };
  const articles = await apiOf<{ refnumber: string }[]>(BASE, `/api/archives/${y.year}/${iss.volume}/${iss.issue}`);
  const issue = `/archives/${y.year}/vol${iss.volume}/issue${iss.issue}`;
  routes.public = [
    '/', '/archives', issue, `${issue}/${articles[0]!.refnumber}`, '/board', '/instructions', '/indexing', '/indexing-and-abstracting',
    '/contact', '/about', '/search?keyword=soil', `/pdf?refno=${articles[0]!.refnumber}`, '/privacy-policy', '/terms-and-conditions',
  ];
  const adminIssue = await staffGet<{ articles: { id: string }[] }>(page, `/api/admin/archives/${y.year}/${iss.volume}/${iss.issue}`);
  const editors = await staffGet<{ id: string }[]>(page, '/api/admin/editors');
  // A SUSHI customer with a long name: the usage screen's list and its "Usage of" choice at their widest,
  // whichever suites ran before this one.
  const made = await page.evaluate(
    async (t, password, customerId) => {
      const headers = { Authorization: `Bearer ${t}`, 'content-type': 'application/json' };
      await fetch('/auth/reauth', { method: 'POST', headers, body: JSON.stringify({ password }) });
      const name = 'Indian Agricultural Research Institute Library and Documentation Centre';
      return (await fetch('/api/admin/counter/customers', { method: 'POST', headers, body: JSON.stringify({ name, customerId }) })).status;
    },
    (await session(page)).token, DEMO_USER.password, `screens-${Date.now().toString(36)}`,
  );
  expect(made).toBe(201);
  routes.admin = [
    '/admin', '/admin/archives', `/admin/archives/${y.year}/${iss.volume}/${iss.issue}`, `/admin/archives/add/${y.year}/${iss.volume}/${iss.issue}`,
    `/admin/archives/${adminIssue.articles[0]!.id}`, '/admin/editors', '/admin/editors/add', `/admin/editors/${editors[0]!.id}`, '/admin/settings',
    '/admin/indexing', '/admin/users', '/admin/activity', `/admin/account/${(await session(page)).user.id}`, '/admin/search?q=soil', '/admin/usage',
    '/admin/not-found',
  ];
  // Sections the dashboard links to that the list above does not name yet come along too.
  await show(page, `${BASE}/admin`);
  const linked = await page.$$eval('a[href^="/admin/"]', (as) => as.map((a) => a.getAttribute('href')!));
  for (const href of linked) if (!routes.admin.includes(href)) routes.admin.push(href);
  routes.webdata = ['/webdata', '/webdata/addentris', '/webdata/urgent'];
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe.each(WIDTHS)('at %i px nothing runs past the window', (width) => {
  beforeAll(() => page.setViewport({ width, height: 800 }));

  it.each(['public', 'admin', 'webdata'] as const)('%s routes', async (area) => {
    const found: Record<string, unknown> = {};
    for (const r of routes[area]) {
      await show(page, `${BASE}${r}`);
      const o = await overflow(page);
      if (o.scrollWidth > o.width || o.past.length) found[r] = o;
    }
    expect(found).toEqual({});
  }, 300_000);

  it('the sign-in screens', async () => {
    const p = await newPage(browser);
    await p.setViewport({ width, height: 800 });
    const found: Record<string, unknown> = {};
    for (const r of ['/admin/login', '/webdata/login']) {
      await show(p, `${BASE}${r}`);
      const o = await overflow(p);
      if (o.scrollWidth > o.width || o.past.length) found[r] = o;
    }
    await p.close();
    expect(found).toEqual({});
  });
});

describe('axe finds nothing on any staff screen', () => {
  beforeAll(() => page.setViewport({ width: 1366, height: 900 }));

  it.each(['admin', 'webdata'] as const)('%s', async (area) => {
    const found: Record<string, string[]> = {};
    for (const r of routes[area]) {
      await show(page, `${BASE}${r}`);
      const v = await axeViolations(page);
      if (v.length) found[r] = v;
    }
    expect(found).toEqual({});
  }, 300_000);

  it('the sign-in screens', async () => {
    const p = await newPage(browser);
    const found: Record<string, string[]> = {};
    for (const r of ['/admin/login', '/webdata/login']) {
      await show(p, `${BASE}${r}`);
      const v = await axeViolations(p);
      if (v.length) found[r] = v;
    }
    await p.close();
    expect(found).toEqual({});
  });

  /**
   * The other roles see other screens on the same routes: fewer tiles and menus, the reason a page
   * is not theirs, the reports without the SUSHI customers. Each signs in as a user of its own.
   */
  const run = Date.now().toString(36).slice(-6);
  const PASSWORD = `screens pass ${run}!`;
  const post = async (path: string, token: string, body: unknown) => {
    const r = await fetch(`${BASE}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    return { status: r.status, json: (await r.json().catch(() => ({}))) as Record<string, unknown> };
  };

  it.each(staffRoles.filter((r): r is Exclude<StaffRole, 'manager'> => r !== 'manager'))('as %s', async (role) => {
    const { token } = await session(page);
    expect((await post('/auth/reauth', token, { password: DEMO_USER.password })).status).toBe(200);
    const name = `scr${role}${run}`;
    const made = await post('/api/users', token, { name, password: PASSWORD, role });
    expect([name, made.status]).toEqual([name, 201]);
    const p = await newPage(browser);
    await p.setViewport({ width: 1366, height: 900 });
    await loginAs(p, BASE, role === 'worklog' ? '/webdata/login' : '/admin/login', { name, password: PASSWORD });
    const own = `/admin/account/${(await session(p)).user.id}`;
    const found: Record<string, string[]> = {};
    for (const r of [...routes.admin.map((x) => (x.startsWith('/admin/account/') ? own : x)), ...routes.webdata]) {
      await show(p, `${BASE}${r}`);
      const v = await axeViolations(p);
      if (v.length) found[r] = v;
    }
    // The usage screen as an editor: the reports, not the institutions that harvest them.
    await show(p, `${BASE}/admin/usage`);
    const headings = await p.$$eval('h2', (hs) => hs.map((h) => h.textContent));
    await p.close();
    expect(found).toEqual({});
    if (role === 'editor') expect(headings).toEqual(['COUNTER reports']);
  }, 300_000);
});

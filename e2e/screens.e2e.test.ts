/**
 * Every screen on a phone and on a desktop (docs/product.md#layout), in a real Chromium against the
 * whole stack: every route of the public site, the admin and the work-log at 360 px and 1366 px,
 * failing on anything that runs past the window's right edge (a wide table must scroll inside its
 * own box); and axe on every staff screen with every rule, the experimental ones included.
 */
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { apiOf, BASE, launchBrowser, loginAs, newPage } from './harness';

const AXE_SOURCE = readFileSync(require.resolve('axe-core'), 'utf8');
const WIDTHS = [360, 1366] as const;

let browser: Browser;
let page: Awaited<ReturnType<typeof newPage>>;
const routes = { public: [] as string[], admin: [] as string[], webdata: [] as string[] };

/** Shows the screen and waits until it has loaded what it shows (no loading state, the network quiet). */
async function show(p: Page, url: string) {
  await p.goto(url, { waitUntil: 'networkidle0' });
  await p.waitForFunction(() => !document.querySelector('.state-loading, [aria-busy=true]'), { timeout: 20_000 }).catch(() => undefined);
  await p.waitForNetworkIdle({ idleTime: 200, timeout: 10_000 }).catch(() => undefined);
}

/**
 * What runs past the window's right edge: the page's own scroll width, and the elements whose box
 * ends beyond the window and are not inside a box that scrolls or clips them within it.
 */
const overflow = (p: Page) =>
  p.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const held = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.documentElement; a = a.parentElement) {
        if (getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= vw + 1) return true;
      }
      return false;
    };
    const past: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.right <= vw + 1) continue;
      if (getComputedStyle(el).visibility === 'hidden' || held(el)) continue;
      past.push(`${name(el)} ends at ${Math.round(r.right)}px`);
    }
    return { scrollWidth: document.documentElement.scrollWidth, width: vw, past: past.slice(0, 6) };
  });

/** Every axe violation, whatever its impact, with the experimental rules on. */
async function axeViolations(p: Page) {
  await p.evaluate(AXE_SOURCE);
  return p.evaluate(async () => {
    type Axe = {
      getRules(tags: string[]): { ruleId: string }[];
      run(ctx: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
    };
    const axe = (window as unknown as { axe: Axe }).axe;
    const rules = Object.fromEntries(axe.getRules(['experimental']).map((r) => [r.ruleId, { enabled: true }]));
    const r = await axe.run(document, { resultTypes: ['violations'], rules });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  });
}

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
  routes.admin = [
    '/admin', '/admin/archives', `/admin/archives/${y.year}/${iss.volume}/${iss.issue}`, `/admin/archives/add/${y.year}/${iss.volume}/${iss.issue}`,
    `/admin/archives/${adminIssue.articles[0]!.id}`, '/admin/editors', '/admin/editors/add', `/admin/editors/${editors[0]!.id}`, '/admin/settings',
    '/admin/indexing', '/admin/users', '/admin/activity', `/admin/account/${(await session(page)).user.id}`, '/admin/search?q=soil', '/admin/not-found',
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
});

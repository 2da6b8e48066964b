/**
 * The activity log on the whole stack behind nginx: a staff write made through the API appears
 * once on the manager's /admin/activity screen with its actor and change; the API refuses a
 * `javascript:` link with a clear 400; the log's API needs a manager's token and is never cached.
 */
import type { Browser } from 'puppeteer-core';
import { BASE, launchBrowser, loginAs, newPage, onHost } from './harness';

type TestPage = Awaited<ReturnType<typeof newPage>>;

let browser: Browser;
let page: TestPage;
const YEAR = 2000 + Math.floor(Math.random() * 20);
const VOL = 500 + Math.floor(Math.random() * 400);

beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await loginAs(page, BASE);
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** A call from the signed-in admin's page, with its token, through nginx and the gateway. */
const call = (method: string, path: string, body?: unknown) =>
  page.evaluate(
    async (m, p, b) => {
      const token = (JSON.parse(localStorage.getItem('journal_admin_jwt') ?? '{}') as { token?: string }).token;
      const r = await fetch(p, { method: m, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: b === undefined ? undefined : JSON.stringify(b) });
      return { status: r.status, body: (await r.json()) as { error?: string; message?: string; total?: number } };
    },
    method,
    path,
    body,
  );

test('a write shows once on the activity screen, with who made it and what changed', async () => {
  const created = await call('POST', '/api/admin/create-issue', { year: YEAR, volume: VOL, issue: 1, frequency: 'Jan-Mar' });
  expect(created.status).toBe(201);

  await page.goto(`${BASE}/admin/activity`, { waitUntil: 'networkidle0' });
  await page.select('#activity-kind', 'issue.create');
  await page.click('.activity-filters button[type=submit]');
  const label = `issue ${YEAR} vol ${VOL} issue 1`;
  await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout: 20_000 }, label);
  const rows = await page.$$eval('table[aria-label=Activity] tbody tr', (trs) => trs.map((tr) => (tr as HTMLElement).innerText));
  const mine = rows.filter((r) => r.includes(label));
  expect(mine).toHaveLength(1);
  expect(mine[0]).toContain('admin (manager)');
  expect(mine[0]).toContain('frequency: empty → jan-mar');
  expect(page.errors).toEqual([]);
});

test('a javascript: link is refused with a clear message and changes nothing', async () => {
  const before = await call('GET', '/api/activity?kind=settings');
  const r = await call('POST', '/api/settings', { google_review_link: 'javascript:alert(document.cookie)' });
  expect([r.status, r.body.error, r.body.message]).toEqual([400, 'validation_error', 'google_review_link: The review link must be an http://, https:// or mailto: address']);
  expect((await call('GET', '/api/activity?kind=settings')).body.total).toBe(before.body.total);
});

test('the log API: 401 without a token, never cached, 400 on a bad query', async () => {
  const anon = await onHost(BASE, '/api/activity');
  expect(anon.status).toBe(401);
  const again = await onHost(BASE, '/api/activity');
  expect(again.headers['x-cache']).not.toBe('HIT');
  expect((await call('GET', '/api/activity?kind=nothing')).status).toBe(400);
});

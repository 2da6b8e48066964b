import type { Browser } from 'puppeteer-core';
import { BASE, CHEM, launchBrowser, loginAs, newPage, pageText } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const verifyFrom = (page: import('puppeteer-core').Page, base: string, token: string) =>
  page.evaluate(
    async (url, t) => (await fetch(url, { headers: { Authorization: `Bearer ${t}` } })).status,
    `${base}/auth/verify-token/`,
    token,
  );

describe('signing in on both demo journals', () => {
  it('logs in at /admin/login on each host, and one host\'s token is refused on the other', async () => {
    const tokens: Record<string, string> = {};
    for (const base of [BASE, CHEM]) {
      const page = await newPage(browser);
      await loginAs(page, base);
      expect(new URL(page.url()).pathname).toBe('/admin');
      const session = await page.evaluate(() => localStorage.getItem('journal_admin_jwt'));
      expect(session).toBeTruthy();
      tokens[base] = JSON.parse(session!).token;
      expect(await verifyFrom(page, base, tokens[base]!)).toBe(200);
      expect(page.errors).toEqual([]);
      await page.close();
    }
    const page = await newPage(browser);
    await page.goto(`${CHEM}/admin/login`);
    expect(await verifyFrom(page, CHEM, tokens[BASE]!)).toBe(401);
    await page.goto(`${BASE}/admin/login`);
    expect(await verifyFrom(page, BASE, tokens[CHEM]!)).toBe(401);
    await page.close();
  });

  it('shows the login error message for wrong credentials', async () => {
    const page = await newPage(browser);
    await loginAs(page, BASE, '/admin/login', { name: 'admin', password: 'wrong-password' });
    await page.waitForSelector('[role=alert]');
    expect(await pageText(page)).toContain('Invalid user and password');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.close();
  });

  it('serves the app through nginx with its files outside /assets/', async () => {
    const res = await fetch(`${BASE}/`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toMatch(/<script[^>]+src="\/static\//);
    // Uploaded images live under /assets/; the build's scripts never do.
    expect(html).not.toMatch(/<script[^>]+src="\/assets\//);
    const api = await fetch(`${BASE}/api/settings/`);
    expect(api.status).toBe(200);
    expect(api.headers.get('x-request-id')).toBeTruthy();
  });
});

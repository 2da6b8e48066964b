/** What the browser suites share: the stack's URLs, a real Chromium, and a login helper. */
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { E2E } from './e2e.config';

export const BASE = `http://localhost:${E2E.nginxPort}`;
export const CHEM = `http://chem.localhost:${E2E.nginxPort}`;
export const DEMO_USER = { name: 'admin', password: 'admin12345' };

export function launchBrowser(): Promise<Browser> {
  return puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
    ],
  });
}

/**
 * A page in its own browser context (no storage shared with other pages), recording uncaught
 * page errors and the dialogs it accepted.
 */
export async function newPage(browser: Browser): Promise<Page & { errors: string[]; dialogs: string[] }> {
  const context = await browser.createBrowserContext();
  const page = (await context.newPage()) as Page & { errors: string[]; dialogs: string[] };
  page.once('close', () => void context.close().catch(() => undefined));
  page.errors = [];
  page.dialogs = [];
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('dialog', (d) => {
    page.dialogs.push(d.message());
    void d.accept();
  });
  await page.setViewport({ width: 1280, height: 900 });
  return page;
}

/** Signs in through the real login form at `${base}${path}` (default /admin/login). */
export async function loginAs(page: Page, base: string, path = '/admin/login', user = DEMO_USER) {
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
  await page.type('input[name=username]', user.name);
  await page.type('input[name=password]', user.password);
  await page.click('button[type=submit]');
  // Either the app moves on from the login page, or it shows why not.
  await page.waitForFunction((p) => location.pathname !== p || !!document.querySelector('[role=alert]'), { timeout: 15_000 }, path);
  await page.waitForNetworkIdle({ idleTime: 200, timeout: 15_000 }).catch(() => undefined);
}

/** Text of the whole page, for assertions on the texts of docs/product.md. */
export const pageText = (page: Page) => page.evaluate(() => document.body.innerText);

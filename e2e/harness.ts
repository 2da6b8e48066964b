/** What the browser suites share: the stack's URLs, a real Chromium, and a login helper. */
import { readFileSync } from 'node:fs';
import http from 'node:http';
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

export interface HostAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

/**
 * One GET to a journal host through nginx, redirects not followed: Node cannot resolve
 * *.localhost, so it connects to loopback and sends the journal's Host.
 */
export function onHost(base: string, p: string, headers: Record<string, string> = {}): Promise<HostAnswer> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: u.port, path: p, headers: { host: u.host, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer for ${u.host}${p}`)));
    req.on('error', reject);
  });
}

/** A public API read from a journal host; an answer other than 2xx fails the test. */
export async function apiOf<T>(base: string, p: string): Promise<T> {
  const r = await onHost(base, p, { accept: 'application/json' });
  if (r.status >= 300) throw new Error(`${new URL(base).host}${p} answered ${r.status}`);
  return JSON.parse(r.text) as T;
}

/**
 * Waits until the journal's saved changes are live everywhere, as the admin learns it
 * (GET /api/admin/edge-status): a save answers once it is stored, and the caches in front (nginx's
 * purge) follow it from a queue a moment later.
 */
export async function untilLive(base: string, token: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await onHost(base, '/api/admin/edge-status', { authorization: `Bearer ${token}`, accept: 'application/json' });
    if (r.status !== 200) throw new Error(`edge status answered ${r.status}: ${r.text}`);
    const s = JSON.parse(r.text) as { published: number; live: number };
    if (s.live >= s.published) return;
    if (Date.now() > end) throw new Error(`saved changes not live after ${timeoutMs} ms: ${r.text}`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

/**
 * Removes a file's copy from nginx's asset cache, as the content service's purge does: its key is
 * the host, the decoded path and the version (`/assets/...?v=`).
 */
export async function purgeAsset(base: string, url: string): Promise<void> {
  const { purgePortOf } = await import('../scripts/stack');
  const [path, version] = url.split('?v=');
  const key = `${new URL(base).hostname}${decodeURIComponent(path!)}?v=${version}`;
  const r = await fetch(`http://127.0.0.1:${purgePortOf(E2E.nginxPort)}/purge-assets`, { headers: { 'purge-key': key } });
  if (r.status !== 200 && r.status !== 404) throw new Error(`asset purge answered ${r.status}`);
}

const AXE_SOURCE = readFileSync(require.resolve('axe-core'), 'utf8');

/** Runs axe in the page; every violation with its impact and first nodes. */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

/**
 * The platform operators' usage screen through nginx, the gateway and the services, in Chromium
 * (docs/product.md#counter-platform, docs/security.md#platform-operators): an operator made as
 * `jp operator create` makes one signs in on the platform's host, downloads a report, adds a
 * customer (its password asked again) and removes it; a journal's session and host reach none of
 * it, the operator's no journal route.
 */
import mongoose from 'mongoose';
import type { Browser } from 'puppeteer-core';
import { PLATFORM_TENANT_ID } from '@journal/contracts';
import { serverEnv } from '../scripts/stack';
import { hashPassword } from '../services/auth/src/password';
import { UserRepo } from '../services/auth/src/user.repo';
import { E2E } from './e2e.config';
import { BASE, loginAs, launchBrowser, newPage, onHost, pageText } from './harness';

const PLATFORM = `http://usage.localhost:${E2E.nginxPort}`;
const OPERATOR = { name: `e2e-op-${Date.now().toString(36)}`, password: 'operator-e2e-pass-1' };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  const conn = await mongoose.createConnection(serverEnv().MONGO_URL, { dbName: E2E.db }).asPromise();
  try {
    await new UserRepo(conn).create({ journalId: PLATFORM_TENANT_ID, name: OPERATOR.name, passwordHash: await hashPassword(OPERATOR.password), status: 'enabled', allowedIps: [] });
  } finally {
    await conn.close();
  }
}, 60_000);
afterAll(() => browser?.close());

describe('the platform usage screen', () => {
  it('an operator signs in on the platform host, downloads a report, adds a customer (the password asked again) and removes it; tokens and shells cross no border', async () => {
    const page = await newPage(browser);
    await page.goto(`${PLATFORM}/platform`, { waitUntil: 'networkidle0' });
    expect(new URL(page.url()).pathname).toBe('/platform/login');
    expect(await pageText(page)).toContain('Platform sign-in');
    await loginAs(page, PLATFORM, '/platform/login', OPERATOR);
    expect(new URL(page.url()).pathname).toBe('/platform');
    await page.waitForFunction(() => document.body.innerText.includes('SUSHI customers') && !document.body.innerText.includes('Loading'), { timeout: 15_000 });
    expect(await pageText(page)).toContain(`Signed in as ${OPERATOR.name}`);

    const report = page.waitForResponse((r) => r.url().includes('/api/platform/counter/reports/pr?'), { timeout: 30_000 });
    const [tsv] = await page.$$('xpath/.//button[text()="Download TSV"]');
    await tsv!.click();
    const answer = await report;
    expect([answer.status(), answer.headers()['content-type']]).toEqual([200, 'text/tab-separated-values; charset=utf-8']);

    const form = (await page.$('form[aria-label="Add a customer"]'))!;
    const [institution, customerId] = await form.$$('input:not([type])');
    await institution!.type('E2E Consortium');
    await customerId!.type(`cons-${Date.now().toString(36)}`);
    const [allReaders] = await form.$$('xpath/.//label[contains(., "All readers")]/input');
    await allReaders!.click();
    await (await form.$('button[type=submit]'))!.click();
    // The change asks for the operator's password again first.
    const prompt = (await page.waitForSelector('form[role="dialog"][aria-label="Confirm your password"]', { timeout: 15_000 }))!;
    await (await prompt.$('input[type=password]'))!.type(OPERATOR.password);
    await (await prompt.$('button[type=submit]'))!.click();
    // Said once the list and the recent changes have it.
    await page.waitForFunction(() => document.body.innerText.includes('E2E Consortium added'), { timeout: 15_000 });
    expect(await pageText(page)).toContain('shown this once');
    // Listed in the platform's recent changes, by this operator.
    expect(await page.$eval('table[aria-label="Recent changes of the customers"]', (t) => t.textContent)).toContain(OPERATOR.name);
    // Removed after the browser's confirmation, within the confirmed password's minutes: no second prompt.
    const remove = await page.waitForSelector('xpath/.//button[starts-with(normalize-space(.), "Remove")][contains(., "E2E Consortium")]', { timeout: 15_000 });
    await remove!.click();
    await page.waitForFunction(() => document.body.innerText.includes('E2E Consortium removed'), { timeout: 15_000 });
    expect(page.dialogs).toEqual(['Remove E2E Consortium? Its API key stops working at once.']);
    expect(page.errors).toEqual([]);

    // The operator's token opens no journal route, and the platform's API is no journal host's.
    const op = (await page.evaluate(() => JSON.parse(sessionStorage.getItem('journal_platform_jwt') ?? 'null')?.token)) as string;
    const asOperator = { authorization: `Bearer ${op}`, accept: 'application/json' };
    expect((await onHost(BASE, '/api/admin/counter/customers', asOperator)).status).toBe(401);
    expect((await onHost(BASE, '/api/platform/counter/customers', asOperator)).status).toBe(404);
    expect((await onHost(PLATFORM, '/api/platform/counter/customers', asOperator)).status).toBe(200);

    // A journal manager's token is refused on the platform host; nothing of a journal is served there.
    const admin = await newPage(browser);
    await loginAs(admin, BASE);
    const manager = (await admin.evaluate(() => JSON.parse(localStorage.getItem('journal_admin_jwt') ?? 'null')?.token)) as string;
    const asManager = { authorization: `Bearer ${manager}`, accept: 'application/json' };
    expect((await onHost(PLATFORM, '/api/platform/counter/customers', asManager)).status).toBe(401);
    for (const p of ['/api/admin/counter/customers', '/auth/verify-token', '/api/settings/']) expect([p, (await onHost(PLATFORM, p, asManager)).status]).toEqual([p, 404]);
    // nginx serves the usage screen on the platform's host alone, and no journal shell there.
    for (const p of ['/admin', '/admin/usage', '/webdata']) expect([p, (await onHost(PLATFORM, p)).status]).toEqual([p, 404]);
    expect((await onHost(BASE, '/platform')).status).toBe(404);
    expect((await onHost(BASE, '/admin')).status).toBe(200);

    // Signing out ends the session on the server.
    const [signOut] = await page.$$('xpath/.//button[text()="Sign out"]');
    await signOut!.click();
    await page.waitForFunction(() => location.pathname === '/platform/login', { timeout: 15_000 });
    expect((await onHost(PLATFORM, '/api/platform/counter/customers', asOperator)).status).toBe(401);
  }, 120_000);
});

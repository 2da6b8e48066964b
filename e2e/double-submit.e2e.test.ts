/**
 * One click, one record (docs/architecture.md#idempotent-writes), in a real Chromium against the
 * whole stack: every create form double-clicked, and sent twice in one task (before React can
 * disable its button), leaves one record and its one success message.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'puppeteer-core';
import { BASE, launchBrowser, loginAs, newPage } from './harness';

let browser: Browser;
let page: Awaited<ReturnType<typeof newPage>>;
let pdfPath: string;
const run = Date.now().toString(36).slice(-5);
const YEAR = new Date().getFullYear();
const VOL = 110 + Math.floor(Math.random() * 80);
const ISSUE = 1 + Math.floor(Math.random() * 9);
const REF = String(800000 + Math.floor(Math.random() * 99999));

/** An authenticated JSON read from the page's origin with the stored session. */
const apiGet = <T>(p: Page, url: string) =>
  p.evaluate(async (u) => {
    const s = JSON.parse(localStorage.getItem('journal_admin_jwt') ?? 'null') as { token: string } | null;
    const r = await fetch(u, { headers: { Accept: 'application/json', Authorization: `Bearer ${s?.token}` } });
    return r.json();
  }, url) as Promise<T>;

/** Writes the page sent, counted from the requests Chromium made. */
function countWrites(p: Page, pathname: string) {
  const seen: string[] = [];
  const on = (req: { method(): string; url(): string; headers(): Record<string, string> }) => {
    if (req.method() !== 'GET' && new URL(req.url()).pathname === pathname) seen.push(req.headers()['idempotency-key'] ?? '');
  };
  p.on('request', on);
  return { keys: seen, stop: () => p.off('request', on) };
}

/** A real double click on the form's submit button. */
const doubleClick = (p: Page, form: string) => p.click(`${form} button[type=submit]`, { count: 2 });

/** Two submits in one task: the second comes before React has re-rendered the button disabled. */
const submitTwiceAtOnce = (p: Page, form: string) =>
  p.$eval(form, (f) => {
    (f as HTMLFormElement).requestSubmit();
    (f as HTMLFormElement).requestSubmit();
  });

async function flashSays(p: Page, text: string) {
  await p.waitForFunction((t) => document.querySelector('.flash-modal')?.textContent?.includes(t), { timeout: 30_000 }, text);
  await p.click('.flash-modal button');
  await p.waitForFunction(() => !document.querySelector('.flash-modal'));
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'double-submit-'));
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(`Double submit ${run}`, { x: 40, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  pdfPath = path.join(dir, 'paper.pdf');
  writeFileSync(pdfPath, await doc.save());
  browser = await launchBrowser();
  page = await newPage(browser);
  await loginAs(page, BASE);
});
afterAll(async () => {
  await browser?.close();
});

describe('a create form sent twice makes one record', () => {
  it('Add issue, double-clicked', async () => {
    await page.goto(`${BASE}/admin/archives`, { waitUntil: 'networkidle0' });
    await page.evaluate(() => ([...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Add New') as HTMLElement).click());
    const form = 'form[aria-label="Add issue"]';
    await page.waitForSelector(form);
    await page.type(`${form} input[name=volume]`, String(VOL));
    await page.type(`${form} input[name=issue]`, String(ISSUE));
    const first = await page.$$eval(`${form} select[name=frequency] option`, (os) => os[1]!.getAttribute('value') ?? os[1]!.textContent!);
    await page.select(`${form} select[name=frequency]`, first);
    const writes = countWrites(page, '/api/admin/create-issue');
    await doubleClick(page, form);
    await flashSays(page, 'Issue created successfully');
    writes.stop();
    expect(writes.keys).toHaveLength(1);
    expect(writes.keys[0]).toMatch(/^[a-f0-9]{32}$/);
    const issues = await apiGet<{ volume: number; issue: number; year: number }[]>(page, '/api/admin/archives/');
    expect(issues.filter((i) => i.volume === VOL && i.issue === ISSUE && i.year === YEAR)).toHaveLength(1);
    expect(page.errors).toEqual([]);
  });

  it('Add article with its PDF, sent twice at once: one article, no "Duplicate reference number"', async () => {
    await page.goto(`${BASE}/admin/archives/add/${YEAR}/${VOL}/${ISSUE}`, { waitUntil: 'networkidle0' });
    const form = 'form[aria-label="Add article"]';
    await page.waitForSelector('#article-title[contenteditable=true]');
    await page.type('#article-refnumber', REF);
    await page.type('#article-title', `Double submit study ${run}`);
    await page.type('#article-authorname', 'Asha Rao');
    await page.type('#article-abstract', 'An abstract.');
    await page.type('#article-pagenumber', '1-6');
    await page.type('#article-subject', 'Agronomy');
    await page.type('#article-country', 'India');
    await page.type('#article-email', 'author@example.org');
    await page.type('#article-txnid', `DS${REF}`);
    const file = await page.$('#article-file');
    await (file as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(pdfPath);
    const writes = countWrites(page, '/api/admin/archives/');
    await submitTwiceAtOnce(page, form);
    await page.waitForSelector('.author-message', { timeout: 30_000 });
    writes.stop();
    expect(await page.evaluate(() => document.body.innerText)).not.toContain('Duplicate');
    expect(new Set(writes.keys).size).toBe(1);
    const { articles } = await apiGet<{ articles: { refnumber: string }[] }>(page, `/api/admin/archives/${YEAR}/${VOL}/${ISSUE}`);
    expect(articles.filter((a) => String(a.refnumber) === REF)).toHaveLength(1);
  });

  it('Add editor, double-clicked', async () => {
    const name = `Dr. Twice Clicked ${run.replace(/\d/g, 'x')}`;
    await page.goto(`${BASE}/admin/editors/add`, { waitUntil: 'networkidle0' });
    const form = 'form[aria-label="Add editor"]';
    await page.waitForSelector(form);
    await page.type('#editor-name', name);
    await page.select('#editor-category', 'associate editor');
    await page.select('#editor-post', 'Scientist');
    await page.type('#editor-content', 'Rice Research Institute, Cuttack, India');
    await doubleClick(page, form);
    await flashSays(page, 'Editor created successfully');
    const editors = await apiGet<{ name: string }[]>(page, '/api/admin/editors');
    expect(editors.filter((e) => e.name === name)).toHaveLength(1);
  });

  it('Add staff member, sent twice at once', async () => {
    const name = `twice${run}`;
    await page.goto(`${BASE}/admin/users`, { waitUntil: 'networkidle0' });
    await page.evaluate(() => ([...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Add New') as HTMLElement).click());
    const form = 'form.inline-form';
    await page.waitForSelector(form);
    await page.type(`${form} input[name=name]`, name);
    await page.type(`${form} input[name=password]`, 'a-long-password-2026');
    await page.select(`${form} select[name=role]`, 'editor');
    const writes = countWrites(page, '/api/users');
    await submitTwiceAtOnce(page, form);
    await flashSays(page, `User ${name} added`);
    writes.stop();
    expect(new Set(writes.keys).size).toBe(1);
    const users = await apiGet<{ name: string }[]>(page, '/api/users');
    expect(users.filter((u) => u.name === name)).toHaveLength(1);
  });

  it('a work-log entry, double-clicked', async () => {
    const wl = await newPage(browser);
    await loginAs(wl, BASE, '/webdata/login');
    await wl.goto(`${BASE}/webdata/addentris`, { waitUntil: 'networkidle0' });
    await wl.waitForSelector('select[name=status] option');
    await wl.select('select[name=status]', 'info');
    const content = `Double click entry ${run}`;
    await wl.type('input[name=content]', content);
    await doubleClick(wl, '.worklog-add-form');
    await wl.waitForFunction(() => location.pathname === '/webdata', { timeout: 15_000 });
    const list = await apiGet<{ items: { content: string }[] }>(wl, `/api/webdata?status=all&page=1&search=${encodeURIComponent(content)}`);
    expect(list.items.filter((e) => e.content === content)).toHaveLength(1);
    await wl.close();
  });
});

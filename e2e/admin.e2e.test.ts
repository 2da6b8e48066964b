/**
 * The admin area in a real Chromium: log in, create an issue, add an article with a
 * real PDF, see it on the public issue page and download it, edit it, find it in admin search,
 * add / toggle / pin editors, change a setting and a flag and see them publicly, and an expired
 * token sending the admin back to /admin/login with the 'Session expired' alert.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser, Page } from 'puppeteer-core';
import { frequencyPeriods, signToken } from '@journal/common';
import { BASE, launchBrowser, loginAs, newPage, pageText } from './harness';

type TestPage = Awaited<ReturnType<typeof newPage>>;

let browser: Browser;
let page: TestPage;
let dir: string;
let pdfPath: string;
let pngPath: string;

const run = Date.now().toString(36).slice(-5);
const YEAR = new Date().getFullYear();
const VOL = 70 + Math.floor(Math.random() * 20);
const ISSUE = 1 + Math.floor(Math.random() * 9);
const REF = String(900000 + Math.floor(Math.random() * 99999));
const TITLE = `Admin e2e paddy study ${run}`;
const EDITED_TITLE = `Admin e2e rice study ${run}`;
const EDITOR = `Dr. Eeshan Test ${run.replace(/\d/g, 'x')}`;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);

const waitText = (p: Page, text: string, timeout = 20_000) =>
  p.waitForFunction((t) => document.body.innerText.includes(t), { timeout }, text);
const waitPath = (p: Page, pathname: string, timeout = 20_000) =>
  p.waitForFunction((x) => location.pathname === x, { timeout }, pathname);

/** Clicks the first element matching `selector` whose text is exactly `text`. */
async function clickText(p: Page, selector: string, text: string) {
  await p.waitForFunction(
    (s, t) => [...document.querySelectorAll(s)].some((e) => (e as HTMLElement).innerText.trim() === t),
    { timeout: 20_000 },
    selector,
    text,
  );
  await p.evaluate(
    (s, t) => ([...document.querySelectorAll(s)].find((e) => (e as HTMLElement).innerText.trim() === t) as HTMLElement).click(),
    selector,
    text,
  );
}

/** The flash modal shows `text`; close it with its Close button. */
async function flashSays(p: Page, text: string) {
  await p.waitForFunction((t) => document.querySelector('.flash-modal')?.textContent?.includes(t), { timeout: 20_000 }, text);
  await clickText(p, '.flash-modal button', 'Close');
  await p.waitForFunction(() => !document.querySelector('.flash-modal'));
}

async function setValue(p: Page, selector: string, value: string) {
  await p.waitForSelector(selector);
  await p.$eval(selector, (e) => {
    (e as HTMLInputElement).focus();
    (e as HTMLInputElement).select?.();
  });
  await p.click(selector, { count: 3 });
  await p.keyboard.press('Backspace');
  if (value) await p.type(selector, value);
}

const session = (p: Page) => p.evaluate(() => JSON.parse(localStorage.getItem('journal_admin_jwt') ?? 'null') as { token: string; user: { id: string; name: string } } | null);

/** JSON from the page's origin, with or without the stored token. */
const fetchJson = <T>(p: Page, url: string, init: { method?: string; body?: unknown; auth?: boolean } = {}) =>
  p.evaluate(
    async (u, i) => {
      const s = JSON.parse(localStorage.getItem('journal_admin_jwt') ?? 'null');
      const headers: Record<string, string> = { Accept: 'application/json' };
      if (i.body !== undefined) headers['Content-Type'] = 'application/json';
      if (i.auth && s) headers.Authorization = `Bearer ${s.token}`;
      const r = await fetch(u, { method: i.method ?? 'GET', headers, body: i.body === undefined ? undefined : JSON.stringify(i.body) });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    url,
    init,
  ) as Promise<{ status: number; body: T }>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'admin-e2e-'));
  const doc = await PDFDocument.create();
  const pg = doc.addPage([595, 842]);
  pg.drawText(TITLE, { x: 40, y: 780, size: 14, font: await doc.embedFont(StandardFonts.Helvetica) });
  pdfPath = path.join(dir, 'paper.pdf');
  writeFileSync(pdfPath, await doc.save());
  pngPath = path.join(dir, 'face.png');
  writeFileSync(pngPath, PNG);
  browser = await launchBrowser();
  page = await newPage(browser);
});
afterAll(async () => {
  await browser?.close();
});

describe('the admin area', () => {
  it('1. logs in; the login page then redirects to /admin; the shell shows the top bar and the tiles', async () => {
    await page.goto(`${BASE}/admin`, { waitUntil: 'networkidle0' });
    await waitPath(page, '/admin/login');
    await loginAs(page, BASE);
    await waitPath(page, '/admin');
    await waitText(page, 'Archives');
    const text = await pageText(page);
    for (const t of ['Home', 'Site', 'Logout', 'admin', 'Archives', 'Editors']) expect(text).toContain(t);
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=tile-editors] .tile-count')?.textContent ?? ''));
    await page.goto(`${BASE}/admin/login`, { waitUntil: 'networkidle0' });
    await waitPath(page, '/admin');
  });

  it('2. creates an issue with the inline form and the journal frequency list', async () => {
    await page.goto(`${BASE}/admin/archives`, { waitUntil: 'networkidle0' });
    await clickText(page, 'button', 'Add New');
    await page.waitForSelector('form[aria-label="Add issue"]');
    const settings = await fetchJson<{ journal_frequency: string }>(page, '/api/settings/');
    const options = await page.$$eval('form[aria-label="Add issue"] select[name=frequency] option', (os) => os.map((o) => o.textContent).slice(1));
    expect(options).toEqual(frequencyPeriods(settings.body.journal_frequency));
    // Required fields: nothing is sent without them.
    await clickText(page, 'form[aria-label="Add issue"] button', 'Submit');
    await page.waitForSelector('form[aria-label="Add issue"] .field.invalid');
    // X closes the form; Add New opens it again.
    await page.click('form[aria-label="Add issue"] .close-x');
    await page.waitForFunction(() => !document.querySelector('form[aria-label="Add issue"]'));
    await clickText(page, 'button', 'Add New');
    await page.type('form[aria-label="Add issue"] input[name=volume]', String(VOL));
    await page.type('form[aria-label="Add issue"] input[name=issue]', String(ISSUE));
    await page.select('form[aria-label="Add issue"] select[name=frequency]', options[0]!);
    await clickText(page, 'form[aria-label="Add issue"] button', 'Submit');
    await flashSays(page, 'Issue created successfully');
    expect(await page.$('form[aria-label="Add issue"]')).toBeNull();
    await page.waitForSelector(`a[href="/admin/archives/${YEAR}/${VOL}/${ISSUE}"]`);
  });

  it('3. adds an article with a real PDF, after the form refuses what the article rules refuse', async () => {
    await page.click(`a[href="/admin/archives/${YEAR}/${VOL}/${ISSUE}"]`);
    await waitPath(page, `/admin/archives/${YEAR}/${VOL}/${ISSUE}`);
    await clickText(page, 'a', 'Add New');
    await waitPath(page, `/admin/archives/add/${YEAR}/${VOL}/${ISSUE}`);
    await page.waitForSelector('form[aria-label="Add article"]');
    expect(await page.$eval('#article-ptype', (e) => (e as HTMLSelectElement).value)).toBe('paid');
    expect(await page.$eval('#article-publishdate', (e) => (e as HTMLInputElement).value)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await pageText(page)).toContain('Last page: 0');

    // Empty required fields turn red and nothing is sent.
    await clickText(page, 'form[aria-label="Add article"] button[type=submit]', 'Submit');
    for (const f of ['txnid', 'email', 'authorname', 'pagenumber', 'refnumber', 'title', 'abstract', 'file'])
      await page.waitForSelector(`[data-field=${f}].field.invalid`);
    expect(await page.$('.flash-modal')).toBeNull();

    await page.type('#article-refnumber', 'R-1');
    await page.type('#article-title', TITLE);
    await page.type('#article-authorname', 'R2D2');
    await page.type('#article-abstract', 'An abstract written by the e2e suite.');
    await page.type('#article-pagenumber', 'a-b');
    await page.type('#article-subject', 'Agronomy');
    await page.type('#article-country', 'India');
    await page.type('#article-email', 'author@example.org');
    await page.type('#article-txnid', `E2E${REF}`);
    await clickText(page, 'form[aria-label="Add article"] button[type=submit]', 'Submit');
    await waitText(page, 'Author name must contain only alphabets, spaces, commas, and periods');
    await waitText(page, 'Ref number must be a valid number');
    await waitText(page, 'Page number format must be like 1-6');

    await setValue(page, '#article-authorname', 'Dr. Asha Rao, Vikram Singh');
    await setValue(page, '#article-refnumber', REF);
    await setValue(page, '#article-pagenumber', '1-6');
    const file = await page.$('#article-file');
    await (file as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(pdfPath);
    await clickText(page, 'form[aria-label="Add article"] button[type=submit]', 'Submit');
    await page.waitForSelector('.author-message', { timeout: 30_000 });
    const message = await page.$eval('.author-message', (e) => (e as HTMLElement).innerText);
    expect(message).toContain(`/archives/${YEAR}/vol${VOL}/issue${ISSUE}/${REF}`);
    expect(message).toContain(`/pdf?refno=${REF}`);
    await clickText(page, '.author-message button', 'Copy');
    await waitText(page, 'Copied!');
    await page.waitForFunction(() => document.querySelector('.author-message button')?.textContent === 'Copy', { timeout: 10_000 });
  });

  it('4. shows the article on the public issue page and serves its PDF', async () => {
    const pub = await newPage(browser);
    await pub.goto(`${BASE}/archives/${YEAR}/vol${VOL}/issue${ISSUE}`, { waitUntil: 'networkidle0' });
    await waitText(pub, TITLE);
    const href = await pub.$$eval('a', (as) => as.map((a) => a.getAttribute('href') ?? '').find((h) => /\/assets\/archives\/.*\.pdf$/.test(h)));
    expect(href).toBe(`/assets/archives/${YEAR}/vol${VOL}issue${ISSUE}/${REF}.pdf`);
    const got = await pub.evaluate(async (u) => {
      const r = await fetch(u);
      const b = new Uint8Array(await r.arrayBuffer());
      return { status: r.status, type: r.headers.get('content-type'), head: String.fromCharCode(...b.slice(0, 5)) };
    }, href!);
    expect(got).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    await pub.close();
  });

  it('5. edits the article (month list in abbreviations)', async () => {
    await page.goto(`${BASE}/admin/archives/${YEAR}/${VOL}/${ISSUE}`, { waitUntil: 'networkidle0' });
    await waitText(page, TITLE);
    await clickText(page, 'a', 'EDIT');
    await page.waitForSelector('form[aria-label="Edit article"]');
    const settings = await fetchJson<{ journal_frequency: string }>(page, '/api/settings/');
    const months = await page.$$eval('#article-frequency option', (os) => os.map((o) => o.textContent).slice(1));
    expect(months.slice(0, frequencyPeriods(settings.body.journal_frequency, true).length)).toEqual(frequencyPeriods(settings.body.journal_frequency, true));
    await page.waitForFunction((t) => (document.querySelector('#article-title') as HTMLTextAreaElement)?.value === t, {}, TITLE);
    await setValue(page, '#article-title', EDITED_TITLE);
    await setValue(page, '#article-pagenumber', '7-3');
    await clickText(page, 'form[aria-label="Edit article"] button[type=submit]', 'Submit');
    await waitText(page, 'Invalid page number');
    await setValue(page, '#article-pagenumber', '1-8');
    await clickText(page, 'form[aria-label="Edit article"] button[type=submit]', 'Submit');
    await page.waitForSelector('.author-message', { timeout: 30_000 });
    expect(await page.$eval('.author-message', (e) => (e as HTMLElement).innerText)).toContain(EDITED_TITLE);
  });

  it('6. finds it with the admin search box; unknown text is Not Found!', async () => {
    await page.goto(`${BASE}/admin`, { waitUntil: 'networkidle0' });
    await page.type('.admin-search input', `rice study ${run}`);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/admin/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe(`rice study ${run}`);
    await waitText(page, EDITED_TITLE);
    expect(await page.$$eval('table a', (as) => as.map((a) => a.textContent))).toContain('EDIT');
    await setValue(page, '.admin-search input', `nothing-${run}-zz`);
    await page.keyboard.press('Enter');
    await waitText(page, 'Not Found!');
    await page.goto(`${BASE}/admin/not-found`, { waitUntil: 'networkidle0' });
    expect((await pageText(page)).trim()).toBe('Not Found!');
  });

  it('7. adds an editor with a picture, toggles its status and pins it to the top', async () => {
    await page.goto(`${BASE}/admin/editors/add`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('form[aria-label="Add editor"]');
    await clickText(page, 'form[aria-label="Add editor"] button[type=submit]', 'Submit');
    await page.waitForSelector('form[aria-label="Add editor"] .field.invalid');
    await page.type('#editor-name', EDITOR);
    await page.select('#editor-category', 'associate editor');
    await page.select('#editor-post', 'Scientist');
    await page.type('#editor-content', 'Rice Research Institute, Cuttack, India');
    await page.type('#editor-email', 'eeshan@example.org');
    const pic = await page.$('#editor-picture');
    await (pic as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(pngPath);
    await clickText(page, 'form[aria-label="Add editor"] button[type=submit]', 'Submit');
    await flashSays(page, 'Editor created successfully');
    await waitPath(page, '/admin/editors');
    await page.waitForSelector(`tr[data-editor="${EDITOR}"]`);
    // New editors come last among the unpinned ones; the public board lists them.
    let board = await fetchJson<{ name: string }[] | Record<string, { name: string }[]>>(page, '/api/editors/');
    expect(JSON.stringify(board.body)).toContain(EDITOR);

    // The status switch: disabled leaves the public board.
    await page.click(`tr[data-editor="${EDITOR}"] input[role=switch]`);
    await page.waitForFunction((n) => document.querySelector(`tr[data-editor="${n}"] .switch span`)?.textContent === 'Disabled', {}, EDITOR);
    board = await fetchJson(page, '/api/editors/');
    expect(JSON.stringify(board.body)).not.toContain(EDITOR);
    await page.click(`tr[data-editor="${EDITOR}"] input[role=switch]`);
    await page.waitForFunction((n) => document.querySelector(`tr[data-editor="${n}"] .switch span`)?.textContent === 'Enabled', {}, EDITOR);

    // Move to top: pinned first, 'List Sorted!'.
    await page.click(`tr[data-editor="${EDITOR}"] input[type=checkbox]:not([role=switch])`);
    await clickText(page, 'button', 'Move to Top');
    await flashSays(page, 'List Sorted!');
    const pinnedNames = await page.$$eval('table[aria-label=Editors] tbody tr', (rs) =>
      rs.filter((r) => r.children[4]?.textContent === 'Yes').map((r) => r.getAttribute('data-editor')),
    );
    expect(pinnedNames).toContain(EDITOR);
    const order = await page.$$eval('table[aria-label=Editors] tbody tr', (rs) => rs.map((r) => r.children[4]?.textContent === 'Yes'));
    expect(order.indexOf(false) === -1 || order.slice(order.indexOf(false)).every((x) => !x)).toBe(true);
    // Remove from top again, so other suites see the seed's order.
    await page.click(`tr[data-editor="${EDITOR}"] input[type=checkbox]:not([role=switch])`);
    await clickText(page, 'button', 'Remove from Top');
    await flashSays(page, 'List Sorted!');

    // The edit form.
    await page.click(`tr[data-editor="${EDITOR}"] a`);
    await page.waitForSelector('form[aria-label="Edit editor"]');
    await page.waitForFunction((n) => (document.querySelector('#editor-name') as HTMLInputElement)?.value === n, {}, EDITOR);
    await setValue(page, '#editor-degree', 'Ph.D.');
    await clickText(page, 'form[aria-label="Edit editor"] button[type=submit]', 'Submit');
    await flashSays(page, 'Editor updated successfully');
  });

  it('8. changes a setting and a flag, and the public site shows them', async () => {
    const before = await fetchJson<Record<string, unknown> & { websitename: string; flags: { showSubject: boolean } }>(page, '/api/settings/');
    const name = `E2E Journal ${run}`;
    try {
      await page.goto(`${BASE}/admin/settings`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('form[aria-label=Settings]');
      await page.waitForFunction((n) => (document.querySelector('#settings-websitename') as HTMLInputElement)?.value === n, {}, before.body.websitename);
      await setValue(page, '#settings-websitename', name);
      const checked = await page.$eval('input[name="flags.showSubject"]', (e) => (e as HTMLInputElement).checked);
      expect(checked).toBe(before.body.flags.showSubject);
      await page.click('input[name="flags.showSubject"]');
      await clickText(page, 'form[aria-label=Settings] button[type=submit]', 'Submit');
      await flashSays(page, 'Settings updated successfully');

      const pub = await newPage(browser);
      await pub.goto(`${BASE}/search?keyword=${encodeURIComponent(EDITED_TITLE)}`, { waitUntil: 'networkidle0' });
      await pub.waitForFunction((n) => document.title.includes(n), { timeout: 20_000 }, name);
      await pub.goto(`${BASE}/archives/${YEAR}/vol${VOL}/issue${ISSUE}`, { waitUntil: 'networkidle0' });
      await waitText(pub, EDITED_TITLE);
      const headers = await pub.$$eval('th', (ths) => ths.map((t) => t.textContent?.trim()));
      expect(headers.includes('Subject')).toBe(!before.body.flags.showSubject);
      await pub.close();
    } finally {
      // Put the journal back as the seed had it, for the other suites.
      const { websitename, websiteemail, impactfactor, issn, whatsup_number, domain, flags } = before.body as Record<string, unknown>;
      const r = await fetchJson(page, '/api/settings', {
        method: 'POST',
        auth: true,
        body: { websitename, websiteemail, impactfactor, issn, whatsup_number, domain, flags },
      });
      expect(r.status).toBe(200);
    }
  });

  it('opens the account page from the username and saves it', async () => {
    const s = await session(page);
    await page.goto(`${BASE}/admin`, { waitUntil: 'networkidle0' });
    await page.click('.admin-username');
    await waitPath(page, `/admin/account/${s!.user.id}`);
    await page.waitForFunction((n) => (document.querySelector('#account-name') as HTMLInputElement)?.value === n, {}, s!.user.name);
    // Same name, no new password: the other suites' sessions of this user stay valid.
    await clickText(page, 'form[aria-label=Account] button[type=submit]', 'Submit');
    await flashSays(page, 'User updated successfully');
    expect((await session(page))?.user.name).toBe(s!.user.name);
  });

  it('9. an expired token sends the admin to /admin/login with the alert', async () => {
    const s = await session(page);
    expect(s).toBeTruthy();
    const settings = await fetchJson<{ journalId: string }>(page, '/api/settings/');
    const secret = process.env.E2E_JWT_SECRET;
    const expired = secret
      ? signToken(secret, { id: s!.user.id, name: s!.user.name, journalId: settings.body.journalId }, -60).token
      : `${s!.token.slice(0, -4)}AAAA`;
    // In the middle of a session: the next admin call answers 401.
    await page.goto(`${BASE}/admin/archives`, { waitUntil: 'networkidle0' });
    await page.evaluate((t) => {
      const cur = JSON.parse(localStorage.getItem('journal_admin_jwt')!);
      localStorage.setItem('journal_admin_jwt', JSON.stringify({ ...cur, token: t }));
    }, expired);
    page.dialogs.length = 0;
    await page.type('.admin-search input', `expired ${run}`);
    await page.keyboard.press('Enter');
    await waitPath(page, '/admin/login');
    await page.waitForFunction(() => !!document.querySelector('form[aria-label="Login form"]'));
    expect(page.dialogs).toContain('Session expired. Please login again.');
    expect(await session(page)).toBeNull();

    // On load: the shell verifies the stored token first.
    await page.evaluate((t) => localStorage.setItem('journal_admin_jwt', JSON.stringify({ token: t, user: { id: 'x', name: 'admin' } })), expired);
    page.dialogs.length = 0;
    await page.goto(`${BASE}/admin/editors`, { waitUntil: 'networkidle0' });
    await waitPath(page, '/admin/login');
    expect(page.dialogs).toContain('Session expired. Please login again.');
  });

  it('logs out through the top bar', async () => {
    await loginAs(page, BASE);
    await waitPath(page, '/admin');
    await clickText(page, 'button', 'Logout');
    await waitPath(page, '/admin/login');
    expect(await session(page)).toBeNull();
    await page.goto(`${BASE}/admin`, { waitUntil: 'networkidle0' });
    await waitPath(page, '/admin/login');
    expect(page.errors).toEqual([]);
  });
});

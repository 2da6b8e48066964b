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
import { signToken } from '@journal/server-kit';
import { frequencyPeriods } from '@journal/contracts';
import { execFileSync } from 'node:child_process';
import { BASE, CHEM, DEMO_USER, launchBrowser, loginAs, newPage, onHost, pageText, untilLive } from './harness';

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
/** The edited title as text; as HTML it has Oryza in italics and the 2 of H2O in subscript. */
const EDITED_TITLE = `Admin e2e rice study ${run} of Oryza in H2O`;
const EDITED_TITLE_HTML = `Admin e2e rice study ${run} of <em>Oryza</em> in H<sub>2</sub>O`;
const EDITOR = `Dr. Eeshan Test ${run.replace(/\d/g, 'x')}`;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' +
    '0d0a2db40000000049454e44ae426082',
  'hex',
);


/** What pdftotext reads in a PDF: what a reader's tools see. */
function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `doc-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

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
    await page.waitForSelector('#article-title[contenteditable=true]');
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
    // The link carries the file's version, so each URL is immutable (`?v=` and 12 base64url characters of its hash).
    const href = await pub.$$eval('a', (as) => as.map((a) => a.getAttribute('href') ?? '').find((h) => /\/assets\/archives\/.*\.pdf(\?v=[\w-]+)?$/.test(h)));
    expect(href).toMatch(new RegExp(`^/assets/archives/${YEAR}/vol${VOL}issue${ISSUE}/${REF}\\.pdf\\?v=[\\w-]{12}$`));
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
    await page.waitForFunction((t) => document.querySelector('#article-title')?.textContent === t, {}, TITLE);
    // The title editor: italic and subscript from its toolbar.
    await setValue(page, '#article-title', `Admin e2e rice study ${run} of `);
    await page.click('[data-field=title] button[title=Italic]');
    await page.keyboard.type('Oryza');
    await page.click('[data-field=title] button[title=Italic]');
    await page.keyboard.type(' in H');
    await page.click('[data-field=title] button[title=Subscript]');
    await page.keyboard.type('2');
    await page.click('[data-field=title] button[title=Subscript]');
    await page.keyboard.type('O');
    expect(await page.$eval('#article-title', (e) => e.innerHTML)).toBe(`<p>${EDITED_TITLE_HTML}</p>`);
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
    await waitText(page, 'Not Found!');
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
    // New editors come last among the unpinned ones; the public board lists them once the save is
    // live everywhere (nginx may hold the board of an earlier read until the purge reaches it).
    await untilLive(BASE, (await session(page))!.token);
    let board = await fetchJson<{ name: string }[] | Record<string, { name: string }[]>>(page, '/api/editors/');
    expect(JSON.stringify(board.body)).toContain(EDITOR);

    // The status switch: disabled leaves the public board.
    await page.click(`tr[data-editor="${EDITOR}"] input[role=switch]`);
    await page.waitForFunction((n) => document.querySelector(`tr[data-editor="${n}"] .switch span`)?.textContent === 'Disabled', {}, EDITOR);
    await untilLive(BASE, (await session(page))!.token);
    board = await fetchJson(page, '/api/editors/');
    expect(JSON.stringify(board.body)).not.toContain(EDITOR);
    await page.click(`tr[data-editor="${EDITOR}"] input[role=switch]`);
    await page.waitForFunction((n) => document.querySelector(`tr[data-editor="${n}"] .switch span`)?.textContent === 'Enabled', {}, EDITOR);

    // Move to top: pinned first, 'List Sorted!'.
    await page.click(`tr[data-editor="${EDITOR}"] input[type=checkbox]:not([role=switch])`);
    await clickText(page, 'button', 'Move to Top');
    await flashSays(page, 'List Sorted!');
    await page.waitForFunction((n) => document.querySelector(`tr[data-editor="${n}"]`)?.children[4]?.textContent === 'Yes', {}, EDITOR);
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
    await page.waitForFunction((n) => document.querySelector(`tr[data-editor="${n}"]`)?.children[4]?.textContent === '', {}, EDITOR);

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
      // The public home first, in this tab. The public site and the admin are apps of their own:
      // going from one to the other is a page load (the public router leaves /admin to the server).
      await page.goto(`${BASE}/`, { waitUntil: 'networkidle0' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 15_000 });
      await page.waitForFunction((n) => document.title.includes(n), { timeout: 20_000 }, before.body.websitename);
      await page.goto(`${BASE}/admin/settings`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('form[aria-label=Settings]');
      await page.waitForFunction((n) => (document.querySelector('#settings-websitename') as HTMLInputElement)?.value === n, {}, before.body.websitename);
      await setValue(page, '#settings-websitename', name);
      const checked = await page.$eval('input[name="flags.showSubject"]', (e) => (e as HTMLInputElement).checked);
      expect(checked).toBe(before.body.flags.showSubject);
      await page.click('input[name="flags.showSubject"]');
      await clickText(page, 'form[aria-label=Settings] button[type=submit]', 'Submit');
      await flashSays(page, 'Settings updated successfully');

      // Back to the public home in the same tab once the save is live everywhere (nginx's copy
      // purged, as the admin learns from /api/admin/edge-status): it shows the new name.
      await untilLive(BASE, (await session(page))!.token);
      await page.goto(`${BASE}/`, { waitUntil: 'networkidle0' });
      await page.waitForFunction((n) => document.title.includes(n), { timeout: 20_000 }, name);

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

  it('10. italic and subscript in a title survive save, the public page, the certificate and the index page', async () => {
    const stored = await fetchJson<{ title: string }[]>(page, `/api/archives/${YEAR}/${VOL}/${ISSUE}`);
    expect(JSON.stringify(stored.body)).toContain(EDITED_TITLE_HTML.replace('<em>', '<em>'));
    const pub = await newPage(browser);
    await pub.goto(`${BASE}/archives/${YEAR}/vol${VOL}/issue${ISSUE}`, { waitUntil: 'networkidle0' });
    await waitText(pub, EDITED_TITLE);
    const html = await pub.evaluate(() => document.body.innerHTML);
    expect(html).toMatch(/<(em|i)>Oryza<\/(em|i)>/);
    expect(html).toContain('H<sub>2</sub>O');
    await pub.close();

    const s = await session(page);
    const flat = (t: string) => t.replace(/\s+/g, '');
    const cert = await fetch(`${BASE}/api/pdf/certificate/${REF}/${encodeURIComponent('Dr. Asha Rao')}`);
    expect([cert.status, cert.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(flat(pdfText(Buffer.from(await cert.arrayBuffer())))).toContain(flat(`rice study ${run} of Oryza in H2O`));
    const index = await fetch(`${BASE}/api/pdf/indexpage`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${s!.token}` }, body: JSON.stringify([Number(REF)]),
    });
    expect(index.status).toBe(200);
    expect(flat(pdfText(Buffer.from(await index.arrayBuffer())))).toContain(flat(`of Oryza in H2O`));
  });

  it('11. changes every setting and image, and only this journal\'s public site shows them', async () => {
    const before = await fetchJson<Record<string, unknown> & { flags: Record<string, unknown> }>(page, '/api/settings/');
    const chemBefore = JSON.parse((await onHost(CHEM, '/api/settings/')).body.toString());
    const chemLogoAnswer = await onHost(CHEM, '/assets/site/logo.png');
    const chemLogo = chemLogoAnswer.status === 200 ? chemLogoAnswer.body : null;
    const values: Record<string, string> = {
      websitename: `Every Setting ${run}`, websiteemail: `office-${run}@example.org`, domain: 'localhost', issn: '1111-2222', journal_essn: '3333-4444',
      impactfactor: 'Impact Factor: 7.77', nassScore: '5.55', nassScoreYear: '2025', year_started: '2011', journal_frequency: 'Monthly',
      journal_type: 'Print and Online', journal_language: 'English and Hindi', fee_rupee: '3210', fee_dollar: '77',
      whatsup_number: '+919876543210', google_review_link: `https://g.page/r/${run}/review`,
    };
    try {
      await page.goto(`${BASE}/admin/settings`, { waitUntil: 'networkidle0' });
      await page.waitForSelector('#settings-home_content[contenteditable=true]');
      for (const [k, v] of Object.entries(values)) await setValue(page, `#settings-${k}`, v);
      await setValue(page, '#settings-address', `7 Garden Lane ${run}`);
      await setValue(page, '#settings-formatted_journal_name', `Every `);
      await page.click('#settings-formatted_journal_name-label ~ .rte button[title=Bold]');
      await page.keyboard.type('Setting');
      await setValue(page, '#settings-home_content', `Home words ${run}`);
      await page.select('#settings-banner', 'header');
      for (const f of ['showSubject', 'showNaas', 'showJournalList', 'showEditorContacts']) {
        if (!(await page.$eval(`input[name="flags.${f}"]`, (e) => (e as HTMLInputElement).checked))) await page.click(`input[name="flags.${f}"]`);
      }
      await clickText(page, 'form[aria-label=Settings] button[type=submit]', 'Submit');
      await flashSays(page, 'Settings updated successfully');

      for (const kind of ['logo', 'header', 'cover', 'chat']) {
        const input = await page.$(`#site-image-${kind}`);
        await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(pngPath);
        await flashSays(page, 'updated successfully');
      }

      // The public settings read is cached by nginx: read it once the last upload is live everywhere.
      await untilLive(BASE, (await session(page))!.token);
      const after = (await fetchJson<Record<string, unknown> & { flags: Record<string, unknown> }>(page, '/api/settings/')).body;
      expect(after).toMatchObject({ ...values, address: `7 Garden Lane ${run}` });
      // The editor may move the space into the bold run; the text and the bold are what count.
      expect(String(after.formatted_journal_name)).toMatch(/^Every(<strong>)? ?(<strong>)?Setting<\/strong>$/);
      expect(after.home_content).toContain(`Home words ${run}`);
      expect(after.flags).toMatchObject({ banner: 'header', showSubject: true, showNaas: true, showJournalList: true, showEditorContacts: true });
      // The previews show each image at the versioned URL of the settings answer, the one the public pages use.
      const assetUrls = after.asset_urls as Record<string, string>;
      const expected = ['logo', 'header', 'cover', 'chat'].map((k) => assetUrls[`${k}.png`]);
      expect(expected.every((u) => /^\/assets\/site\/\w+\.png\?v=/.test(u ?? ''))).toBe(true);
      await page.waitForFunction(
        (want) => JSON.stringify([...document.querySelectorAll('.image-field img.image-preview')].map((i) => i.getAttribute('src'))) === JSON.stringify(want),
        { timeout: 15_000 },
        expected,
      );
      for (const kind of ['logo', 'header', 'cover', 'chat']) {
        const r = await fetch(`${BASE}/assets/site/${kind}.png`);
        expect([kind, r.status, Buffer.compare(Buffer.from(await r.arrayBuffer()), PNG)]).toEqual([kind, 200, 0]);
      }

      const pub = await newPage(browser);
      await pub.goto(`${BASE}/`, { waitUntil: 'networkidle0' });
      await waitText(pub, `Home words ${run}`);
      const text = await pageText(pub);
      for (const v of ['3210', '77', '2011', '1111-2222', '3333-4444', '5.55', `office-${run}@example.org`, `7 Garden Lane ${run}`]) expect([v, text.includes(v)]).toEqual([v, true]);
      await pub.close();

      // The other journal is untouched.
      expect(JSON.parse((await onHost(CHEM, '/api/settings/')).body.toString())).toEqual(chemBefore);
      const chemLogoNow = await onHost(CHEM, '/assets/site/logo.png');
      expect(chemLogoNow.status === 200 ? Buffer.compare(chemLogoNow.body, chemLogo ?? Buffer.alloc(0)) : null).toBe(chemLogo === null ? null : 0);
    } finally {
      const keys = ['websitename', 'websiteemail', 'domain', 'issn', 'journal_essn', 'impactfactor', 'nassScore', 'nassScoreYear', 'year_started',
        'journal_frequency', 'journal_type', 'journal_language', 'fee_rupee', 'fee_dollar', 'whatsup_number', 'google_review_link', 'home_content',
        'formatted_journal_name', 'address'];
      const body: Record<string, unknown> = Object.fromEntries(keys.filter((k) => before.body[k] !== undefined).map((k) => [k, before.body[k]]));
      body.flags = Object.fromEntries(Object.entries(before.body.flags).filter(([, v]) => v !== undefined && v !== null));
      expect((await fetchJson(page, '/api/settings', { method: 'POST', auth: true, body })).status).toBe(200);
    }
  });

  it('12. adds, edits, reorders and removes an indexing partner', async () => {
    const P1 = `Index One ${run}`;
    const P2 = `Index Two ${run}`;
    await page.goto(`${BASE}/admin/indexing`, { waitUntil: 'networkidle0' });
    for (const title of [P1, P2]) {
      await clickText(page, 'button', 'Add New');
      await page.waitForSelector('form[aria-label="Add indexing partner"]');
      await page.type('#indexing-new-title', title);
      await page.type('#indexing-new-link', 'https://index.example.org');
      const logo = await page.$('#indexing-new-logo');
      await (logo as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(pngPath);
      await clickText(page, 'form[aria-label="Add indexing partner"] button[type=submit]', 'Submit');
      await flashSays(page, 'Indexing partner added successfully');
    }
    const titles = () => page.$$eval('.indexing-table .indexing-title', (tds) => tds.map((t) => t.textContent));
    // The public list is read through nginx's cache, once the last save is live everywhere.
    const publicTitles = async () => {
      await untilLive(BASE, (await session(page))!.token);
      return ((await fetchJson<{ title: string }[]>(page, '/api/indexing/')).body ?? []).map((i) => i.title);
    };
    await page.waitForFunction((t) => document.body.innerText.includes(t), {}, P2);
    let mine = (await titles()).filter((t) => t === P1 || t === P2);
    expect(mine).toEqual([P1, P2]);

    // Move the second one up: the public list follows.
    await page.click(`button[aria-label="Move ${P2} up"]`);
    await page.waitForFunction((a, b) => {
      const ts = [...document.querySelectorAll('.indexing-table .indexing-title')].map((t) => t.textContent);
      return ts.indexOf(b) < ts.indexOf(a);
    }, {}, P1, P2);
    const pubOrder = (await publicTitles()).filter((t) => t === P1 || t === P2);
    expect(pubOrder).toEqual([P2, P1]);

    // Edit the title.
    const row = await page.$$eval('.indexing-table tbody tr', (rs, t) => rs.find((r) => r.querySelector('.indexing-title')?.textContent === t)?.getAttribute('data-id'), P1);
    await clickText(page, `tr[data-id="${row}"] button`, 'EDIT');
    await page.waitForSelector(`#indexing-${row}-title`);
    await setValue(page, `#indexing-${row}-title`, `${P1} edited`);
    await clickText(page, `form[aria-label="Edit ${P1}"] button[type=submit]`, 'Submit');
    await flashSays(page, 'Indexing partner updated successfully');
    expect(await publicTitles()).toContain(`${P1} edited`);

    // Remove both (the page accepts the confirmation dialog).
    for (const t of [`${P1} edited`, P2]) {
      const id = await page.$$eval('.indexing-table tbody tr', (rs, x) => rs.find((r) => r.querySelector('.indexing-title')?.textContent === x)?.getAttribute('data-id'), t);
      await clickText(page, `tr[data-id="${id}"] button`, 'Remove');
      await flashSays(page, 'Indexing partner removed');
    }
    mine = (await publicTitles()).filter((t) => t.includes(run));
    expect(mine).toEqual([]);
  });

  it('13. the Users screen adds, disables and resets a staff account (after the password again); a disabled user\'s live session ends', async () => {
    const NAME = `staff${run}`;
    const PW1 = `first pass ${run}!`;
    const PW2 = `second pass ${run}!`;
    await page.goto(`${BASE}/admin/users`, { waitUntil: 'networkidle0' });
    await clickText(page, 'button', 'Add New');
    await page.type('#staff-name', NAME);
    await page.select('#staff-role', 'editor');
    await page.type('#staff-password', 'short');
    await clickText(page, 'form[aria-label="Add user"] button[type=submit]', 'Submit');
    await waitText(page, 'Password must have at least 8 characters');
    await setValue(page, '#staff-password', PW1);
    await clickText(page, 'form[aria-label="Add user"] button[type=submit]', 'Submit');
    await flashSays(page, `User ${NAME} added`);
    await page.waitForSelector(`tr[data-name="${NAME}"]`);
    expect(await page.$eval(`tr[data-name="${NAME}"]`, (r) => (r as HTMLElement).innerText)).toContain('admin');

    const login = (password: string) =>
      fetch(`${BASE}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: NAME, password }) });
    const staffToken = ((await (await login(PW1)).json()) as { token: string }).token;
    const verify = () => fetch(`${BASE}/api/admin/`, { headers: { authorization: `Bearer ${staffToken}` } });
    expect((await verify()).status).toBe(200);

    // Disabling a user asks for the manager's password first (then it holds for 10 minutes).
    await clickText(page, `tr[data-name="${NAME}"] button`, 'Disable');
    await page.waitForSelector('form[aria-label="Confirm your password"] input');
    await page.type('form[aria-label="Confirm your password"] input', DEMO_USER.password);
    await clickText(page, 'form[aria-label="Confirm your password"] button', 'Confirm');
    await flashSays(page, `User ${NAME} disabled`);
    expect((await verify()).status).toBe(401);
    await clickText(page, `tr[data-name="${NAME}"] button`, 'Enable');
    await flashSays(page, `User ${NAME} enabled`);

    await clickText(page, `tr[data-name="${NAME}"] button`, 'Reset password');
    await page.waitForSelector('form[aria-label^="Reset the password"] input');
    await page.type('form[aria-label^="Reset the password"] input', PW2);
    await clickText(page, 'form[aria-label^="Reset the password"] button', 'Reset');
    await flashSays(page, 'sessions have ended');
    expect((await login(PW1)).status).toBe(401);
    expect((await login(PW2)).status).toBe(200);
    expect((await verify()).status).toBe(401);

    await page.select(`tr[data-name="${NAME}"] select`, 'worklog');
    await flashSays(page, `User ${NAME} is now Work-log`);
    const worklogToken = ((await (await login(PW2)).json()) as { token: string }).token;
    expect((await fetch(`${BASE}/api/admin/`, { headers: { authorization: `Bearer ${worklogToken}` } })).status).toBe(403);
    // The account's own row offers no disabling of oneself.
    const own = await page.$$eval('.users-table tr', (rs) => rs.filter((r) => r.textContent?.includes('(you)')).map((r) => r.textContent));
    expect(own.join('')).not.toContain('Disable');
  });

  it('14. pages and answers carry the security headers; admin, auth and work-log answers are no-store', async () => {
    const s = await session(page);
    const head = async (url: string, init: RequestInit = {}) => (await fetch(url, init)).headers;
    for (const p of ['/', '/admin', '/admin/settings', '/webdata']) {
      const h = await head(`${BASE}${p}`);
      const csp = h.get('content-security-policy') ?? '';
      expect([p, /frame-ancestors 'none'/.test(csp), /script-src 'self'/.test(csp)]).toEqual([p, true, true]);
      expect([p, h.get('x-content-type-options'), h.get('referrer-policy')]).toEqual([p, 'nosniff', 'strict-origin-when-cross-origin']);
    }
    for (const p of ['/admin', '/webdata']) expect([p, (await head(`${BASE}${p}`)).get('cache-control')]).toEqual([p, 'no-store']);
    const api = await head(`${BASE}/api/settings/`);
    expect(api.get('content-security-policy')).toContain("script-src 'self'");
    expect(api.get('x-content-type-options')).toBe('nosniff');
    const auth = { authorization: `Bearer ${s!.token}` };
    for (const p of ['/api/admin/', '/api/webdata', '/auth/verify-token/', '/api/users']) {
      expect([p, (await head(`${BASE}${p}`, { headers: auth })).get('cache-control')]).toEqual([p, 'no-store']);
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

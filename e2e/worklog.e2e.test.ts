/**
 * The /webdata area in a real Chromium, against the whole stack (docs/product.md#worklog).
 * The demo journal is seeded with 30 work entries, so paging past 20 needs no setup.
 */
import type { Browser, Page } from 'puppeteer-core';
import { BASE, launchBrowser, loginAs, newPage, pageText } from './harness';
import { WORK_FILTERS } from '@journal/contracts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pathOf = (page: Page) => new URL(page.url()).pathname;
const stamp = Date.now().toString(36);

const pager = (page: Page) => page.$eval('.worklog-pager-text', (el) => el.textContent ?? '');

/** Waits until the shell has verified the session and the list has its answer for the route. */
async function listSettled(page: Page) {
  await page.waitForSelector('table.worklog-table[aria-busy="false"]', { timeout: 15_000 });
}

/**
 * Picks a filter and waits until the table shows that filter's list: the route changed, the
 * table is not busy, and (for a status filter) every row has that status. Waiting only for a
 * calm table raced the click: the previous filter's rows stay on screen until the new ones come.
 */
async function clickFilter(page: Page, label: string) {
  const value = WORK_FILTERS.find((f) => f.label === label)!.value;
  await page.evaluate((l) => {
    const b = [...document.querySelectorAll<HTMLButtonElement>('.worklog-filters button')].find((x) => x.textContent === l);
    if (!b) throw new Error(`no filter button ${l}`);
    b.click();
  }, label);
  await page.waitForFunction(
    (v) => {
      const table = document.querySelector('table.worklog-table');
      if (location.pathname !== `/webdata/${v}` || table?.getAttribute('aria-busy') !== 'false') return false;
      return v === 'all' || [...document.querySelectorAll('tr.worklog-row')].every((tr) => tr.getAttribute('data-status') === v);
    },
    { timeout: 15_000 },
    value,
  );
}

/** The rows of the table: text of the Work cell, data-status and the computed background. */
const rows = (page: Page) =>
  page.$$eval('tr.worklog-row', (trs) =>
    trs.map((tr) => ({
      sno: tr.cells[0]!.textContent,
      work: tr.cells[1]!.textContent ?? '',
      date: tr.cells[2]!.textContent ?? '',
      status: tr.getAttribute('data-status'),
      select: tr.querySelector('select')!.value,
      background: getComputedStyle(tr).backgroundColor,
    })),
  );

/** The session token the login stored, for checking the server's state directly. */
const token = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('journal_admin_jwt') ?? '{}').token as string);
const apiList = async (page: Page, qs: string) =>
  (await page.evaluate(
    async (q, t) => (await fetch(`/api/webdata?${q}`, { headers: { Authorization: `Bearer ${t}` } })).json(),
    qs,
    await token(page),
  )) as { items: { id: string; content: string; status: string }[]; total: number };

describe('the work-log area', () => {
  it('logs in, adds an urgent entry, filters, changes status, searches, pages and logs out', async () => {
    const page = await newPage(browser);
    // No session: the shell sends the browser to the work-log login.
    await page.goto(`${BASE}/webdata`, { waitUntil: 'networkidle0' });
    expect(pathOf(page)).toBe('/webdata/login');

    // 1. Log in at /webdata/login; success goes to /webdata.
    await loginAs(page, BASE, '/webdata/login');
    expect(pathOf(page)).toBe('/webdata');
    await listSettled(page);
    const text = await pageText(page);
    for (const t of ['Home', 'User: admin', 'Logout', 'All Entries', 'Pending', 'Working', 'Completed', 'Information', 'Last-work', 'Journal', 'Urgent', 'Cancelled', 's.no.', 'Work', 'Date', 'Status']) {
      expect(text).toContain(t);
    }
    expect(await page.$eval('.worklog-search input', (i) => (i as HTMLInputElement).placeholder)).toBe('Search...');
    expect(await page.$$eval('.worklog-filters button', (bs) => bs.length)).toBe(9);
    const first = await rows(page);
    expect(first).toHaveLength(20);
    // Each entry's date cell starts with who wrote it, upper-cased: staff by user name, workflow events by
    // the person and their role (e.g. an author's submission).
    const stampedBy = /^[\p{Lu}\p{N}][\p{Lu}\p{M}\p{N} ._'-]*( \(\p{Lu}+\))? \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}:\d{2}\s?(AM|PM)$/u;
    for (const r of first) expect(r.date).toMatch(stampedBy);

    // 2. Add an Urgent entry.
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => undefined), page.click('.worklog-add')]);
    expect(pathOf(page)).toBe('/webdata/addentris');
    // A client-side navigation: the form is there once its screen has rendered, not when the URL changed.
    await page.waitForSelector('select[name=status] option');
    expect(await page.$$eval('select[name=status] option', (os) => os.map((o) => o.textContent))).toEqual(['Select Type', 'Information', 'Urgent']);
    expect(await page.$eval('input[name=content]', (i) => [(i as HTMLInputElement).type, (i as HTMLInputElement).placeholder])).toEqual(['text', 'Your Content']);
    await page.select('select[name=status]', 'urgent');
    const content = `E2E urgent task ${stamp}`;
    await page.type('input[name=content]', content);
    await page.click('.worklog-add-form button[type=submit]');
    await page.waitForFunction(() => location.pathname === '/webdata', { timeout: 15_000 });
    await listSettled(page);

    // 3. It shows red in the list, newest first.
    const added = (await rows(page)).find((r) => r.work === content);
    expect(added).toMatchObject({ status: 'urgent', select: 'urgent', sno: '1', background: 'rgb(204, 0, 0)' });
    expect(added!.date).toMatch(/^ADMIN \d/);

    // 4. Filter by Urgent through the route.
    await clickFilter(page, 'Urgent');
    expect(pathOf(page)).toBe('/webdata/urgent');
    let urgent = await rows(page);
    expect(urgent.length).toBeGreaterThan(0);
    expect(urgent.every((r) => r.status === 'urgent')).toBe(true);
    expect(urgent.some((r) => r.work === content)).toBe(true);

    // 5. Change its status through the confirm dialog: Cancel changes nothing, OK saves and reloads.
    page.removeAllListeners('dialog');
    const seen: string[] = [];
    // Every status PUT the page sends; Cancel must send none.
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/webdata/')) puts.push(r.url());
    });
    const dismissed = new Promise<void>((resolve) =>
      page.once('dialog', (d) => {
        seen.push(d.message());
        void d.dismiss().then(resolve);
      }),
    );
    const rowSelect = async () => {
      const handles = await page.$$('tr.worklog-row');
      for (const h of handles) if ((await h.$eval('td:nth-child(2)', (td) => td.textContent)) === content) return (await h.$('select'))!;
      throw new Error('entry row not found');
    };
    await (await rowSelect()).select('completed');
    await dismissed;
    expect(seen).toEqual(['Do you really want to Change.']);
    expect((await rows(page)).find((r) => r.work === content)).toMatchObject({ select: 'urgent', status: 'urgent' });
    expect((await apiList(page, `search=${encodeURIComponent(content)}`)).items[0]!.status).toBe('urgent');

    page.once('dialog', (d) => {
      seen.push(d.message());
      void d.accept();
    });
    const put = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/api/webdata/'));
    await (await rowSelect()).select('completed');
    expect((await put).status()).toBe(200);
    // A PUT after Cancel would have left before this one: exactly one went out.
    expect(puts).toHaveLength(1);
    await page.waitForFunction((c) => ![...document.querySelectorAll('tr.worklog-row td:nth-child(2)')].some((td) => td.textContent === c), {}, content);
    expect(seen).toEqual(['Do you really want to Change.', 'Do you really want to Change.']);
    urgent = await rows(page);
    expect(urgent.every((r) => r.status === 'urgent')).toBe(true);
    await page.goto(`${BASE}/webdata/completed`, { waitUntil: 'networkidle0' });
    await listSettled(page);
    expect((await rows(page)).find((r) => r.work === content)).toMatchObject({ status: 'completed', select: 'completed' });

    // 6. Search from the top bar (?search=), case-insensitively; ignored when the filter is not all.
    await page.goto(`${BASE}/webdata`, { waitUntil: 'networkidle0' });
    await listSettled(page);
    await page.type('.worklog-search input', content.toUpperCase());
    await page.click('.worklog-search button');
    // The URL changes before the list renders its answer (the previous rows stay until it comes, the
    // table not yet busy): wait for the rows of the search, as clickFilter does for a filter.
    await page.waitForFunction(
      (c) =>
        location.search.startsWith('?search=') &&
        document.querySelector('table.worklog-table')?.getAttribute('aria-busy') === 'false' &&
        [...document.querySelectorAll('tr.worklog-row td:nth-child(2)')].every((td) => td.textContent === c),
      { timeout: 15_000 },
      content,
    );
    expect(pathOf(page)).toBe('/webdata');
    const found = await rows(page);
    expect(found.map((r) => r.work)).toEqual([content]);
    expect(await pager(page)).toBe('1 - 1 of 1');
    await page.goto(`${BASE}/webdata/pending?search=${encodeURIComponent(content)}`, { waitUntil: 'networkidle0' });
    await listSettled(page);
    const pending = await rows(page);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => r.status === 'pending' && r.background === 'rgb(255, 165, 0)')).toBe(true);

    // 7. Page past 20 entries; the pager is clamped and resets to page 1 on a filter change.
    await page.goto(`${BASE}/webdata`, { waitUntil: 'networkidle0' });
    await listSettled(page);
    const total = (await apiList(page, 'page=1')).total;
    expect(total).toBeGreaterThan(20);
    expect(await pager(page)).toBe(`1 - 20 of ${total}`);
    expect(await page.$eval('button[aria-label="Previous page"]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await page.click('button[aria-label="Next page"]');
    await page.waitForFunction((t) => document.querySelector('.worklog-pager-text')?.textContent === `21 - ${Math.min(40, t)} of ${t}`, {}, total);
    await listSettled(page);
    expect((await rows(page))[0]!.sno).toBe('21');
    if (total <= 40) expect(await page.$eval('button[aria-label="Next page"]', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await clickFilter(page, 'All Entries');
    expect(pathOf(page)).toBe('/webdata/all');
    await page.click('button[aria-label="Next page"]');
    await page.waitForFunction(() => document.querySelector('.worklog-pager-text')?.textContent?.startsWith('21 - '));
    await clickFilter(page, 'Information');
    expect(pathOf(page)).toBe('/webdata/info');
    expect(await pager(page)).toMatch(/^1 - \d+ of \d+$/);
    expect((await rows(page)).every((r) => r.status === 'info' && r.background === 'rgb(0, 255, 0)')).toBe(true);

    // 8. Log out: the session is cleared and the login page shows; the shell is closed again.
    await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => undefined), page.click('.worklog-logout')]);
    expect(pathOf(page)).toBe('/webdata/login');
    expect(await page.evaluate(() => localStorage.getItem('journal_admin_jwt'))).toBeNull();
    await page.goto(`${BASE}/webdata`, { waitUntil: 'networkidle0' });
    expect(pathOf(page)).toBe('/webdata/login');
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('shows XSS payloads as text or sanitised markup, and no script runs', async () => {
    const page = await newPage(browser);
    // The sanitiser is what is under test here, not the page's CSP: with the CSP bypassed a payload
    // the sanitiser let through would run, and the positive controls below can run.
    await page.setBypassCSP(true);
    await loginAs(page, BASE, '/webdata/login');
    const tag = `xss${stamp}`;
    const payloads = [
      `<img src=x onerror="window.__xss='img'">${tag}-img`,
      `<script>window.__xss='script'</script>${tag}-script`,
      `<b onmouseover="window.__xss='hover'">${tag}-bold</b><a href="javascript:window.__xss='link'">${tag}-link</a>`,
      `<svg onload="window.__xss='svg'"></svg><iframe src="javascript:parent.__xss='iframe'"></iframe>${tag}-frame`,
    ];
    // Through the form, as a user would type it.
    for (const p of payloads) {
      await page.goto(`${BASE}/webdata/addentris`, { waitUntil: 'networkidle0' });
      await page.select('select[name=status]', 'info');
      await page.type('input[name=content]', p);
      await page.click('.worklog-add-form button[type=submit]');
      await page.waitForFunction(() => location.pathname === '/webdata', { timeout: 15_000 });
    }
    await page.goto(`${BASE}/webdata?search=${tag}`, { waitUntil: 'networkidle0' });
    await listSettled(page);
    const shown = await rows(page);
    expect(shown).toHaveLength(payloads.length);
    // Hover and click everything that could carry a handler.
    for (const b of await page.$$('td.worklog-work b, td.worklog-work a')) await b.hover();
    for (const a of await page.$$('td.worklog-work a')) await a.click().catch(() => undefined);
    // Positive controls of the same kinds, started after the payloads: once they have run, any
    // payload handler would have run before them.
    await page.evaluate(() => {
      const ctl = document.createElement('div');
      ctl.innerHTML = `<img src=x onerror="window.__ctl_img=1"><a id="ctl-link" href="javascript:window.__ctl_link=1">ctl</a>`;
      document.body.append(ctl);
    });
    await page.click('#ctl-link');
    await page.waitForFunction(() => {
      const w = window as unknown as { __ctl_img?: number; __ctl_link?: number };
      return w.__ctl_img === 1 && w.__ctl_link === 1;
    });
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    const html = await page.$$eval('td.worklog-work', (tds) => tds.map((td) => td.innerHTML).join('\n'));
    expect(html).not.toMatch(/<script|<img|<svg|<iframe|onerror|onload|onmouseover|javascript:/i);
    expect(html).toContain(`<b>${tag}-bold</b>`);
    expect(shown.map((r) => r.work).join(' ')).toContain(`${tag}-img`);
    expect(page.errors).toEqual([]);
    await page.close();
  });

  it('a session the server refuses is cleared and the browser goes to the home page', async () => {
    const page = await newPage(browser);
    await page.goto(`${BASE}/webdata/login`, { waitUntil: 'networkidle0' });
    await page.evaluate(() => localStorage.setItem('journal_admin_jwt', JSON.stringify({ token: 'not.a.token', user: { id: 'x', name: 'ghost' } })));
    await page.goto(`${BASE}/webdata`, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => location.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('journal_admin_jwt'))).toBeNull();
    await page.close();
  });

  it('the list API refuses calls without the token, as the original add did not send one', async () => {
    const res = await fetch(`${BASE}/api/webdata`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 'urgent', content: 'anonymous', createdby: 'x', created_at: new Date().toISOString() }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('unauthorized');
  });
});

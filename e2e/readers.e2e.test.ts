/**
 * What readers and staff hit on the whole stack: withdrawn and retracted articles, staff documents
 * of disabled items, the public site with JavaScript off (every link and form followed), a phone
 * where no fixed element covers a button, and an admin action bar that holds still when a bulk
 * job fails.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, HTTPRequest } from 'puppeteer-core';
import { eventually } from '@journal/testing';
import { BASE, DEMO_USER, apiOf, launchBrowser, loginAs, newPage, onHost, untilLive } from './harness';

interface Listed { id: string; refnumber: string; year: number; volume: number; issue: number; title: string }
interface Year { year: number; volume: number; issues: { volume: number; issue: number }[] }

let browser: Browser;
let token = '';
let dir = '';
let latest: { year: number; volume: number; issue: number };
let issueList: Listed[] = [];

const articlePath = (a: Listed) => `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${a.refnumber}`;
const staff = (p: string, body: unknown) =>
  fetch(`${BASE}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });

function pdfText(pdf: Buffer): string {
  const file = path.join(dir, `doc-${Date.now()}-${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'readers-e2e-'));
  browser = await launchBrowser();
  const login = await fetch(`${BASE}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_USER.name, password: DEMO_USER.password }) });
  token = ((await login.json()) as { token: string }).token;
  // The newest issue with two articles at least: other suites add issues of their own to the demo journal.
  const years = await apiOf<Year[]>(BASE, '/api/archives/');
  for (const y of years.sort((a, b) => b.year - a.year)) {
    for (const i of [...y.issues].sort((a, b) => a.issue - b.issue)) {
      const list = await apiOf<Listed[]>(BASE, `/api/archives/${y.year}/${i.volume}/${i.issue}`);
      if (list.length < 2) continue;
      latest = { year: y.year, volume: i.volume, issue: i.issue };
      issueList = list;
      return;
    }
  }
  throw new Error('the demo journal has no issue of two articles');
}, 60_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('withdrawn and retracted articles', () => {
  it('a withdrawal keeps a 410 tombstone with the reason, gone from the issue, search and sitemap; a retraction stays, marked; restore undoes both', async () => {
    const [gone, retracted] = [issueList[0]!, issueList[1]!];
    try {
      expect((await staff(`/api/admin/articles/${gone.id}/withdraw`, { kind: 'withdrawn', reason: `Duplicate of an earlier paper ${gone.refnumber}` })).status).toBe(200);
      expect((await staff(`/api/admin/articles/${retracted.id}/withdraw`, { kind: 'retracted', reason: 'Images were manipulated' })).status).toBe(200);
      // Readers see both once the admin shows them live everywhere.
      await untilLive(BASE, token);

      const tomb = await onHost(BASE, articlePath(gone), { 'cache-control': 'no-cache' });
      expect(tomb.status).toBe(410);
      expect(tomb.text).toContain('This article has been withdrawn');
      expect(tomb.text).toContain(`Duplicate of an earlier paper ${gone.refnumber}`);
      const notice = await onHost(BASE, articlePath(retracted));
      expect(notice.status).toBe(200);
      expect(notice.text).toContain('This article has been retracted');
      expect(notice.text).toContain('Images were manipulated');

      // Public lists are micro-cached for a second by nginx: the next answers show the change.
      const issuePath = `/archives/${latest.year}/vol${latest.volume}/issue${latest.issue}`;
      await eventually(async () => {
        const listed = await apiOf<Listed[]>(BASE, `/api/archives/${latest.year}/${latest.volume}/${latest.issue}`);
        expect(listed.map((a) => a.refnumber)).not.toContain(gone.refnumber);
        expect((await onHost(BASE, issuePath)).text).toContain('Retracted');
        expect((await onHost(BASE, '/sitemap.xml')).text).not.toContain(articlePath(gone));
      });
      const found = await apiOf<Listed[]>(BASE, `/api/search?keyword=${encodeURIComponent(gone.title.replace(/<[^>]*>/g, '').slice(0, 30))}`);
      expect(found.map((a) => a.refnumber)).not.toContain(gone.refnumber);
      expect((await onHost(BASE, `/pdf?refno=${gone.refnumber}`)).status).toBe(410);
    } finally {
      await staff(`/api/admin/articles/${gone.id}/restore`, {});
      await staff(`/api/admin/articles/${retracted.id}/restore`, {});
      await untilLive(BASE, token);
    }
    await eventually(async () => expect((await onHost(BASE, articlePath(gone))).status).toBe(200));
  });
});

describe('staff documents of what staff selected', () => {
  it('Select all with the disabled article 1999 makes the index page and the certificates; another journal\'s refs are a 404', async () => {
    const refs = [...issueList.map((a) => a.refnumber), '1999'];
    const index = await staff('/api/pdf/indexpage', refs);
    expect(index.status).toBe(200);
    const text = pdfText(Buffer.from(await index.arrayBuffer()));
    expect(text).toContain('Withdrawn manuscript awaiting correction');
    const certs = await staff('/api/pdf/bulkcertificates', ['1999']);
    expect(certs.status).toBe(200);
    expect(certs.headers.get('content-type')).toBe('application/zip');
    // chem's references are not this journal's.
    const other = await staff('/api/pdf/indexpage', ['5001', '5999']);
    expect(other.status).toBe(404);
  });
});

/** Every same-origin page reachable from the public pages with JavaScript off, links and forms. */
describe('the public site without JavaScript', () => {
  it('every link and form leads somewhere that answers, and every #fragment has its target', async () => {
    const page = await newPage(browser);
    await page.setJavaScriptEnabled(false);
    const origin = new URL(BASE).origin;
    const queue = ['/', `/pdf?refno=${issueList[0]!.refnumber}`, '/archives'];
    const seen = new Set<string>();
    const fragments: { from: string; to: string; id: string }[] = [];
    const ids = new Map<string, Set<string>>();
    const files = new Set<string>();
    const problems: string[] = [];
    while (queue.length && seen.size < 400) {
      const p = queue.shift()!;
      if (seen.has(p)) continue;
      seen.add(p);
      const res = await page.goto(origin + p, { waitUntil: 'domcontentloaded' });
      if (!res || res.status() >= 400) {
        problems.push(`${p} answered ${res?.status()}`);
        continue;
      }
      const found = await page.evaluate(() => ({
        ids: [...document.querySelectorAll('[id]')].map((e) => e.id),
        links: [...document.querySelectorAll('a[href]')].map((a) => ({ href: (a as HTMLAnchorElement).href, download: a.hasAttribute('download') })),
        forms: [...document.querySelectorAll('form')].map((f) => ({
          action: f.action, method: (f.method || 'get').toLowerCase(),
          fields: [...f.querySelectorAll('input[name]')].map((i) => (i as HTMLInputElement).name),
        })),
        buttons: [...document.querySelectorAll('button:not([type=submit])')].filter((b) => !b.closest('form')).map((b) => b.textContent?.trim()),
      }));
      ids.set(p, new Set(found.ids));
      for (const b of found.buttons) problems.push(`${p}: a button that needs JavaScript: ${b}`);
      for (const f of found.forms) {
        const u = new URL(f.action);
        if (u.origin !== origin) continue;
        // The submission forms post without JavaScript on purpose (a manuscript, a receipt): their
        // plain posts are followed in submission.e2e.test.ts.
        if (f.method === 'post' && /^\/api\/submissions(\/|$)/.test(u.pathname)) continue;
        if (f.method !== 'get') problems.push(`${p}: a form posting without JavaScript`);
        for (const n of f.fields) u.searchParams.set(n, 'soil');
        queue.push(u.pathname + u.search);
      }
      for (const l of found.links) {
        const u = new URL(l.href);
        if (u.origin !== origin) continue;
        const target = u.pathname + u.search;
        if (u.hash.length > 1) fragments.push({ from: p, to: target, id: decodeURIComponent(u.hash.slice(1)) });
        if (/^\/(api|assets|files|feed|sitemap|oai)/.test(u.pathname) || l.download) files.add(target);
        else queue.push(target);
      }
    }
    // Files and documents: each answers (documents of one kind once: they are rendered on demand).
    const kinds = new Set<string>();
    for (const f of files) {
      const kind = /^\/api\/pdf\/(\w+)/.exec(f)?.[1];
      if (kind && kinds.has(kind)) continue;
      if (kind) kinds.add(kind);
      const r = await onHost(BASE, f);
      if (r.status !== 200) problems.push(`${f} answered ${r.status}`);
    }
    for (const { from, to, id } of fragments) {
      if (!ids.has(to)) {
        await page.goto(origin + to, { waitUntil: 'domcontentloaded' });
        ids.set(to, new Set(await page.evaluate(() => [...document.querySelectorAll('[id]')].map((e) => e.id))));
      }
      if (!ids.get(to)!.has(id)) problems.push(`${from} links to ${to}#${id}, which has no such target`);
    }
    expect(problems).toEqual([]);
    expect(seen.size).toBeGreaterThan(20);
    expect(kinds).toEqual(new Set(['certificate', 'coverpage', 'editorialboard']));
    // Closed year boxes open without JavaScript: they are <details>.
    await page.goto(`${origin}/archives/${latest.year}/vol${latest.volume}/issue${latest.issue}`, { waitUntil: 'domcontentloaded' });
    const closed = await page.$$('details.year-box:not([open]) summary');
    if (closed.length) {
      await closed[0]!.click();
      expect(await page.$$eval('details.year-box', (ds) => ds.every((d) => (d as HTMLDetailsElement).open))).toBe(closed.length === 1);
    }
    await page.close();
  }, 300_000);
});

describe('a 390 px wide phone', () => {
  it('no fixed element covers a button or a button-like link on the public pages', async () => {
    const page = await newPage(browser);
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    const covered: string[] = [];
    for (const p of ['/', `/pdf?refno=${issueList[0]!.refnumber}`, `/archives/${latest.year}/vol${latest.volume}/issue${latest.issue}`, articlePath(issueList[0]!), '/contact', '/board']) {
      await page.goto(BASE + p, { waitUntil: 'networkidle0' });
      await page.waitForSelector('footer');
      const hits = await page.evaluate(async () => {
        const out: string[] = [];
        const targets = [...document.querySelectorAll('button, a.btn, input[type=submit], [role=button]')].filter((e) => (e as HTMLElement).offsetParent !== null);
        for (const el of targets) {
          // At the bottom edge of the screen, where a floating button sits, and in the middle.
          for (const block of ['end', 'center'] as const) {
            el.scrollIntoView({ block, inline: 'nearest' });
            await new Promise((r) => requestAnimationFrame(() => r(null)));
            const r = el.getBoundingClientRect();
            for (const [x, y] of [[r.left + r.width * 0.2, r.top + r.height / 2], [r.right - r.width * 0.2, r.top + r.height / 2], [r.left + r.width / 2, r.top + r.height / 2]] as const) {
              if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
              const top = document.elementFromPoint(x, y);
              // Covered means: what is on top there is fixed (or inside something fixed), not the button.
              let fixed: Element | null = top;
              while (fixed && !['fixed', 'sticky'].includes(getComputedStyle(fixed).position)) fixed = fixed.parentElement;
              if (top && fixed && !el.contains(top)) out.push(`${(el as HTMLElement).innerText.trim() || el.getAttribute('aria-label')} under ${top.className || top.tagName}`);
            }
          }
        }
        return out;
      });
      covered.push(...hits.map((h) => `${p}: ${h}`));
    }
    expect([...new Set(covered)]).toEqual([]);
    await page.close();
  }, 120_000);
});

describe('admin action bar', () => {
  it('the buttons do not move when a bulk job fails', async () => {
    const page = await newPage(browser);
    await loginAs(page, BASE);
    await page.goto(`${BASE}/admin/archives/${latest.year}/${latest.volume}/${latest.issue}`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('table input[type=checkbox]');
    await page.click('thead input[type=checkbox]');
    await page.waitForSelector('.actions .pdf-job button');
    const boxes = () => page.$$eval('.actions .btn, .actions button', (bs) => bs.map((b) => {
      const r = b.getBoundingClientRect();
      return [b.textContent?.trim(), Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)];
    }));
    const before = await boxes();
    await page.setRequestInterception(true);
    const fail = (req: HTTPRequest) =>
      req.url().includes('/api/pdf/indexpage')
        ? void req.respond({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: 'failed', message: 'The selected articles could not be put on one index page, because a long reason is given here' }) })
        : void req.continue();
    page.on('request', fail);
    const [index] = await page.$$('.actions .pdf-job button');
    await index!.click();
    await page.waitForSelector('.pdf-progress-error');
    expect(await boxes()).toEqual(before);
    page.off('request', fail);
    await page.close();
  }, 120_000);
});

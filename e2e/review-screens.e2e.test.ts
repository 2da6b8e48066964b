/**
 * docs/product.md#peer-review and #reviewer-certificates on the admin screens, through nginx, the
 * gateway and Chromium: staff add a reviewer on the Reviewers screen, invite two reviewers from the
 * submission's Peer review panel, one declines and one reviews from their links, staff read the
 * review side by side and record the decision there; the reviewer's certificate email arrives in
 * Mailpit (read with pdftotext, a Devanagari name), its link opens the certificate again, and the
 * year's zip holds it. The peer review screens at 360 px and 1366 px: nothing past the window, and
 * axe finds nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { Mailpit, readZip, until } from '@journal/testing';
import { BASE, DEMO_USER, launchBrowser, loginAs, newPage, pageText } from './harness';
import { axeViolations, overflow, show } from './screen-checks';

let browser: Browser;
let page: Awaited<ReturnType<typeof newPage>>;
let token = '';
let dir: string;
const mailpit = new Mailpit();
const stamp = Date.now().toString(36);
const domain = `review-e2e-${stamp}.example.org`;
const LATIN = { name: `Dr. José Müller-Łukasiewicz ${stamp}`, email: `jose@${domain}` };
const DEVANAGARI = { name: 'डॉ. सुनीता राव', email: `sunita@${domain}` };
const ids = { submission: '', latin: '', devanagari: '' };

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n0\n%%EOF\n',
  'latin1',
);

async function call(method: string, p: string, body?: object | FormData, auth = true) {
  const res = await fetch(`${BASE}${p}`, {
    method,
    headers: { accept: 'application/json', ...(auth ? { authorization: `Bearer ${token}` } : {}), ...(body && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}) },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : {}) as Record<string, unknown>;
}

/** The reviewer's private link, from the invitation email Mailpit received. */
async function reviewToken(to: string): Promise<string> {
  let found = '';
  await until(async () => {
    const [m] = await mailpit.search(`to:${to}`);
    found = (m && /\/review\/([A-Za-z0-9_-]{20,})/.exec((await mailpit.message(m.ID)).Text)?.[1]) || '';
    return !!found;
  }, `the invitation email to ${to}`, 60_000);
  return found;
}

const panel = (p: Page) => p.$('section.submission-reviews');
/** Clicks the button named `name` once the screen shows it (a busy machine can still be drawing it). */
async function clickButton(p: Page, name: string) {
  const b = await p.waitForSelector(`xpath/.//button[normalize-space(.)="${name}"]`, { timeout: 20_000 }).catch(() => null);
  if (!b) throw new Error(`no button ${name}`);
  await b.click();
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'review-e2e-'));
  browser = await launchBrowser();
  page = await newPage(browser);
  await loginAs(page, BASE);
  token = ((await call('POST', '/auth/login/', { username: DEMO_USER.name, password: DEMO_USER.password }, false)) as { token: string }).token;
  // A manuscript submitted from the public form's endpoint, and one reviewer already on the list.
  const form = new FormData();
  for (const [k, v] of Object.entries({
    given: 'Asha', family: 'Verma', email: `author@${domain}`, mobile: '+91 98765 43210', country: 'India',
    title: `Soil Rhizobium under drought ${stamp}`, abstract: 'We measured nodulation at three water levels.', keywords: 'soil', subject: 'Agronomy', declaration: 'on',
  })) form.set(k, v);
  form.set('manuscript', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'paper.pdf');
  await call('POST', '/api/submissions', form, false);
  ids.submission = String(((await call('GET', `/api/admin/submissions?q=${encodeURIComponent(`author@${domain}`)}`)).items as { id: string }[])[0]!.id);
  ids.devanagari = String((await call('POST', '/api/admin/reviewers', { ...DEVANAGARI, affiliation: 'भारतीय कृषि अनुसंधान संस्थान', subjects: 'Agronomy' })).id);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('staff add a reviewer on the Reviewers screen', async () => {
  await show(page, `${BASE}/admin/reviewers`);
  await clickButton(page, 'Add New');
  await page.type('#reviewer-name', LATIN.name);
  await page.type('#reviewer-email', LATIN.email);
  await page.type('#reviewer-affiliation', 'Université de Montréal');
  await page.type('#reviewer-subjects', 'Agronomy, Soil science');
  await clickButton(page, 'Submit');
  await page.waitForFunction((n) => document.body.innerText.includes(`${n} added`), { timeout: 15_000 }, LATIN.name);
  const list = (await call('GET', `/api/admin/reviewers?q=${encodeURIComponent(LATIN.email)}`)).items as { id: string; name: string }[];
  expect(list.map((r) => r.name)).toEqual([LATIN.name]);
  ids.latin = list[0]!.id;
});

test('staff invite both from the submission’s Peer review panel, found by name', async () => {
  await show(page, `${BASE}/admin/submissions/${ids.submission}`);
  for (const who of [LATIN.name, DEVANAGARI.name]) {
    const search = await page.$('#invite-search');
    await search!.click({ count: 3 });
    await search!.type(who.split(' ')[1]!);
    await clickButton(page, 'Find');
    const box = await page.waitForSelector(`xpath/.//fieldset[legend="Found"]//label[contains(., "${who}")]/input`, { timeout: 15_000 });
    await box!.click();
  }
  await clickButton(page, 'Invite 2 reviewers');
  await page.waitForFunction(() => document.body.innerText.includes('2 invitations sent'), { timeout: 20_000 });
  const rows = await page.$$eval('table[aria-label="Invitations"] tbody tr', (trs) => trs.map((tr) => (tr as HTMLElement).innerText));
  expect(rows).toHaveLength(2);
  for (const r of rows) expect(r).toContain('Invited');
  expect(await panel(page)).not.toBeNull();
});

test('one declines, one reviews; staff read the review side by side and record the decision', async () => {
  const declined = await reviewToken(LATIN.email);
  await call('POST', `/api/reviews/${declined}/decline`, { reason: 'On leave until May' }, false);
  const reviewing = await reviewToken(DEVANAGARI.email);
  await call('POST', `/api/reviews/${reviewing}/accept`, {}, false);
  const review = new FormData();
  review.set('recommendation', 'minor_revision');
  review.set('toAuthor', 'Please clarify the sampling design.');
  review.set('toEditor', `Confidential ${stamp}: possible overlap with a 2024 paper.`);
  await call('POST', `/api/reviews/${reviewing}/submit`, review, false);

  await show(page, `${BASE}/admin/submissions/${ids.submission}`);
  const text = await pageText(page);
  expect(text).toContain('Declined');
  expect(text).toContain('On leave until May');
  const side = await page.$eval('section[aria-label="Reviews side by side"]', (s) => (s as HTMLElement).innerText);
  expect(side).toContain('Minor revision');
  expect(side).toContain(`Confidential ${stamp}`);

  await page.select('#review-decision', 'revision_requested');
  await page.type('#review-decision-message', 'Please revise as the reviewer asks.');
  await clickButton(page, 'Record decision');
  await page.waitForFunction(() => document.body.innerText.includes('Decision recorded'), { timeout: 20_000 });
  // The author's email carries the comments to the author, never the confidential ones.
  let authorMail = '';
  await until(async () => {
    for (const m of await mailpit.search(`to:author@${domain}`)) {
      const t = (await mailpit.message(m.ID)).Text;
      if (t.includes('Please revise as the reviewer asks.')) authorMail = t;
    }
    return !!authorMail;
  }, 'the decision email to the author', 60_000);
  expect(authorMail).toContain('Please clarify the sampling design.');
  expect(authorMail).not.toContain(`Confidential ${stamp}`);
}, 180_000);

test('the reviewer’s certificate arrives attached, reads right, opens again from its link, and is in the year’s zip', async () => {
  let id = '';
  await until(async () => {
    const [m] = await mailpit.search(`to:${DEVANAGARI.email} subject:"thank you for reviewing"`);
    id = m && m.Attachments > 0 ? m.ID : '';
    return !!id;
  }, 'the certificate email', 120_000);
  const message = await mailpit.message(id);
  const [attachment] = message.Attachments;
  expect(attachment!.FileName).toMatch(/^reviewer-certificate-[A-Z0-9]+-\d{4}-\d{5,}\.pdf$/);
  const pdf = await mailpit.attachment(id, attachment!.PartID);
  const file = path.join(dir, 'certificate.pdf');
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const want of ['CERTIFICATE OF REVIEWING', DEVANAGARI.name, `Soil Rhizobium under drought ${stamp}`, 'PEER REVIEW']) expect(text).toContain(want);

  const link = /(https?:\/\/[^\s]+\/api\/pdf\/reviewer-certificate\/[a-f0-9]{24}\/[A-Za-z0-9_-]{32})/.exec(message.Text)?.[1];
  expect(link).toBeDefined();
  const again = await fetch(`${BASE}${new URL(link!).pathname}`);
  expect([again.status, again.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  expect((await fetch(`${BASE}${new URL(link!).pathname.slice(0, -1)}A`)).status).toBe(404);

  const year = new Date().getUTCFullYear();
  const zip = await fetch(`${BASE}/api/pdf/reviewercertificates`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ year }) });
  expect(zip.status).toBe(200);
  const names = readZip(Buffer.from(await zip.arrayBuffer())).map((e) => e.name);
  expect(names.some((n) => n.endsWith(`-${DEVANAGARI.name}.pdf`))).toBe(true);
}, 180_000);

describe('the peer review screens', () => {
  const screens = () => ['/admin/reviewers', `/admin/reviewers/${ids.devanagari}`, `/admin/submissions/${ids.submission}`];

  it.each([360, 1366])('at %i px nothing runs past the window', async (width) => {
    await page.setViewport({ width, height: 800 });
    const found: Record<string, unknown> = {};
    for (const r of screens()) {
      await show(page, `${BASE}${r}`);
      const o = await overflow(page);
      if (o.scrollWidth > o.width || o.past.length) found[r] = o;
    }
    expect(found).toEqual({});
  }, 120_000);

  it('axe finds nothing', async () => {
    await page.setViewport({ width: 1366, height: 900 });
    const found: Record<string, string[]> = {};
    for (const r of screens()) {
      await show(page, `${BASE}${r}`);
      const v = await axeViolations(page);
      if (v.length) found[r] = v;
    }
    expect(found).toEqual({});
    expect(page.errors).toEqual([]);
  }, 120_000);
});

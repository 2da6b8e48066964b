/**
 * docs/product.md#submissions end to end, through nginx, the gateway, the render process and
 * Chromium: a reader submits with and without JavaScript, follows the status page through each
 * transition, sends a revision and a receipt from it, staff publish, and the delivery e-mail with
 * its attachments arrives in Mailpit (attachments opened with pdftotext).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import { Mailpit, makeZip, until, type MailpitSummary } from '@journal/testing';
import { BASE, CHEM, DEMO_USER, launchBrowser, newPage, onHost, pageText } from './harness';

let browser: Browser;
let dir: string;
let token = '';
const mailpit = new Mailpit();
const stamp = Date.now().toString(36);

/** A minimal Word document: a zip with the main document part. */
const docx = () =>
  makeZip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', '<w:document/>'],
  ]);

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\ntrailer << /Root 1 0 R >>\nstartxref\n0\n%%EOF\n',
  'latin1',
);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex'),
]);

const file = (name: string, bytes: Buffer) => {
  const p = path.join(dir, name);
  writeFileSync(p, bytes);
  return p;
};

async function fillForm(page: Page, email: string, manuscript: string) {
  await page.type('#sub-given', 'Asha');
  await page.type('#sub-family', 'Verma');
  await page.type('#sub-email', email);
  await page.type('#sub-mobile', '+91 98765 43210');
  await page.type('#sub-country', 'India');
  await page.type('#sub-coauthors-0-given-', 'Ravi');
  await page.type('#sub-coauthors-0-family-', 'Kumar');
  await page.type('#sub-title', `Growth of <i>E. coli</i> ${stamp}`);
  await page.type('#sub-abstract', 'We measured growth at three temperatures.');
  await page.type('#sub-keywords', 'bacteria, growth');
  await page.type('#sub-subject', 'Microbiology');
  await upload(page, '#sub-manuscript', manuscript);
  await page.click('#sub-declaration');
}

/** Chooses a file in a file input (puppeteer types uploadFile on input handles only). */
async function upload(page: Page, selector: string, file: string) {
  const input = await page.$(selector);
  if (!input) throw new Error(`no ${selector}`);
  await (input as unknown as { uploadFile(p: string): Promise<void> }).uploadFile(file);
}

const statusToken = (url: string) => new URL(url).pathname.split('/')[2] ?? '';

async function staff(method: string, p: string, body?: object) {
  const res = await fetch(`${BASE}${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'submission-e2e-'));
  browser = await launchBrowser();
  const login = await fetch(`${BASE}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_USER.name, password: DEMO_USER.password }) });
  token = ((await login.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the home page and the instructions lead to the form', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  expect(await page.$eval('a[href="/submit"]', (a) => a.textContent)).toBe('Submit your article online');
  await page.goto(`${BASE}/instructions`);
  expect(await page.$('a[href="/submit"]')).not.toBeNull();
  await page.close();
});

test('without JavaScript: submit, follow the status page, revise, pay; staff publish; the delivery e-mail arrives', async () => {
  const email = `author-${stamp}@example.org`;
  const page = await newPage(browser);
  await page.setJavaScriptEnabled(false);
  await page.goto(`${BASE}/submit`);
  await fillForm(page, email, file('paper.docx', docx()));
  const formKey = await page.$eval('input[name="formKey"]', (i) => (i as HTMLInputElement).value);
  expect(formKey).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
  await Promise.all([page.waitForNavigation(), page.click('.submit-page .sub-form button[type="submit"]')]);
  expect(page.url()).toMatch(/\/submission\/[A-Za-z0-9_-]{43}\?done=submitted$/);
  let text = await pageText(page);
  const number = /Your submission number is ([A-Z0-9]+-\d{4}-\d{5})/.exec(text)?.[1];
  expect(number).toBeDefined();

  // The same post sent again (the browser's "resend", a retry after a lost answer): the same submission.
  const again = new FormData();
  for (const [k, v] of Object.entries({ formKey, website: '', given: 'Asha', family: 'Verma', email, mobile: '+91 98765 43210', country: 'India', title: `Growth of <i>E. coli</i> ${stamp}`, abstract: 'We measured growth at three temperatures.', keywords: 'bacteria, growth', subject: 'Microbiology', declaration: 'on', 'coauthors[0][given]': 'Ravi', 'coauthors[0][family]': 'Kumar' })) again.set(k, v);
  again.set('manuscript', new Blob([new Uint8Array(docx())], { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }), 'paper.docx');
  const resent = await fetch(`${BASE}/api/submissions`, { method: 'POST', body: again, headers: { accept: 'text/html' }, redirect: 'manual' });
  expect(resent.status).toBe(303);
  const second = await onHost(BASE, String(resent.headers.get('location')));
  expect(second.text.replace(/<[^>]+>/g, '')).toContain(`Your submission number is ${number}`);
  expect(((await staff('GET', `/api/admin/submissions?q=${encodeURIComponent(email)}`)).total as number)).toBe(1);
  expect(text).toContain('Received');
  const link = statusToken(page.url());
  // The status link of one journal is nothing on another's host.
  expect((await onHost(CHEM, `/submission/${link}`)).status).toBe(404);
  expect((await onHost(BASE, `/submission/${link.slice(0, -1)}${link.endsWith('A') ? 'B' : 'A'}`)).status).toBe(404);
  // Never kept by nginx: the page after a change shows it at once.
  expect((await onHost(BASE, `/submission/${link}`)).headers['cache-control']).toBe('no-store');

  const id = String(((await staff('GET', `/api/admin/submissions?q=${encodeURIComponent(email)}`)).items as { id: string }[])[0]!.id);
  await staff('POST', `/api/admin/submissions/${id}/decision`, { to: 'under_review' });
  await staff('POST', `/api/admin/submissions/${id}/decision`, { to: 'revision_requested', message: 'Please add a figure.' });
  await page.goto(`${BASE}/submission/${link}`);
  text = await pageText(page);
  expect(text).toContain('Revision requested');
  expect(text).toContain('Please add a figure.');

  // The revision, from the status page's own form.
  await upload(page, '#sub-revision', file('revised.pdf', PDF));
  await Promise.all([page.waitForNavigation(), page.click('form[action$="/revision"] button')]);
  expect(await pageText(page)).toContain('Thank you. Your revision has been received.');

  await staff('POST', `/api/admin/submissions/${id}/decision`, { to: 'accepted', message: 'Accepted.' });
  await page.goto(`${BASE}/submission/${link}`);
  text = await pageText(page);
  expect(text).toContain('Publication fee');
  expect(text).toMatch(/INR \d+/);
  await page.type('#sub-txnid', `TXN-${stamp}`);
  await upload(page, '#sub-receipt', file('receipt.png', PNG));
  await Promise.all([page.waitForNavigation(), page.click('form[action$="/receipt"] button')]);
  expect(await pageText(page)).toContain('Payment receipt sent');

  await staff('POST', `/api/admin/submissions/${id}/payment`, { action: 'confirm' });
  const detail = await staff('GET', `/api/admin/submissions/${id}`);
  const proposal = detail.proposal as Record<string, unknown>;
  expect(proposal).toBeTruthy();
  const published = await staff('POST', `/api/admin/submissions/${id}/publish`, proposal);
  const article = published.article as { path: string; refnumber: string };
  await page.goto(`${BASE}/submission/${link}`);
  expect(await pageText(page)).toContain('Your article is published');
  const articlePage = await onHost(BASE, article.path);
  expect(articlePage.status).toBe(200);
  expect(articlePage.text).toContain(stamp);

  // The author's e-mails, in the mailbox: the acknowledgement, each decision, and the delivery.
  let delivery: MailpitSummary | undefined;
  await until(async () => {
    delivery = (await mailpit.search(`to:${email}`)).find((m) => m.Attachments >= 4);
    return !!delivery;
  }, 'the delivery e-mail in Mailpit', 90_000, 500);
  if (!delivery) throw new Error('no delivery e-mail');
  const message = await mailpit.message(delivery.ID);
  const names = message.Attachments.map((a) => a.FileName);
  expect(names).toEqual(expect.arrayContaining([`${article.refnumber}.pdf`, 'editorial-board.pdf', `cover-page-${article.refnumber}.pdf`]));
  const certificates = message.Attachments.filter((a) => a.FileName.startsWith('certificate-'));
  expect(certificates).toHaveLength(2);
  const certText = execFileSync('pdftotext', [file('cert.pdf', await mailpit.attachment(delivery.ID, certificates[0]!.PartID)), '-'], { encoding: 'utf8' });
  expect(certText).toContain('Asha Verma');
  const subjects = (await mailpit.search(`to:${email}`)).map((m) => m.Subject).join(' | ');
  expect(subjects).toContain(number!);

  // The journal's work-log has the events it wants by default: received, accepted, paid, published.
  const logged = async () => ((await staff('GET', `/api/webdata?page=1&pageSize=100&search=${encodeURIComponent(number!)}`)).items as { content: string }[]).map((e) => e.content);
  await until(async () => (await logged()).length >= 4, 'the work-log entries', 30_000, 500);
  expect((await logged()).map((c) => c.split(':')[0]).sort()).toEqual([`${number} accepted`, `${number} paid`, `${number} published`, `${number} received`]);
  await page.close();
}, 240_000);

test('with JavaScript: the form is sent in place; a refused file keeps what was typed', async () => {
  const page = await newPage(browser);
  await page.goto(`${BASE}/submit`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 15_000 });
  const exe = file('virus.pdf', Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(500, 1)]));
  expect(await page.$eval('input[name="formKey"]', (i) => (i as HTMLInputElement).value)).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
  await fillForm(page, `js-${stamp}@example.org`, exe);
  await page.click('.submit-page .sub-form button[type="submit"]');
  await page.waitForSelector('.sub-problem');
  expect(page.url()).toBe(`${BASE}/submit`);
  expect(await page.$eval('#sub-family', (i) => (i as HTMLInputElement).value)).toBe('Verma');
  await upload(page, '#sub-manuscript', file('paper.pdf', PDF));
  await Promise.all([page.waitForNavigation(), page.click('.submit-page .sub-form button[type="submit"]')]);
  expect(page.url()).toMatch(/\/submission\/[A-Za-z0-9_-]{43}\?done=submitted$/);
  expect(await pageText(page)).toMatch(/Your submission number is [A-Z0-9]+-\d{4}-\d{5}/);
  expect(page.errors).toEqual([]);
  await page.close();
}, 120_000);

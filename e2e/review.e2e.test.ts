/**
 * docs/product.md#peer-review end to end, through nginx, the gateway, the render process, the mail
 * worker, Mailpit and Chromium without JavaScript: an editor invites two reviewers, one declines
 * from the e-mailed link, the other accepts, downloads the manuscript, saves a draft and submits;
 * reminders fire for an open review on a clock passed as a parameter (a second content replica on
 * the stack's database and queues runs them); the decision reaches the author in the mailbox with
 * the comments to the author and none of the confidential text. An axe check of each page state.
 */
import type { Browser, Page } from 'puppeteer-core';
import { Mailpit, makeZip, until } from '@journal/testing';
import { start, type ContentApp } from '../services/content/src/app';
import { contentConfigSchema } from '../services/content/src/config';
import { serverEnv } from '../scripts/stack';
import { E2E } from './e2e.config';
import { axeViolations, BASE, CHEM, DEMO_USER, launchBrowser, newPage, onHost, pageText } from './harness';

const mailpit = new Mailpit();
const stamp = Date.now().toString(36);
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
const domain = `rev-${stamp}.example.org`;
const author = `author@${domain}`;
const CONFIDENTIAL = `CONFIDENTIAL-${stamp} the data look fabricated`;
const TO_AUTHOR = `Please clarify Table 2 (${stamp}).`;

let browser: Browser;
let token = '';
let replica: ContentApp | undefined;

const docx = () =>
  makeZip([
    [
      '[Content_Types].xml',
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ],
    ['word/document.xml', '<w:document/>'],
  ]);

async function staff(method: string, p: string, body?: object) {
  const res = await fetch(`${BASE}${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The text of the newest message to `to` whose subject has `subjectPart`, from Mailpit. */
async function mailTo(to: string, subjectPart: string): Promise<string> {
  let text = '';
  await until(async () => {
    const m = (await mailpit.search(`to:${to}`)).find((x) => x.Subject.includes(subjectPart));
    if (m) text = (await mailpit.message(m.ID)).Text;
    return !!m;
  }, `"${subjectPart}" for ${to} in Mailpit`, 60_000, 300);
  return text;
}

/** The review link in that message. */
async function linkFor(to: string, subjectPart: string): Promise<string> {
  const link = /\/review\/([A-Za-z0-9_-]{43})/.exec(await mailTo(to, subjectPart))?.[1];
  if (!link) throw new Error(`no review link in "${subjectPart}" for ${to}`);
  return link;
}

/** Opens a review page without JavaScript and checks it with axe (with scripts on for axe alone, after the server's HTML is in). */
async function open(page: Page, link: string, query = '') {
  await page.goto(`${BASE}/review/${link}${query}`);
  return pageText(page);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const login = await fetch(`${BASE}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_USER.name, password: DEMO_USER.password }) });
  token = ((await login.json()) as { token: string }).token;
});
afterAll(async () => {
  await browser?.close();
  await replica?.stop();
});

test('invite two reviewers; one declines, one reviews; reminders fire; the decision reaches the author without confidential text', async () => {
  // The author's manuscript.
  const form = new FormData();
  for (const [k, v] of Object.entries({ given: 'Asha', family: 'Verma', email: author, mobile: '+91 98765 43210', country: 'India', title: `Soil moisture ${stamp}`, abstract: 'We measured soil moisture.', keywords: 'soil, wheat', subject: 'Agronomy', declaration: 'on' })) form.set(k, v);
  form.set('manuscript', new Blob([new Uint8Array(docx())]), 'paper.docx');
  const sub = await fetch(`${BASE}/api/submissions`, { method: 'POST', body: form, headers: { accept: 'application/json' } });
  expect(sub.status).toBe(201);
  const id = ((await staff('GET', `/api/admin/submissions?q=${encodeURIComponent(author)}`)).items as { id: string }[])[0]!.id;
  const detail = await staff('GET', `/api/admin/submissions/${id}`);

  // Reviewers, the manuscript for review, the invitations.
  const add = async (name: string, local: string) => String((await staff('POST', '/api/admin/reviewers', { name, email: `${local}@${domain}`, subjects: ['Agronomy'] })).id);
  const meera = await add('Meera Nair', 'meera');
  const jan = await add('Jan Kowalski', 'jan');
  const zoe = await add('Zoë Müller', 'zoe');
  await staff('POST', `/api/admin/submissions/${id}/review-manuscript`, { fileId: (detail.manuscripts as { id: string }[])[0]!.id });
  await staff('POST', `/api/admin/submissions/${id}/reviews`, { reviewerIds: [meera, jan], dueDate: day(10), message: 'We would value your view.' });
  const meeraLink = await linkFor(`meera@${domain}`, 'invitation to review');
  const janLink = await linkFor(`jan@${domain}`, 'invitation to review');

  const page = await newPage(browser);
  await page.setJavaScriptEnabled(false);
  // One journal's link is nothing on another's host; the page is never kept by a cache.
  expect((await onHost(CHEM, `/review/${janLink}`)).status).toBe(404);
  const head = await onHost(BASE, `/review/${janLink}`);
  expect([head.status, head.headers['cache-control']]).toEqual([200, 'no-store']);

  // Jan declines with a reason.
  let text = await open(page, janLink);
  expect(text).toContain(`Soil moisture ${stamp}`);
  expect(text).not.toContain('Asha');
  await page.type('#rv-reason', 'On leave until June');
  await Promise.all([page.waitForNavigation(), page.click('form[action$="/decline"] button')]);
  expect(page.url()).toBe(`${BASE}/review/${janLink}?done=declined`);
  expect(await pageText(page)).toContain('You declined this invitation');

  // Meera accepts, downloads the manuscript, saves a draft, then submits.
  await open(page, meeraLink);
  await Promise.all([page.waitForNavigation(), page.click('form[action$="/accept"] button')]);
  text = await pageText(page);
  expect(text).toContain('Thank you for accepting');
  const href = await page.$eval('a[download]', (a) => (a as HTMLAnchorElement).getAttribute('href'));
  const file = await fetch(`${BASE}${href}`);
  expect([file.status, file.headers.get('content-disposition')]).toEqual([200, expect.stringMatching(/-manuscript\.docx"$/)]);
  await page.click('#rv-rec-minor_revision');
  await page.type('#rv-to-author', TO_AUTHOR);
  await page.type('#rv-to-editor', CONFIDENTIAL);
  await Promise.all([page.waitForNavigation(), page.click('form[action$="/draft"] button:not([formaction])')]);
  expect(await pageText(page)).toContain('Your draft has been saved');
  expect(await page.$eval('#rv-to-author', (t) => (t as HTMLTextAreaElement).value)).toBe(TO_AUTHOR);
  await Promise.all([page.waitForNavigation(), page.click('button[formaction$="/submit"]')]);
  text = await pageText(page);
  expect(page.url()).toBe(`${BASE}/review/${meeraLink}?done=submitted`);
  expect(text).toContain('can no longer be changed');
  expect(await page.$('#rv-to-author')).toBeNull();

  // Every state of the page passes axe (scripts on for axe only).
  await page.setJavaScriptEnabled(true);
  for (const [link, q] of [[meeraLink, '?done=submitted'], [janLink, '']] as const) {
    await open(page, link, q);
    expect([link, await axeViolations(page)]).toEqual([link, []]);
  }

  // A third reviewer stays silent: reminders on a clock eight and twelve days ahead, run by a second content replica.
  // The due date as sent, not computed again later: a run across midnight UTC would name another day.
  const zoeDue = day(10);
  await staff('POST', `/api/admin/submissions/${id}/reviews`, { reviewerIds: [zoe], dueDate: zoeDue });
  const zoeLink = await linkFor(`zoe@${domain}`, 'invitation to review');
  await open(page, zoeLink);
  expect(await axeViolations(page)).toEqual([]);
  replica = await start(
    contentConfigSchema.parse({
      MONGO_URL: serverEnv().MONGO_URL,
      REDIS_URL: serverEnv().REDIS_URL,
      MONGO_DB: E2E.db,
      REDIS_PREFIX: process.env.E2E_REDIS_PREFIX,
      JWT_SECRET: process.env.E2E_JWT_SECRET,
      PORT: 0,
      LOG_LEVEL: 'silent',
      WAIT_READY: true,
      REVIEW_REMINDER_WORKER: 'false',
      CROSSREF_WORKER: 'false',
      STATS_COUNTING: 'off',
    }),
  );
  expect(await replica.reviews.reminders.runDue(new Date(Date.now() + 8 * DAY))).toBe(1);
  expect(await replica.reviews.reminders.runDue(new Date(Date.now() + 12 * DAY))).toBe(1);
  await linkFor(`zoe@${domain}`, `is due on ${zoeDue}`);
  const overdue = await linkFor(`zoe@${domain}`, 'is overdue');
  expect(await open(page, overdue)).toContain('Invited');
  const reviews = await staff('GET', `/api/admin/submissions/${id}/reviews`);
  expect((reviews.reviews as { reminders: { state: string }[] }[])[2]!.reminders.map((m) => m.state)).toEqual(['sent', 'sent', 'scheduled']);

  // The decision: the author's e-mail has the comments to the author, never the confidential ones or a reviewer's name.
  await staff('POST', `/api/admin/submissions/${id}/review-decision`, { decision: 'revision_requested', message: 'Please revise as the reviewers ask.' });
  const mail = await mailTo(author, 'revision requested');
  expect(mail).toContain('Please revise as the reviewers ask.');
  expect(mail).toContain(TO_AUTHOR);
  expect(mail).not.toMatch(/CONFIDENTIAL|Meera|Kowalski|Müller|meera@|jan@|zoe@/);
  // The open review is no longer needed: Zoë is told, and her link says so.
  expect(await mailTo(`zoe@${domain}`, 'no longer needed')).not.toContain('/review/');
  expect(await open(page, zoeLink)).toContain('withdrawn by the editors');
  await page.close();
}, 240_000);

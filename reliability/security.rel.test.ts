/**
 * Attacks through the whole stack (nginx → gateway → services): NoSQL
 * operators, forged tokens, cross-tenant tricks, mass assignment, hostile uploads, XSS in every
 * rich-text field (checked in a real Chromium), SSRF into the PDFs, login brute force, and forced
 * internal errors.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import Redis from 'ioredis';
import mongoose from 'mongoose';
import { modelledPause } from '@journal/testing';
import { launchBrowser, newPage } from '../e2e/harness';
import { serverEnv, ROOT } from '../scripts/stack';
import { call, login, report, startRelStack, until, type Answer } from './rel-stack';
import { articleCollectionOf } from '../services/content/src/archives/article-collections';
import {
  alive, articleFields, assetPath, bearer, createIssue, multipart, pdfBytes, pdfToText, PNG_BYTES, postArticle, publicCatalogue,
  readZip, tokenFor, type PublicArticle,
} from './rel-helpers';
import path from 'node:path';

jest.setTimeout(240_000);

let s: Awaited<ReturnType<typeof startRelStack>>;
let demo: { id: string };
let chem: { id: string };
let token: string;
let chemToken: string;
let articles: PublicArticle[];
let chemArticles: PublicArticle[];
let db: mongoose.Connection;
const CHEM = 'chem.localhost';

/** A JSON error body as the platform gives it: code and message, nothing else (no stack). */
function expectCleanError(r: Answer) {
  expect(r.headers['content-type']).toMatch(/application\/json/);
  const body = r.json() as Record<string, unknown>;
  expect(typeof body.error).toBe('string');
  expect(r.body).not.toMatch(/\bat \S+ \(|node_modules|\/work\/|\.ts:\d+|\.js:\d+/);
}

beforeAll(async () => {
  // A long first delay, so the brute-force checks do not depend on how fast this machine answers.
  s = await startRelStack('security', 20200, 20280, 1, { LOGIN_BASE_DELAY_SECONDS: '30' });
  demo = s.journals.find((j) => j.hosts.includes('localhost'))!;
  chem = s.journals.find((j) => j.hosts.includes(CHEM))!;
  token = await tokenFor(s.base);
  chemToken = await tokenFor(s.base, CHEM);
  articles = (await publicCatalogue(s.base)).articles;
  chemArticles = (await publicCatalogue(s.base, CHEM)).articles;
  db = await mongoose.createConnection(serverEnv().MONGO_URL, { dbName: s.dbName }).asPromise();
}, 180_000);
afterAll(async () => {
  await db?.close();
  await s?.stack.stop();
});

describe('13. NoSQL operators', () => {
  it('are refused in login, search, filters and ids', async () => {
    const tries: [string, Promise<Answer>][] = [
      ['login password $ne', call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username: 'admin', password: { $ne: null } }) })],
      ['login password $gt', call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username: 'admin', password: { $gt: '' } }) })],
      ['login username $ne', call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username: { $ne: 'x' }, password: 'x' }) })],
      ['login $nor', call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ $nor: [{ username: 'x' }], username: 'admin', password: { $nor: [{ a: 1 }] } }) })],
      ['login $where', call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username: { $where: 'sleep(2000) || true' }, password: 'x' }) })],
      ['login form password[$ne]=', call(`${s.base}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from('username=admin&password[$ne]=') })],
      ['login query password[$ne]=', call(`${s.base}/auth/login/?username=admin&password[$ne]=`, { method: 'POST', body: '{}' })],
      ['webdata status[$ne]', call(`${s.base}/api/webdata?status[$ne]=x`, { headers: bearer(token) })],
      ['webdata search[$regex]', call(`${s.base}/api/webdata?search[$regex]=.*`, { headers: bearer(token) })],
      ['webdata page[$gt]', call(`${s.base}/api/webdata?page[$gt]=0`, { headers: bearer(token) })],
      ['webdata put id $ne', call(`${s.base}/api/webdata/${encodeURIComponent('{"$ne":null}')}`, { method: 'PUT', headers: bearer(token), body: JSON.stringify({ status: 'urgent' }) })],
      ['webdata put status $ne', call(`${s.base}/api/webdata/${'a'.repeat(24)}`, { method: 'PUT', headers: bearer(token), body: JSON.stringify({ status: { $ne: 'x' } }) })],
      ['webdata post content $gt', call(`${s.base}/api/webdata`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ status: 'info', content: { $gt: '' } }) })],
      ['archives id $ne', call(`${s.base}/api/archives/${encodeURIComponent('{"$ne":null}')}`)],
      ['archives ref[$ne]', call(`${s.base}/api/archives/ref/${encodeURIComponent('[$ne]')}`)],
      ['editors id $gt', call(`${s.base}/api/editors/${encodeURIComponent('{"$gt":""}')}`)],
      ['admin article id $ne', call(`${s.base}/api/admin/articles/${encodeURIComponent('{"$ne":null}')}`, { headers: bearer(token) })],
      ['create-issue year $gt', call(`${s.base}/api/admin/create-issue`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ year: { $gt: 0 }, volume: 1, issue: 1, frequency: 'January-March' }) })],
      ['editors pin ids $ne', call(`${s.base}/api/editors/pin`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ ids: { $ne: null } }) })],
      ['pdf refs $ne', call(`${s.base}/api/pdf/bulkcertificates`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ refs: [{ $ne: null }] }) })],
      ['user update name $ne', call(`${s.base}/api/users/${'b'.repeat(24)}`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ name: { $ne: null } }) })],
    ];
    const results = await Promise.all(tries.map(async ([name, p]) => [name, await p] as const));
    const printed = Object.fromEntries(results.map(([n, r]) => [n, r.status]));
    // Search with operators must not match everything: the answer is an empty list or a refusal.
    const search = await call(`${s.base}/api/search?keyword[$ne]=zzz`);
    const searchRegex = await call(`${s.base}/api/search?keyword=${encodeURIComponent('.*')}`);
    const searchObj = await call(`${s.base}/api/search?keyword[$regex]=.*`);
    report('13. NoSQL operators', { ...printed, 'search keyword[$ne]': search.status, 'search .*': [searchRegex.status, searchRegex.body.length], 'search keyword[$regex]': searchObj.status });
    for (const [name, r] of results) {
      expect([name, r.status >= 400 && r.status < 500]).toEqual([name, true]);
      expect([name, r.body.includes('"token"')]).toEqual([name, false]);
      expectCleanError(r);
    }
    for (const r of [search, searchObj, searchRegex]) {
      expect(r.status).toBeLessThan(500);
      if (r.status === 200) {
        const body = r.json();
        const list = Array.isArray(body) ? body : (body.articles ?? body.items ?? []);
        expect(list).toHaveLength(0);
      }
    }
  });
});

describe('14. forged and stale tokens', () => {
  it('answer 401 for alg none, an HS/RS swap, expired, no exp, tampered, another journal, after logout, a disabled user', async () => {
    const secret = s.stack.env.JWT_SECRET!;
    const me = jwt.decode(token) as Record<string, unknown>;
    const now = Math.floor(Date.now() / 1000);
    const claims = { sub: me.sub, jid: demo.id, name: 'admin', jti: randomBytes(8).toString('hex'), iat: now };
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pub = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const [h, p, sig] = token.split('.') as [string, string, string];
    const tampered = `${h}.${b64({ ...(jwt.decode(token) as object), name: 'root', sub: 'f'.repeat(24) })}.${sig}`;

    // After logout.
    const outTok = await tokenFor(s.base);
    const out = await call(`${s.base}/auth/logout/`, { method: 'POST', headers: bearer(outTok), body: '{}' });
    // A disabled user: created, signed in, then disabled the way the auth service does it.
    const { seedUsers } = await import(path.join(ROOT, 'services/auth/dist/seed.js'));
    await seedUsers({ mongoUrl: serverEnv().MONGO_URL, dbName: s.dbName, users: [{ journalId: demo.id, name: 'reldisabled', password: 'disabled12345' }] });
    const dl = await call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username: 'reldisabled', password: 'disabled12345' }) });
    expect(dl.status).toBe(200);
    const disabledTok = dl.json().token as string;
    const disabledId = dl.json().user.id as string;
    await db.collection('users').updateOne({ _id: new mongoose.Types.ObjectId(disabledId) }, { $set: { status: 'disabled' } });
    const redis = new Redis(serverEnv().REDIS_URL);
    await redis.set(`${s.stack.env.REDIS_PREFIX}auth:disabled:${disabledId}`, '1');
    redis.disconnect();

    const forged: Record<string, string> = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: now + 3600 })}.`,
      'alg none, signature kept': `${b64({ alg: 'none', typ: 'JWT' })}.${p}.${sig}`,
      'RS256 with an attacker key': jwt.sign({ ...claims, exp: now + 3600 }, privateKey, { algorithm: 'RS256' }),
      'HS256 keyed with a public key (RS/HS swap)': jwt.sign({ ...claims, exp: now + 3600 }, pub, { algorithm: 'HS256' }),
      'HS512 with the real secret': jwt.sign({ ...claims, exp: now + 3600 }, secret, { algorithm: 'HS512' }),
      expired: jwt.sign({ ...claims, iat: now - 7200, exp: now - 3600 }, secret, { algorithm: 'HS256' }),
      'no exp': jwt.sign(claims, secret, { algorithm: 'HS256' }),
      tampered,
      'other journal (chem token on localhost)': chemToken,
      'after logout': outTok,
      'disabled user': disabledTok,
      garbage: 'not.a.token',
    };
    const targets = ['/auth/verify-token/', '/api/admin/', '/api/webdata', '/api/admin/archives/'];
    const table: Record<string, number[]> = {};
    for (const [name, t] of Object.entries(forged)) {
      table[name] = [];
      for (const target of targets) {
        const r = await call(`${s.base}${target}`, { headers: bearer(t) });
        table[name].push(r.status);
        expect([name, target, r.status]).toEqual([name, target, 401]);
        expectCleanError(r);
      }
    }
    const pdf = await call(`${s.base}/api/pdf/bulkcertificates`, { method: 'POST', headers: bearer(forged['alg none']!), body: JSON.stringify([articles[0]!.refnumber]) });
    const stillGood = await call(`${s.base}/auth/verify-token/`, { headers: bearer(token) });
    report('14. forged tokens', { targets, statuses: table, logout: out.status, pdfWithAlgNone: pdf.status, realTokenStillWorks: stillGood.status });
    expect(out.status).toBeLessThan(300);
    expect(pdf.status).toBe(401);
    expect(stillGood.status).toBe(200);
  });
});

describe('15. cross-tenant access', () => {
  const settingsName = async (host: string, headers: Record<string, string> = {}) => {
    const r = await call(`${s.base}/api/settings/`, { host, headers });
    return { status: r.status, name: r.status === 200 ? (r.json().websitename as string) : undefined, body: r.body, location: r.headers.location };
  };

  it("refuses journal A's token and ids on journal B", async () => {
    const chemArticle = chemArticles[0]!;
    const byId = await call(`${s.base}/api/archives/${chemArticle.id}`);
    const byRef = await call(`${s.base}/api/archives/ref/${chemArticle.refnumber}`);
    const adminById = await call(`${s.base}/api/admin/articles/${chemArticle.id}`, { headers: bearer(token) });
    const editArticle = await call(`${s.base}/api/archives/${chemArticle.id}`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ title: 'taken over' }) });
    const chemEntry = await call(`${s.base}/api/webdata`, { method: 'POST', host: CHEM, headers: bearer(chemToken), body: JSON.stringify({ status: 'info', content: 'chem entry' }) });
    expect(chemEntry.status).toBe(201);
    const entryId = (chemEntry.json().id ?? chemEntry.json()._id) as string;
    const putEntry = await call(`${s.base}/api/webdata/${entryId}`, { method: 'PUT', headers: bearer(token), body: JSON.stringify({ status: 'cancelled' }) });
    const tokenOnB = await call(`${s.base}/api/admin/`, { host: CHEM, headers: bearer(token) });
    const chemUser = (jwt.decode(chemToken) as { sub: string }).sub;
    const userOnA = await call(`${s.base}/api/users/${chemUser}`, { headers: bearer(token) });
    const pdfJob = await call(`${s.base}/api/pdf/coverpage/${chemArticle.refnumber}?async=1`, { host: CHEM, timeoutMs: 60_000 });
    const jobOnA = pdfJob.status === 202 ? await call(`${s.base}/api/pdf/jobs/${pdfJob.json().jobId}`) : undefined;
    const figures = {
      articleById: byId.status, articleByRef: byRef.status, adminArticleById: adminById.status, editArticle: editArticle.status,
      putWorkEntry: putEntry.status, tokenOnOtherHost: tokenOnB.status, otherJournalsUser: userOnA.status, pdfJobOfOtherJournal: jobOnA?.status,
    };
    report('15. journal A token/ids on journal B', figures);
    expect(byId.status).toBe(404);
    expect(byRef.status).toBe(404);
    expect(adminById.status).toBe(404);
    expect([401, 403, 404]).toContain(editArticle.status);
    expect(putEntry.status).toBe(404);
    expect(tokenOnB.status).toBe(401);
    expect([401, 403, 404]).toContain(userOnA.status);
    expect(jobOnA?.status).toBe(404);
    // The chem entry is untouched.
    const list = await call(`${s.base}/api/webdata?search=chem%20entry`, { host: CHEM, headers: bearer(chemToken) });
    expect(list.body).not.toContain('cancelled');
  });

  it('ignores a client-sent tenant header and X-Forwarded-Host; odd Host values never reach another journal', async () => {
    const demoName = (await settingsName('localhost')).name;
    const chemName = (await settingsName(CHEM)).name;
    expect(demoName).toBeTruthy();
    expect(chemName).not.toBe(demoName);
    const cases: [string, string, Record<string, string>][] = [
      ['x-journal-id of chem', 'localhost', { 'x-journal-id': chem.id }],
      ['x-journal-host chem', 'localhost', { 'x-journal-host': CHEM }],
      ['X-Forwarded-Host chem', 'localhost', { 'x-forwarded-host': CHEM }],
      ['Forwarded host=chem', 'localhost', { forwarded: `host=${CHEM}` }],
      ['X-Original-Host chem', 'localhost', { 'x-original-host': CHEM, 'x-host': CHEM }],
      ['trailing dot', 'localhost.', {}],
      ['mixed case', 'LocalHost', {}],
      ['with port', 'localhost:20280', {}],
      ['evil suffix', 'localhost.evil.com', {}],
      ['evil prefix', 'evil-localhost', {}],
      ['chem evil suffix', 'chem.localhost.evil.com', {}],
      ['unknown', 'unknown.example', {}],
      ['userinfo trick', 'chem.localhost@localhost', {}],
      ['space', 'localhost chem.localhost', {}],
      ['empty', '', {}],
    ];
    const seen: Record<string, [number, string | undefined]> = {};
    for (const [name, host, headers] of cases) {
      const r = await settingsName(host, headers);
      seen[name] = [r.status, r.name];
      // Never chem's data on a host that is not chem's; the demo journal's own data or a clean refusal.
      expect([name, r.name === chemName]).toEqual([name, false]);
      if (r.status === 200) expect([name, r.name]).toEqual([name, demoName]);
      // An alias of the demo journal (an empty Host lets the client send 127.0.0.1) goes to its primary host.
      else if (r.status === 301) expect([name, new URL(r.location ?? '').hostname]).toEqual([name, 'localhost']);
      else expect([name, r.status >= 400 && r.status < 500]).toEqual([name, true]);
    }
    // A chem admin call with the demo token and chem's id in a header, on the demo host: still the demo journal.
    const spoof = await call(`${s.base}/api/admin/`, { headers: { ...bearer(chemToken), 'x-journal-id': chem.id, 'x-forwarded-host': CHEM } });
    seen['chem token + chem headers on localhost'] = [spoof.status, undefined];
    report('15. tenant headers and Host tricks', { demoName, chemName, seen });
    expect(spoof.status).toBe(401);
  });
});

describe('16. mass assignment', () => {
  it('ignores journal, status, createdby, role and the like', async () => {
    const issue = await createIssue(s.base, token);
    const n = 880001;
    const extra = { status: 'disabled', journalId: chem.id, journal: chem.id, createdby: 'mallory', modifiedby: 'mallory', role: 'superadmin', _id: 'a'.repeat(24), id: 'b'.repeat(24), file: '../../etc/passwd', creation: '1999-01-01' };
    const add = await postArticle(s.base, token, { ...articleFields(issue, n), ...extra }, { name: 'paper.pdf', data: pdfBytes() });
    expect(add.status).toBeLessThan(300);
    const stored = (await call(`${s.base}/api/archives/ref/${n}`)).json();
    const asAdmin = (await call(`${s.base}/api/admin/articles/${stored.id}`, { headers: bearer(token) })).json();
    const onChem = await call(`${s.base}/api/archives/ref/${n}`, { host: CHEM });

    const entry = await call(`${s.base}/api/webdata`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ status: 'info', content: 'mass', createdby: 'mallory', created_at: '1999-01-01', journalId: chem.id, role: 'admin' }) });
    const me = jwt.decode(token) as { sub: string };
    const user = await call(`${s.base}/api/users/${me.sub}`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ name: 'admin', password: '', role: 'superadmin', status: 'disabled', journalId: chem.id, allowedIps: ['1.2.3.4'] }) });
    const stillLogsIn = await login(s.base);
    const settingsBefore = (await call(`${s.base}/api/settings/`)).json();
    const settings = await call(`${s.base}/api/settings`, {
      method: 'POST', headers: bearer(token),
      body: JSON.stringify({ websitename: settingsBefore.websitename, websiteemail: settingsBefore.websiteemail || 'editor@example.org', impactfactor: '', issn: '', whatsup_number: '', domain: settingsBefore.domain || 'localhost', hosts: [CHEM], slug: 'chem', _id: chem.id, journalId: chem.id, home_content: '<script>x()</script>' }),
    });
    // Known fields only: accepted, with the script sanitised away.
    const known = await call(`${s.base}/api/settings`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ home_content: '<p>ok</p><script>x()</script>' }) });
    const chemAfter = await call(`${s.base}/api/settings/`, { host: CHEM });
    // The write purged nginx's copy before it answered; polled all the same.
    const homeAfter = (await until(() => call(`${s.base}/api/settings/`), (r) => String(r.json().home_content).includes('<p>ok</p>'), 15_000)).json().home_content as string;
    report('16. mass assignment', {
      article: { add: add.status, status: asAdmin.status, createdby: asAdmin.createdby, file: asAdmin.file, id: stored.id, visibleOnChem: onChem.status },
      workEntry: [entry.status, entry.status < 300 ? entry.json().createdby : entry.json().error],
      user: user.status, stillLogsIn: stillLogsIn.status,
      settings: settings.status, knownFieldsOnly: known.status, chemStillChem: chemAfter.json().websitename, homeContentChanged: homeAfter.includes('x()'),
    });
    expect(asAdmin.status).toBe('enabled');
    expect(asAdmin.createdby).toBe('admin');
    expect(stored.id).not.toBe('a'.repeat(24));
    expect(asAdmin.file).not.toContain('..');
    expect(onChem.status).toBe(404);
    if (entry.status < 300) expect(entry.json().createdby).toBe('admin');
    else expect(entry.status).toBe(400);
    expect(user.status).toBeLessThan(500);
    expect(stillLogsIn.status).toBe(200);
    // The settings schema is strict: hosts, slug, ids are refused outright and nothing changes.
    expect([settings.status, settings.json().error]).toEqual([400, 'validation_error']);
    expect(known.status).toBe(200);
    expect(chemAfter.json().websitename).not.toBe(settingsBefore.websitename);
    expect(homeAfter).not.toContain('<script');
    expect(homeAfter).toContain('<p>ok</p>');
  });
});

describe('17. uploads', () => {
  let issue: { year: number; volume: number; issue: number };
  let n = 881000;
  beforeAll(async () => {
    issue = await createIssue(s.base, token);
  });
  const add = (name: string, data: Buffer, type = 'application/pdf') => {
    n++;
    return postArticle(s.base, token, articleFields(issue, n), { name, data, type });
  };

  it('5 MB + 1 byte → 413; HTML or PNG bytes named .pdf → 400; exactly 5 MB is stored', async () => {
    const big = await add('big.pdf', pdfBytes(5_242_881));
    const html = await add('page.pdf', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'));
    const png = await add('image.pdf', PNG_BYTES);
    const htmlAsPdfType = await add('x.pdf', Buffer.from('<html><svg onload=alert(1)>'), 'application/pdf');
    const exact = await add('exact.pdf', pdfBytes(5_242_880));
    const editorPng = multipart({ name: 'Rel Editor', category: 'chief editor', post: 'Professor', content: 'Somewhere' }, { field: 'imgFile', name: 'face.png', type: 'image/png', data: Buffer.from('<html><script>alert(1)</script>') });
    const editorHtml = await call(`${s.base}/api/editors`, { method: 'POST', headers: { ...bearer(token), ...editorPng.headers }, body: editorPng.body });
    report('17. upload sizes and kinds', { '5MB+1': [big.status, big.body.slice(0, 120)], htmlNamedPdf: [html.status, html.json().error], pngNamedPdf: [png.status, png.json().error], htmlAsPdfType: htmlAsPdfType.status, exactly5MB: exact.status, htmlAsEditorImage: [editorHtml.status, editorHtml.json().error] });
    expect(big.status).toBe(413);
    expectCleanError(big);
    for (const r of [html, png, htmlAsPdfType, editorHtml]) {
      expect(r.status).toBe(400);
      expect(r.json().error).toBe('invalid_file');
    }
    expect(exact.status).toBeLessThan(300);
  });

  it('../, CRLF and RTLO names: stored under generated names or refused, no header injection; downloads are safe', async () => {
    const names = ['../../../etc/passwd.pdf', '..\\..\\win.pdf', 'a\r\nX-Injected: yes\r\n.pdf', 'invoice\u202Efdp.exe', 'semi;colon "quoted".pdf', 'ok name.pdf'];
    const out: Record<string, unknown> = {};
    const stored: string[] = [];
    for (const name of names) {
      const r = await add(name, pdfBytes(0, name.replace(/[^a-z]/gi, '')));
      const ref = String(n);
      let file: string | undefined;
      if (r.status < 300) {
        file = (await call(`${s.base}/api/archives/ref/${ref}`)).json().file as string;
        stored.push(ref);
      }
      out[JSON.stringify(name)] = [r.status, file ?? r.json().error];
      expect(r.status).toBeLessThan(500);
      expect(r.headers['x-injected']).toBeUndefined();
      if (r.status < 300) {
        expect(file).toMatch(/^[A-Za-z0-9_-]+\.pdf$/);
        expect(file).not.toContain('passwd');
      } else {
        expect(r.status).toBe(400);
      }
    }
    // Every kind of download: an article PDF, a site image, an editor picture, an indexing logo, a generated PDF.
    const withFile = articles.find((a) => a.file)!;
    const downloads: [string, string, string][] = [[assetPath(withFile), 'application/pdf', 'article pdf']];
    for (const ref of stored) {
      const a = (await call(`${s.base}/api/archives/ref/${ref}`)).json() as PublicArticle;
      downloads.push([assetPath({ ...a, year: issue.year, volume: issue.volume, issue: issue.issue }), 'application/pdf', `uploaded ${ref}`]);
    }
    const editors = (await call(`${s.base}/api/editors/`)).json() as { picture?: string; image?: string }[];
    const pic = editors.map((e) => e.picture || e.image).find((x) => x);
    if (pic) downloads.push([pic.startsWith('/') ? pic : `/assets/editors/${pic}`, 'image/', 'editor picture']);
    const cert = withFile.authorname.split(',')[0]!.trim();
    downloads.push([`/api/pdf/certificate/${withFile.refnumber}/${encodeURIComponent(cert)}`, 'application/pdf', 'certificate']);
    const headers: Record<string, unknown> = {};
    for (const [p, type, label] of downloads) {
      const r = await call(`${s.base}${p}`, { timeoutMs: 120_000 });
      headers[label] = [r.status, r.headers['content-type'], r.headers['content-disposition'], r.headers['x-content-type-options']];
      expect([label, r.status]).toEqual([label, 200]);
      // nginx and the service may both send it ("nosniff, nosniff"); every value must be nosniff.
      expect(String(r.headers['x-content-type-options']).split(/,\s*/).every((v) => v === 'nosniff')).toBe(true);
      const ct = String(r.headers['content-type']);
      if (type.endsWith('/')) expect(ct.startsWith(type)).toBe(true);
      else expect(ct.split(';')[0]).toBe(type);
      const cd = String(r.headers['content-disposition'] ?? '');
      expect(cd).toMatch(/^(inline|attachment)(;|$)/);
      expect(cd).not.toMatch(/[\r\n]/);
      expect(cd).not.toMatch(/\.\.|\//);
      // The filename parameter, if any, is quoted or RFC 5987-encoded: nothing can end it early.
      const m = /filename="([^"]*)"/.exec(cd);
      if (m) expect(m[1]).toMatch(/^[A-Za-z0-9._ -]+$/);
    }
    // A traversal in the asset path itself finds nothing outside the store.
    const traversal = await call(`${s.base}/assets/archives/..%2F..%2F..%2Fetc%2Fpasswd`);
    const traversal2 = await call(`${s.base}/assets/archives/%2e%2e/%2e%2e/%2e%2e/etc/passwd`);
    report('17. hostile names and downloads', { uploads: out, downloads: headers, traversal: [[traversal.status, traversal.headers['content-type']], [traversal2.status, traversal2.headers['content-type']]] });
    expect(traversal.body).not.toContain('root:');
    expect(traversal2.body).not.toContain('root:');
    // nginx resolves %2e%2e before routing, so such a path may land on the app's own HTML shell: never a file.
    for (const t of [traversal, traversal2]) expect(t.status >= 400 || String(t.headers['content-type']).startsWith('text/html')).toBe(true);
  });
});

const XSS = [
  '<script>window.__xss=1;alert(1)</script>',
  '<img src=x onerror="window.__xss=2;alert(2)">',
  '<svg onload="window.__xss=3"></svg>',
  '<a href="javascript:window.__xss=4">click</a>',
  '<iframe srcdoc="<script>parent.__xss=5</script>"></iframe>',
  '<details open ontoggle="window.__xss=6">d</details>',
  '<style>@import "http://127.0.0.1:9/x.css";</style>',
  '"><img src=x onerror=window.__xss=7>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=8>',
];
/** The same payloads entity-encoded: stored rich text is decoded before it is shown, so these must be sanitised after decoding. */
const ENCODED = ['&lt;img src=x onerror=window.__xss=9&gt;', '&lt;script&gt;window.__xss=10&lt;/script&gt;', '&#60;svg onload=window.__xss=11&#62;'];
/** A real tag with a handler, a script, a javascript: URL or a frame (escaped text such as &lt;script&gt; is harmless). */
const DANGEROUS = /<script|<[a-z][^>]*\son[a-z]+\s*=|<[a-z][^>]*javascript:|<iframe|<style|<svg|<math|<object|<embed/i;

describe('18. XSS through every rich-text field', () => {
  it('is sanitised in the API output and inert in a real Chromium', async () => {
    const issue = await createIssue(s.base, token);
    const payload = [...XSS, ...ENCODED].join(' ');
    const ref = 882001;
    const fields = { ...articleFields(issue, ref), title: `XSS title <i>ok</i> ${XSS[0]}${XSS[1]}${XSS[7]} ${ENCODED.join(' ')}`, keywords: 'xss' };
    // A javascript: link in rich text is refused with its message, and nothing is stored.
    const refused = await postArticle(s.base, token, { ...fields, abstract: `<p>XSS abstract</p>${payload}` }, { name: 'x.pdf', data: pdfBytes() });
    expect([refused.status, refused.json().error]).toEqual([400, 'unsafe_link']);
    expect((await call(`${s.base}/api/archives/ref/${ref}`)).status).toBe(404);
    // Everything else is stored and sanitised on the way out.
    const add = await postArticle(s.base, token, { ...fields, abstract: `<p>XSS abstract</p>${payload.replace(XSS[3]!, '')}` }, { name: 'x.pdf', data: pdfBytes() });
    expect(add.status).toBeLessThan(300);
    // Home content has no API (it is written by operators): write it in the database, then make an
    // admin write through the API, which invalidates the journal's public caches.
    await db.collection('journals').updateOne({ _id: new mongoose.Types.ObjectId(demo.id) }, { $set: { home_content: `<p>XSS home</p>${payload}` } });
    const cur = (await call(`${s.base}/api/settings/`)).json();
    await call(`${s.base}/api/settings`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ websitename: cur.websitename, websiteemail: cur.websiteemail || 'editor@example.org', impactfactor: cur.impactfactor ?? '', issn: cur.issn ?? '', whatsup_number: cur.whatsup_number ?? '', domain: cur.domain || 'localhost' }) });
    const entry = await call(`${s.base}/api/webdata`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ status: 'urgent', content: `XSS entry ${payload}` }) });
    expect(entry.status).toBe(201);

    // API output (home content is cached briefly per journal version; poll until the new value shows).
    let i = 0;
    const settings = await until(async () => (await call(`${s.base}/api/settings/?r=${i++}`)).json(), (v) => String(v.home_content).includes('XSS home'), 20_000);
    const article = (await call(`${s.base}/api/archives/ref/${ref}`)).json();
    const issueList = (await call(`${s.base}/api/archives/${issue.year}/${issue.volume}/${issue.issue}`)).json();
    const search = (await call(`${s.base}/api/search?keyword=XSS`)).json();
    const entries = (await call(`${s.base}/api/webdata?search=XSS`, { headers: bearer(token) })).json();
    const apiOut = {
      homeContent: String(settings.home_content),
      title: String(article.title),
      abstract: String(article.abstract),
      issueTitles: JSON.stringify(issueList),
      search: JSON.stringify(search),
    };
    const workEntryRaw = JSON.stringify(entries);
    report('18. XSS in API output', { ...Object.fromEntries(Object.entries(apiOut).map(([k, v]) => [k, { dangerous: DANGEROUS.test(v), sample: v.slice(0, 160) }])), workEntryStoredAsGiven: DANGEROUS.test(workEntryRaw) });
    expect(apiOut.homeContent).toContain('XSS home');
    for (const [k, v] of Object.entries(apiOut)) expect([k, DANGEROUS.test(v)]).toEqual([k, false]);

    // In the browser: the public pages that show these fields, and the work-log list.
    const browser = await launchBrowser();
    const ran: Record<string, unknown> = {};
    try {
      const pages = [
        ['home', `${s.base}/`],
        ['issue', `${s.base}/archives/${issue.year}/vol${issue.volume}/issue${issue.issue}`],
        ['article', `${s.base}/archives/${issue.year}/vol${issue.volume}/issue${issue.issue}/${ref}`],
        ['search', `${s.base}/search?keyword=XSS`],
      ];
      for (const [name, url] of pages) {
        const page = await newPage(browser);
        // Another reader may see a page up to a few seconds old after a write (nginx's 1 s cache,
        // the render process's 2 s layout cache): load it again until the written text is there.
        for (let until = Date.now() + 20_000; ; ) {
          await page.goto(url!, { waitUntil: 'networkidle0', timeout: 60_000 });
          const seen = await page.waitForFunction(() => document.body.innerText.includes('XSS'), { timeout: 2000 }).then(() => true, () => false);
          if (seen || Date.now() > until) break;
        }
        await page.evaluate(() => {
          document.querySelectorAll('a[href^="javascript:"], details').forEach((el) => (el as HTMLElement).click());
        });
        await modelledPause(300, 'a payload the clicks set off would run at once: none may have run after this span');
        const state = await page.evaluate(() => ({
          xss: (window as unknown as { __xss?: number }).__xss ?? null,
          shown: document.body.innerText.includes('XSS'),
          handlers: document.querySelectorAll('[onerror],[onload],[ontoggle],[onclick],iframe,a[href^="javascript:"]').length,
        }));
        ran[name!] = { ...state, dialogs: page.dialogs.length };
        expect([name, state.xss, page.dialogs]).toEqual([name, null, []]);
        expect([name, state.handlers]).toEqual([name, 0]);
        expect([name, state.shown]).toEqual([name, true]);
        await page.close();
      }
      // The work-log: sign in through its own form, then the list shows the entry.
      const page = await newPage(browser);
      await page.goto(`${s.base}/webdata/login`, { waitUntil: 'networkidle0', timeout: 60_000 });
      await page.type('input[name=username]', 'admin');
      await page.type('input[name=password]', 'admin12345');
      await page.click('button[type=submit]');
      await page.waitForFunction(() => document.body.innerText.includes('XSS entry'), { timeout: 30_000 });
      const state = await page.evaluate(() => ({
        xss: (window as unknown as { __xss?: number }).__xss ?? null,
        handlers: document.querySelectorAll('[onerror],[onload],[ontoggle],[onclick],iframe,a[href^="javascript:"]').length,
      }));
      ran.webdata = { ...state, dialogs: page.dialogs.length };
      expect(['webdata', state.xss, page.dialogs]).toEqual(['webdata', null, []]);
      expect(['webdata', state.handlers]).toEqual(['webdata', 0]);
      await page.close();
    } finally {
      await browser.close();
    }
    report('18. XSS in a real Chromium', ran);
  });
});

describe('19. SSRF into PDFs', () => {
  it('fetches nothing and leaks nothing into the PDF text', async () => {
    const hits: string[] = [];
    const listener = http.createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.end('SSRF-SECRET-CONTENT');
    });
    await new Promise<void>((r) => listener.listen(0, '127.0.0.1', r));
    const port = (listener.address() as AddressInfo).port;
    const u = (tag: string) => `http://127.0.0.1:${port}/${tag}`;
    const payload = (tag: string) =>
      `<img src=${u(`${tag}-img`)}> <img src=http://169.254.169.254/latest/meta-data/> <iframe src=file:///etc/passwd></iframe> ` +
      `<link rel=stylesheet href=${u(`${tag}-css`)}> <object data=${u(`${tag}-obj`)}></object> <embed src=file:///etc/shadow> ` +
      `<span style="background:url(${u(`${tag}-bg`)})">bg</span> <style>@import url(${u(`${tag}-import`)});</style> <video poster=${u(`${tag}-poster`)}></video>`;
    try {
      const issue = await createIssue(s.base, token);
      const ref = 883001;
      const add = await postArticle(s.base, token, { ...articleFields(issue, ref), title: `SSRF title ${payload('title')}`, subject: `<img src=${u('subject')}>`, country: `<iframe src=${u('country')}>` }, { name: 's.pdf', data: pdfBytes() });
      expect(add.status).toBeLessThan(300);
      const before = (await call(`${s.base}/api/settings/`)).json();
      const set = await call(`${s.base}/api/settings`, {
        method: 'POST', headers: bearer(token),
        body: JSON.stringify({ websitename: `${before.websitename} <img src=${u('sitename')}>`, websiteemail: before.websiteemail || 'editor@example.org', impactfactor: `<img src=${u('impact')}>`, issn: `<iframe src=${u('issn')}>`, whatsup_number: '', domain: before.domain || 'localhost' }),
      });
      const ed = multipart({ name: `SSRF Editor`, category: 'chief editor', post: 'Professor', content: `Affiliation ${payload('editor')}`, degree: `<img src=${u('degree')}>`, email: 'e@example.org', country: 'India' });
      const editor = await call(`${s.base}/api/editors`, { method: 'POST', headers: { ...bearer(token), ...ed.headers }, body: ed.body });
      const edId = editor.status < 300 ? ((editor.json().id ?? editor.json()._id) as string | undefined) : undefined;
      const author = 'Asha Rao';
      const docs: [string, Promise<Answer>][] = [
        ['certificate', call(`${s.base}/api/pdf/certificate/${ref}/${encodeURIComponent(author)}`, { timeoutMs: 150_000 })],
        ['coverpage', call(`${s.base}/api/pdf/coverpage/${ref}`, { timeoutMs: 150_000 })],
        ['editorialboard', call(`${s.base}/api/pdf/editorialboard`, { timeoutMs: 150_000 })],
        ['indexpage', call(`${s.base}/api/pdf/indexpage`, { method: 'POST', headers: bearer(token), body: JSON.stringify([String(ref)]), timeoutMs: 150_000 })],
        ['bulkcertificates', call(`${s.base}/api/pdf/bulkcertificates`, { method: 'POST', headers: bearer(token), body: JSON.stringify([String(ref)]), timeoutMs: 150_000 })],
      ];
      if (edId) docs.push(['editorscertificate', call(`${s.base}/api/pdf/editorscertificate`, { method: 'POST', headers: bearer(token), body: JSON.stringify([edId]), timeoutMs: 150_000 })]);
      const texts: Record<string, { status: number; chars: number; leaked: boolean; escapedTextShown: boolean }> = {};
      for (const [name, p] of docs) {
        const r = await p;
        expect([name, r.status]).toEqual([name, 200]);
        const pdfs = r.headers['content-type'] === 'application/zip' ? readZip(r.raw).map((e) => e.data) : [r.raw];
        const text = pdfs.map(pdfToText).join('\n');
        const leaked = /root:x:0:0|SSRF-SECRET-CONTENT|ami-id|instance-id|daemon:x:/.test(text);
        texts[name] = { status: r.status, chars: text.length, leaked, escapedTextShown: text.includes('SSRF') };
        expect([name, leaked]).toEqual([name, false]);
      }
      await modelledPause(1000, 'a renderer fetching an injected URL late would reach the listener within this span: none may');
      report('19. SSRF into PDFs', { settings: set.status, editor: editor.status, documents: texts, listenerRequests: hits.length, hits });
      expect(set.status).toBeLessThan(300);
      expect(hits).toEqual([]);
    } finally {
      listener.close();
    }
  });
});

describe('21. forced internal errors', () => {
  it('give a generic JSON body with no stack, and the process survives', async () => {
    // Records no API could write: wrong types everywhere, as a bad migration or a manual edit might leave them.
    const jid = demo.id;
    const articles = db.collection(await articleCollectionOf(db.db!, jid));
    await articles.insertMany([
      { journalId: jid, year: 'not-a-year', volume: { x: 1 }, issue: [1, 2], refnumber: '884001', title: { html: '<b>x</b>' }, authorname: 12345, abstract: ['a'], pagenumber: { from: 1 }, txnid: 'TXNBROKEN1', status: 'enabled', file: 42 },
      { journalId: jid, year: 2091, volume: 1, issue: 1, refnumber: '884002', title: null, authorname: null, abstract: null, pagenumber: null, txnid: 'TXNBROKEN2', status: 'enabled' },
    ]);
    await db.collection('editors').insertOne({ journalId: jid, name: { first: 'x' }, category: 5, post: null, content: ['x'], status: 'enabled' });
    await db.collection('work_entries').insertOne({ journalId: jid, content: { bad: 1 }, status: 42, createdby: null, created_at: 'yesterday' });
    const probes: [string, string, Record<string, string>?][] = [
      ['article by ref (broken types)', '/api/archives/ref/884001'],
      ['article by ref (nulls)', '/api/archives/ref/884002'],
      ['issue of broken article', '/api/archives/2091/1/1'],
      ['archives years', `/api/archives/?b=${Date.now()}`],
      ['search', '/api/search?keyword=TXNBROKEN'],
      ['editors', `/api/editors/?b=${Date.now()}`],
      ['editorial board pdf', '/api/pdf/editorialboard'],
      ['certificate of broken article', '/api/pdf/certificate/884001/x'],
      ['coverpage of nulls', '/api/pdf/coverpage/884002'],
      ['admin search', '/api/admin/search?q=884001', bearer(token)],
      ['work entries', '/api/webdata', bearer(token)],
      ['malformed JSON', '/auth/login/'],
      ['sitemap', '/sitemap.xml'],
    ];
    const out: Record<string, [number, string]> = {};
    for (const [name, p, headers] of probes) {
      const r = name === 'malformed JSON'
        ? await call(`${s.base}${p}`, { method: 'POST', body: '{"username": "admin", "password": ' })
        : await call(`${s.base}${p}`, { headers, timeoutMs: 150_000 });
      out[name] = [r.status, r.body.slice(0, 100)];
      if (r.status >= 500) {
        expectCleanError(r);
        expect(Object.keys(r.json()).sort()).toEqual(['error', 'message']);
      }
      if (r.status >= 400 && r.status < 500 && /json/.test(String(r.headers['content-type']))) expectCleanError(r);
      expect(r.body).not.toMatch(/\bat \S+ \(|node_modules|TypeError|ReferenceError|MongoServerError|\.ts:\d+/);
    }
    const procs = Object.fromEntries([...s.stack.processes].map(([n, c]) => [n, alive(c)]));
    const health = await Promise.all(['gateway', 'content', 'auth', 'worklog', 'pdf'].map(async (n) => [n, (await call(`${(s.stack.urls as Record<string, string>)[n]}/healthz`)).status]));
    report('21. forced internal errors', { answers: out, processesAlive: procs, health: Object.fromEntries(health) });
    for (const [n, ok] of Object.entries(procs)) expect([n, ok]).toEqual([n, true]);
    for (const [n, st] of health) expect([n, st]).toEqual([n, 200]);
    await articles.deleteMany({ journalId: jid, refnumber: { $in: ['884001', '884002'] } });
    await db.collection('editors').deleteMany({ journalId: jid, category: 5 });
    await db.collection('work_entries').deleteMany({ journalId: jid, status: 42 });
  });
});

describe('22. account security', () => {
  /** Straight to the gateway, which believes X-Real-IP from loopback (as it does from our nginx). */
  const from = (ip: string, username: string, password: string) =>
    call(`${s.stack.urls.gateway}/auth/login/`, { method: 'POST', host: CHEM, headers: { 'x-real-ip': ip }, body: JSON.stringify({ username, password }) });

  it('slows an attacker down without locking the owner out: the right password from another address is accepted', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await from('198.51.100.7', 'admin', `guess-${i}`)).status);
    const held = await from('198.51.100.7', 'admin', 'admin12345');
    const owner = await from('203.0.113.20', 'admin', 'admin12345');
    report('22. no lockout', { attacker: statuses.join(','), attackerRightPassword: held.status, retryAfter: held.headers['retry-after'], ownerElsewhere: owner.status });
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5).every((x) => x === 429)).toBe(true);
    expect(held.status).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expectCleanError(held);
    expect(owner.status).toBe(200);
  });

  it('refuses a password change without, or with a wrong, current password', async () => {
    const { seedUsers } = await import(path.join(ROOT, 'services/auth/dist/seed.js'));
    await seedUsers({ mongoUrl: serverEnv().MONGO_URL, dbName: s.dbName, users: [{ journalId: demo.id, name: 'relchanger', password: 'changer12345' }] });
    const l = await call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username: 'relchanger', password: 'changer12345' }) });
    expect(l.status).toBe(200);
    const { token: t, user } = l.json() as { token: string; user: { id: string } };
    const change = (body: Record<string, string>) => call(`${s.base}/api/users/${user.id}`, { method: 'POST', headers: bearer(t), body: JSON.stringify({ name: 'relchanger', ...body }) });
    const without = await change({ password: 'stolen-session-pw-1' });
    const wrong = await change({ password: 'stolen-session-pw-1', currentPassword: 'not-the-password' });
    const still = await call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username: 'relchanger', password: 'changer12345' }) });
    report('22. password change', { withoutCurrent: [without.status, without.json().error], wrongCurrent: [wrong.status, wrong.json().error], oldPasswordStillWorks: still.status });
    expect([without.status, without.json().error]).toEqual([400, 'current_password_required']);
    expect([wrong.status, wrong.json().error]).toEqual([403, 'wrong_current_password']);
    expect(still.status).toBe(200);
    expect(without.headers['cache-control']).toBe('no-store');
  });

  it('refuses a disabled user\'s live token on its next request, even after Redis lost its keys', async () => {
    const { seedUsers } = await import(path.join(ROOT, 'services/auth/dist/seed.js'));
    await seedUsers({ mongoUrl: serverEnv().MONGO_URL, dbName: s.dbName, users: [{ journalId: demo.id, name: 'relgone', password: 'relgone12345' }] });
    const l = await call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username: 'relgone', password: 'relgone12345' }) });
    const t = l.json().token as string;
    const id = l.json().user.id as string;
    const targets = ['/auth/verify-token/', '/api/admin/', '/api/webdata', '/api/admin/archives/'];
    for (const target of targets) expect([target, (await call(`${s.base}${target}`, { headers: bearer(t) })).status]).toEqual([target, 200]);
    // Disabled in the database only, as a Redis flush would leave it: no revocation key helps.
    await db.collection('users').updateOne({ _id: new mongoose.Types.ObjectId(id) }, { $set: { status: 'disabled' } });
    const after = await until(
      async () => Promise.all(targets.map(async (target) => (await call(`${s.base}${target}`, { headers: bearer(t) })).status)),
      (st) => st.every((x) => x === 401),
      15_000,
    );
    report('22. disabled user', { statusesAfterDisabling: Object.fromEntries(targets.map((x, i) => [x, after[i]])) });
    expect(after).toEqual([401, 401, 401, 401]);
  });

  it('starts no service under NODE_ENV=production with a secret written in the repository', async () => {
    const { repositorySecrets, TEST_JWT_SECRET } = await import('@journal/testing');
    const values = [...new Set([...repositorySecrets(ROOT).map((x) => x.value), TEST_JWT_SECRET])];
    const outcomes: Record<string, [number | null, boolean]> = {};
    for (const value of values) {
      const { spawnSync } = await import('node:child_process');
      const r = spawnSync(process.execPath, [path.join(ROOT, 'services/auth/dist/main.js')], {
        env: { PATH: process.env.PATH, NODE_ENV: 'production', JWT_SECRET: value, MONGO_URL: serverEnv().MONGO_URL, REDIS_URL: serverEnv().REDIS_URL, PORT: '0' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      outcomes[value.slice(0, 12)] = [r.status, /openssl rand -base64 48/.test(`${r.stdout}${r.stderr}`)];
    }
    report('22. production secrets', { tried: values.length, outcomes });
    expect(values.length).toBeGreaterThanOrEqual(3);
    for (const [v, [code, says]] of Object.entries(outcomes)) expect([v, code, says]).toEqual([v, 1, true]);
  });

  it('serves the app pages and API answers with the security headers', async () => {
    const rows: Record<string, unknown> = {};
    for (const p of ['/', '/admin', '/webdata', '/api/settings/']) {
      const r = await call(`${s.base}${p}`);
      const csp = String(r.headers['content-security-policy'] ?? '');
      rows[p] = { status: r.status, csp: /script-src 'self'/.test(csp), noFrame: /frame-ancestors '(none|self)'/.test(csp), nosniff: r.headers['x-content-type-options'], cache: r.headers['cache-control'] };
      expect([p, /script-src 'self'/.test(csp), r.headers['x-content-type-options']]).toEqual([p, true, 'nosniff']);
      if (p !== '/api/settings/') expect([p, /frame-ancestors 'none'/.test(csp), r.headers['referrer-policy']]).toEqual([p, true, 'strict-origin-when-cross-origin']);
    }
    report('22. headers', rows);
    expect(rows['/admin']).toMatchObject({ cache: 'no-store' });
    expect(rows['/webdata']).toMatchObject({ cache: 'no-store' });
  });
});

describe('23. look-alike names, raced throttles, common passwords, hidden characters', () => {
  const seedUser = async (name: string, password: string) => {
    const { seedUsers } = await import(path.join(ROOT, 'services/auth/dist/seed.js'));
    await seedUsers({ mongoUrl: serverEnv().MONGO_URL, dbName: s.dbName, users: [{ journalId: demo.id, name, password }] });
  };
  const signIn = async (username: string, password: string) => {
    const r = await call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username, password }) });
    expect([username, r.status]).toEqual([username, 200]);
    return r.json() as { token: string; user: { id: string; name: string } };
  };

  it("a rogue cannot take a manager's name in another case, nor keep the manager's re-check out with wrong ones", async () => {
    await seedUser('relrogue', 'rogue pass 8041');
    await db.collection('users').updateOne({ journalId: new mongoose.Types.ObjectId(demo.id), name: 'relrogue' }, { $set: { role: 'editor' } });
    const rogue = await signIn('relrogue', 'rogue pass 8041');
    const renames: Record<string, number> = {};
    for (const name of ['ADMIN', 'Admin', 'adrnin', 'ADM1N', 'ａｄｍｉｎ', 'аdmin', 'admin\u202e']) {
      renames[name] = (await call(`${s.base}/api/users/${rogue.user.id}`, { method: 'POST', headers: bearer(rogue.token), body: JSON.stringify({ name }) })).status;
    }
    // Both behind this nginx: one client address for the rogue and the manager.
    const wrong: number[] = [];
    for (let i = 0; i < 7; i++) wrong.push((await call(`${s.base}/auth/reauth`, { method: 'POST', headers: bearer(rogue.token), body: JSON.stringify({ password: `guess ${i}` }) })).status);
    const manager = await call(`${s.base}/auth/reauth`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ password: 'admin12345' }) });
    const upper = await call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username: 'ADMIN', password: 'admin12345' }) });
    report('23. look-alike names', { renames, rogueWrongRechecks: wrong.join(','), managerRecheck: manager.status, upperCaseSignIn: [upper.status, upper.json().user?.name] });
    expect(renames).toEqual({ ADMIN: 409, Admin: 409, adrnin: 409, ADM1N: 409, 'ａｄｍｉｎ': 400, 'аdmin': 400, 'admin\u202e': 400 });
    expect(wrong.slice(5)).toEqual([429, 429]);
    expect(manager.status).toBe(200);
    expect([upper.status, upper.json().user.name]).toEqual([200, 'admin']);
  });

  it('checks no more passwords than the limit when 100 wrong ones arrive at once through nginx', async () => {
    await seedUser('relrace', 'race pass 7750');
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username: i % 2 ? 'relrace' : 'RELRACE', password: `wrong ${i}` }) }).then((r) => r.status)),
    );
    const count = (x: number) => statuses.filter((st) => st === x).length;
    // Every 401 is one password checked; a 429 checks none.
    report('23. raced throttle', { passwordChecks: count(401), refused429: count(429), limit: 5 });
    expect([count(401), count(429)]).toEqual([5, 95]);
  });

  it('refuses common and breached passwords with a clear message', async () => {
    expect((await call(`${s.base}/auth/reauth`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ password: 'admin12345' }) })).status).toBe(200);
    const rows: Record<string, [number, string]> = {};
    for (const password of ['P@ssw0rd', 'Summer2024', '1q2w3e4r', 'Aa123456']) {
      const r = await call(`${s.base}/api/users`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ name: 'relcommon', password, role: 'editor' }) });
      rows[password] = [r.status, r.json().message];
    }
    report('23. common passwords', rows);
    for (const [pw, [status, message]] of Object.entries(rows)) expect([pw, status, message]).toEqual([pw, 400, expect.stringMatching(/^Password is too common/)]);
    expect(await db.collection('users').countDocuments({ name: 'relcommon' })).toBe(0);
  });

  it('refuses NUL and U+202E in names, affiliations, entries and settings; stores nothing', async () => {
    const editor = (name: string, content: string) => {
      const m = multipart({ name, category: 'chief editor', post: 'Professor', content });
      return call(`${s.base}/api/editors`, { method: 'POST', headers: { ...bearer(token), ...m.headers }, body: m.body });
    };
    const before = await db.collection('editors').countDocuments({});
    const tries = {
      editorNameNul: await editor('Ada\u0000Lovelace', 'Somewhere'),
      editorNameRtlo: await editor('Ada \u202eecalevoL', 'Somewhere'),
      affiliationRtlo: await editor('Ada Lovelace', 'University of \u202efdp.exe'),
      workEntryNul: await call(`${s.base}/api/webdata`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ status: 'info', content: 'x\u0000y' }) }),
      settingsRtlo: await call(`${s.base}/api/settings`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ websitename: 'Journal \u202eevil' }) }),
      coverImageEscapedDots: await call(`${s.base}/api/settings`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ flags: { coverImage: '/assets/%2e%2e/%2e%2e/api/users' } }) }),
    };
    report('23. hidden characters', Object.fromEntries(Object.entries(tries).map(([k, r]) => [k, [r.status, r.json().error]])));
    for (const [k, r] of Object.entries(tries)) expect([k, r.status, r.json().error]).toEqual([k, 400, 'validation_error']);
    expect(await db.collection('editors').countDocuments({})).toBe(before);
    expect((await call(`${s.base}/api/settings/`)).json().websitename).not.toContain('\u202e');
  });

  it('pages the bare work-log list', async () => {
    const r = await call(`${s.base}/api/webdata`, { headers: bearer(token) });
    report('23. bare work-log list', { status: r.status, entries: r.json().length, total: r.headers['x-total-count'], link: r.headers.link ?? '' });
    expect(r.status).toBe(200);
    expect(r.json().length).toBeLessThanOrEqual(100);
    expect(Number(r.headers['x-total-count'])).toBeGreaterThanOrEqual(r.json().length);
  });

  it("gives nginx's own answers the gateway's security headers", async () => {
    const gateway = await call(`${s.base}/api/settings/`);
    const names = ['strict-transport-security', 'x-content-type-options', 'referrer-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'x-permitted-cross-domain-policies'];
    const answers = {
      healthz: await call(`${s.base}/nginx-healthz`),
      adminShell: await call(`${s.base}/admin`),
      worklogShell: await call(`${s.base}/webdata/login`),
      missingStatic: await call(`${s.base}/static/nothing-here.js`),
      metrics: await call(`${s.base}/metrics`),
      tooLarge: await call(`${s.base}/api/webdata`, { method: 'POST', headers: bearer(token), body: 'x'.repeat(9 * 1024 * 1024) }),
    };
    const rows = Object.fromEntries(Object.entries(answers).map(([k, r]) => [k, { status: r.status, ...Object.fromEntries(names.map((n) => [n, r.headers[n]])) }]));
    report('23. nginx headers', rows);
    for (const [k, r] of Object.entries(answers)) {
      for (const n of names) expect([k, n, r.headers[n]]).toEqual([k, n, n === 'referrer-policy' ? 'strict-origin-when-cross-origin' : gateway.headers[n]]);
    }
    expect(answers.tooLarge.status).toBe(413);
  });
});

describe('20. login brute force', () => {
  it('answers 429 on the real client address; a spoofed X-Forwarded-For does not reset it', async () => {
    const statuses: number[] = [];
    let first429 = 0;
    // Different user names, so only the per-address limit can trigger; a new forged address every time.
    for (let i = 1; i <= 30; i++) {
      const spoof = `${10 + (i % 200)}.${i}.${(i * 7) % 255}.${(i * 13) % 255}`;
      const r = await call(`${s.base}/auth/login/`, {
        method: 'POST', host: CHEM,
        headers: { 'x-forwarded-for': spoof, 'x-real-ip': spoof, forwarded: `for=${spoof}`, 'true-client-ip': spoof, 'cf-connecting-ip': spoof },
        body: JSON.stringify({ username: `guess${i}`, password: `wrong-${i}` }),
      });
      statuses.push(r.status);
      if (r.status === 429 && !first429) first429 = i;
      if (r.status === 429) expectCleanError(r);
    }
    // The right password from the same client is refused too while the limit holds, whatever it claims to be.
    const right = await call(`${s.base}/auth/login/`, { method: 'POST', host: CHEM, headers: { 'x-forwarded-for': '203.0.113.77' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });
    // The address counter spans all journals (the user counter is per journal): the demo journal refuses this address too.
    const other = await login(s.base);
    report('20. login brute force', { first429AtAttempt: first429, statuses: statuses.join(','), rightPasswordAfter: right.status, otherJournal: other.status });
    expect(first429).toBeGreaterThan(0);
    expect(statuses.slice(first429 - 1).every((x) => x === 429)).toBe(true);
    expect(right.status).toBe(429);
  });
});

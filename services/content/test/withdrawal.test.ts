import request from 'supertest';
import { articleBatchResponseSchema, publicReadSchemas, staffEditorsResponseSchema } from '@journal/contracts';
import { eventually, staffHeaders, staffToken } from '@journal/testing';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';

/** docs/product.md#withdrawals and #bulk-documents, against the real database. */
let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let OTHER: string;
const HOST = 'withdrawals.test';
const ids: Record<string, string> = {};
let disabledEditor = '';
let otherEditor = '';

const pub = (path: string, jid = J) => request(app.url).get(path).set({ 'x-journal-id': jid, 'x-journal-host': HOST, host: HOST });
const admin = (path: string, body: unknown, jid = J, token = staffToken(J)) => request(app.url).post(path).set(staffHeaders(jid, token)).send(body as object);
const issueRefs = async () => publicReadSchemas.issue.parse((await pub('/api/archives/2026/vol4/issue1')).body).map((a) => a.refnumber);

beforeAll(async () => {
  app = await startContent();
  J = await makeJournal(app, 'withdrawals', { hosts: [HOST] });
  OTHER = await makeJournal(app, 'withdrawals-other');
  await app.repos.issues.create(J, { year: 2026, volume: 4, issue: 1, frequency: 'january' });
  const pdf = await makePdf('withdrawal');
  const base = { year: 2026, volume: 4, issue: 1, status: 'enabled', publishdate: '2026-01-15', authorname: 'Asha Rao', abstract: '<p>Findings on soil.</p>' };
  for (const [i, ref] of ['7001', '7002', '7003'].entries()) {
    const a = await app.repos.articles.create(J, { ...base, refnumber: ref, txnid: `w${ref}`, title: `Paper ${ref} on zinc`, keywords: 'zinc', pagenumber: `${i * 5 + 1}-${i * 5 + 5}` });
    await app.files.put(J, `/assets/archives/2026/vol4issue1/${a.file}`, pdf, { contentType: 'application/pdf' });
    ids[ref] = a.id;
  }
  ids['1999'] = (await app.repos.articles.create(J, { ...base, refnumber: '1999', txnid: 'w1999', title: 'Imported disabled', pagenumber: '90-91', status: 'disabled' })).id;
  ids.other = (await app.repos.articles.create(OTHER, { ...base, refnumber: '8001', txnid: 'w8001', title: 'Elsewhere', pagenumber: '1-2' })).id;
  disabledEditor = (await app.repos.editors.create(J, { name: 'Dr. Leela Menon', category: 'associate editor', post: 'Professor', content: 'Univ', status: 'disabled' })).id;
  otherEditor = (await app.repos.editors.create(OTHER, { name: 'Dr. Other', category: 'chief editor', post: 'Professor', content: 'Univ', status: 'enabled' })).id;
  await app.publisher.changed(J, [{ t: 'all' }]);
  await app.publisher.changed(OTHER, [{ t: 'all' }]);
});
afterAll(() => stopContent(app));

describe('withdrawing and retracting an article', () => {
  test('a withdrawn article leaves the issue list, search, sitemap and feeds; its URL keeps a tombstone with the reason', async () => {
    const r = await admin(`/api/admin/articles/${ids['7002']}/withdraw`, { kind: 'withdrawn', reason: 'Duplicate publication of 6001' });
    expect(r.status).toBe(200);
    expect(r.body.withdrawal).toEqual({ kind: 'withdrawn', reason: 'Duplicate publication of 6001', at: expect.any(String) });
    expect((await app.repos.articles.findById(J, ids['7002']!))!.withdrawal).toEqual({ kind: 'withdrawn', reason: 'Duplicate publication of 6001', at: expect.any(Date) });

    await eventually(async () => expect(await issueRefs()).toEqual(['7001', '7003']));
    const found = publicReadSchemas.search.parse((await pub('/api/search?keyword=zinc')).body).map((a) => a.refnumber);
    expect(found.sort()).toEqual(['7001', '7003']);
    expect((await pub('/sitemap.xml')).text).not.toContain('7002');
    expect((await pub('/feed.atom')).text).not.toContain('Paper 7002');

    const tomb = await pub('/api/archives/ref/7002');
    expect(tomb.status).toBe(200);
    const t = publicReadSchemas.article.parse(tomb.body);
    expect(t).toMatchObject({ refnumber: '7002', title: 'Paper 7002 on zinc', abstract: '', pdf_url: null, file: '' });
    expect(t.withdrawal).toMatchObject({ kind: 'withdrawn', reason: 'Duplicate publication of 6001' });
  });

  test('a retracted article stays listed, marked, with its notice and abstract', async () => {
    expect((await admin(`/api/admin/articles/${ids['7003']}/withdraw`, { kind: 'retracted', reason: 'Data fabricated' })).status).toBe(200);
    await eventually(async () => {
      const list = publicReadSchemas.issue.parse((await pub('/api/archives/2026/vol4/issue1')).body);
      expect(list.find((a) => a.refnumber === '7003')?.withdrawal).toMatchObject({ kind: 'retracted', reason: 'Data fabricated' });
    });
    const d = publicReadSchemas.article.parse((await pub('/api/archives/ref/7003')).body);
    expect(d.abstract).toContain('Findings on soil.');
    expect(d.withdrawal?.kind).toBe('retracted');
    expect((await pub('/sitemap.xml')).text).toContain('7003');
  });

  test('restoring brings the article back as it was', async () => {
    const r = await admin(`/api/admin/articles/${ids['7002']}/restore`, {});
    expect(r.status).toBe(200);
    expect(r.body.withdrawal).toBeNull();
    await eventually(async () => expect(await issueRefs()).toEqual(['7001', '7002', '7003']));
    expect(publicReadSchemas.article.parse((await pub('/api/archives/ref/7002')).body).withdrawal).toBeNull();
  });

  test.each([
    ['an unknown kind', { kind: 'deleted', reason: 'x' }, /withdrawn' or 'retracted/],
    ['no reason', { kind: 'withdrawn' }, /reason/i],
    ['a blank reason', { kind: 'withdrawn', reason: '   ' }, /reason/i],
    ['an operator', { kind: { $ne: '' }, reason: 'x' }, /withdrawn' or 'retracted/],
    ['an unknown field', { kind: 'withdrawn', reason: 'x', at: '2020-01-01' }, /.+/],
  ])('refuses %s with a 400 saying what is wrong, changing nothing', async (_n, body, message) => {
    const r = await admin(`/api/admin/articles/${ids['7001']}/withdraw`, body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'validation_error', message: expect.stringMatching(message), details: expect.anything() });
    expect((await app.repos.articles.findById(J, ids['7001']!))!.withdrawal ?? null).toBeNull();
  });

  test("another journal's article, a missing token and an expired one change nothing", async () => {
    expect((await admin(`/api/admin/articles/${ids.other}/withdraw`, { kind: 'withdrawn', reason: 'x' })).status).toBe(404);
    expect((await admin(`/api/admin/articles/${ids['7001']}/withdraw`, { kind: 'withdrawn', reason: 'x' }, OTHER, staffToken(OTHER))).status).toBe(404);
    expect((await request(app.url).post(`/api/admin/articles/${ids['7001']}/withdraw`).set('x-journal-id', J).send({ kind: 'withdrawn', reason: 'x' })).status).toBe(401);
    expect((await admin(`/api/admin/articles/${ids['7001']}/restore`, {}, J, staffToken(J, 'admin', -10))).status).toBe(401);
    expect((await app.repos.articles.findById(OTHER, ids.other!))!.withdrawal ?? null).toBeNull();
    expect((await app.repos.articles.findById(J, ids['7001']!))!.withdrawal ?? null).toBeNull();
  });
});

describe('staff reads for staff documents', () => {
  test('answer the selected articles whatever their status or withdrawal; other journals\' are missing', async () => {
    await admin(`/api/admin/articles/${ids['7002']}/withdraw`, { kind: 'withdrawn', reason: 'Duplicate' });
    const r = await request(app.url).post('/internal/staff/articles/by-refs').set('x-journal-id', J).send({ refs: ['1999', '7002', '8001', '7001'] });
    expect(r.status).toBe(200);
    const body = articleBatchResponseSchema.parse(r.body);
    expect(body.articles.map((a) => [a.refnumber, a.status, a.withdrawal?.kind ?? null])).toEqual([
      ['1999', 'disabled', null],
      ['7002', 'enabled', 'withdrawn'],
      ['7001', 'enabled', null],
    ]);
    expect(body.missing).toEqual(['8001']);
    // The public batch read still hides them.
    const pubBody = articleBatchResponseSchema.parse((await request(app.url).post('/internal/articles/by-refs').set('x-journal-id', J).send({ refs: ['1999', '7002'] })).body);
    expect(pubBody.missing).toEqual(['1999', '7002']);
  });

  test('answer disabled editors by name; other journals\' ids are missing', async () => {
    const r = await request(app.url).post('/internal/staff/editors/by-ids').set('x-journal-id', J).send({ ids: [disabledEditor, otherEditor] });
    expect(r.status).toBe(200);
    const body = staffEditorsResponseSchema.parse(r.body);
    expect(body.editors.map((e) => [e.name, e.status])).toEqual([['Dr. Leela Menon', 'disabled']]);
    expect(body.missing).toEqual([otherEditor]);
    const bad = await request(app.url).post('/internal/staff/editors/by-ids').set('x-journal-id', J).send({ ids: [{ $ne: '' }] });
    expect(bad.status).toBe(400);
  });
});

describe("a withdrawn article's PDF (docs/product.md#withdrawals)", () => {
  const PDF = '/assets/archives/2026/vol4issue1/7001.pdf';
  const pdfUrl = async () => publicReadSchemas.article.parse((await pub('/api/archives/ref/7001')).body).pdf_url;

  test('answers 410 at every URL of every version, a page for browsers; restored, the file again', async () => {
    const url = (await pdfUrl())!;
    const v = url.split('?v=')[1]!;
    const before = await pub(url).buffer(true);
    expect(before.status).toBe(200);

    expect((await admin(`/api/admin/articles/${ids['7001']}/withdraw`, { kind: 'withdrawn', reason: 'Copyright claim upheld' })).status).toBe(200);
    // The writer's own reads see the write at once; the PDF goes with the article.
    expect(await pdfUrl()).toBeNull();
    const urls = [url, PDF, `${PDF}?v=AAAAAAAAAAAA`, `${PDF}?V=${v}`, `${PDF}?v=${v}&x=1`, '/assets/archives/2026/vol4issue1/%37001.pdf'];
    for (const u of urls) {
      const r = await pub(u);
      expect([u, r.status, r.body, r.headers['cache-control']]).toEqual([u, 410, { error: 'article_withdrawn', message: 'This article has been withdrawn' }, 'no-store']);
    }
    expect((await request(app.url).head(url).set({ 'x-journal-id': J, host: HOST })).status).toBe(410);
    expect((await pub(url).set('Range', 'bytes=0-9')).status).toBe(410);
    const page = await pub(url).set('Accept', 'text/html,application/xhtml+xml');
    expect(page.status).toBe(410);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('This article has been withdrawn');
    expect(page.text).toContain('Copyright claim upheld');
    expect(page.text).toContain('href="/archives/2026/vol4/issue1/7001"');
    // A retraction keeps the file.
    const retracted = await pub(publicReadSchemas.article.parse((await pub('/api/archives/ref/7003')).body).pdf_url!);
    expect(retracted.status).toBe(200);

    expect((await admin(`/api/admin/articles/${ids['7001']}/restore`, {})).status).toBe(200);
    expect(await pdfUrl()).toBe(url);
    const after = await pub(url).buffer(true);
    expect(after.status).toBe(200);
    expect(after.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(after.body as Buffer, before.body as Buffer)).toBe(0);
  });

  test("another journal sees neither the file nor its tombstone", async () => {
    expect((await pub(PDF, OTHER)).status).toBe(404);
  });
});

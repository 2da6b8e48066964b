import request from 'supertest';
import { newObjectId, rawBody, staffHeaders, staffToken } from '@journal/testing';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let J1: string;
let J2: string;
let T1: string;
let T2: string;
let pdf: Buffer;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex'),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

const tok = staffToken;
const as = staffHeaders;

const YEAR = 2026;
const article = (over: Record<string, string> = {}): Record<string, string> => ({
  year: String(YEAR),
  volume: '4',
  issue: '2',
  refnumber: '1001',
  title: 'Soil <i>Bacillus</i> diversity',
  authorname: 'Dr. Asha Rao, Vikram Singh',
  abstract: '<p>We studied soil.</p>',
  keywords: 'soil, bacteria',
  pagenumber: '1-6',
  subject: 'Agriculture',
  country: 'India',
  email: 'asha@example.org',
  mobile: '9999999999',
  txnid: 'TXN1001',
  ptype: 'paid',
  publishdate: '2026-02-10',
  ...over,
});

function postArticle(path: string, jid: string, token: string, fields: Record<string, string>, file?: { buf: Buffer; name?: string }) {
  let req = request(app.url).post(path).set(as(jid, token));
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  if (file) req = req.attach('pdfFile', file.buf, { filename: file.name ?? 'paper.pdf', contentType: 'application/pdf' });
  return req;
}
const addArticle = (fields: Record<string, string>, file: { buf: Buffer; name?: string } | null = { buf: pdf }, jid = J1, token = T1) =>
  postArticle('/api/admin/archives/', jid, token, fields, file ?? undefined);

/**
 * A multipart body written byte for byte, so the file name reaches the server exactly as an
 * attacker would send it (client libraries strip paths from file names).
 */
function rawMultipart(path: string, fields: Record<string, string>, fileField: string, filename: string, buf: Buffer, type: string) {
  const boundary = '----adminTestBoundary7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`, 'latin1'));
  parts.push(buf, Buffer.from(`\r\n--${boundary}--\r\n`));
  return request(app.url)
    .post(path)
    .set(as(J1, T1))
    .set('content-type', `multipart/form-data; boundary=${boundary}`)
    .send(Buffer.concat(parts));
}

/** Everything the admin API could change for a journal, to prove a refused request changed nothing. */
async function snapshot(jid: string) {
  const [articles, issues, editors, journal, files] = await Promise.all([
    app.repos.articles.list(jid),
    app.repos.issues.list(jid),
    app.repos.editors.list(jid),
    app.repos.journals.findById(jid),
    app.files.list(jid),
  ]);
  const sums = await Promise.all(files.map(async (p) => `${p}:${(await app.files.stat(jid, p))?.etag}`));
  return JSON.stringify({ articles, issues, editors, journal, sums });
}

/** A call refused with `status` (and `code`) that leaves everything of J1 as it was; the answer. */
async function refusedUnchanged(send: () => PromiseLike<request.Response>, status: number, code?: string) {
  const before = await snapshot(J1);
  const r = await send();
  expect(r.status).toBe(status);
  if (code) expect(r.body.error).toBe(code);
  expect(await snapshot(J1)).toBe(before);
  return r;
}

beforeAll(async () => {
  app = await startContent();
  J1 = await makeJournal(app, 'adm1');
  J2 = await makeJournal(app, 'adm2');
  T1 = tok(J1);
  T2 = tok(J2);
  pdf = await makePdf('Soil Bacillus diversity');
  await request(app.url).post('/api/admin/create-issue').set(as(J1, T1)).send({ volume: 4, issue: 2, year: YEAR, frequency: 'April-June' }).expect(201);
});
afterAll(() => stopContent(app));

describe('admin access', () => {
  test('needs a token of this journal', async () => {
    await request(app.url).get('/api/admin/').set({ 'x-journal-id': J1 }).expect(401);
    await request(app.url).get('/api/admin/').set(as(J1, T2)).expect(401);
    await request(app.url).get('/api/admin/').set(as(J1, 'not.a.token')).expect(401);
    await request(app.url).get('/api/admin/').set({ authorization: `Bearer ${T1}` }).expect(400);
    const r = await request(app.url).post('/api/settings').set({ 'x-journal-id': J1 }).send({ websitename: 'x' });
    expect(r.status).toBe(401);
    const e = await request(app.url).post('/api/editors/pin').set({ 'x-journal-id': J1 }).send({ ids: [newObjectId()] });
    expect(e.status).toBe(401);
  });

  test('GET /api/admin/ answers the counts', async () => {
    // A journal of its own, so the counts are known exactly: every status counts, other journals do not.
    const J3 = await makeJournal(app, 'adm3');
    const T3 = tok(J3);
    const counts = async () => (await request(app.url).get('/api/admin/').set(as(J3, T3)).expect(200)).body;
    expect(await counts()).toEqual({ archives: 0, issues: 0, editors: 0 });
    const { issues, articles, editors } = app.repos;
    for (const issue of [1, 2]) await issues.create(J3, { year: YEAR, volume: 9, issue, frequency: 'May' } as never);
    const base = { year: YEAR, volume: 9, issue: 1, title: 'x', authorname: 'A B', pagenumber: '1-2', status: 'enabled' };
    await articles.create(J3, { ...base, refnumber: '9001', txnid: 'c1', title: 'Count one' });
    await articles.create(J3, { ...base, refnumber: '9002', txnid: 'c2', title: 'Count two', status: 'disabled' });
    await articles.create(J3, { ...base, issue: 2, refnumber: '9003', txnid: 'c3', title: 'Count three' });
    await editors.create(J3, { name: 'Counted Editor', category: 'chief editor' });
    // Written past the admin API, as a seed or an import does: the journal's views are told so.
    await app.deps.publisher.invalidate(J3);
    expect(await counts()).toEqual({ archives: 3, issues: 2, editors: 1 });
    const j1 = (await request(app.url).get('/api/admin/').set(as(J1, T1)).expect(200)).body;
    expect(j1).toEqual({ archives: 0, issues: 1, editors: 0 });
  });
});

describe('issues', () => {
  test('create, list with article counts, and refuse a duplicate', async () => {
    const r = await request(app.url).post('/api/admin/create-issue').set(as(J1, T1)).send({ volume: '4', issue: '3', year: YEAR, frequency: 'July-September' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ volume: 4, issue: 3, year: YEAR, frequency: 'july-september' });
    const send = () => request(app.url).post('/api/admin/create-issue').set(as(J1, T1)).send({ volume: 4, issue: 3, year: YEAR, frequency: 'July-September' });
    await refusedUnchanged(send, 409, 'duplicate_issue');
    const list = await request(app.url).get('/api/admin/archives/').set(as(J1, T1)).expect(200);
    expect(list.body.find((i: { issue: number; volume: number }) => i.volume === 4 && i.issue === 3)).toMatchObject({ articles: 0 });
    // Another journal may have the same issue.
    await request(app.url).post('/api/admin/create-issue').set(as(J2, T2)).send({ volume: 4, issue: 3, year: YEAR, frequency: 'July-September' }).expect(201);
  });

  test("the counts follow each save: an article added, moved with its PDF to another issue, withdrawn, edited in place", async () => {
    const J5 = await makeJournal(app, 'adm5');
    const T5 = tok(J5);
    for (const issue of [1, 2]) await request(app.url).post('/api/admin/create-issue').set(as(J5, T5)).send({ volume: 7, issue, year: YEAR, frequency: 'May' }).expect(201);
    const state = async () => {
      const list = (await request(app.url).get('/api/admin/archives/').set(as(J5, T5)).expect(200)).body as { issue: number; articles: number }[];
      const counts = (await request(app.url).get('/api/admin/').set(as(J5, T5)).expect(200)).body as { archives: number };
      return { byIssue: list.map((i) => `${i.issue}:${i.articles}`), archives: counts.archives };
    };
    const one = article({ volume: '7', issue: '1', refnumber: '5001', title: 'Counted one', txnid: 'CT1', pagenumber: '1-2' });
    const two = article({ volume: '7', issue: '1', refnumber: '5002', title: 'Counted two', txnid: 'CT2', pagenumber: '3-4' });
    const a = (await addArticle(one, undefined, J5, T5).expect(201)).body as { id: string };
    expect(await state()).toEqual({ byIssue: ['2:0', '1:1'], archives: 1 });
    const b = (await addArticle(two, undefined, J5, T5).expect(201)).body as { id: string };
    expect(await state()).toEqual({ byIssue: ['2:0', '1:2'], archives: 2 });
    await postArticle(`/api/archives/${b.id}`, J5, T5, { ...two, issue: '2' }).expect(200);
    expect(await state()).toEqual({ byIssue: ['2:1', '1:1'], archives: 2 });
    // Its PDF moved with it: the new issue's public list holds it once.
    const listed = await request(app.url).get(`/api/archives/${YEAR}/7/2`).set({ 'x-journal-id': J5 }).expect(200);
    expect(JSON.stringify(listed.body).split('"refnumber":"5002"').length - 1).toBe(1);
    await request(app.url).post(`/api/admin/articles/${a.id}/withdraw`).set(as(J5, T5)).send({ kind: 'withdrawn', reason: 'Counted' }).expect(200);
    await postArticle(`/api/archives/${b.id}`, J5, T5, { ...two, issue: '2', abstract: '<p>Edited.</p>' }).expect(200);
    expect(await state()).toEqual({ byIssue: ['2:1', '1:1'], archives: 2 });
  }, 240_000);

  test('the first-page rule follows edits of pages and issues both ways', async () => {
    const J6 = await makeJournal(app, 'adm6');
    const T6 = tok(J6);
    for (const issue of [1, 2]) await request(app.url).post('/api/admin/create-issue').set(as(J6, T6)).send({ volume: 8, issue, year: YEAR, frequency: 'May' }).expect(201);
    const one = article({ volume: '8', issue: '1', refnumber: '6001', title: 'Paged one', txnid: 'PG1', pagenumber: '1-5' });
    const a = (await addArticle(one, undefined, J6, T6).expect(201)).body as { id: string };
    const add = (n: number, pagenumber: string, issue = '1') =>
      addArticle(article({ volume: '8', issue, refnumber: `60${n}0`, title: `Paged ${n}`, txnid: `PG${n}0`, pagenumber }), undefined, J6, T6);
    const lastWas = async (n: number, pagenumber: string, last: number, issue = '1') =>
      expect((await add(n, pagenumber, issue).expect(400)).body.message).toContain(`The last page was ${last}`);
    await lastWas(1, '4-9', 5);
    // An edit gives the article more pages: the rule sees them.
    await postArticle(`/api/archives/${a.id}`, J6, T6, { ...one, pagenumber: '1-20' }).expect(200);
    await lastWas(2, '12-14', 20);
    // Fewer again: the pages it gave back are free.
    await postArticle(`/api/archives/${a.id}`, J6, T6, { ...one, pagenumber: '1-3' }).expect(200);
    await add(3, '4-6').expect(201);
    // Moved to another issue with its pages: that issue's rule sees them.
    await add(4, '1-2', '2').expect(201);
    await postArticle(`/api/archives/${a.id}`, J6, T6, { ...one, issue: '2', pagenumber: '30-40' }).expect(200);
    await lastWas(5, '35-41', 40, '2');
    await add(6, '41-42', '2').expect(201);
  }, 240_000);

  test('the list pages newest first: at most limit, older than the issue before; bad paging is a 400', async () => {
    const J4 = await makeJournal(app, 'adm4');
    const T4 = tok(J4);
    for (const [volume, issue] of [[1, 1], [1, 2], [2, 1], [2, 2], [3, 1]]) {
      await request(app.url).post('/api/admin/create-issue').set(as(J4, T4)).send({ volume, issue, year: YEAR, frequency: 'May' }).expect(201);
    }
    const page = async (q: string) =>
      ((await request(app.url).get(`/api/admin/archives/?${q}`).set(as(J4, T4)).expect(200)).body as { volume: number; issue: number }[]).map((i) => `${i.volume}/${i.issue}`);
    expect(await page('')).toEqual(['3/1', '2/2', '2/1', '1/2', '1/1']);
    expect(await page('limit=2')).toEqual(['3/1', '2/2']);
    expect(await page(`limit=2&before=${YEAR}/2/2`)).toEqual(['2/1', '1/2']);
    expect(await page(`limit=2&before=${YEAR}/1/2`)).toEqual(['1/1']);
    expect(await page(`before=${YEAR}/1/1`)).toEqual([]);
    for (const q of ['limit=0', 'limit=501', 'limit=x', 'limit=1&limit=2', `before=${YEAR}/1`, 'before=-1/1/1']) {
      const r = await request(app.url).get(`/api/admin/archives/?${q}`).set(as(J4, T4));
      expect([q, r.status, r.body.error]).toEqual([q, 400, 'validation_error']);
    }
  });

  test.each([
    [{ volume: -1, issue: 1, year: YEAR, frequency: 'May' }],
    [{ volume: 1, issue: '', year: YEAR, frequency: 'May' }],
    [{ volume: 1, issue: 1, year: YEAR }],
    [{ volume: { $gt: 0 }, issue: 1, year: YEAR, frequency: 'May' }],
    [{ volume: 1, issue: 1, year: YEAR, frequency: { $ne: null } }],
    [{ volume: 1.5, issue: 1, year: YEAR, frequency: 'May' }],
    [{ volume: true, issue: 1, year: YEAR, frequency: 'May' }],
    [{ volume: 1, issue: 1, year: YEAR, frequency: '<script>' }],
  ])('bad issue %j is refused', async (body) => {
    await refusedUnchanged(() => request(app.url).post('/api/admin/create-issue').set(as(J1, T1)).send(body), 400, 'validation_error');
  });
});

describe('articles: add', () => {
  let created: { id: string; file: string };

  test('adds an enabled article with its PDF; the public site shows it at once', async () => {
    // Warm the public caches first, so the test proves the write invalidates them.
    const warm = await request(app.url).get(`/api/archives/${YEAR}/vol4/issue2`).set({ 'x-journal-id': J1 });
    expect(JSON.stringify(warm.body)).not.toContain('1001');
    await request(app.url).get('/api/admin/').set(as(J1, T1)).expect(200);

    const r = await addArticle(article({ status: 'disabled', createdby: 'mallory', journalId: J2, modifiedby: 'x' }));
    expect(r.status).toBe(201);
    created = r.body;
    expect(r.body).toMatchObject({
      refnumber: '1001', status: 'enabled', createdby: 'admin', file: '1001.pdf', title: 'Soil <i>Bacillus</i> diversity',
      frequency: 'april-june', ptype: 'paid', year: YEAR, volume: 4, issue: 2,
    });
    expect(await app.repos.articles.findById(J2, r.body.id)).toBeNull();

    const file = await request(app.url).get(`/assets/archives/${YEAR}/vol4issue2/1001.pdf`).set({ 'x-journal-id': J1 }).buffer(true).parse(rawBody);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);

    const pub = await request(app.url).get(`/api/archives/${YEAR}/vol4/issue2`).set({ 'x-journal-id': J1 }).expect(200);
    expect(JSON.stringify(pub.body)).toContain('1001');
    const counts = await request(app.url).get('/api/admin/').set(as(J1, T1)).expect(200);
    expect(counts.body.archives).toBeGreaterThanOrEqual(1);
    const list = await request(app.url).get('/api/admin/archives/').set(as(J1, T1)).expect(200);
    expect(list.body.find((i: { issue: number; volume: number }) => i.volume === 4 && i.issue === 2)).toMatchObject({ articles: 1 });
  });

  test('the issue page lists the articles by page with the last page', async () => {
    const r = await request(app.url).get(`/api/admin/archives/${YEAR}/4/2`).set(as(J1, T1)).expect(200);
    expect(r.body.lastPage).toBe(6);
    expect(r.body.issue).toMatchObject({ volume: 4, issue: 2, frequency: 'april-june' });
    expect(r.body.articles.map((a: { refnumber: string }) => a.refnumber)).toEqual(['1001']);
    const one = await request(app.url).get(`/api/admin/articles/${created.id}`).set(as(J1, T1)).expect(200);
    expect(one.body).toMatchObject({ refnumber: '1001', txnid: 'TXN1001', email: 'asha@example.org' });
    await request(app.url).get(`/api/admin/articles/${created.id}`).set(as(J2, T2)).expect(404);
  });

  const bad: [string, Record<string, string>, number, string, string?][] = [
    ['duplicate reference number', { refnumber: '1001', title: 'Other', txnid: 'T2', pagenumber: '7-9' }, 409, 'duplicate_reference_number'],
    ['duplicate title', { refnumber: '1002', title: 'Soil <i>Bacillus</i>   diversity', txnid: 'T2', pagenumber: '7-9' }, 409, 'duplicate_title'],
    ['duplicate txnid', { refnumber: '1002', title: 'Other', txnid: 'TXN1001', pagenumber: '7-9' }, 409, 'duplicate_txnid'],
    ['invalid txnid', { refnumber: '1002', title: 'Other', txnid: 'TX N;1', pagenumber: '7-9' }, 400, 'invalid_txnid', 'Invalid transaction id'],
    ['reversed page range', { refnumber: '1002', title: 'Other', txnid: 'T2', pagenumber: '17-13' }, 400, 'invalid_pagenumber'],
    ['7-3', { refnumber: '1002', title: 'Other', txnid: 'T2', pagenumber: '7-3' }, 400, 'invalid_pagenumber'],
    ['a-b', { refnumber: '1002', title: 'Other', txnid: 'T2', pagenumber: 'a-b' }, 400, 'invalid_pagenumber', 'Page number format must be like 1-6'],
    ['first page not after the last page', { refnumber: '1002', title: 'Other', txnid: 'T2', pagenumber: '6-9' }, 400, 'invalid_pagenumber',
      'The the first value of the page range should be one more than the last one. The last page was 6'],
    ['60-word authors', { refnumber: '1002', title: 'Other', txnid: 'T2', pagenumber: '7-9', authorname: Array.from({ length: 60 }, () => 'Rao').join(' ') },
      400, 'validation_error', 'Author name should not exceed 50 words'],
    ['digits in authors', { refnumber: '1002', title: 'Other', txnid: 'T2', pagenumber: '7-9', authorname: 'R2D2' }, 400, 'validation_error',
      'Author name must contain only alphabets, spaces, commas, and periods'],
    ['non-numeric ref', { refnumber: '10a2', title: 'Other', txnid: 'T2', pagenumber: '7-9' }, 400, 'validation_error', 'Ref number must be a valid number'],
    ['ref with a path', { refnumber: '../1002', title: 'Other', txnid: 'T2', pagenumber: '7-9' }, 400, 'validation_error'],
    ['empty title', { refnumber: '1002', title: '  ', txnid: 'T2', pagenumber: '7-9' }, 400, 'validation_error'],
    ['title of only markup', { refnumber: '1002', title: '<script>x</script>', txnid: 'T2', pagenumber: '7-9' }, 400, 'validation_error'],
    ['missing email', { refnumber: '1002', title: 'Other', txnid: 'T2', pagenumber: '7-9', email: '' }, 400, 'validation_error'],
    ['bad ptype', { refnumber: '1002', title: 'Other', txnid: 'T2', pagenumber: '7-9', ptype: 'gratis' }, 400, 'validation_error'],
    ['bad date', { refnumber: '1002', title: 'Other', txnid: 'T2', pagenumber: '7-9', publishdate: '2026-02-31' }, 400, 'validation_error'],
    ['unknown issue', { refnumber: '1002', title: 'Other', txnid: 'T2', pagenumber: '7-9', issue: '9' }, 404, 'issue_not_found'],
  ];
  test.each(bad.map((b) => [b[0], b[1], b[2], b[3], b[4] ?? ''] as const))('%s is refused and nothing changes', async (_name, over, status, code, message) => {
    const r = await refusedUnchanged(() => addArticle(article(over)), status, code);
    if (message) expect(r.body.message).toContain(message);
  });

  const fresh = { refnumber: '1003', title: 'Fresh', txnid: 'T3', pagenumber: '7-9' };
  test.each([
    ['a missing file', null, 400, 'invalid_file'],
    ['HTML renamed .pdf', { buf: HTML, name: 'paper.pdf' }, 400, 'invalid_file'],
    ['a PNG', { buf: PNG, name: 'paper.pdf' }, 400, 'invalid_file'],
    ['an empty file', { buf: Buffer.alloc(0), name: 'paper.pdf' }, 400, 'invalid_file'],
  ] as const)('%s is refused', async (_name, file, status, code) => {
    await refusedUnchanged(() => addArticle(article(fresh), file as { buf: Buffer; name?: string } | null), status, code);
  });

  test.each([
    ['../../etc/paper.pdf'],
    ['..\\..\\paper.pdf'],
    ['/etc/passwd.pdf'],
    ['paper\tname.pdf'],
  ])('the file name %j is refused with invalid_file', async (name) => {
    await refusedUnchanged(() => rawMultipart('/api/admin/archives/', article(fresh), 'pdfFile', name, pdf, 'application/pdf'), 400, 'invalid_file');
  });

  test('a CRLF in the file name is refused', async () => {
    const before = await snapshot(J1);
    const r = await rawMultipart('/api/admin/archives/', article(fresh), 'pdfFile', 'a\r\nContent-Type: text/html\r\n\r\nx.pdf', pdf, 'application/pdf');
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(await snapshot(J1)).toBe(before);
  });

  test('a truncated multipart body is a 400, not a 500', async () => {
    const before = await snapshot(J1);
    const boundary = '----cutShort';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="refnumber"\r\n\r\n1003\r\n--${boundary}\r\nContent-Disposition: form-data; name="pdfFile"; filename="p.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 trunc`;
    const r = await request(app.url).post('/api/admin/archives/').set(as(J1, T1)).set('content-type', `multipart/form-data; boundary=${boundary}`).send(body);
    expect(r.status).toBe(400);
    expect(await snapshot(J1)).toBe(before);
  });

  test('5 MB + 1 byte is 413 file_too_large; exactly 5 MB is accepted', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(5_242_880 + 1 - pdf.length, 0x20)]);
    await refusedUnchanged(() => addArticle(article(fresh), { buf: big }), 413, 'file_too_large');
    const max = Buffer.concat([pdf, Buffer.alloc(5_242_880 - pdf.length, 0x20)]);
    const ok = await addArticle(article({ ...fresh, refnumber: '1004', txnid: 'T4', title: 'Max size', pagenumber: '10-12' }), { buf: max });
    expect(ok.status).toBe(201);
  });

  test('operator objects and repeated fields are refused', async () => {
    const before = await snapshot(J1);
    const { refnumber: _r, ...noRef } = article(fresh);
    let r = await addArticle({ ...noRef, 'refnumber[$ne]': '1' });
    expect(r.status).toBe(400);
    r = await addArticle({ ...article(fresh), 'txnid[$gt]': '' });
    expect(r.status).toBe(400);
    let req = request(app.url).post('/api/admin/archives/').set(as(J1, T1));
    for (const [k, v] of Object.entries(article(fresh))) req = req.field(k, v);
    r = await req.field('refnumber', '1005').attach('pdfFile', pdf, 'p.pdf');
    expect(r.status).toBe(400);
    // A JSON body has no file and wrong types.
    r = await request(app.url).post('/api/admin/archives/').set(as(J1, T1)).send({ ...article(fresh), refnumber: 1003, year: { $gt: 0 } });
    expect(r.status).toBe(400);
    expect(await snapshot(J1)).toBe(before);
  });

  test('two concurrent adds with one reference number: one wins, the other gets duplicate_reference_number', async () => {
    const racePdf = await makePdf('race');
    await request(app.url).post('/api/admin/create-issue').set(as(J1, T1)).send({ volume: 4, issue: 5, year: YEAR, frequency: 'May' }).expect(201);
    const [a, b] = await Promise.all([
      addArticle(article({ issue: '5', refnumber: '3001', title: 'Race A', txnid: 'RA', pagenumber: '1-2' }), { buf: racePdf }),
      addArticle(article({ issue: '5', refnumber: '3001', title: 'Race B', txnid: 'RB', pagenumber: '3-4' }), { buf: pdf }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 201 ? a : b;
    expect(loser.body.error).toBe('duplicate_reference_number');
    const stored = await app.files.read(J1, `/assets/archives/${YEAR}/vol4issue5/3001.pdf`);
    expect(stored?.length).toBe(winner === a ? racePdf.length : pdf.length);
    expect((await app.repos.articles.list(J1)).filter((x) => x.refnumber === '3001')).toHaveLength(1);
  });

  test('another journal cannot add to this journal, and its own uniqueness is separate', async () => {
    const before = await snapshot(J1);
    await addArticle(article(), { buf: pdf }, J1, T2).expect(401);
    expect(await snapshot(J1)).toBe(before);
    // J2 has no issue 4/2 of its own.
    const r = await addArticle(article(), { buf: pdf }, J2, T2);
    expect(r.status).toBe(404);
    await request(app.url).post('/api/admin/create-issue').set(as(J2, T2)).send({ volume: 4, issue: 2, year: YEAR, frequency: 'April-June' }).expect(201);
    await addArticle(article(), { buf: pdf }, J2, T2).expect(201);
  });
});

describe('articles: edit', () => {
  let id: string;
  beforeAll(async () => {
    const r = await addArticle(article({ refnumber: '2001', title: 'Editable', txnid: 'E1', pagenumber: '20-25' }));
    expect(r.status).toBe(201);
    id = r.body.id;
  });
  const edit = (fields: Record<string, string>, file?: { buf: Buffer; name?: string }, jid = J1, token = T1, target = id) =>
    postArticle(`/api/archives/${target}`, jid, token, fields, file);
  const base = () => article({ refnumber: '2001', title: 'Editable', txnid: 'E1', pagenumber: '20-25' });

  test('edits fields without a file and keeps the PDF; no first-page rule on edit', async () => {
    const r = await edit({ ...base(), title: 'Edited <em>title</em>', pagenumber: '2-4', email: '', frequency: 'May-June', status: 'disabled', createdby: 'x' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ title: 'Edited <em>title</em>', description: 'Edited <em>title</em>', pagenumber: '2-4', status: 'enabled', createdby: 'admin', modifiedby: 'admin', frequency: 'may-june' });
    await request(app.url).get(`/assets/archives/${YEAR}/vol4issue2/2001.pdf`).set({ 'x-journal-id': J1 }).expect(200);
  });

  test('a new PDF replaces the file; a new reference number moves it', async () => {
    const other = await makePdf('Replaced');
    let r = await edit({ ...base(), title: 'Edited' }, { buf: other });
    expect(r.status).toBe(200);
    const stat = await app.files.stat(J1, `/assets/archives/${YEAR}/vol4issue2/2001.pdf`);
    expect(stat?.length).toBe(other.length);
    r = await edit({ ...base(), title: 'Edited', refnumber: '2002' });
    expect(r.status).toBe(200);
    expect(r.body.file).toBe('2002.pdf');
    expect(await app.files.stat(J1, `/assets/archives/${YEAR}/vol4issue2/2001.pdf`)).toBeNull();
    expect((await app.files.stat(J1, `/assets/archives/${YEAR}/vol4issue2/2002.pdf`))?.length).toBe(other.length);
    r = await edit({ ...base(), title: 'Edited', refnumber: '2001' });
    expect(r.status).toBe(200);
  });

  test.each([
    ['duplicate reference number', { refnumber: '1001' }, 409, 'duplicate_reference_number'],
    ['duplicate title', { title: 'Soil <i>Bacillus</i> diversity' }, 409, 'duplicate_title'],
    ['duplicate txnid', { txnid: 'TXN1001' }, 409, 'duplicate_txnid'],
    ['7-3', { pagenumber: '7-3' }, 400, 'invalid_pagenumber'],
    ['a-b', { pagenumber: 'a-b' }, 400, 'invalid_pagenumber'],
    ['60-word authors', { authorname: Array.from({ length: 60 }, () => 'Rao').join(' ') }, 400, 'validation_error'],
    ['invalid txnid', { txnid: 'a b' }, 400, 'invalid_txnid'],
    ['missing title', { title: '' }, 400, 'validation_error'],
    ['a move to an unknown issue', { issue: '7' }, 404, 'issue_not_found'],
  ] as const)('%s is refused and nothing changes', async (_n, over, status, code) => {
    await refusedUnchanged(() => edit({ ...base(), title: 'Edited', ...over }), status, code);
  });

  test('bad files, foreign and unknown ids are refused', async () => {
    const before = await snapshot(J1);
    expect((await edit({ ...base(), title: 'Edited' }, { buf: HTML, name: 'x.pdf' })).body.error).toBe('invalid_file');
    expect((await edit({ ...base(), title: 'Edited' }, { buf: Buffer.concat([pdf, Buffer.alloc(5_242_881)]) })).status).toBe(413);
    expect((await rawMultipart(`/api/archives/${id}`, { ...base(), title: 'Edited' }, 'pdfFile', '../x.pdf', pdf, 'application/pdf')).body.error).toBe('invalid_file');
    // J2's token on J2's host cannot reach J1's article.
    expect((await edit({ ...base(), title: 'Edited' }, undefined, J2, T2)).status).toBe(404);
    expect((await edit({ ...base(), title: 'Edited' }, undefined, J1, T1, newObjectId())).status).toBe(404);
    expect((await edit({ ...base(), title: 'Edited' }, undefined, J1, T1, '{"$ne":null}')).status).toBe(404);
    expect(await snapshot(J1)).toBe(before);
  });
});

describe('admin search', () => {
  test('finds by title, author and reference number, in this journal only', async () => {
    let r = await request(app.url).get('/api/admin/search').query({ q: 'bacillus' }).set(as(J1, T1)).expect(200);
    expect(r.body.map((a: { refnumber: string }) => a.refnumber)).toEqual(['1001']);
    r = await request(app.url).get('/api/admin/search').query({ q: '2001' }).set(as(J1, T1)).expect(200);
    expect(r.body.map((a: { refnumber: string }) => a.refnumber)).toEqual(['2001']);
    r = await request(app.url).get('/api/admin/search').query({ q: 'vikram' }).set(as(J1, T1)).expect(200);
    expect(r.body.length).toBeGreaterThanOrEqual(2);
    r = await request(app.url).get('/api/admin/search').query({ q: '.*' }).set(as(J1, T1)).expect(200);
    expect(r.body).toEqual([]);
    r = await request(app.url).get('/api/admin/search').query({ q: '' }).set(as(J1, T1)).expect(200);
    expect(r.body).toEqual([]);
    r = await request(app.url).get('/api/admin/search?q=a&q=b').set(as(J1, T1));
    expect(r.status).toBe(400);
    r = await request(app.url).get('/api/admin/search').query({ q: 'Editable' }).set(as(J2, T2)).expect(200);
    expect(r.body).toEqual([]);
  });
});

describe('editors', () => {
  const editor = (over: Record<string, string> = {}) => ({
    name: 'Prof. Meera Iyer', category: 'chief editor', post: 'Professor', content: 'IIT Delhi', degree: 'PhD',
    email: 'meera@example.org', phone: '123', country: 'India', editor_website: 'https://example.org', ...over,
  });
  const post = (path: string, fields: Record<string, string>, file?: { buf: Buffer; name: string; type?: string }, jid = J1, token = T1) => {
    let req = request(app.url).post(path).set(as(jid, token));
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    if (file) req = req.attach('imgFile', file.buf, { filename: file.name, contentType: file.type ?? 'image/png' });
    return req;
  };
  let a: { id: string; picture: string };
  let b: { id: string };

  test('add with and without a picture', async () => {
    const warm = await request(app.url).get('/api/editors/').set({ 'x-journal-id': J1 }).expect(200);
    expect(JSON.stringify(warm.body)).not.toContain('Meera');
    let r = await post('/api/editors', { ...editor(), status: 'enabled', is_pinned: '1' }, { buf: PNG, name: 'me.png' });
    expect(r.status).toBe(201);
    a = r.body;
    expect(r.body).toMatchObject({ name: 'Prof. Meera Iyer', status: 'enabled', is_pinned: 0 });
    expect(r.body.picture).toMatch(/^[a-f0-9]{24}\.png$/);
    const img = await request(app.url).get(`/assets/editors/${r.body.picture}`).set({ 'x-journal-id': J1 }).expect(200);
    expect(img.headers['content-type']).toBe('image/png');
    r = await post('/api/editors', editor({ name: 'Dr. Karan Mehta', category: 'associate editor', post: 'Scientist' }));
    expect(r.status).toBe(201);
    expect(r.body.picture).toBe('avatar.png');
    b = r.body;
    r = await post('/api/editors', editor({ name: 'Gif Person', category: 'assistant editor', post: 'Lecturer' }), { buf: GIF, name: 'x.gif', type: 'image/gif' });
    expect(r.status).toBe(201);
    expect(r.body.picture).toMatch(/\.gif$/);
    const pub = await request(app.url).get('/api/editors/').set({ 'x-journal-id': J1 }).expect(200);
    expect(JSON.stringify(pub.body)).toContain('Meera');
  });

  test.each([
    ['a bad category', editor({ category: 'boss' }), undefined, 400, 'validation_error'],
    ['a bad designation', editor({ post: 'Dean' }), undefined, 400, 'validation_error'],
    ['no name', editor({ name: '' }), undefined, 400, 'validation_error'],
    ['no affiliation', editor({ content: '' }), undefined, 400, 'validation_error'],
    ['a javascript: website', editor({ editor_website: 'javascript:alert(1)' }), undefined, 400, 'validation_error'],
    ['HTML as a picture', editor(), { buf: HTML, name: 'x.png' }, 400, 'invalid_file'],
    ['a PDF as a picture', editor(), { buf: Buffer.from('%PDF-1.4 x'), name: 'x.png' }, 400, 'invalid_file'],
    ['an operator object', { ...editor(), category: undefined, 'category[$ne]': 'x' }, undefined, 400, 'validation_error'],
  ] as const)('add with %s is refused', async (_n, fields, file, status, code) => {
    const before = await snapshot(J1);
    const body = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<string, string>;
    const r = await post('/api/editors', body, file as never);
    expect(r.status).toBe(status);
    expect(r.body.error).toBe(code);
    expect(await snapshot(J1)).toBe(before);
  });

  test('a picture name with ../ is refused', async () => {
    const before = await snapshot(J1);
    const r = await rawMultipart('/api/editors', editor(), 'imgFile', '../../x.png', PNG, 'image/png');
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_file');
    expect(await snapshot(J1)).toBe(before);
  });

  test('a picture over 5 MB is 413', async () => {
    const before = await snapshot(J1);
    const r = await post('/api/editors', editor(), { buf: Buffer.concat([PNG, Buffer.alloc(5_242_881)]), name: 'big.png' });
    expect(r.status).toBe(413);
    expect(r.body.error).toBe('file_too_large');
    expect(await snapshot(J1)).toBe(before);
  });

  test('the status switch sends only status; disabled editors leave the public board, not the admin list', async () => {
    let r = await post(`/api/editors/${b.id}`, { status: 'disabled' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'disabled', name: 'Dr. Karan Mehta', category: 'associate editor' });
    const pub = await request(app.url).get('/api/editors/').set({ 'x-journal-id': J1 }).expect(200);
    expect(JSON.stringify(pub.body)).not.toContain('Karan');
    const adm = await request(app.url).get('/api/admin/editors').set(as(J1, T1)).expect(200);
    expect(adm.body.find((e: { id: string }) => e.id === b.id)).toMatchObject({ status: 'disabled' });
    const before = await snapshot(J1);
    r = await post(`/api/editors/${b.id}`, { status: 'deleted' });
    expect(r.status).toBe(400);
    r = await post(`/api/editors/${b.id}`, { status: 'enabled' }, undefined, J2, T2);
    expect(r.status).toBe(404);
    expect(await snapshot(J1)).toBe(before);
    r = await post(`/api/editors/${b.id}`, { status: 'enabled' });
    expect(r.body.status).toBe('enabled');
  });

  test('a full edit keeps or replaces the picture', async () => {
    let r = await post(`/api/editors/${a.id}`, editor({ name: 'Prof. Meera Iyer-Rao', post: 'Head' }));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: 'Prof. Meera Iyer-Rao', post: 'Head', picture: a.picture, status: 'enabled' });
    r = await post(`/api/editors/${a.id}`, editor({ name: 'Prof. Meera Iyer-Rao' }), { buf: GIF, name: 'new.gif', type: 'image/gif' });
    expect(r.status).toBe(200);
    expect(r.body.picture).not.toBe(a.picture);
    expect(await app.files.stat(J1, `/assets/editors/${a.picture}`)).toBeNull();
    const one = await request(app.url).get(`/api/admin/editors/${a.id}`).set(as(J1, T1)).expect(200);
    expect(one.body.picture).toBe(r.body.picture);
    await request(app.url).get(`/api/admin/editors/${a.id}`).set(as(J2, T2)).expect(404);
  });

  test('pin and unpin: pinned first; foreign ids and operators change nothing', async () => {
    let r = await request(app.url).post('/api/editors/pin').set(as(J1, T1)).send({ ids: [b.id] });
    expect(r.status).toBe(200);
    let list = await request(app.url).get('/api/admin/editors').set(as(J1, T1)).expect(200);
    expect(list.body[0]).toMatchObject({ id: b.id, is_pinned: 1 });
    const before = await snapshot(J1);
    const foreign = await app.repos.editors.create(J2, { name: 'Foreign', category: 'chief editor' });
    r = await request(app.url).post('/api/editors/pin').set(as(J1, T1)).send({ ids: [a.id, foreign.id], pinned: true });
    expect(r.status).toBe(404);
    r = await request(app.url).post('/api/editors/pin').set(as(J1, T1)).send({ ids: { $ne: null } });
    expect(r.status).toBe(400);
    r = await request(app.url).post('/api/editors/pin').set(as(J1, T1)).send({ ids: [] });
    expect(r.status).toBe(400);
    r = await request(app.url).post('/api/editors/pin').set(as(J1, T1)).send({ ids: [a.id], pinned: 'yes' });
    expect(r.status).toBe(400);
    expect(await snapshot(J1)).toBe(before);
    r = await request(app.url).post('/api/editors/pin').set(as(J1, T1)).send({ ids: [b.id], pinned: false });
    expect(r.status).toBe(200);
    list = await request(app.url).get('/api/admin/editors').set(as(J1, T1)).expect(200);
    expect(list.body.every((e: { is_pinned: number }) => e.is_pinned === 0)).toBe(true);
  });
});

describe('settings', () => {
  const settings = {
    websitename: 'Journal of Soil', websiteemail: 'editor@soil.example', impactfactor: 'Impact Factor: 5.2', issn: '2345-6789',
    whatsup_number: '+911234567890', domain: 'soil.example',
  };
  test('update fields and flags; the public settings show them at once', async () => {
    await request(app.url).get('/api/settings/').set({ 'x-journal-id': J1 }).expect(200);
    // Hosts are the operator's (the jp CLI): an admin body carrying them is refused whole.
    const refused = await request(app.url).post('/api/settings').set(as(J1, T1)).send({ ...settings, fee_rupee: '1', hosts: ['evil.test'] });
    expect([refused.status, refused.body.error]).toEqual([400, 'validation_error']);
    expect((await app.repos.journals.findById(J1))?.hosts).toEqual(['adm1.test']);
    const r = await request(app.url).post('/api/settings').set(as(J1, T1)).send({ ...settings, flags: { showSubject: true }, fee_rupee: '1' });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const pub = await request(app.url).get('/api/settings/').set({ 'x-journal-id': J1 }).expect(200);
    expect(pub.body).toMatchObject({ ...settings, fee_rupee: '1', flags: { showSubject: true, banner: 'sitename' } });
    await request(app.url).post('/api/settings').set(as(J1, T1)).send({ ...settings, flags: { banner: 'header' } }).expect(200);
    const again = await request(app.url).get('/api/settings/').set({ 'x-journal-id': J1 }).expect(200);
    expect(again.body.flags).toMatchObject({ showSubject: true, banner: 'header' });
  });

  test.each([
    [{ ...settings, websiteemail: 'nope' }],
    [{ ...settings, websitename: '' }],
    [{ ...settings, websitename: { $ne: '' } }],
    [{ ...settings, flags: { showSubject: 'yes' } }],
    [{ ...settings, flags: { banner: 'giant' } }],
  ])('bad settings %j are refused', async (body) => {
    await refusedUnchanged(() => request(app.url).post('/api/settings').set(as(J1, T1)).send(body), 400, 'validation_error');
  });

  test('another journal cannot change these settings', async () => {
    const before = await snapshot(J1);
    await request(app.url).post('/api/settings').set(as(J1, T2)).send(settings).expect(401);
    expect(await snapshot(J1)).toBe(before);
  });
});

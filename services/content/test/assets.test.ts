import http from 'node:http';
import request from 'supertest';
import { newObjectId, rawBody } from '@journal/testing';
import { makePdf, startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
const J1 = newObjectId();
const J2 = newObjectId();
let pdf: Buffer;
let big: Buffer;
const PDF_PATH = '/assets/archives/2026/vol3issue1/101.pdf';
const BIG_PATH = '/assets/archives/2026/vol3issue1/102.pdf';

const get = (path: string, jid = J1) => request(app.url).get(path).set('x-journal-id', jid);

/** A raw request, so odd bytes and dot segments reach the server unnormalised. */
function raw(path: string, jid = J1): Promise<number> {
  const u = new URL(app.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path, method: 'GET', headers: { 'x-journal-id': jid } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  app = await startContent();
  pdf = await makePdf('asset test');
  // Larger than the in-memory limit, so it is streamed from GridFS.
  big = Buffer.concat([pdf, Buffer.alloc(700 * 1024, 7)]);
  // An article PDF is served while a public article links it.
  await app.repos.issues.ensure(J1, { year: 2026, volume: 3, issue: 1, frequency: 'january' });
  for (const [ref, pages] of [['101', '1-2'], ['102', '3-4']] as const) {
    await app.repos.articles.create(J1, { year: 2026, volume: 3, issue: 1, refnumber: ref, title: `Asset ${ref}`, txnid: `TXA${ref}`, pagenumber: pages });
  }
  await app.files.put(J1, PDF_PATH, pdf);
  await app.files.put(J1, BIG_PATH, big);
  await app.files.put(J1, '/assets/indexing/logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
  await app.files.put(J1, '/assets/editors/avatar.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await app.files.put(J2, '/assets/site/logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 1]));
});
afterAll(() => stopContent(app));

describe('GET /assets/...', () => {
  test('serves a PDF with exact type, ETag, Cache-Control, nosniff and a safe disposition', async () => {
    const r = await get(PDF_PATH).buffer(true).parse(rawBody);
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-disposition']).toBe('inline; filename="101.pdf"');
    expect(r.headers['cache-control']).toMatch(/public/);
    expect(r.headers['accept-ranges']).toBe('bytes');
    expect(Number(r.headers['content-length'])).toBe(pdf.length);
    expect(Buffer.compare(r.body as Buffer, pdf)).toBe(0);
    const again = await get(PDF_PATH).set('If-None-Match', r.headers.etag!);
    expect(again.status).toBe(304);
  });

  test('byte ranges: 206 with Content-Range, suffix ranges, 416 when unsatisfiable, If-Range', async () => {
    const r = await get(PDF_PATH).set('Range', 'bytes=0-4');
    expect(r.status).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes 0-4/${pdf.length}`);
    expect(r.headers['content-length']).toBe('5');
    expect(Buffer.from(r.body as Buffer).toString() || r.text).toBe('%PDF-');
    const s = await get(BIG_PATH).set('Range', 'bytes=-10').buffer(true).parse(rawBody);
    expect(s.status).toBe(206);
    expect(Buffer.compare(s.body as Buffer, big.subarray(big.length - 10))).toBe(0);
    const mid = await get(BIG_PATH).set('Range', `bytes=300000-300099`).buffer(true).parse(rawBody);
    expect(mid.status).toBe(206);
    expect(Buffer.compare(mid.body as Buffer, big.subarray(300000, 300100))).toBe(0);
    const bad = await get(PDF_PATH).set('Range', `bytes=${pdf.length + 10}-`);
    expect(bad.status).toBe(416);
    expect(bad.headers['content-range']).toBe(`bytes */${pdf.length}`);
    const stale = await get(PDF_PATH).set('Range', 'bytes=0-4').set('If-Range', '"other"');
    expect(stale.status).toBe(200);
    const head = await request(app.url).head(BIG_PATH).set('x-journal-id', J1);
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(big.length);
  });

  test('the streamed (large) file is served whole', async () => {
    const r = await get(BIG_PATH).buffer(true).parse(rawBody);
    expect(r.status).toBe(200);
    expect(Buffer.compare(r.body as Buffer, big)).toBe(0);
  });

  test('SVG gets its exact type and a sandboxing CSP', async () => {
    const r = await get('/assets/indexing/logo.svg');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/svg+xml');
    expect(r.headers['content-security-policy']).toContain('sandbox');
    expect((await get('/assets/editors/avatar.png')).headers['content-type']).toBe('image/png');
  });

  test("missing files and another journal's files → 404", async () => {
    expect((await get('/assets/editors/missing.png')).status).toBe(404);
    expect((await get('/assets/site/logo.png')).status).toBe(404);
    expect((await get('/assets/site/logo.png', J2)).status).toBe(200);
    expect((await get(PDF_PATH, J2)).status).toBe(404);
  });

  test('traversal and odd bytes → 4xx, never 5xx', async () => {
    const bad = [
      '/assets/archives/../../etc/passwd',
      '/assets/archives/%2e%2e/%2e%2e/etc/passwd.pdf',
      '/assets/archives/2026/..%2f..%2fx.pdf',
      '/assets/editors/a%00.png',
      '/assets/editors/%ff%fe.png',
      '/assets/editors/%E0%A4%A.png',
      '/assets/editors/a%5c..%5cb.png',
      '/assets/editors/.hidden.png',
      '/assets/editors/x.exe',
      '/assets/editors/',
      '/assets/other/x.png',
      `/assets/editors/${'a'.repeat(1000)}.png`,
      '/assets/archives/a/b/c/d/e/f.pdf',
    ];
    for (const p of bad) {
      const s = await raw(p);
      expect([p, s >= 400 && s < 500]).toEqual([p, true]);
    }
  });

  test('writes are not served here', async () => {
    const r = await request(app.url).post(PDF_PATH).set('x-journal-id', J1);
    expect(r.status).toBe(404);
  });
});

describe('versioned URLs', () => {
  test('a URL with the content version is immutable; a bare path is short-cached; an old version redirects', async () => {
    const stat = (await app.files.stat(J1, PDF_PATH))!;
    const v = stat.etag.replace(/"/g, '').slice(0, 12);
    const fresh = await get(`${PDF_PATH}?v=${v}`).expect(200);
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(fresh.headers.etag).toBe(stat.etag);
    expect(Buffer.compare(fresh.body as Buffer, pdf)).toBe(0);
    // Conditional and range requests behave the same on the versioned URL.
    expect((await get(`${PDF_PATH}?v=${v}`).set('If-None-Match', stat.etag)).status).toBe(304);
    const part = await get(`${PDF_PATH}?v=${v}`).set('Range', 'bytes=0-9').expect(206);
    expect(part.headers['content-range']).toBe(`bytes 0-9/${pdf.length}`);
    expect((await get(PDF_PATH).expect(200)).headers['cache-control']).toBe('public, max-age=300');
    const old = await get(`${PDF_PATH}?v=AAAAAAAAAAAA`).expect(302);
    expect(old.headers.location).toBe(`${PDF_PATH}?v=${v}`);
    expect(old.headers['cache-control']).toBe('no-cache');
  });

  test("the version is read as nginx's asset cache keys it: only that spelling is the file, any other redirects", async () => {
    const v = (await app.files.stat(J1, PDF_PATH))!.etag.replace(/"/g, '').slice(0, 12);
    // nginx keys `$host$uri?v=$arg_v`: the first argument named v in any case, undecoded, the rest ignored.
    for (const q of [`v=${v}`, `V=${v}`, `v=${v}&x=1`, `x=1&v=${v}`, `v=${v}&v=AAAAAAAAAAAA`]) {
      const r = await get(`${PDF_PATH}?${q}`);
      expect([q, r.status, r.headers['cache-control']]).toEqual([q, 200, 'public, max-age=31536000, immutable']);
    }
    // The same version spelt otherwise would be stored under a key no purge names.
    for (const q of [`v=%${v.charCodeAt(0).toString(16)}${v.slice(1)}`, `v=AAAAAAAAAAAA&v=${v}`, `v=${v}x`]) {
      const r = await get(`${PDF_PATH}?${q}`);
      expect([q, r.status, r.headers.location]).toEqual([q, 302, `${PDF_PATH}?v=${v}`]);
    }
    // No version (or an empty one) is the bare path, which nginx passes through uncached.
    for (const q of ['', '?', '?v=', '?x=1']) expect((await get(`${PDF_PATH}${q}`)).headers['cache-control']).toBe('public, max-age=300');
  });

  test("a PDF no public article links (a disabled article's, a stray file) is not served", async () => {
    const path = '/assets/archives/2026/vol3issue1/103.pdf';
    await app.repos.articles.create(J1, { year: 2026, volume: 3, issue: 1, refnumber: '103', title: 'Asset 103', txnid: 'TXA103', pagenumber: '5-6', status: 'disabled' });
    await app.files.put(J1, path, pdf);
    await app.files.put(J1, '/assets/archives/2026/vol3issue1/104.pdf', pdf);
    expect((await get(path)).status).toBe(404);
    expect((await get('/assets/archives/2026/vol3issue1/104.pdf')).status).toBe(404);
  });

  test('replacing a file changes its URL in the answers that link it', async () => {
    const jid = newObjectId();
    await app.repos.journals.upsert({ slug: `v-${jid}`, hosts: [`v-${jid}.test`], websitename: 'V' } as never);
    const j = (await app.repos.journals.findBySlug(`v-${jid}`))!.id;
    await app.repos.issues.ensure(j, { year: 2026, volume: 1, issue: 1, frequency: 'january' });
    const a = await app.repos.articles.create(j, { year: 2026, volume: 1, issue: 1, refnumber: '501', title: 'Versioned', txnid: 'TXV501', pagenumber: '1-2' });
    const path = '/assets/archives/2026/vol1issue1/501.pdf';
    await app.files.put(j, path, await makePdf('first'));
    await app.publisher.invalidate(j);
    const url1 = (await get('/api/archives/ref/501', j).expect(200)).body.pdf_url as string;
    expect(url1).toMatch(/^\/assets\/archives\/2026\/vol1issue1\/501\.pdf\?v=[\w-]{12}$/);
    await app.files.put(j, path, await makePdf('second'));
    await app.publisher.changed(j, [{ t: 'file', path }]);
    const url2 = (await get('/api/archives/ref/501', j).expect(200)).body.pdf_url as string;
    const list = (await get('/api/archives/2026/1/1', j).expect(200)).body as { pdf_url: string }[];
    expect(url2).not.toBe(url1);
    expect(list[0]!.pdf_url).toBe(url2);
    expect((await get(url1, j)).status).toBe(302);
    expect((await get(url2, j)).status).toBe(200);
    void a;
  });
});

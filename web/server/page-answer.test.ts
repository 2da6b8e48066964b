import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { etagMatches, sendPage, sendParts } from './page-answer';
import { PageStore } from './page-store';

describe('etagMatches', () => {
  test('an If-None-Match naming the ETag, in a list, weak or as *, matches; others do not', () => {
    const e = '"abc"';
    expect([e, ` "x", ${e}`, `W/${e}`, '*'].map((h) => etagMatches(h, e))).toEqual([true, true, true, true]);
    expect([undefined, '', '"ab"', 'abc', '"abc', '"x", "y"'].map((h) => etagMatches(h, e))).toEqual([false, false, false, false, false, false]);
  });
});

describe('sendParts', () => {
  const parts = [Buffer.from('<!DOCTYPE html>'), '<p>Ünïcode “quotes”</p>', Buffer.from('<style>x</style>'), ''];
  const whole = Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((_req, res) => sendParts(res, 200, { 'content-type': 'text/html; charset=utf-8', etag: '"e"' }, parts));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test('the parts arrive whole and in order, with their length in bytes', async () => {
    const r = await fetch(url);
    expect(r.headers.get('content-length')).toBe(String(whole.length));
    expect(r.headers.get('transfer-encoding')).toBeNull();
    expect(Buffer.from(await r.arrayBuffer()).equals(whole)).toBe(true);
  });

  test('a HEAD answer has the same headers and no body', async () => {
    const r = await fetch(url, { method: 'HEAD' });
    expect([r.status, r.headers.get('content-length'), r.headers.get('etag'), await r.text()]).toEqual([200, String(whole.length), '"e"', '']);
  });
});

describe('sendPage', () => {
  // Bytes every page shares (a large Buffer: deflated once for gzip) among the page's own.
  const shared = Buffer.from(`<style>${'.site{display:flex;gap:1rem}'.repeat(200)}</style>`);
  const pageOf = (text: string) => [Buffer.from('<!DOCTYPE html>'), '<html><head><title>T</title>', shared, `</head><body><p>${text.repeat(60)}</p>`, Buffer.from('</body></html>')];
  const bytesOf = (parts: (Buffer | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  const page = pageOf('Ünïcode “quotes”, a page long enough to be compressed. ');
  const whole = bytesOf(page);
  const other = pageOf('Another page, its own text. ');
  const small = ['<p>short</p>'];
  let server: http.Server;
  let base = '';
  // Each page's ETag names it (as a real page's names its URL and reads); renders counted per page.
  const store = new PageStore(1024 * 1024);
  const renders = new Map<string, number>();
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = req.url ?? '/';
      const render = () => {
        renders.set(url, (renders.get(url) ?? 0) + 1);
        return url === '/small' ? small : url === '/other' ? other : page;
      };
      sendPage(req, res, 200, { 'content-type': 'text/html; charset=utf-8', etag: url === '/' ? '"p"' : `"${url.slice(1)}"` }, render, url === '/unstored' ? undefined : store);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  /** The raw answer (node's http client does not decode it). */
  const get = (path: string, headers: Record<string, string>, method = 'GET') =>
    new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .request(`${base}${path}`, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject)
        .end();
    });

  test.each([
    ['br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => gunzipSync(b)],
    ['gzip, deflate, br;q=0', (b: Buffer) => gunzipSync(b)],
  ])('Accept-Encoding %s: compressed once, the same bytes after decoding, a weak ETag', async (accept, decode) => {
    const r = await get('/', { 'accept-encoding': accept });
    expect(r.headers['content-encoding']).toBe(accept === 'br' ? 'br' : 'gzip');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.headers.etag).toBe('W/"p"');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(r.body.length).toBeLessThan(whole.length / 2);
    expect(decode(r.body).equals(whole)).toBe(true);
  });

  test.each(['gzip', 'br'])('%s: pages one after another each decode to their own bytes', async (accept) => {
    const decode = accept === 'br' ? brotliDecompressSync : gunzipSync;
    for (const [path, expected] of [['/', whole], ['/other', bytesOf(other)], ['/', whole]] as const) {
      const r = await get(path, { 'accept-encoding': accept });
      expect(decode(r.body).equals(expected)).toBe(true);
    }
  });

  test('a client taking no encoding, a HEAD and a small page get the bytes as they are', async () => {
    const plain = await get('/', {});
    expect([plain.headers['content-encoding'], plain.headers.etag, plain.headers.vary]).toEqual([undefined, '"p"', 'Accept-Encoding']);
    expect(plain.body.equals(whole)).toBe(true);
    const head = await get('/', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect([head.headers['content-encoding'], head.headers['content-length'], head.body.length]).toEqual([undefined, String(whole.length), 0]);
    const short = await get('/small', { 'accept-encoding': 'br' });
    expect([short.headers['content-encoding'], short.body.toString()]).toEqual([undefined, '<p>short</p>']);
  });

  test('a huge or malformed Accept-Encoding is answered, uncompressed or in an encoding it names', async () => {
    for (const accept of ['x'.repeat(8000), ';;;,,,q=', 'gzip;q=abc', 'br;q=0, gzip;q=0']) {
      const r = await get('/', { 'accept-encoding': accept });
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.body.equals(whole)).toBe(true);
    }
  });

  test('a page asked for again is sent from the store, or compressed from its kept parts, not rendered again', async () => {
    renders.clear();
    const first = await get('/again', { 'accept-encoding': 'gzip' });
    const again = await get('/again', { 'accept-encoding': 'gzip' });
    const br = await get('/again', { 'accept-encoding': 'br' });
    const plain = await get('/again', {});
    await get('/again', {});
    // Rendered once: each encoding's copy compressed from the same parts.
    expect(renders.get('/again')).toBe(1);
    expect(again.body.equals(first.body)).toBe(true);
    expect([again.headers['content-encoding'], again.headers.etag, again.headers['content-length']]).toEqual(['gzip', 'W/"again"', String(first.body.length)]);
    expect(brotliDecompressSync(br.body).equals(whole)).toBe(true);
    expect(plain.body.equals(whole)).toBe(true);
    // Without a store every answer is rendered.
    await get('/unstored', { 'accept-encoding': 'gzip' });
    await get('/unstored', { 'accept-encoding': 'gzip' });
    expect(renders.get('/unstored')).toBe(2);
  });
});

describe('PageStore', () => {
  const page = (bytes: number) => ({ encoding: 'gzip' as const, parts: [Buffer.alloc(bytes)], bytes });

  test('past its size the least recently used answers leave first', () => {
    const store = new PageStore(1000);
    store.set('a', page(200));
    store.set('b', page(200));
    store.set('c', page(200));
    store.get('a');
    store.set('d', page(200));
    store.set('e', page(200));
    expect([store.size, store.storedBytes]).toEqual([5, 1000]);
    store.set('f', page(200));
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map((k) => store.get(k) !== undefined)).toEqual([true, false, true, true, true, true]);
    expect(store.storedBytes).toBe(1000);
  });

  test('an answer stored again replaces the old one; one over a quarter of the store is not kept', () => {
    const store = new PageStore(1000);
    store.set('a', page(100));
    store.set('a', page(150));
    store.set('big', page(251));
    expect([store.size, store.storedBytes, store.get('big')]).toEqual([1, 150, undefined]);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { etagMatches, sendParts } from './page-answer';

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

/** Pipelined purges: many keys written at once on a few connections, answered in order. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { purgePipelined, ResponseReader } from '../src/edge/nginx-pipeline';

/** A purge server: records each key; a key ending in `-gone` is answered 404, others 200 (chunked when `chunked`). */
async function purgeServer(o: { maxRequestsPerSocket?: number; chunked?: boolean } = {}) {
  const keys: string[] = [];
  const server = http.createServer((req, res) => {
    const key = String(req.headers['purge-key']);
    keys.push(key);
    if (key.endsWith('-gone')) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<html>Not Found</html>');
    res.writeHead(200, { 'content-type': 'text/html' });
    if (o.chunked) res.write('<html>Successful ');
    res.end('purge</html>');
  });
  if (o.maxRequestsPerSocket) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { keys, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('pipelined purges', () => {
  it('every key is sent once and its status comes back in order, bodies by length or chunked', async () => {
    for (const chunked of [false, true]) {
      const s = await purgeServer({ chunked });
      try {
        const keys = Array.from({ length: 1000 }, (_, i) => `gzip|j.test/search?keyword=k${i}${i % 5 === 0 ? '-gone' : ''}`);
        const statuses = await purgePipelined(s.url, keys, 5000);
        expect(statuses).toEqual(keys.map((k) => (k.endsWith('-gone') ? 404 : 200)));
        expect([...s.keys].sort()).toEqual([...keys].sort());
      } finally {
        await s.close();
      }
    }
  });

  it('a connection the server closes part-way has its unanswered requests sent again on a new one', async () => {
    const s = await purgeServer({ maxRequestsPerSocket: 30 });
    try {
      const keys = Array.from({ length: 500 }, (_, i) => `br|j.test/archives/?p=${i}`);
      expect(await purgePipelined(s.url, keys, 5000)).toEqual(keys.map(() => 200));
      // Each key at least once (one left unanswered by a closing connection may have been taken by it).
      expect(new Set(s.keys)).toEqual(new Set(keys));
    } finally {
      await s.close();
    }
  });

  it('a server that is not there rejects', async () => {
    const s = await purgeServer();
    await s.close();
    await expect(purgePipelined(s.url, ['gzip|j.test/'], 2000)).rejects.toThrow();
  });

  it('a stream that is not HTTP is refused', () => {
    const reader = new ResponseReader(() => undefined);
    expect(() => reader.push(Buffer.from('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow(/not an HTTP answer/);
  });

  it('answers split anywhere across reads are counted once each', () => {
    const statuses: number[] = [];
    const reader = new ResponseReader((st) => statuses.push(st));
    const stream = Buffer.from(
      'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello' +
        'HTTP/1.1 404 Not Found\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n' +
        'HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n',
    );
    for (const b of stream) reader.push(Buffer.from([b]));
    expect(statuses).toEqual([200, 404, 200]);
  });
});

import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express from 'express';
import { until } from '@journal/testing';
import helmet from 'helmet';
import { start as startGateway, type GatewayApp } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { HELMET_OPTIONS, securityHeaders } from '../src/security-headers';

/**
 * The proxy's own behaviour against an HTTP service whose connections the test controls: it can
 * drop a kept-alive connection the way a replica shutting down does, which the real services
 * cannot be told to do on cue. Tenancy and the services themselves are covered in gateway.test.ts.
 */
const JOURNAL = '64b000000000000000000001';
let gateway: GatewayApp;
let upstream: http.Server;
/** What the service received, newest last. */
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string; socket: Socket }[] = [];
/** Sockets that have already carried a request: the next request on one of these is dropped when `dropReused` is set. */
const used = new WeakSet<Socket>();
let dropReused = false;
const aborted: string[] = [];
/** A large answer whose every byte is checked on arrival. */
const LARGE = Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, i) => (i * 7919) % 251));

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url?.startsWith('/internal/journals/resolve')) {
      const known = req.url.includes('host=known.localhost');
      res.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
      // No primaryHost, as a content service before primary hosts answers: the host is served as it is.
      res.end(known ? JSON.stringify({ id: JOURNAL }) : '{"error":"not_found"}');
      return;
    }
    const socket = req.socket;
    if (dropReused && used.has(socket)) {
      socket.destroy();
      return;
    }
    used.add(socket);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString(), socket });
      if (req.url === '/api/settings/large') {
        // 3 MB in 64 kB writes with a declared length, as a file download is sent.
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(LARGE.length) });
        for (let at = 0; at < LARGE.length; at += 65_536) res.write(LARGE.subarray(at, at + 65_536));
        res.end();
        return;
      }
      if (req.url === '/api/settings/trickle') {
        // A chunked answer whose pieces come a few milliseconds apart.
        res.writeHead(200, { 'content-type': 'text/plain' });
        let n = 0;
        const next = () => (n < 5 ? res.write(`piece ${n++};`) && setTimeout(next, 5) : res.end('done'));
        next();
        return;
      }
      if (req.url === '/api/settings/etag') {
        const fresh = req.headers['if-none-match'] === '"v1"';
        res.writeHead(fresh ? 304 : 200, { etag: '"v1"', 'content-type': 'application/json', ...(fresh ? {} : { 'content-length': '2' }) });
        res.end(fresh || req.method === 'HEAD' ? undefined : '{}');
        return;
      }
      if (req.url === '/api/settings/hang') {
        res.on('close', () => aborted.push(req.url!));
        res.write('[');
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.setHeader('keep-alive', 'timeout=5');
      if (req.url === '/api/settings/own-frame') res.setHeader('x-frame-options', 'DENY');
      if (req.url === '/api/settings/cookie') res.setHeader('set-cookie', 'a=1; Path=/');
      if (req.url === '/api/settings/refuse') res.statusCode = 400;
      res.end(JSON.stringify({ ok: true, url: req.url }));
    });
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  gateway = await startGateway(
    gatewayConfigSchema.parse({
      PORT: '0', LOG_LEVEL: 'silent', CONTENT_URL: url, AUTH_URL: url, WORKLOG_URL: url, PDF_URL: url, RENDER_URL: url, TENANT_CACHE_MS: '60000',
    }),
  );
});

afterAll(async () => {
  await gateway?.stop();
  upstream?.closeAllConnections();
  await new Promise((r) => upstream?.close(r));
});

beforeEach(() => {
  seen.length = 0;
  dropReused = false;
});

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

function call(path: string, init: { method?: string; headers?: Record<string, string>; body?: string; agent?: http.Agent | false; port?: number } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: init.port ?? gateway.port, path, method: init.method ?? 'GET', agent: init.agent ?? agent, headers: { host: 'known.localhost', ...init.headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('gateway proxy: headers', () => {
  it('works out the same security headers helmet sets on an answer', async () => {
    const app = express();
    app.use(helmet(HELMET_OPTIONS));
    app.get('/', (_req, res) => {
      res.end('x');
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      const fromHelmet = Object.fromEntries([...r.headers].filter(([k]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k)));
      expect(securityHeaders()).toEqual(fromHelmet);
      expect(Object.keys(fromHelmet)).toEqual(expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-frame-options', 'x-content-type-options']));
    } finally {
      server.close();
    }
  });

  it('gives a proxied answer every security header under the service\'s own, and a request id', async () => {
    const r = await call('/api/settings/');
    expect(r.status).toBe(200);
    for (const [k, v] of Object.entries(securityHeaders())) expect(r.headers[k]).toBe(v);
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[0]!.headers['x-request-id']).toBe(r.headers['x-request-id']);
    expect((await call('/api/settings/own-frame')).headers['x-frame-options']).toBe('DENY');
  });

  it('keeps a trusted proxy\'s request id and address, and tells the service the tenant facts', async () => {
    const r = await call('/api/settings/', { headers: { 'x-request-id': 'nginx-abc', 'x-real-ip': '203.0.113.7', 'x-journal-id': 'forged', 'x-journal-host': 'evil.example', 'x-forwarded-for': '198.51.100.1' } });
    expect(r.headers['x-request-id']).toBe('nginx-abc');
    const h = seen[0]!.headers;
    expect(h['x-journal-id']).toBe(JOURNAL);
    expect(h['x-journal-host']).toBe('known.localhost');
    expect(h['x-client-ip']).toBe('203.0.113.7');
    expect(h['x-forwarded-for']).toBeUndefined();
    expect(h.host).toBe('known.localhost');
  });

  it('sends the service the one normalised host, on reads and on requests with a body', async () => {
    await call('/api/settings/', { headers: { host: 'Known.Localhost.:8080' } });
    await call('/api/settings/', { method: 'POST', body: '{}', headers: { host: 'KNOWN.localhost:8080', 'content-type': 'application/json', 'content-length': '2' } });
    expect(seen.slice(-2).map((x) => [x.method, x.headers.host, x.headers['x-journal-host']])).toEqual([
      ['GET', 'known.localhost', 'known.localhost'],
      ['POST', 'known.localhost', 'known.localhost'],
    ]);
  });

  it('answers Connection by the client\'s connection, never the service\'s Keep-Alive', async () => {
    const kept = await call('/api/settings/');
    expect(kept.headers.connection).toBe('keep-alive');
    expect(kept.headers['keep-alive']).not.toBe('timeout=5');
    const closed = await call('/api/settings/', { headers: { connection: 'close' }, agent: false });
    expect(closed.headers.connection).toBe('close');
    // The service's connection is the gateway's own: the client's "close" is not passed on.
    expect(seen[1]!.headers.connection).not.toBe('close');
  });

  it('passes the service\'s own cookies and adds none of its own: writes purge the caches instead', async () => {
    const body = JSON.stringify({ a: 1 });
    const post = await call('/api/settings/cookie', { method: 'POST', body, headers: { 'content-type': 'application/json', 'content-length': String(body.length) } });
    expect(post.headers['set-cookie']).toEqual(['a=1; Path=/']);
    expect(seen[0]!.body).toBe(body);
    expect((await call('/api/settings/cookie')).headers['set-cookie']).toEqual(['a=1; Path=/']);
    const refused = await call('/api/settings/refuse', { method: 'POST', body, headers: { 'content-type': 'application/json', 'content-length': String(body.length) } });
    expect(refused.status).toBe(400);
    expect(refused.headers['set-cookie']).toBeUndefined();
  });
});

describe('gateway proxy: answers', () => {
  it('streams a large answer whole to a client that reads it slowly', async () => {
    const got = await new Promise<Buffer>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: gateway.port, path: '/api/settings/large', agent: false, headers: { host: 'known.localhost' } }, (res) => {
        expect(res.headers['content-length']).toBe(String(LARGE.length));
        const chunks: Buffer[] = [];
        // The reader stops for a while: the gateway must hold the service back, not lose bytes.
        res.pause();
        setTimeout(() => {
          res.on('data', (c: Buffer) => chunks.push(c));
          res.resume();
        }, 200);
        res.on('end', () => resolve(Buffer.concat(chunks)));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    expect(got.length).toBe(LARGE.length);
    expect(got.equals(LARGE)).toBe(true);
  });

  it('passes a chunked answer on piece by piece', async () => {
    const r = await call('/api/settings/trickle');
    expect(r.status).toBe(200);
    expect(r.text).toBe('piece 0;piece 1;piece 2;piece 3;piece 4;done');
  });

  it('answers HEAD with the headers alone, and passes a 304 on', async () => {
    const head = await call('/api/settings/etag', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('2');
    expect(head.text).toBe('');
    const fresh = await call('/api/settings/etag', { headers: { 'if-none-match': '"v1"' } });
    expect(fresh.status).toBe(304);
    expect(fresh.headers.etag).toBe('"v1"');
    expect(fresh.headers['x-request-id']).toBeTruthy();
    expect(fresh.text).toBe('');
    // The connection goes on serving after both.
    expect((await call('/api/settings/')).status).toBe(200);
  });
});

describe('gateway proxy: failures', () => {
  it('sends a read again on a fresh connection when the service dropped the kept-alive one', async () => {
    expect((await call('/api/settings/one')).status).toBe(200);
    dropReused = true;
    const r = await call('/api/settings/two');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual({ ok: true, url: '/api/settings/two' });
    // Answered on a connection of its own, not the dropped one.
    expect(seen.at(-1)!.socket).not.toBe(seen[0]!.socket);
  });

  it('does not send a write again: it answers 502 JSON', async () => {
    expect((await call('/api/settings/one')).status).toBe(200);
    dropReused = true;
    const body = '{}';
    const r = await call('/api/settings/two', { method: 'POST', body, headers: { 'content-type': 'application/json', 'content-length': '2' } });
    expect(r.status).toBe(502);
    expect(JSON.parse(r.text)).toEqual({ error: 'bad_gateway', message: 'The content service is unavailable' });
    expect(r.headers['content-security-policy']).toBe(securityHeaders()['content-security-policy']);
    expect(r.headers['x-request-id']).toBeTruthy();
    expect(seen.filter((s) => s.url === '/api/settings/two')).toHaveLength(0);
  });

  it('ends the service\'s request when the client hangs up', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: gateway.port, path: '/api/settings/hang', agent: false, headers: { host: 'known.localhost' } }, (res) => {
        res.destroy();
        resolve();
      });
      req.on('error', reject);
      req.end();
    });
    await until(() => aborted.length > 0, "the service's request to end");
    expect(aborted).toEqual(['/api/settings/hang']);
  });

  it('answers the services\' JSON errors for bad requests, with the security headers', async () => {
    const r = await call('/api/settings/', { headers: { host: 'nobody.localhost' } });
    expect(r.status).toBe(404);
    expect(JSON.parse(r.text)).toEqual({ error: 'unknown_journal', message: 'No journal is served at nobody.localhost' });
    expect(r.headers['content-security-policy']).toBe(securityHeaders()['content-security-policy']);
    expect(r.headers['x-request-id']).toBeTruthy();
    expect((await call('/internal/journals/resolve?host=known.localhost')).status).toBe(404);
    expect((await call('http://known.localhost/api/settings/abs')).status).toBe(200);
    expect(seen.at(-1)!.url).toBe('/api/settings/abs');
  });
});

describe('gateway proxy: its own endpoints', () => {
  it('answers health, readiness and metrics itself, whatever the case or a trailing slash; other methods and longer paths are proxied', async () => {
    expect(JSON.parse((await call('/healthz')).text)).toEqual({ status: 'ok' });
    expect(JSON.parse((await call('/HEALTHZ/')).text)).toEqual({ status: 'ok' });
    expect(JSON.parse((await call('/readyz?x=1')).text)).toEqual({ status: 'ready' });
    expect(seen).toHaveLength(0);
    expect((await call('/healthz', { method: 'POST', body: '', headers: { 'content-length': '0' } })).status).toBe(200);
    expect((await call('/healthz-and-more')).status).toBe(200);
    expect(seen.map((x) => `${x.method} ${x.url}`)).toEqual(['POST /healthz', 'GET /healthz-and-more']);
  });
});

describe('gateway proxy: metrics', () => {
  it('counts proxied requests in the duration histogram and brings the in-flight gauge back to 0', async () => {
    const count = async () => {
      const text = (await call('/metrics')).text;
      const line = text.split('\n').find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="unmatched"') && l.includes('status="200"') && l.includes('method="GET"'));
      return { n: Number(line?.split(' ').pop() ?? 0), inflight: /gateway_inflight_requests\{[^}]*\} (\d+)/.exec(text)?.[1] };
    };
    const before = await count();
    await call('/api/settings/');
    await call('/some/page');
    const after = await count();
    expect(after.n - before.n).toBe(2);
    expect(after.inflight).toBe('0');
  });
});

describe("gateway proxy: content's staff side", () => {
  it('sends writes and admin reads to CONTENT_STAFF_URL, readers\' reads to CONTENT_URL', async () => {
    const staffSeen: string[] = [];
    const staff = http.createServer((req, res) => {
      staffSeen.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"side":"staff"}'));
    });
    await new Promise<void>((r) => staff.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const split = await startGateway(
      gatewayConfigSchema.parse({
        PORT: '0', LOG_LEVEL: 'silent', CONTENT_URL: url, CONTENT_STAFF_URL: `http://127.0.0.1:${(staff.address() as AddressInfo).port}`,
        AUTH_URL: url, WORKLOG_URL: url, PDF_URL: url, RENDER_URL: url,
      }),
    );
    const ask = (path: string, method = 'GET', body?: string) =>
      call(path, { method, body, port: split.port, agent: false, headers: body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {} }).then((r) => ({ status: r.status, body: r.text }));
    try {
      expect(await ask('/api/settings', 'POST', '{}')).toEqual({ status: 200, body: '{"side":"staff"}' });
      expect((await ask('/api/admin/edge-status')).body).toBe('{"side":"staff"}');
      expect(JSON.parse((await ask('/api/settings/')).body)).toEqual({ ok: true, url: '/api/settings/' });
      expect(staffSeen).toEqual(['POST /api/settings', 'GET /api/admin/edge-status']);
      expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET /api/settings/']);
      // The staff side down: the write gets the content service's 502, as without a side of its own.
      staff.closeAllConnections();
      await new Promise((r) => staff.close(r));
      const down = await ask('/api/settings', 'POST', '{}');
      expect([down.status, JSON.parse(down.body)]).toEqual([502, { error: 'bad_gateway', message: 'The content service is unavailable' }]);
    } finally {
      await split.stop();
      if (staff.listening) await new Promise((r) => staff.close(r));
    }
  });
});

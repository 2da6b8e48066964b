import net from 'node:net';
import { once } from 'node:events';
import { PlatformCustomerService } from '../../services/content/src/counter/platform-customer.service';
import { SushiCustomerRepo } from '../../services/content/src/counter/sushi-customer.repo';
import { gw, jsonBody, PLATFORM_HOST, startFixture, type Fixture } from './stack.fixture';

let f: Fixture;
beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f?.close();
});

describe('gateway: tenancy', () => {
  it('maps the Host to its journal', async () => {
    const a = await gw(f, '/api/settings/', { host: 'alpha.localhost' });
    const b = await gw(f, '/api/settings/', { host: 'BETA.localhost:8080' });
    expect(a.status).toBe(200);
    expect(a.json().websitename).toBe('alpha journal');
    expect(b.json().websitename).toBe('beta journal');
  });

  it('answers 404 JSON for an unknown host and 400 for a malformed one', async () => {
    const r = await gw(f, '/api/settings/', { host: 'evil.example' });
    expect(r.status).toBe(404);
    expect(r.json()).toEqual({ error: 'unknown_journal', message: expect.any(String) });
    const bad = await gw(f, '/api/settings/', { host: 'a b/../x' });
    expect(bad.status).toBe(400);
    expect(bad.json().error).toBe('invalid_host');
  });

  it('never lets a client choose the tenant: its tenant header and X-Forwarded-Host are ignored', async () => {
    const r = await gw(f, '/api/settings/', {
      host: 'alpha.localhost',
      headers: { 'x-journal-id': f.journals.b, 'x-forwarded-host': 'beta.localhost', forwarded: 'host=beta.localhost' },
    });
    expect(r.json().websitename).toBe('alpha journal');
  });

  it('treats a trailing dot and mixed case as the same host, and an evil suffix as unknown', async () => {
    expect((await gw(f, '/api/settings/', { host: 'Alpha.Localhost.' })).json().websitename).toBe('alpha journal');
    expect((await gw(f, '/api/settings/', { host: 'alpha.localhost.evil.example' })).status).toBe(404);
  });

  it('does not expose internal routes', async () => {
    const r = await gw(f, '/internal/journals/resolve?host=alpha.localhost');
    expect(r.status).toBe(404);
  });
});

describe('gateway: the platform host (platform-wide COUNTER_SUSHI API)', () => {
  it('serves /counter/r51 of the platform there, whatever journal a client names, and nothing else', async () => {
    const platform = await gw(f, '/counter/r51/status', { host: PLATFORM_HOST, headers: { 'x-journal-id': f.journals.a } });
    expect([platform.status, platform.json()[0].Description]).toEqual([200, 'COUNTER Release 5.1 usage reports of Journal platform']);
    // A journal's host serves the journal's API, never the platform's.
    expect((await gw(f, '/counter/r51/status', { host: 'alpha.localhost' })).json()[0].Description).toBe('COUNTER Release 5.1 usage reports of alpha journal');
    expect((await gw(f, '/counter/platform/r51/status', { host: 'alpha.localhost' })).status).not.toBe(200);
    for (const path of ['/api/settings/', '/', '/counter/platform/r51/status', '/oai', '/auth/login']) {
      const r = await gw(f, path, { host: PLATFORM_HOST });
      expect([path, r.status, r.json().error]).toEqual([path, 404, 'not_found']);
    }
  });

  it('a platform customer harvests through it; a journal\'s customer is unknown there', async () => {
    const customers = new PlatformCustomerService(new SushiCustomerRepo(f.content.deps.conn), f.content.journals);
    const { apiKey } = await customers.create({ name: 'Consortium', customerId: 'cons-1', journals: ['alpha'], allUsage: true });
    const r = await gw(f, `/counter/r51/reports/pr?customer_id=cons-1&api_key=${apiKey}&begin_date=2020-01&end_date=2020-02`, { host: PLATFORM_HOST });
    expect([r.status, r.json().Report_Header.Report_ID, r.json().Report_Header.Exceptions]).toEqual([200, 'PR', [{ Code: 3030, Message: 'No Usage Available for Requested Dates', Data: '2020-01 to 2020-02' }]]);
    expect(r.headers['cache-control']).toBe('no-store');
    const journal = await gw(f, `/counter/r51/members?customer_id=cons-1&api_key=${apiKey}`, { host: 'alpha.localhost' });
    expect([journal.status, journal.json().Code]).toEqual([403, 2010]);
  });
});

describe('gateway: bodies, upstream failures, headers', () => {
  it('refuses a body over the limit with 413 before it reaches a service', async () => {
    const big = 'x'.repeat(1024 * 1024 + 10);
    const r = await gw(f, '/auth/login/', { method: 'POST', ...jsonBody(JSON.stringify({ username: big, password: 'x' })) });
    expect(r.status).toBe(413);
    expect(r.json().error).toBe('payload_too_large');
  });

  it('refuses a chunked body without a length', async () => {
    const r = await gw(f, '/auth/login/', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } });
    expect(r.status).toBe(411);
  });

  it('answers the next request on a connection whose upload the service refused before reading it', async () => {
    // An upload without a token: content answers 401 before reading the 5 MB body. nginx reuses
    // its connections to the gateway, so the next request on this one must not wait behind the
    // body's unread bytes (it did, until a timeout a minute later).
    const sock = net.connect(f.gateway.port, '127.0.0.1');
    await once(sock, 'connect');
    const size = 5_000_000;
    let got = '';
    const heads: string[] = [];
    const waiters: (() => void)[] = [];
    sock.on('data', (c: Buffer) => {
      got += c.toString('latin1');
      // Each answer here is a JSON body with a Content-Length: cut them apart by it.
      for (;;) {
        const end = got.indexOf('\r\n\r\n');
        if (end < 0) return;
        const len = Number(/content-length: (\d+)/i.exec(got.slice(0, end))?.[1] ?? 0);
        if (got.length < end + 4 + len) return;
        heads.push(got.slice(0, end + 4 + len));
        got = got.slice(end + 4 + len);
        waiters.shift()?.();
      }
    });
    const answer = (n: number) => new Promise<string>((resolve) => {
      const check = () => (heads.length >= n ? resolve(heads[n - 1]!) : waiters.push(check));
      check();
    });
    sock.write(
      `POST /api/admin/archives/ HTTP/1.1\r\nHost: alpha.localhost\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${size}\r\n\r\n`,
    );
    // The body follows in pieces, as a client on a real network sends it.
    const piece = Buffer.alloc(64 * 1024, 0x61);
    for (let sent = 0; sent < size; sent += piece.length) {
      if (!sock.write(piece.subarray(0, Math.min(piece.length, size - sent)))) await once(sock, 'drain');
    }
    expect(await answer(1)).toMatch(/^HTTP\/1\.1 401 /);
    sock.write('GET /api/settings/ HTTP/1.1\r\nHost: alpha.localhost\r\n\r\n');
    const next = await answer(2);
    expect(next).toMatch(/^HTTP\/1\.1 200 /);
    expect(next).toContain('alpha journal');
    sock.destroy();
  });

  it('answers 502 JSON when a service is down', async () => {
    const r = await gw(f, '/api/webdata');
    expect(r.status).toBe(502);
    expect(r.json()).toEqual({ error: 'bad_gateway', message: expect.any(String) });
  });

  it('answers 504 JSON when a service is too slow, and stays up', async () => {
    const r = await gw(f, '/api/pdf/editorialboard');
    expect(r.status).toBe(504);
    expect(r.json().error).toBe('gateway_timeout');
    expect((await gw(f, '/healthz')).status).toBe(200);
  });

  it('sets security headers and a request id, and keeps a trusted proxy request id', async () => {
    const r = await gw(f, '/api/settings/', { headers: { 'x-request-id': 'from-nginx-123' } });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(r.headers['x-request-id']).toBe('from-nginx-123');
    expect(r.headers['x-powered-by']).toBeUndefined();
  });

  it('has health, readiness and metrics endpoints, as every service does', async () => {
    expect((await gw(f, '/healthz')).json()).toEqual({ status: 'ok' });
    expect((await gw(f, '/readyz')).status).toBe(200);
    expect((await gw(f, '/metrics')).text).toContain('http_request_duration_seconds');
    for (const svc of [f.content.url, f.auth.url]) {
      expect((await fetch(`${svc}/healthz`)).status).toBe(200);
      expect((await fetch(`${svc}/readyz`)).status).toBe(200);
      expect(await (await fetch(`${svc}/metrics`)).text()).toContain('process_cpu');
    }
  });

  it('answers 404 JSON for a path no service owns', async () => {
    const r = await gw(f, '/api/nothing-here');
    expect(r.status).toBe(404);
    expect(r.json().error).toBe('not_found');
  });
});

describe('gateway: one host per request', () => {
  it('refuses an absolute-form target naming another host than the Host header', async () => {
    for (const target of ['http://beta.localhost/api/settings/', 'http://BETA.localhost.:8080/api/settings/', 'http://evil.example/api/settings/', 'http://[::1]/api/settings/']) {
      const r = await gw(f, target, { host: 'alpha.localhost' });
      expect({ target, status: r.status, body: r.json() }).toEqual({ target, status: 400, body: { error: 'host_mismatch', message: expect.any(String) } });
    }
  });

  it('takes an absolute-form target naming the Host header host, whatever its case, dot or port', async () => {
    for (const [target, host] of [
      ['http://alpha.localhost/api/settings/', 'alpha.localhost'],
      ['http://ALPHA.Localhost.:9999/api/settings/', 'alpha.localhost:8080'],
      ['https://alpha.localhost/api/settings/', 'Alpha.Localhost.'],
    ] as const) {
      const r = await gw(f, target, { host });
      expect({ target, status: r.status }).toEqual({ target, status: 200 });
      expect(r.json().websitename).toBe('alpha journal');
    }
  });

  it('sends a journal alias host to the same path on its primary host: 301 for reads, 308 for writes', async () => {
    const read = await gw(f, '/archives/2024/vol1/issue1?x=1', { host: 'LOCALHOST:8080' });
    expect(read.status).toBe(301);
    expect(read.headers.location).toBe('http://alpha.localhost/archives/2024/vol1/issue1?x=1');
    const api = await gw(f, 'http://localhost/api/settings/', { host: 'localhost' });
    expect([api.status, api.headers.location]).toEqual([301, 'http://alpha.localhost/api/settings/']);
    const write = await gw(f, '/auth/login/', { host: 'localhost', method: 'POST', ...jsonBody({ username: 'x', password: 'y' }) });
    expect([write.status, write.headers.location]).toEqual([308, 'http://alpha.localhost/auth/login/']);
    // The primary host itself is answered.
    expect((await gw(f, '/api/settings/', { host: 'alpha.localhost' })).status).toBe(200);
  });

  it('answers an unknown host with a 404 page for pages and 404 JSON for the API', async () => {
    const page = await gw(f, '/archives', { host: 'evil.localhost' });
    expect([page.status, page.headers['content-type'], page.text]).toEqual([404, 'text/html; charset=utf-8', expect.stringContaining('Not Found!')]);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const api = await gw(f, '/api/settings/', { host: 'evil.localhost' });
    expect([api.status, api.json().error]).toEqual([404, 'unknown_journal']);
  });

  it('keeps /metrics for direct callers: a request a proxy passed on gets 404', async () => {
    expect((await gw(f, '/metrics')).status).toBe(200);
    for (const path of ['/metrics', '/METRICS/', '/metrics?x=1']) {
      for (const headers of [{ 'x-real-ip': '203.0.113.9' }, { 'x-forwarded-for': '203.0.113.9' }] as Record<string, string>[]) {
        const r = await gw(f, path, { headers });
        expect({ path, status: r.status, metrics: r.text.includes('process_cpu') }).toEqual({ path, status: 404, metrics: false });
      }
    }
  });
});

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import {
  AppError, assertRole, baseConfigShape, bearerToken, createHttpApp, createLogger, escapeControl, escapeHtml, jwtConfigShape, loadConfig,
  mongoConfigShape, parse, requireTenant, sanitizeRichText, sanitizeTitle, signToken, verifyToken, JWT_ALGORITHM,
} from '../src';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('loadConfig', () => {
  const schema = z.object({ ...baseConfigShape, ...mongoConfigShape, ...jwtConfigShape });
  it('parses and defaults', () => {
    const c = loadConfig(schema, { PORT: '4001', MONGO_URL: 'mongodb://x/', JWT_SECRET: SECRET });
    expect(c).toMatchObject({ PORT: 4001, HOST: '127.0.0.1', NODE_ENV: 'development', MONGO_DB: 'journal', LOG_LEVEL: 'info' });
  });
  it('names every bad variable at once', () => {
    let message = '';
    try {
      loadConfig(schema, { PORT: '99999', JWT_SECRET: 'short', LOG_LEVEL: 'loud' });
    } catch (e) {
      message = (e as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines.slice(1).map((l) => /^ {2}- (\w+):/.exec(l)?.[1]).sort()).toEqual(['JWT_SECRET', 'LOG_LEVEL', 'MONGO_URL', 'PORT']);
    expect(message).toContain('JWT_SECRET: JWT_SECRET must be at least 32 characters');
  });
});

/** A real HTTP app on port 0 with the kit's error handler, to see what a client receives. */
async function serve(mount: (app: ReturnType<typeof createHttpApp>['app']) => void) {
  const http = createHttpApp({ name: `kit${Math.random().toString(36).slice(2, 8)}`, logger: createLogger('kit', 'silent') });
  mount(http.app);
  http.finish();
  const server: Server = await new Promise((r) => {
    const s = http.app.listen(0, '127.0.0.1', () => r(s));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    get: (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers }),
    post: (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(base + path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('AppError and the one error handler', () => {
  let s: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    s = await serve((app) => {
      app.get('/app-error', () => {
        throw new AppError(409, 'duplicate_title', 'Duplicate title', { field: 'title' });
      });
      app.get('/crash', () => {
        throw new Error('secret internals at /srv/app.ts:12');
      });
      app.get('/async-crash', async () => {
        await Promise.resolve();
        throw new TypeError('undefined is not a function');
      });
      app.post('/echo', (req, res) => {
        res.json(parse(z.strictObject({ name: z.string().min(1, 'Name is required') }), req.body));
      });
    });
  });
  afterAll(() => s.close());

  it('answers an AppError with its status, code, message and details', async () => {
    const r = await s.get('/app-error');
    expect(r.status).toBe(409);
    expect(await r.json()).toEqual({ error: 'duplicate_title', message: 'Duplicate title', details: { field: 'title' } });
  });
  it('answers anything else with a bare 500, no stack and no message of its own', async () => {
    for (const p of ['/crash', '/async-crash']) {
      const r = await s.get(p);
      expect(r.status).toBe(500);
      const text = await r.text();
      expect(JSON.parse(text)).toEqual({ error: 'internal_error', message: 'Something went wrong' });
      expect(text).not.toMatch(/at |\.ts|secret|undefined is not/);
    }
  });
  it('answers bad JSON, bad input and unknown routes with 4xx JSON', async () => {
    const bad = await s.post('/echo', '{"name":');
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'invalid_json', message: 'Body is not valid JSON' }]);
    const invalid = await s.post('/echo', JSON.stringify({ name: '', extra: 1 }));
    expect(invalid.status).toBe(400);
    const body = (await invalid.json()) as { error: string; message: string; details: { path: string; message: string }[] };
    expect(body.error).toBe('validation_error');
    expect(body.details).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: '', message: expect.stringContaining('extra') },
    ]);
    expect(body.message).toBe(`name: Name is required; body: ${body.details[1]!.message}`);
    const ok = await s.post('/echo', JSON.stringify({ name: 'Ann' }));
    expect([ok.status, await ok.json()]).toEqual([200, { name: 'Ann' }]);
    const missing = await s.get('/nowhere');
    expect([missing.status, await missing.json()]).toEqual([404, { error: 'not_found', message: 'No route for GET /nowhere' }]);
  });
  it('sets a request id and no x-powered-by', async () => {
    const r = await s.get('/nowhere', { 'x-request-id': 'abc-123' });
    expect(r.headers.get('x-request-id')).toBe('abc-123');
    expect(r.headers.get('x-powered-by')).toBeNull();
  });
});

describe('requireTenant', () => {
  let s: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    s = await serve((app) => app.get('/t', requireTenant, (req, res) => {
      res.json({ journalId: req.journalId, clientIp: req.clientIp });
    }));
  });
  afterAll(() => s.close());
  it('takes a well-formed journal id from the gateway header', async () => {
    const id = 'a'.repeat(24);
    const r = await s.get('/t', { 'x-journal-id': id, 'x-client-ip': '203.0.113.9' });
    expect(await r.json()).toEqual({ journalId: id, clientIp: '203.0.113.9' });
  });
  it.each([[undefined], [''], ['zzz'], ['A'.repeat(24)], [`${'a'.repeat(24)}x`], ['{"$ne":null}']])('refuses %p with 400 unknown_journal', async (h) => {
    const r = await s.get('/t', h === undefined ? {} : { 'x-journal-id': h });
    expect([r.status, await r.json()]).toEqual([400, { error: 'unknown_journal', message: 'No journal is known for this host' }]);
  });
});

describe('sanitising with the one allow-list', () => {
  it('keeps allowed rich text and drops scripts, handlers and bad URLs', () => {
    expect(sanitizeRichText('<p onclick="x()">Hi <b>there</b></p><script>alert(1)</script><img src=x onerror=alert(1)>'))
      .toBe('<p>Hi <b>there</b></p>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a><a href="https://e.org" target="_blank">y</a>'))
      .toBe('<a rel="noopener noreferrer nofollow">x</a><a href="https://e.org" target="_blank" rel="noopener noreferrer nofollow">y</a>');
    expect(sanitizeRichText('<table><tr><td colspan="2" style="color:red">c</td></tr></table>')).toBe('<table><tr><td colspan="2">c</td></tr></table>');
  });
  it('keeps titles to i/em/sub/sup without attributes, whitespace collapsed', () => {
    expect(sanitizeTitle('  A <i class="x">Rosa</i>\n <sub>2</sub> <b>bold</b>  <em>e</em> <sup id="y">3</sup>')).toBe('A <i>Rosa</i> <sub>2</sub> bold <em>e</em> <sup>3</sup>');
  });
  it('escapes text for HTML', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('tokens', () => {
  const user = { id: 'u1', name: 'admin', journalId: 'b'.repeat(24) };
  it('signs and verifies with HS256, carrying user, journal, id and expiry', () => {
    const { token, claims } = signToken(SECRET, user, 60);
    expect(jwt.decode(token, { complete: true })!.header.alg).toBe(JWT_ALGORITHM);
    expect(claims.exp - Math.floor(claims.iat)).toBe(60);
    expect(verifyToken(SECRET, token)).toEqual(claims);
    expect(claims).toMatchObject({ sub: 'u1', name: 'admin', jid: user.journalId });
  });
  it('refuses another secret, an expired token, alg none, another algorithm and a token without exp', () => {
    const { token, claims } = signToken(SECRET, user);
    const refused = (t: string) => {
      try {
        verifyToken(SECRET, t);
        return null;
      } catch (e) {
        return e instanceof AppError ? [e.status, e.code] : 'other';
      }
    };
    expect(refused(signToken('another-secret-that-is-long-enough-0123456789', user).token)).toEqual([401, 'unauthorized']);
    expect(refused(signToken(SECRET, user, -10).token)).toEqual([401, 'unauthorized']);
    expect(refused(jwt.sign({ ...claims }, '', { algorithm: 'none' }))).toEqual([401, 'unauthorized']);
    expect(refused(jwt.sign({ ...claims }, SECRET, { algorithm: 'HS512' }))).toEqual([401, 'unauthorized']);
    const { exp: _exp, ...noExp } = claims;
    expect(refused(jwt.sign(noExp, SECRET, { algorithm: 'HS256' }))).toEqual([401, 'unauthorized']);
    expect(refused(jwt.sign({ ...claims, sub: 5 }, SECRET, { algorithm: 'HS256' }))).toEqual([401, 'unauthorized']);
    expect(refused(`${token}x`)).toEqual([401, 'unauthorized']);
    expect(refused(token)).toBeNull();
  });
  it('carries the role; a token without one is a manager\'s, one with an unknown role is refused', () => {
    expect(verifyToken(SECRET, signToken(SECRET, { ...user, role: 'worklog' }).token).role).toBe('worklog');
    const { claims } = signToken(SECRET, user);
    const { role: _role, ...before } = claims;
    expect(verifyToken(SECRET, jwt.sign(before, SECRET, { algorithm: 'HS256' })).role).toBe('manager');
    expect(() => verifyToken(SECRET, jwt.sign({ ...claims, role: 'root' }, SECRET, { algorithm: 'HS256' }))).toThrow(AppError);
  });
  it('refuses a role a route does not admit with role_forbidden', () => {
    const { claims } = signToken(SECRET, { ...user, role: 'editor' });
    expect(assertRole(claims, ['manager', 'editor'])).toBe(claims);
    expect(() => assertRole(claims, ['manager'])).toThrow(expect.objectContaining({ status: 403, code: 'role_forbidden' }));
    expect(() => assertRole(undefined, ['manager'])).toThrow(expect.objectContaining({ status: 401 }));
  });
  it('reads only a well-formed bearer header', () => {
    const req = (h?: string) => ({ header: (n: string) => (n === 'authorization' ? h : undefined) }) as never;
    expect(bearerToken(req('Bearer abc.def.ghi'))).toBe('abc.def.ghi');
    expect(bearerToken(req('bearer   abc.def.ghi  '))).toBe('abc.def.ghi');
    expect(bearerToken(req('Basic abc'))).toBeUndefined();
    expect(bearerToken(req('Bearer a b'))).toBeUndefined();
    expect(bearerToken(req(undefined))).toBeUndefined();
  });
});

describe('escapeControl (what the CLI prints)', () => {
  it('escapes C0 and C1 controls, DEL and bidi marks, keeping line feeds only when asked', () => {
    expect(escapeControl('a\u001b[2Jb\rc\u0007d\u007fe\u009bf\u202eg')).toBe('a\\u001b[2Jb\\u000dc\\u0007d\\u007fe\\u009bf\\u202eg');
    expect(escapeControl('one\ntwo')).toBe('one\\u000atwo');
    expect(escapeControl('one\ntwo\u001b', { keepLineFeeds: true })).toBe('one\ntwo\\u001b');
    expect(escapeControl('plain é ü 漢')).toBe('plain é ü 漢');
  });
});

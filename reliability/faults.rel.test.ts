import { call, login, provision, report, startRelStack, until } from './rel-stack';

let s: Awaited<ReturnType<typeof startRelStack>>;
beforeAll(async () => {
  s = await startRelStack('faults', 34000, 38080);
}, 120_000);
afterAll(async () => {
  provision('servers');
  await s?.stack.stop();
});

describe('database stopped', () => {
  it('answers 503 JSON quickly while FerretDB is down, and recovers without a restart', async () => {
    expect((await login(s.base)).status).toBe(200);
    provision('stop-mongo');
    try {
      const r = await login(s.base);
      report('login with the database down', { status: r.status, ms: Math.round(r.ms), body: r.body });
      expect(r.status).toBe(503);
      expect(r.json()).toEqual({ error: 'db_unavailable', message: expect.any(String) });
      const w = await call(`${s.base}/api/webdata`, { headers: { authorization: 'Bearer x' } });
      expect([401, 503]).toContain(w.status);
    } finally {
      provision('servers');
    }
    const back = await until(() => login(s.base), (r) => r.status === 200, 60_000);
    report('login after the database came back', { status: back.status, ms: Math.round(back.ms) });
  }, 120_000);
});

describe('Redis stopped', () => {
  it('fails closed for throttling and revocation, answers 503 fast, and recovers', async () => {
    const token = (await login(s.base)).json().token as string;
    provision('stop-redis');
    try {
      const l = await login(s.base);
      const v = await call(`${s.base}/auth/verify-token/`, { headers: { authorization: `Bearer ${token}` } });
      const pdf = await call(`${s.base}/api/pdf/bulkcertificates`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: JSON.stringify([1]) });
      report('with Redis down', { login: [l.status, Math.round(l.ms)], verify: [v.status, Math.round(v.ms)], enqueue: [pdf.status, Math.round(pdf.ms)] });
      expect(l.status).toBe(503);
      expect(v.status).toBe(503);
      expect(pdf.status).toBe(503);
    } finally {
      provision('servers');
    }
    const back = await until(() => login(s.base), (r) => r.status === 200, 60_000);
    report('login after Redis came back', { status: back.status });
  }, 120_000);
});

describe('a service killed', () => {
  it('answers 502 JSON from the gateway, which stays up', async () => {
    const worklog = s.stack.processes.get('worklog')!;
    worklog.kill('SIGKILL');
    await new Promise((r) => worklog.once('exit', r));
    const r = await call(`${s.base}/api/webdata`);
    report('work-log killed', { status: r.status, body: r.body });
    expect(r.status).toBe(502);
    expect(r.json().error).toBe('bad_gateway');
    expect((await call(`${s.base}/api/settings/`)).status).toBe(200);
    expect((await call(`${s.stack.urls.gateway}/healthz`)).status).toBe(200);
  });
});

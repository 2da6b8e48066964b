/**
 * Faults of the parts under the services: FerretDB and Redis stopped (idle and in the middle of
 * PDF jobs), a service killed or frozen past the gateway's proxy timeout. The PDF pipeline's own faults are in pdf-faults.rel.test.ts.
 */
import { call, login, provision, report, startRelStack, until, type Answer } from './rel-stack';
import { modelledPause } from '@journal/testing';
import { alive, bearer, publicCatalogue, readZip, tokenFor, waitJob } from './rel-helpers';

jest.setTimeout(240_000);

/** How long each Redis outage lasts (30 s). */
const OUTAGE_MS = Number(process.env.JP_REL_OUTAGE_MS ?? 30_000);

let s: Awaited<ReturnType<typeof startRelStack>>;
let refs: string[];
let authorsOf: Map<string, number>;
beforeAll(async () => {
  s = await startRelStack('faults', 20000, 20080, 1, {
    // Small batches printed one at a time: a bulk zip lasts long enough to be mid-job at the outage.
    PDF_BATCH_SIZE: '2',
    PDF_RENDER_CONCURRENCY: '1',
    PDF_WORKER_CONCURRENCY: '1',
    PDF_LOCK_DURATION_MS: '5000',
    PDF_STALLED_INTERVAL_MS: '2000',
    // The gateway gives up on a silent upstream after 4 s instead of 30 s.
    PROXY_TIMEOUT_MS: '4000',
  });
  const { articles } = await publicCatalogue(s.base);
  refs = articles.map((a) => a.refnumber).sort();
  authorsOf = new Map(articles.map((a) => [a.refnumber, a.authorname.split(',').filter((x) => x.trim()).length]));
}, 180_000);
afterAll(async () => {
  provision('servers');
  await s?.stack.stop();
});

const pids = () => Object.fromEntries([...s.stack.processes].map(([n, c]) => [n, alive(c) ? c.pid : null]));

/** The services whose readiness used to include the datastores: it must not any more. */
const SERVICES = ['content', 'auth', 'worklog', 'pdf'] as const;
/** /readyz of each service: 200 means its pods stay in their Service through a datastore outage. */
const readiness = async () =>
  Object.fromEntries(await Promise.all(SERVICES.map(async (n) => [n, (await call(`${s.stack.urls[n]}/readyz`)).status] as const)));
/** Whether each service's /healthz reports the datastore up (its detail, for people and alerts). */
const reportedUp = async (dependency: 'mongo' | 'redis') =>
  Object.fromEntries(
    await Promise.all(SERVICES.map(async (n) => [n, (await call(`${s.stack.urls[n]}/healthz`)).json().dependencies?.[dependency]?.up] as const)),
  );
const everyService = <T>(v: T) => Object.fromEntries(SERVICES.map((n) => [n, v]));
/** Whether a body is the services' JSON error, `{error, message}`. */
const isErrorBody = (text: string) => {
  try {
    const b = JSON.parse(text) as { error?: unknown; message?: unknown };
    return typeof b.error === 'string' && typeof b.message === 'string';
  } catch {
    return false;
  }
};
/** A request that did not answer becomes status 0 with the reason, so the sample is still reported. */
const settled = (p: Promise<Answer>): Promise<Answer> =>
  p.catch((e: Error) => ({ status: 0, ms: Number.NaN, body: e.message, raw: Buffer.alloc(0), json: () => null, headers: {} }));

describe('database stopped', () => {
  it('5. answers 503 JSON quickly while FerretDB is down, and recovers without a restart', async () => {
    const before = pids();
    const token = await tokenFor(s.base);
    provision('stop-mongo');
    let figures: Record<string, unknown> = {};
    try {
      const l = await login(s.base);
      const settings = await call(`${s.base}/api/settings/?nocache=${Date.now()}`);
      const admin = await call(`${s.base}/api/admin/archives/`, { headers: bearer(token) });
      const w = await call(`${s.base}/api/webdata`, { headers: bearer(token) });
      const search = await call(`${s.base}/api/search?keyword=zz${Date.now()}`);
      const add = await call(`${s.base}/api/webdata`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ status: 'info', content: 'written while the database is down' }) });
      const issue = await call(`${s.base}/api/admin/create-issue`, { method: 'POST', headers: bearer(token), body: JSON.stringify({ year: 2099, volume: 99, issue: 1, frequency: 'January-March' }) });
      figures = Object.fromEntries(
        Object.entries({ login: l, adminArchives: admin, webdataList: w, webdataAdd: add, createIssue: issue, search, settings }).map(([k, r]) => [k, [r.status, Math.round(r.ms)]]),
      );
      // Readiness is "can answer", and they all answer (503 JSON where the database is needed):
      // no pod leaves its Service, and /healthz says what is down.
      const ready = await readiness();
      const down = await until(() => reportedUp('mongo'), (r) => Object.values(r).every((up) => up === false), 60_000);
      report('5. FerretDB down', { ...figures, loginBody: l.body, readyz: JSON.stringify(ready), healthzMongoUp: JSON.stringify(down) });
      expect(ready).toEqual(everyService(200));
      expect(l.status).toBe(503);
      expect(l.json()).toEqual({ error: 'db_unavailable', message: expect.any(String) });
      // Reads served from memory (the work-log's index, checked against a version in Redis; content's
      // search and caches) may still answer; writes, logins and uncached reads answer a clean 503.
      for (const r of [w, search]) {
        expect([200, 503]).toContain(r.status);
        if (r.status === 503) expect(r.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
      }
      for (const r of [admin, add, issue]) {
        expect(r.status).toBe(503);
        expect(r.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
      }
      // Cached public answers may still be served; anything else is a clean 503.
      expect([200, 503]).toContain(settings.status);
    } finally {
      provision('servers');
    }
    const t0 = Date.now();
    const back = await until(() => login(s.base), (r) => r.status === 200, 60_000);
    const w = await until(() => call(`${s.base}/api/webdata`, { headers: bearer(back.json().token) }), (r) => r.status === 200, 60_000);
    await until(() => reportedUp('mongo'), (r) => Object.values(r).every((up) => up === true), 60_000);
    expect(await readiness()).toEqual(everyService(200));
    report('5. after FerretDB came back', { login: back.status, webdata: w.status, recoveredInMs: Date.now() - t0, samePids: JSON.stringify(pids()) === JSON.stringify(before) });
    expect(pids()).toEqual(before);
  });
});

describe('Redis stopped', () => {
  async function outage(label: string) {
    const token = await tokenFor(s.base);
    const before = pids();
    provision('stop-redis');
    const samples: Record<string, [number, number]>[] = [];
    // Every sample is kept and reported before anything is asserted, so a failing run says which
    // request answered what, and when.
    const wrong: { at: number; readiness?: Record<string, number>; answers?: Record<string, [number, string]> }[] = [];
    const t0 = Date.now();
    try {
      while (Date.now() - t0 < OUTAGE_MS) {
        const l = await settled(login(s.base));
        const bad = await settled(call(`${s.base}/auth/login/`, { method: 'POST', body: JSON.stringify({ username: 'admin', password: 'wrong-password' }) }));
        const v = await settled(call(`${s.base}/auth/verify-token/`, { headers: bearer(token) }));
        const wl = await settled(call(`${s.base}/api/webdata`, { headers: bearer(token) }));
        const pdf = await settled(call(`${s.base}/api/pdf/bulkcertificates?async=1`, { method: 'POST', headers: bearer(token), body: JSON.stringify([refs[0]]) }));
        const sample = { login: l, wrongPassword: bad, verify: v, webdata: wl, enqueue: pdf };
        const ready = await readiness();
        samples.push(Object.fromEntries(Object.entries(sample).map(([k, r]) => [k, [r.status, Math.round(r.ms)] as [number, number]])));
        // Fail closed: no login (the throttle cannot count), no token accepted (revocation cannot be
        // checked), no job taken; every service stays ready (in its Service) and answers the 503s itself.
        const failed = Object.entries(sample).filter(([, r]) => r.status !== 503 || !isErrorBody(r.body));
        const notReady = Object.values(ready).some((x) => x !== 200);
        if (failed.length || notReady) {
          wrong.push({
            at: Date.now() - t0,
            ...(notReady ? { readiness: ready } : {}),
            ...(failed.length ? { answers: Object.fromEntries(failed.map(([k, r]) => [k, [r.status, r.body.slice(0, 200)] as [number, string]])) } : {}),
          });
        }
        await modelledPause(4000, 'one sample of the outage every 4 s, for as long as it lasts');
      }
    } finally {
      provision('servers');
    }
    const maxMs = (k: string) => Math.max(...samples.map((x) => x[k]![1]));
    const back = await until(() => login(s.base), (r) => r.status === 200, 60_000).catch((e: Error) => e);
    const redisUp = await until(() => reportedUp('redis'), (r) => Object.values(r).every((up) => up === true), 60_000).catch((e: Error) => e);
    const after = pids();
    report(`4. Redis down ${Math.round((Date.now() - t0) / 1000)} s (${label})`, {
      rounds: samples.length, samePids: JSON.stringify(after) === JSON.stringify(before), maxMs: Object.fromEntries(['login', 'wrongPassword', 'verify', 'webdata', 'enqueue'].map((k) => [k, maxMs(k)])), first: samples[0],
      ...(wrong.length ? { wrong } : {}),
      ...(back instanceof Error ? { loginAfter: back.message } : {}),
      ...(redisUp instanceof Error ? { redisUpAfter: redisUp.message } : {}),
      ...(JSON.stringify(after) === JSON.stringify(before) ? {} : { pidsBefore: before, pidsAfter: after }),
    });
    expect(wrong).toEqual([]);
    if (back instanceof Error) throw back;
    if (redisUp instanceof Error) throw redisUp;
    expect(await readiness()).toEqual(everyService(200));
    // Recovered without a restart.
    expect(pids()).toEqual(before);
    return back.json().token as string;
  }

  it('4a. idle: everything that needs Redis fails closed with 503, fast; afterwards workers consume again', async () => {
    const token = await outage('idle');
    const t0 = Date.now();
    const r = await call(`${s.base}/api/pdf/bulkcertificates`, { method: 'POST', headers: bearer(token), body: JSON.stringify(refs.slice(0, 3)), timeoutMs: 150_000 });
    const entries = r.status === 200 ? readZip(r.raw).length : 0;
    report('4a. first bulk zip after the outage', { status: r.status, ms: Date.now() - t0, entries });
    expect(r.status).toBe(200);
    expect(entries).toBe(refs.slice(0, 3).reduce((n, x) => n + authorsOf.get(x)!, 0));
  });

  it('4b. mid-job: the active and the waiting job both complete after the restart, nothing lost', async () => {
    const token = await tokenFor(s.base);
    const start = async (list: string[]) => {
      const r = await call(`${s.base}/api/pdf/bulkcertificates?async=1`, { method: 'POST', headers: bearer(token), body: JSON.stringify(list) });
      expect(r.status).toBe(202);
      return r.json().jobId as string;
    };
    const activeList = refs.slice(3);
    const waitingList = refs.slice(5, 12);
    const active = await start(activeList);
    const waiting = await start(waitingList);
    const mid = await until(() => call(`${s.base}/api/pdf/jobs/${active}`, { headers: bearer(token) }), (r) => r.status === 200 && r.json().state === 'active' && r.json().progress.done >= 2, 120_000);
    const waitingState = (await call(`${s.base}/api/pdf/jobs/${waiting}`, { headers: bearer(token) })).json().state;
    await outage('mid-job');
    const fresh = await tokenFor(s.base);
    const results: Record<string, { states?: string[]; final?: string; entries: number; distinct: number; expected: number; failure?: string }> = {};
    for (const [name, id, list] of [['active', active, activeList], ['waiting', waiting, waitingList]] as const) {
      const expected = list.reduce((n, x) => n + authorsOf.get(x)!, 0);
      try {
        const { last, seen } = await waitJob(s.base, id, bearer(fresh), 240_000);
        const r = await call(`${s.base}/api/pdf/jobs/${id}/result`, { headers: bearer(fresh), timeoutMs: 60_000 });
        const entries = r.status === 200 ? readZip(r.raw) : [];
        results[name] = { states: seen, final: last.state, entries: entries.length, distinct: new Set(entries.map((e) => e.name)).size, expected };
      } catch (e) {
        results[name] = { entries: 0, distinct: 0, expected, failure: (e as Error).message };
      }
    }
    report('4b. jobs across a Redis outage', { activeAtOutage: mid.json().progress, waitingAtOutage: waitingState, ...results, workerAlive: alive(s.stack.processes.get('pdf-worker-1')) });
    for (const r of Object.values(results)) {
      expect(r.failure).toBeUndefined();
      expect(r.final).toBe('completed');
      expect(r.entries).toBe(r.expected);
      expect(r.distinct).toBe(r.entries);
    }
    expect(alive(s.stack.processes.get('pdf-worker-1'))).toBe(true);
  });
});

describe('a service slow or killed', () => {
  it('6a. a frozen service past the proxy timeout: 504 JSON, the gateway stays up, and it recovers', async () => {
    expect((await call(`${s.base}/api/settings/`)).status).toBe(200);
    const content = s.stack.processes.get('content')!;
    content.kill('SIGSTOP');
    let r;
    let health;
    try {
      r = await call(`${s.base}/api/editors/?t=${Date.now()}`, { timeoutMs: 60_000 });
      health = await call(`${s.stack.urls.gateway}/healthz`);
    } finally {
      content.kill('SIGCONT');
    }
    const back = await until(() => call(`${s.base}/api/settings/`), (x) => x.status === 200, 30_000);
    report('6a. content frozen (SIGSTOP) past the 4 s proxy timeout', { status: r.status, ms: Math.round(r.ms), body: r.body, gatewayHealth: health.status, afterSIGCONT: back.status });
    expect(r.status).toBe(504);
    expect(r.json()).toEqual({ error: 'gateway_timeout', message: expect.any(String) });
    expect(health.status).toBe(200);
  });

  it('6b. a killed service: 502 JSON from the gateway, which stays up', async () => {
    const worklog = s.stack.processes.get('worklog')!;
    worklog.kill('SIGKILL');
    await new Promise((r) => worklog.once('exit', r));
    const r = await call(`${s.base}/api/webdata`);
    const other = await call(`${s.base}/api/settings/`);
    const health = await call(`${s.stack.urls.gateway}/healthz`);
    report('6b. work-log killed', { status: r.status, ms: Math.round(r.ms), body: r.body, otherRoutes: other.status, gatewayHealth: health.status });
    expect(r.status).toBe(502);
    expect(r.json()).toEqual({ error: 'bad_gateway', message: expect.any(String) });
    expect(other.status).toBe(200);
    expect(health.status).toBe(200);
    expect(alive(s.stack.processes.get('gateway'))).toBe(true);
  });
});

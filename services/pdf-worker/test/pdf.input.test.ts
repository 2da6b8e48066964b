import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import request from 'supertest';
import { eventually, modelledPause, newObjectId, uniqueName, until } from '@journal/testing';
import { start } from '../src/app';
import { article, demoSettings, editor } from './helpers/content-fixture';
import { adminToken, startStack, type Stack } from './helpers/stack';

describe('bad input is refused with 4xx JSON and enqueues nothing', () => {
  let s: Stack;
  const J = newObjectId();
  const OTHER = newObjectId();
  let token: string;

  beforeAll(async () => {
    // no worker: anything enqueued would stay in the queue and show in its counts
    s = await startStack({ worker: false });
    token = adminToken(J);
    s.content.journals.set(J, { settings: demoSettings('Journal of Input'), editors: [editor('Dr. A B', 'chief editor')], articles: [article(3001, 'Dr. Anita Sharma, Rahul Verma'), article(3002, 'Asha Rao', { refnumber: 'AJ-2019-17' })] });
    s.content.journals.set(OTHER, { settings: demoSettings('Other Journal'), editors: [editor('Dr. C D', 'chief editor')], articles: [article(9001, 'Someone Else')] });
  }, 60_000);
  afterAll(async () => {
    await s.stop();
  });

  const counts = () => s.api.queue.queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized');
  const api = () => request(s.api.url);
  const admin = (r: request.Test) => r.set('x-journal-id', J).set('authorization', `Bearer ${token}`);

  const cases: [string, () => request.Test, number, string?][] = [
    ['unknown refno', () => api().get('/api/pdf/certificate/424242/Rahul%20Verma').set('x-journal-id', J), 404, 'article_not_found'],
    ['author not on the article', () => api().get('/api/pdf/certificate/3001/Mallory').set('x-journal-id', J), 404, 'author_not_found'],
    ['a reference no article has', () => api().get('/api/pdf/certificate/abc/Rahul%20Verma').set('x-journal-id', J), 404, 'article_not_found'],
    ['a reference with a slash', () => api().get('/api/pdf/certificate/..%2F3001/Rahul%20Verma').set('x-journal-id', J), 400, 'invalid_refno'],
    ['a reference that is a path segment', () => api().get('/api/pdf/coverpage/..').set('x-journal-id', J), 400, 'invalid_refno'],
    ['a cover reference with spaces', () => api().get('/api/pdf/coverpage/1%20OR%201').set('x-journal-id', J), 400, 'invalid_refno'],
    ["another journal's ref", () => api().get('/api/pdf/coverpage/9001').set('x-journal-id', J), 404, 'article_not_found'],
    ['no journal header', () => api().get('/api/pdf/editorialboard'), 400, 'unknown_journal'],
    ['empty ref list', () => admin(api().post('/api/pdf/bulkcertificates')).send([]), 400, 'empty_list'],
    ['empty refs object', () => admin(api().post('/api/pdf/indexpage')).send({ refs: [] }), 400, 'empty_list'],
    ['huge ref list', () => admin(api().post('/api/pdf/bulkcertificates')).send(Array.from({ length: 201 }, (_, i) => 5000 + i)), 400, 'too_many'],
    ['a list with an impossible reference', () => admin(api().post('/api/pdf/indexpage')).send(['3001', '$where']), 400, 'validation_error'],
    ['not a list', () => admin(api().post('/api/pdf/indexpage')).send({ nope: 1 }), 400, 'validation_error'],
    ["another journal's refs in a list", () => admin(api().post('/api/pdf/bulkcertificates')).send([3001, 9001]), 404, 'article_not_found'],
    ['non-numeric editor ids', () => admin(api().post('/api/pdf/editorscertificate')).send(['../x']), 400, 'validation_error'],
    ['unknown editor id', () => admin(api().post('/api/pdf/editorscertificate')).send([newObjectId()]), 404, 'editor_not_found'],
    ['admin call without token', () => api().post('/api/pdf/bulkcertificates').set('x-journal-id', J).send([3001]), 401, 'unauthorized'],
    ["token of another journal", () => api().post('/api/pdf/indexpage').set('x-journal-id', J).set('authorization', `Bearer ${adminToken(OTHER)}`).send([3001]), 401, 'unauthorized'],
    ['bad job id', () => api().get('/api/pdf/jobs/..%2F..%2Fetc').set('x-journal-id', J), 404, 'job_not_found'],
  ];

  it.each(cases)('%s', async (_name, call, status, code) => {
    const before = await counts();
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    if (code) expect((res.body as { error: string }).error).toBe(code);
    expect(await counts()).toEqual(before);
  });

  it('an older, non-numeric reference (it has a public page) gets its certificate and cover page: queued, not refused', async () => {
    for (const [path, filename] of [
      ['/api/pdf/certificate/AJ-2019-17/Asha%20Rao?async=1', 'certificate-AJ-2019-17.pdf'],
      ['/api/pdf/coverpage/AJ-2019-17?async=1', 'coverpage-AJ-2019-17.pdf'],
    ]) {
      const before = await counts();
      const res = await api().get(path!).set('x-journal-id', J);
      expect([path, res.status, res.body.filename]).toEqual([path, 202, filename]);
      expect(await counts()).not.toEqual(before);
    }
    const list = await admin(api().post('/api/pdf/indexpage?async=1')).send(['3001', 'AJ-2019-17']);
    expect(list.status).toBe(202);
  });
});

describe('with Redis down', () => {
  let redis: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await new Promise<number>((resolve) => {
      const srv = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as net.AddressInfo).port;
        srv.close(() => resolve(p));
      });
    });
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const accepts = () =>
      new Promise<boolean>((r) => {
        const c = net.connect(port, '127.0.0.1', () => {
          c.end();
          r(true);
        }).on('error', () => r(false));
      });
    await until(accepts, 'the private Redis to accept connections', 5_000, 100);
  });
  afterAll(async () => {
    if (redis.exitCode === null) redis.kill('SIGKILL');
    await modelledPause(1500, "the stopped API's Redis clients end their last reconnect timers (under 2 s) after close");
  });

  it('answers 503 at once instead of waiting', async () => {
    const s = await startStack({ worker: false });
    // a second API on the private Redis, which is then stopped
    const api = await start({ ...s.apiConfig, REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: `${uniqueName('down')}:` });
    const J = newObjectId();
    s.content.journals.set(J, { settings: demoSettings('Journal of Outages'), editors: [], articles: [article(4001, 'Dr. Anita Sharma')] });
    try {
      await new Promise<void>((r) => {
        redis.once('exit', () => r());
        redis.kill('SIGKILL');
      });
      // As soon as the API's client has seen Redis go: every answer then is an immediate 503.
      const res = await eventually(async () => {
        const r = await request(api.url).get('/api/pdf/certificate/4001/Dr.%20Anita%20Sharma').set('x-journal-id', J);
        expect(r.status).toBe(503);
        return r;
      });
      expect((res.body as { error: string }).error).toBe('redis_unavailable');
      const adminCall = await request(api.url).post('/api/pdf/indexpage').set('x-journal-id', J).set('authorization', `Bearer ${adminToken(J)}`).send([4001]);
      expect(adminCall.status).toBe(503);
    } finally {
      await api.stop();
      await s.stop();
    }
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import request from 'supertest';
import { createRedis, OPERATOR_ACTOR } from '@journal/server-kit';
import { eventually as retried, staffToken, testServers, uniqueName } from '@journal/testing';
import { seedDemoContent } from '../src/seed/demo';
import { EditorAdminService } from '../src/admin/editor-admin.service';
import { AdminService } from '../src/admin/admin.service';
import { startContent, stopContent } from './helpers';

// Each file seeds a demo database and starts several replicas: slow on a shared machine.
jest.setTimeout(240_000);

type App = Awaited<ReturnType<typeof startContent>>;

/** Up to ten seconds: a replica reloads after a fault. */
const eventually = <T>(check: () => Promise<T>) => retried(check, 200);

/** What a replica answers from its views of a journal, in a form comparable with the database. */
async function viewState(app: App, jid: string) {
  const head = await app.views.head(jid);
  const corpus = await app.deps.publicService.corpus(jid);
  return {
    editors: head.editors.map((e) => `${e.id}:${e.name}:${e.status}:${e.is_pinned}`).sort(),
    websitename: head.journal?.websitename,
    articles: corpus.articles.map((a) => `${a.id}:${a.title}`).sort(),
  };
}
async function dbState(app: App, jid: string) {
  const [editors, journal, articles] = await Promise.all([app.repos.editors.list(jid), app.repos.journals.findById(jid), app.repos.articles.listPublic(jid)]);
  return {
    editors: editors.map((e) => `${e.id}:${e.name}:${e.status}:${e.is_pinned}`).sort(),
    websitename: journal?.websitename,
    articles: articles.map((a) => `${a.id}:${a.title_html || a.title}`).sort(),
  };
}

describe('a burst of 500 admin writes over two replicas', () => {
  let a: App;
  let b: App;
  let demo: string;
  const MONGO_DB = uniqueName('content');
  const REDIS_PREFIX = `${uniqueName('t')}:`;

  beforeAll(async () => {
    const { mongoUrl } = testServers();
    demo = (await seedDemoContent({ mongoUrl, dbName: MONGO_DB })).journals.find((j) => j.slug === 'demo')!.id;
    a = await startContent({ MONGO_DB, REDIS_PREFIX });
    b = await startContent({ MONGO_DB, REDIS_PREFIX });
  });
  afterAll(async () => {
    await b?.stop();
    await stopContent(a);
  });

  test('leaves the views of both replicas equal to the database', async () => {
    const token = staffToken(demo);
    const headers = { 'x-journal-id': demo, authorization: `Bearer ${token}` };
    const editors = (await a.repos.editors.list(demo)).map((e) => e.id);
    const settings = { websiteemail: 'burst@example.org', impactfactor: '', issn: '', whatsup_number: '', domain: '' };
    // 500 writes, eight at a time, alternating replicas: status switches, pins and settings.
    const writes = Array.from({ length: 500 }, (_, i) => () => {
      const app = i % 2 ? b : a;
      if (i % 10 === 0) return request(app.url).post('/api/settings').set(headers).send({ ...settings, websitename: `Burst ${i}` });
      if (i % 10 === 5) return request(app.url).post('/api/editors/pin').set(headers).send({ ids: [editors[i % editors.length]], pinned: i % 20 === 5 });
      return request(app.url)
        .post(`/api/editors/${editors[i % editors.length]}`)
        .set(headers)
        .send({ status: i % 3 ? 'enabled' : 'disabled' });
    });
    let next = 0;
    const statuses: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < writes.length) statuses.push((await writes[next++]!()).status);
      }),
    );
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const truth = await dbState(a, demo);
    expect(truth.websitename).toMatch(/^Burst \d+$/);
    await eventually(async () => expect(await viewState(a, demo)).toEqual(truth));
    await eventually(async () => expect(await viewState(b, demo)).toEqual(truth));
    // And what readers get agrees on both.
    const pa = (await request(a.url).get('/api/editors/').set('x-journal-id', demo)).body;
    const pb = (await request(b.url).get('/api/editors/').set('x-journal-id', demo)).body;
    expect(pb).toEqual(pa);
  });
});

describe('Redis down during writes', () => {
  const PORT = 31250 + Number(process.env.JEST_WORKER_ID ?? 1);
  const REDIS_URL = `redis://127.0.0.1:${PORT}`;
  let redisServer: ChildProcess | undefined;
  let a: App;
  let b: App;
  let demo: string;
  const MONGO_DB = uniqueName('content');

  /** A Redis of this test's own (no persistence: a restart loses every counter, the worst case). */
  async function startRedis() {
    redisServer = spawn('redis-server', ['--port', String(PORT), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const probe = createRedis(REDIS_URL, { lazyConnect: true, retryStrategy: () => null });
    await eventually(async () => {
      await probe.connect().catch(() => undefined);
      expect(await probe.ping()).toBe('PONG');
    });
    probe.disconnect();
  }
  async function stopRedis() {
    const p = redisServer!;
    p.kill('SIGKILL');
    await once(p, 'exit');
    redisServer = undefined;
  }

  beforeAll(async () => {
    await startRedis();
    const { mongoUrl } = testServers();
    demo = (await seedDemoContent({ mongoUrl, dbName: MONGO_DB })).journals.find((j) => j.slug === 'demo')!.id;
    a = await startContent({ MONGO_DB, REDIS_URL, REDIS_PREFIX: 'fault:', CACHE_VERSION_POLL_MS: 200 });
    b = await startContent({ MONGO_DB, REDIS_URL, REDIS_PREFIX: 'fault:', CACHE_VERSION_POLL_MS: 200 });
  });
  afterAll(async () => {
    await b?.stop();
    await a?.stop();
    if (redisServer) await stopRedis();
    const { mongoUrl } = testServers();
    const { MongoClient } = await import('mongodb');
    const m = await MongoClient.connect(mongoUrl);
    await m.db(MONGO_DB).dropDatabase();
    await m.close();
  });

  test('reads keep answering from memory, and every replica catches up when Redis returns', async () => {
    const names = async (app: App) => ((await request(app.url).get('/api/editors/').set('x-journal-id', demo).expect(200)).body as { name: string }[]).map((e) => e.name);
    const before = await names(b);
    await stopRedis();

    // Writes that passed their checks as Redis went away (the HTTP layer refuses new ones: sessions
    // cannot be verified without it), made by the same services the routes call.
    const editorsA = new EditorAdminService(a.deps);
    const created = await editorsA.create(demo, OPERATOR_ACTOR, { name: 'Dr. Outage', category: 'chief editor', post: 'Professor', content: 'Somewhere' }, undefined);
    const victim = (await a.repos.editors.list(demo)).find((e) => e.status === 'enabled' && e.id !== created.id)!;
    await editorsA.update(demo, OPERATOR_ACTOR, victim.id, { status: 'disabled' }, undefined);
    await new AdminService(a.deps).updateSettings(demo, OPERATOR_ACTOR, { websitename: 'Written in the dark', websiteemail: 'dark@example.org', impactfactor: '', issn: '', whatsup_number: '', domain: '' });

    // Both keep answering from memory: the writer with its writes, the other with what it had.
    expect(await names(a)).toContain('Dr. Outage');
    expect(await names(a)).not.toContain(victim.name);
    expect(await names(b)).toEqual(before);
    expect((await request(b.url).get('/api/archives/').set('x-journal-id', demo)).status).toBe(200);

    await startRedis();
    const truth = await dbState(a, demo);
    await eventually(async () => expect(await viewState(b, demo)).toEqual(truth));
    await eventually(async () => expect(await viewState(a, demo)).toEqual(truth));
    expect(await names(b)).toContain('Dr. Outage');
    expect(await names(b)).not.toContain(victim.name);
    expect((await request(b.url).get('/api/settings/').set('x-journal-id', demo)).body.websitename).toBe('Written in the dark');
    // A write after the outage travels the usual way again.
    await editorsA.update(demo, OPERATOR_ACTOR, created.id, { status: 'disabled' }, undefined);
    await eventually(async () => expect(await names(b)).not.toContain('Dr. Outage'));
  });
});

import request from 'supertest';
import { eventually, holdCalls, staffToken, trackCalls } from '@journal/testing';
import { ViewCache } from '../src/views/view-cache';
import { dbOps, makePdf, startContent, startDemoReplicas, stopContent, type TestContentApp } from './helpers';

// Each file seeds a demo database and starts several replicas: slow on a shared machine.
jest.setTimeout(240_000);

/**
 * Three replicas of the content service on one database and one Redis: `a` takes the admin
 * writes; `b` hears of them only through pub/sub (its counter poll never runs during the test);
 * `c` only through the counter poll (its subscription is dropped).
 */
type App = TestContentApp;
let a: App;
let b: App;
let c: App;
let demo: string;
let token: string;
let pdf: Buffer;

const NEVER = 3_600_000;

const pub = (app: App, path: string) => request(app.url).get(path).set('x-journal-id', demo);
const admin = (path: string) => request(a.url).post(path).set({ 'x-journal-id': demo, authorization: `Bearer ${token}` });

beforeAll(async () => {
  const started = await startDemoReplicas({ CACHE_VERSION_POLL_MS: NEVER }, { CACHE_VERSION_POLL_MS: NEVER }, { CACHE_VERSION_POLL_MS: 100 });
  [a, b, c] = started.apps;
  demo = started.journalId('demo');
  token = staffToken(demo);
  pdf = await makePdf('replica test');
  // Pub/sub broken on c: it learns of writes from the version counter alone.
  await c.subscriber.unsubscribe();
});
afterAll(async () => {
  await b?.stop();
  await c?.stop();
  await stopContent(a);
});

const year = new Date().getUTCFullYear();
/** A year of its own for the issue tests, so its month is the only one of that year. */
const OLD = year - 40;
const editorForm = (req: request.Test, name: string) =>
  req.field('name', name).field('category', 'chief editor').field('post', 'Professor').field('content', 'A University');
const articleFields = (ref: string, over: Record<string, string> = {}) => ({
  year: String(OLD + 1), volume: '1', issue: '4', refnumber: ref, title: `Replica article ${ref}`, authorname: 'R. Author',
  abstract: '<p>Abstract</p>', keywords: 'replica', pagenumber: '', subject: 'Testing', country: 'India', email: 'r@example.org',
  mobile: '', txnid: `TXN${ref.replace(/\W/g, '')}`, ptype: 'paid', publishdate: `${year}-01-10`, ...over,
});

describe('a write on one replica', () => {
  test('reaches a replica through pub/sub alone, and one with pub/sub broken through the version counter', async () => {
    // Both other replicas answer from their current view first.
    const before = (await pub(b, '/api/editors/').expect(200)).body as { name: string }[];
    expect((await pub(c, '/api/editors/').expect(200)).body).toEqual(before);
    const messagesBefore = b.cache.feed.stats.messages;
    const r = await editorForm(admin('/api/editors'), 'Dr. Pub Sub').expect(201);
    const names = async (app: App) => ((await pub(app, '/api/editors/').expect(200)).body as { name: string }[]).map((e) => e.name);
    // The writer reads its own write at once.
    expect(await names(a)).toContain('Dr. Pub Sub');
    await eventually(async () => expect(await names(b)).toContain('Dr. Pub Sub'));
    await eventually(async () => expect(await names(c)).toContain('Dr. Pub Sub'));
    // b's poll never ran: the message carried the change, before any fallback could.
    expect(b.cache.feed.stats.messages).toBeGreaterThan(messagesBefore);
    expect(b.cache.feed.stats.polled).toBe(0);
    // c heard no message: the counter poll found the version and filled it from the change log.
    expect(c.cache.feed.stats.messages).toBe(0);
    expect(c.cache.feed.stats.polled + c.cache.feed.stats.filled).toBeGreaterThan(0);
    expect(c.cache.feed.stats.rebuilds).toBe(0);
    await b.cache.feed.settled(demo);
    void r;
  });

  test('a read that comes while a replica is still applying a write it has heard of waits for it: nothing is answered from before the write', async () => {
    const names = async (app: App) => ((await pub(app, '/api/editors/').expect(200)).body as { name: string }[]).map((e) => e.name);
    await names(b);
    // b hears of the write and holds its update; the read comes meanwhile.
    const held = holdCalls(b.cache, 'apply');
    const asked = trackCalls(b.cache.feed, 'settled');
    try {
      const messages = b.cache.feed.stats.messages;
      await editorForm(admin('/api/editors'), 'Dr. Read After Apply').expect(201);
      await eventually(() => expect(b.cache.feed.stats.messages).toBeGreaterThan(messages));
      const reading = names(b);
      await eventually(() => expect(asked.calls.length).toBeGreaterThan(0));
      held.open();
      expect(await reading).toContain('Dr. Read After Apply');
    } finally {
      asked.restore();
      held.restore();
    }
  });
});

/**
 * Each kind of write: done on `a`, then the next public read on `b` shows it, and `b` read from the
 * database nothing but stored views (the ones the write replaced).
 */
describe('every kind of write shows on the next public read, re-reading only what it changed', () => {
  let articleId = '';
  let editorId = '';
  let issueId = '';

  const check = async (write: () => Promise<void>, read: string, shows: (body: unknown, status: number, app: App) => boolean | Promise<boolean>) => {
    const viewsRead = b.views.repo.reads;
    const ops = await dbOps(b, async () => {
      await write();
      await eventually(async () => {
        const r = await pub(b, read);
        expect(await shows(r.body, r.status, b)).toBe(true);
      });
      await b.cache.feed.settled(demo);
    });
    expect(b.views.repo.reads).toBeGreaterThan(viewsRead);
    expect(ops).toEqual([]);
    // c (counter poll only) comes to the same answer.
    await eventually(async () => {
      const r = await pub(c, read);
      expect(await shows(r.body, r.status, c)).toBe(true);
    });
  };
  const hasIssue = async (app: App, id: string) => (await app.views.head(demo)).issues.some((i) => i.id === id);
  const titles = (body: unknown) => (body as { title: string }[]).map((x) => x.title);
  const names = (body: unknown) => (body as { name: string }[]).map((x) => x.name);

  test('issue: add, edit, delete', async () => {
    await check(
      async () => {
        const r = await admin('/api/admin/create-issue').send({ year: OLD, volume: 1, issue: 4, frequency: 'october' }).expect(201);
        issueId = r.body.id;
      },
      '/api/archives/',
      (_b, _s, app) => hasIssue(app, issueId),
    );
    // An article stored without its own month shows its issue's.
    const bare = await a.repos.articles.create(demo, { year: OLD, volume: 1, issue: 4, refnumber: 'R-BARE', title: 'Bare month', txnid: 'TXN-BARE', pagenumber: '90-91' });
    await a.publisher.changed(demo, [{ t: 'article', id: bare.id }]);
    await check(
      async () => {
        await a.repos.issues.update(demo, issueId, { frequency: 'november' });
        await a.publisher.changed(demo, [{ t: 'issue', id: issueId }]);
      },
      '/api/archives/',
      (body) => (body as { year: number; issue_month: Record<string, string> }[]).find((y) => y.year === OLD)?.issue_month['4'] === 'november',
    );
    await check(
      async () => {
        await a.repos.issues.remove(demo, issueId);
        await a.publisher.changed(demo, [{ t: 'issue', id: issueId }]);
      },
      '/api/archives/',
      async (_b, _s, app) => !(await hasIssue(app, issueId)),
    );
  });

  test('article: add, edit, disable, delete', async () => {
    const issue = await a.repos.issues.ensure(demo, { year: OLD + 1, volume: 1, issue: 4, frequency: 'october' });
    await a.publisher.changed(demo, [{ t: 'issue', id: issue.id }]);
    await check(
      async () => {
        let req = admin('/api/admin/archives/');
        for (const [k, v] of Object.entries(articleFields('7100', { pagenumber: '100-104' }))) req = req.field(k, v);
        const r = await req.attach('pdfFile', pdf, { filename: 'p.pdf', contentType: 'application/pdf' });
        expect(r.body).toMatchObject({ refnumber: '7100' });
        articleId = r.body.id;
      },
      `/api/archives/${OLD + 1}/1/4`,
      (body) => titles(body).includes('Replica article 7100'),
    );
    await check(
      async () => {
        let req = admin(`/api/archives/${articleId}`);
        for (const [k, v] of Object.entries(articleFields('7100', { pagenumber: '100-104', title: 'Replica article edited' }))) req = req.field(k, v);
        expect((await req).body).toMatchObject({ title: 'Replica article edited' });
      },
      '/api/archives/ref/7100',
      (body) => (body as { title: string }).title === 'Replica article edited',
    );
    // The search and the issue page follow without another read.
    expect(titles((await pub(b, '/api/search?keyword=edited').expect(200)).body)).toEqual(['Replica article edited']);
    await check(
      async () => {
        await a.repos.articles.update(demo, articleId, { status: 'disabled' });
        await a.publisher.changed(demo, [{ t: 'article', id: articleId }]);
      },
      '/api/archives/ref/7100',
      (_body, status) => status === 404,
    );
    await a.repos.articles.update(demo, articleId, { status: 'enabled' });
    await a.publisher.changed(demo, [{ t: 'article', id: articleId }]);
    // b lists it again before the delete, or the delete's check would hold before b heard of it.
    await eventually(async () => expect(titles((await pub(b, `/api/archives/${OLD + 1}/1/4`).expect(200)).body)).toContain('Replica article edited'));
    await b.cache.feed.settled(demo);
    await check(
      async () => {
        await a.repos.articles.remove(demo, articleId);
        await a.publisher.changed(demo, [{ t: 'article', id: articleId }]);
      },
      `/api/archives/${OLD + 1}/1/4`,
      (body) => !titles(body).includes('Replica article edited'),
    );
  });

  test('editor: add, edit, disable, delete', async () => {
    await check(
      async () => {
        const r = await editorForm(admin('/api/editors'), 'Dr. Each Kind').expect(201);
        editorId = r.body.id;
      },
      '/api/editors/',
      (body) => names(body).includes('Dr. Each Kind'),
    );
    await check(
      () => editorForm(admin(`/api/editors/${editorId}`), 'Dr. Each Kind Edited').expect(200).then(() => undefined),
      `/api/editors/${editorId}`,
      (body) => (body as { name: string }).name === 'Dr. Each Kind Edited',
    );
    await check(
      () => admin(`/api/editors/${editorId}`).send({ status: 'disabled' }).expect(200).then(() => undefined),
      '/api/editors/',
      (body) => !names(body).includes('Dr. Each Kind Edited'),
    );
    await check(
      async () => {
        await a.repos.editors.remove(demo, editorId);
        await a.publisher.changed(demo, [{ t: 'editor', id: editorId }]);
      },
      `/api/editors/${editorId}`,
      // Disabled, it already answered 404: the replica's head must have lost it too.
      async (_body, status, app) => status === 404 && (await app.views.head(demo)).editors.every((e) => e.id !== editorId),
    );
  });

  test('settings', async () => {
    await check(
      () => admin('/api/settings').send({ websitename: 'Replicated Journal', websiteemail: 'e@example.org', impactfactor: '', issn: '', whatsup_number: '', domain: '' }).expect(200).then(() => undefined),
      '/api/settings/',
      (body) => (body as { websitename: string }).websitename === 'Replicated Journal',
    );
  });
});

describe('readiness', () => {
  test('/readyz answers 503 until the change feed is subscribed, 200 after, and no view is read before a request', async () => {
    const held = holdCalls(ViewCache.prototype, 'init');
    const late = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX, WAIT_READY: false });
    try {
      const first = await request(late.url).get('/readyz');
      expect(first.status).toBe(503);
      expect(first.body).toEqual({ status: 'unavailable' });
      // Liveness is not readiness: the process answers health checks meanwhile.
      expect((await request(late.url).get('/healthz')).status).toBe(200);
      held.open();
      await eventually(async () => expect((await request(late.url).get('/readyz')).status).toBe(200));
      expect(late.cache.ready).toBe(true);
      expect(late.views.repo.reads).toBe(0);
      expect(late.cache.size).toBe(0);
    } finally {
      held.restore();
      await late.stop();
    }
  });
});

describe('the admin search on another replica', () => {
  test('finds an article added and then renamed on the writer, by its new name only', async () => {
    const find = async (app: App, q: string) =>
      ((await request(app.url).get('/api/admin/search').query({ q }).set({ 'x-journal-id': demo, authorization: `Bearer ${token}` }).expect(200)).body as { id: string; title: string }[]);
    const issue = await a.repos.issues.ensure(demo, { year: OLD + 2, volume: 1, issue: 4, frequency: 'october' });
    await a.publisher.changed(demo, [{ t: 'issue', id: issue.id }]);
    let req = admin('/api/admin/archives/');
    for (const [k, v] of Object.entries(articleFields('7200', { title: 'Staff search original', year: String(OLD + 2), pagenumber: '1-2' }))) req = req.field(k, v);
    const r = await req.attach('pdfFile', pdf, { filename: 'a.pdf', contentType: 'application/pdf' });
    expect(r.body).toMatchObject({ refnumber: '7200' });
    const created = r.body as { id: string };
    await eventually(async () => expect((await find(b, 'staff search original')).map((x) => x.id)).toEqual([created.id]));
    // The staff-only fields are searched as well.
    expect((await find(b, 'txn7200')).map((x) => x.id)).toEqual([created.id]);
    let edit = admin(`/api/archives/${created.id}`);
    for (const [k, v] of Object.entries(articleFields('7200', { title: 'Staff search renamed', year: String(OLD + 2), pagenumber: '1-2', status: 'disabled' }))) edit = edit.field(k, v);
    expect((await edit).body).toMatchObject({ title: 'Staff search renamed' });
    await eventually(async () => expect((await find(b, 'staff search renamed')).map((x) => x.id)).toEqual([created.id]));
    expect(await find(b, 'staff search original')).toEqual([]);
    await eventually(async () => expect((await find(c, 'staff search renamed')).map((x) => x.id)).toEqual([created.id]));
  });
});

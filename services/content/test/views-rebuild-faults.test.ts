import request from 'supertest';
import { eventually, staffToken } from '@journal/testing';
import { isPublicArticle } from '../src/archives/article.repo';
import { viewId } from '../src/views/view-docs';
import { rebuildJournalViews } from '../src/views/views-rebuild';
import { rebuildWithWriteDuring } from './rebuild-during';
import { viewsLockKey } from '../src/views/views-lock';
import { makePdf, publicGet, startDemoReplicas, stopContent, type TestContentApp } from './helpers';

// Seeds a demo database and starts two replicas: slow on a shared machine.
jest.setTimeout(240_000);

/**
 * The rebuild's bad days beyond those of views.test.ts: a rebuilder that died holding its lease,
 * articles added and removed while a rebuild runs, and a broken article view.
 */
type App = TestContentApp;
let a: App;
let b: App;
let demo: string;
let chem: string;

const pub = publicGet;

beforeAll(async () => {
  const started = await startDemoReplicas({}, {});
  [a, b] = started.apps;
  demo = started.journalId('demo');
  chem = started.journalId('chem');
});
afterAll(async () => {
  await b?.stop();
  await stopContent(a);
});

/** What a reader gets of every public article of a journal, by reference (status and title). */
async function readerView(app: App, jid: string) {
  const out: Record<string, [number, string]> = {};
  for (const art of await app.repos.articles.list(jid)) {
    if (!art.refnumber) continue;
    const r = await pub(app, jid, `/api/archives/ref/${art.refnumber}`);
    out[art.refnumber] = [r.status, r.status === 200 ? String(r.body.title) : ''];
  }
  return out;
}

describe('a rebuild whose process died half way', () => {
  test('keeps the journal busy while its lease holds, then is taken over and resumes where it stopped', async () => {
    const before = await readerView(a, demo);
    // A first run stops after four articles (its progress is kept) ...
    const first = await rebuildJournalViews(a.views, demo, { logger: a.deps.logger, batch: 2, stopAfter: 4 });
    expect(first).toMatchObject({ status: 'interrupted', written: 4 });
    // ... and a second one took the lease over and died without releasing it.
    const leaseId = viewId.rebuild(demo);
    expect(await a.views.repo.takeLease(leaseId, demo, 'a process that died', 1500)).not.toBeNull();
    expect((await rebuildJournalViews(b.views, demo, { logger: b.deps.logger })).status).toBe('busy');
    // The other journal is not held up by it.
    expect((await rebuildJournalViews(b.views, chem, { logger: b.deps.logger })).status).toBe('done');
    // Once the lease lapses the rebuild goes on from the fifth article.
    let resumed: Awaited<ReturnType<typeof rebuildJournalViews>> | undefined;
    await eventually(async () => {
      resumed = await rebuildJournalViews(b.views, demo, { logger: b.deps.logger, batch: 2 });
      expect(resumed.status).toBe('done');
    }, 30_000);
    expect(resumed!.written).toBe(first.articles - 4);
    await a.publisher.announceAll(demo);
    expect(await readerView(a, demo)).toEqual(before);
  });
});

describe('a writer that died holding the journal\'s lock', () => {
  test('the rebuild answers busy (never throws) until the lock expires, then runs', async () => {
    const before = await readerView(a, demo);
    // The views lock of a process killed mid-write: held until its expiry, past a writer's wait.
    await a.deps.redis.set(viewsLockKey(a.config.REDIS_PREFIX, demo), 'a process that died', 'PX', 12_000);
    expect((await rebuildJournalViews(b.views, demo, { logger: b.deps.logger })).status).toBe('busy');
    // Its lease was given back: once the lock lapses the next run does the work.
    await eventually(async () => {
      expect((await rebuildJournalViews(b.views, demo, { logger: b.deps.logger })).status).toBe('done');
    }, 30_000);
    await a.publisher.announceAll(demo);
    expect(await readerView(a, demo)).toEqual(before);
  });
});

describe('articles added and removed during a rebuild', () => {
  test('the rebuild ends with both: the added one is served, the removed one is gone, nothing else changed', async () => {
    const token = staffToken(demo);
    const pdf = await makePdf('added during a rebuild');
    const articles = (await a.repos.articles.list(demo)).filter(isPublicArticle);
    const removed = articles[articles.length - 1]!;
    const host = articles[0]!;
    const before = await readerView(a, demo);
    const r = await rebuildWithWriteDuring(a, demo, async () => {
      // Through the admin API of the other replica, as an editor working during the rebuild would.
      let req = request(b.url).post('/api/admin/archives/').set({ 'x-journal-id': demo, authorization: `Bearer ${token}` });
      const fields = {
        year: String(host.year), volume: String(host.volume), issue: String(host.issue), refnumber: '7700', title: 'Added during the rebuild',
        authorname: 'R. Author', abstract: '<p>Abstract</p>', keywords: 'rebuild', pagenumber: '900-901', subject: 'Testing', country: 'India',
        email: 'r@example.org', mobile: '', txnid: 'TXN7700', ptype: 'paid', publishdate: `${host.year}-01-10`,
      };
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      const created = await req.attach('pdfFile', pdf, { filename: 'p.pdf', contentType: 'application/pdf' });
      expect(created.status).toBe(201);
      await b.repos.articles.remove(demo, removed.id);
      await b.publisher.changed(demo, [{ t: 'article', id: removed.id }]);
    });
    expect(r.status).toBe('done');
    await a.publisher.announceAll(demo);
    const after = await readerView(a, demo);
    expect(after['7700']).toEqual([200, 'Added during the rebuild']);
    expect((await pub(a, demo, `/api/archives/ref/${removed.refnumber}`)).status).toBe(404);
    const issue = (await pub(b, demo, `/api/archives/${host.year}/${host.volume}/${host.issue}`).expect(200)).body as { refnumber: string }[];
    expect(issue.map((x) => x.refnumber)).toContain('7700');
    expect(issue.map((x) => x.refnumber)).not.toContain(removed.refnumber);
    // Every other article reads as before.
    const { [removed.refnumber]: _gone, ...rest } = before;
    const { '7700': _added, ...others } = after;
    expect(others).toEqual(rest);
  });
});

describe('an article view that fails its schema', () => {
  test('is built again on read: the right article, never a 500, never another journal', async () => {
    const art = (await a.repos.articles.list(demo)).find(isPublicArticle)!;
    const good = (await pub(a, demo, `/api/archives/ref/${art.refnumber}`).expect(200)).body as unknown;
    for (const json of ['not json', '{"title":7}', JSON.stringify({ ...(good as object), title: 'From a broken view', journalId: chem })]) {
      await a.views.repo.put([{ id: viewId.article(demo, art.refnumber), journalId: chem, json, rev: 0 }]);
      await a.publisher.announceAll(demo);
      const r = await pub(b, demo, `/api/archives/ref/${art.refnumber}`);
      expect({ json, status: r.status, title: r.body.title }).toEqual({ json, status: 200, title: art.title });
      // The other journal never answers it.
      expect((await pub(b, chem, `/api/archives/ref/${art.refnumber}`)).status).toBe(404);
    }
  });
});

import request from 'supertest';
import { createLogger } from '@journal/server-kit';
import { eventually, staffToken } from '@journal/testing';
import { SearchRepo } from '../src/search/search.repo';
import { offlineViews } from '../src/views-offline';
import { rebuildJournalViews } from '../src/views/views-rebuild';
import { makePdf, startContent, startDemoReplicas, stopContent, type TestContentApp } from './helpers';

// Seeds a demo database and starts three replicas: slow on a shared machine.
jest.setTimeout(240_000);

/**
 * The search store as the service runs it: admin writes on `a` are persisted into the journal's
 * search index and read back by `b`, which holds the journal; `c` starts with nothing held.
 */
type App = TestContentApp;
let a: App;
let b: App;
let c: App;
let demo: string;
let chem: string;
let token: string;
let pdf: Buffer;
let repo: SearchRepo;

const NEVER = 3_600_000;
const OLD = new Date().getUTCFullYear() - 45;

interface Hit {
  id: string;
  title: string;
  status?: string;
}
const publicSearch = async (app: App, journalId: string, k: string): Promise<Hit[]> =>
  (await request(app.url).get('/api/search').query({ keyword: k }).set('x-journal-id', journalId).expect(200)).body as Hit[];
const adminSearch = async (app: App, journalId: string, q: string, as = token): Promise<Hit[]> =>
  (await request(app.url).get('/api/admin/search').query({ q }).set({ 'x-journal-id': journalId, authorization: `Bearer ${as}` }).expect(200)).body as Hit[];
const titles = (hits: Hit[]) => hits.map((h) => h.title);

const articleForm = (path: string, ref: string, over: Record<string, string> = {}) => {
  let req = request(a.url).post(path).set({ 'x-journal-id': demo, authorization: `Bearer ${token}` });
  const fields: Record<string, string> = {
    year: String(OLD), volume: '1', issue: '2', refnumber: ref, title: `Zebu grazing ${ref}`, authorname: 'Q. Quokka',
    abstract: '<p>Pastures of the zebu.</p>', keywords: 'zebu', pagenumber: '3-9', subject: 'Testing', country: 'India', email: 'z@example.org',
    mobile: '', txnid: `TXNZ${ref}`, ptype: 'paid', publishdate: `${OLD}-02-10`, ...over,
  };
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  return req.attach('pdfFile', pdf, { filename: 'z.pdf', contentType: 'application/pdf' });
};

/** Log lines of one level of an app's logger while `run` lasts. */
async function logged(app: App, level: 'info' | 'warn', run: () => Promise<void>): Promise<string[]> {
  const logger = app.deps.logger;
  const original = logger[level];
  const lines: string[] = [];
  logger[level] = ((...args: unknown[]) => {
    lines.push(args.map((x) => (typeof x === 'string' ? x : '')).join(''));
  }) as typeof original;
  try {
    await run();
  } finally {
    logger[level] = original;
  }
  return lines;
}

beforeAll(async () => {
  const started = await startDemoReplicas({ CACHE_VERSION_POLL_MS: NEVER }, { CACHE_VERSION_POLL_MS: NEVER });
  [a, b] = started.apps;
  demo = started.journalId('demo');
  chem = started.journalId('chem');
  token = staffToken(demo);
  pdf = await makePdf('search replicas');
  repo = new SearchRepo(a.conn);
  const issue = await a.repos.issues.ensure(demo, { year: OLD, volume: 1, issue: 2, frequency: 'march' });
  await a.publisher.changed(demo, [{ t: 'issue', id: issue.id }]);
});
afterAll(async () => {
  await b?.stop();
  await c?.stop();
  await stopContent(a);
});

test('the demo seed builds each journal its search index, read by a replica without rebuilding', async () => {
  expect(await repo.head(demo)).not.toBeNull();
  expect(await repo.head(chem)).not.toBeNull();
  const lines = await logged(b, 'info', async () => {
    expect((await publicSearch(b, demo, 'drip irrigation')).length).toBeGreaterThan(0);
  });
  expect(lines.filter((l) => l.startsWith('search index'))).toEqual([]);
  expect(b.search.holds(demo)).toBe(true);
});

test('a write on one replica is found by a search on another, which reads it from the index, not the articles', async () => {
  expect(await publicSearch(b, demo, 'zebu')).toEqual([]);
  expect(b.search.holds(demo)).toBe(true);
  const created = (await articleForm('/api/admin/archives/', '8800').expect(201)).body as Hit;
  // The writer answers its own write at once.
  expect(titles(await publicSearch(a, demo, 'zebu'))).toEqual(['Zebu grazing 8800']);
  const articleReads: string[] = [];
  b.conn.set('debug', (collection: string, method: string) => {
    if (collection === 'articles') articleReads.push(method);
  });
  try {
    await eventually(async () => expect(titles(await publicSearch(b, demo, 'zebu'))).toEqual(['Zebu grazing 8800']));
    expect((await adminSearch(b, demo, 'txnz8800')).map((h) => h.id)).toEqual([created.id]);
  } finally {
    b.conn.set('debug', false);
  }
  // b patched the journal it holds from the persisted chunk: it never read the articles.
  expect(articleReads).toEqual([]);
  expect(b.search.holds(demo)).toBe(true);

  // Renamed, then withdrawn on a: gone from b's public search, still in its admin search under its new title.
  await articleForm(`/api/archives/${created.id}`, '8800', { title: 'Zebu grazing renamed' }).expect(200);
  await eventually(async () => expect(titles(await publicSearch(b, demo, 'zebu'))).toEqual(['Zebu grazing renamed']));
  await request(a.url).post(`/api/admin/articles/${created.id}/withdraw`).set({ 'x-journal-id': demo, authorization: `Bearer ${token}` }).send({ kind: 'withdrawn', reason: 'Duplicate publication' }).expect(200);
  await eventually(async () => expect(await publicSearch(b, demo, 'zebu')).toEqual([]));
  expect((await adminSearch(b, demo, 'zebu grazing renamed')).map((h) => h.id)).toEqual([created.id]);
  expect(await adminSearch(b, demo, 'zebu grazing 8800')).toEqual([]);
  await request(a.url).post(`/api/admin/articles/${created.id}/restore`).set({ 'x-journal-id': demo, authorization: `Bearer ${token}` }).expect(200);

  // Restored and renamed; a replica started now loads the persisted index (no rebuild) and finds it.
  await articleForm(`/api/archives/${created.id}`, '8800', { title: 'Zebu grazing back' }).expect(200);
  c = await startContent({ MONGO_DB: a.config.MONGO_DB, REDIS_PREFIX: a.config.REDIS_PREFIX, CACHE_VERSION_POLL_MS: NEVER });
  const lines = await logged(c, 'info', async () => {
    expect(titles(await publicSearch(c, demo, 'zebu'))).toEqual(['Zebu grazing back']);
  });
  expect(lines.filter((l) => l.startsWith('search index'))).toEqual([]);
  await eventually(async () => expect(titles(await publicSearch(b, demo, 'zebu'))).toEqual(['Zebu grazing back']));
});

test("another journal's host never finds these articles, publicly or in its admin search", async () => {
  expect((await publicSearch(b, demo, 'zebu')).length).toBe(1);
  expect(await publicSearch(b, chem, 'zebu')).toEqual([]);
  expect(await publicSearch(a, chem, 'zebu grazing')).toEqual([]);
  expect(await adminSearch(b, chem, 'zebu', staffToken(chem))).toEqual([]);
  expect(await adminSearch(b, chem, 'txnz8800', staffToken(chem))).toEqual([]);
  // A staff token of one journal does not search another.
  expect([401, 403]).toContain((await request(b.url).get('/api/admin/search').query({ q: 'zebu' }).set({ 'x-journal-id': demo, authorization: `Bearer ${staffToken(chem)}` })).status);
});

test('a journal whose index is missing or bad answers right, rebuilt from its articles with a log line', async () => {
  const want = titles(await publicSearch(a, demo, 'drip'));
  expect(want.length).toBeGreaterThan(0);
  // No index at all.
  await repo.removeHead(demo);
  b.search.evict(demo);
  const missing = await logged(b, 'info', async () => {
    expect(titles(await publicSearch(b, demo, 'drip'))).toEqual(want);
  });
  expect(missing).toContain('search index missing: building it from the articles');
  expect(await repo.head(demo)).not.toBeNull();
  // A chunk that is not brotli of JSON.
  const head = (await repo.head(demo))!;
  const [d, p] = head.chunks[0]!;
  const id = `${demo}:${head.g}:${d}:${p}`;
  await a.conn.db!.collection<{ _id: string }>(repo.chunks.collectionName).updateOne({ _id: id }, { $set: { z: 'spoilt' } });
  c.search.evict(demo);
  const bad = await logged(c, 'warn', async () => {
    expect((await adminSearch(c, demo, 'zebu grazing back')).length).toBe(1);
    expect(titles(await publicSearch(c, demo, 'drip'))).toEqual(want);
  });
  expect(bad).toContain('search index document bad: rebuilding the journal from its articles');
  expect((await repo.head(demo))!.g).not.toBe(head.g);
});

test('`jp views rebuild` rebuilds the index from the articles as stored; replicas holding it load the new one', async () => {
  expect(b.search.holds(demo)).toBe(true);
  // Stored straight in the database, as an import would: no write path saw it.
  const straight = await a.repos.articles.create(demo, { year: OLD, volume: 1, issue: 2, refnumber: '8801', title: 'Okapi browsing', txnid: 'TXN8801', pagenumber: '10-11', status: 'enabled' });
  expect(await publicSearch(b, demo, 'okapi')).toEqual([]);
  const before = (await repo.head(demo))!.g;
  const { store, publisher } = await offlineViews(a.conn, a.deps.redis, a.config.REDIS_PREFIX, createLogger('test', 'silent'));
  expect((await rebuildJournalViews(store, demo, { logger: createLogger('test', 'silent') })).status).toBe('done');
  await publisher.announceAll(demo);
  expect((await repo.head(demo))!.g).not.toBe(before);
  await eventually(async () => expect((await publicSearch(b, demo, 'okapi')).map((h) => h.id)).toEqual([straight.id]));
  expect((await adminSearch(b, demo, 'txn8801')).map((h) => h.id)).toEqual([straight.id]);
});

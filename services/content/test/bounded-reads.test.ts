/**
 * What a request makes the database read, from the database's own statistics: each request path
 * of the content service is sent once against a journal of JOURNAL_ARTICLES articles, and the rows
 * PostgreSQL read for it (pg_stat_user_tables: seq_tup_read + idx_tup_fetch, over the test
 * database's tables) must stay under a bound far below the journal's size. A path that reads a
 * whole collection, or every article of a journal, fails here whatever the machine's speed
 * (docs/operations.md#the-database). Needs FerretDB on PostgreSQL (PG_URL in .data/servers.env,
 * which scripts/provision.sh servers writes).
 */
import { execFileSync } from 'node:child_process';
import request from 'supertest';
import { modelledPause, staffHeaders, staffToken, testServers, uniqueName } from '@journal/testing';
import { seedPublisher } from '../src/seed/publisher';
import { JournalRepo } from '../src/journals/journal.repo';
import { articleCollectionOf } from '../src/archives/article-collections';
import { startContent, stopContent, type TestContentApp } from './helpers';

jest.setTimeout(600_000);

const JOURNAL_ARTICLES = 3000;
/** Rows a request may make PostgreSQL read: a page, an issue, a few view and state documents. */
const BOUND = 150;
/**
 * PostgreSQL publishes a backend's counters once it is idle and its last report is a second old,
 * else after ten seconds idle: each request is read after that.
 */
const STATS_DELAY_MS = 11_000;

const dbName = uniqueName('bounded');

function pg(sql: string): string {
  const url = process.env.PG_URL;
  if (!url) throw new Error('PG_URL is not set: this test reads PostgreSQL statistics (bash scripts/provision.sh servers runs FerretDB on PostgreSQL)');
  return execFileSync('psql', [url, '-tAX', '-c', sql], { encoding: 'utf8' }).trim();
}

/** Rows read so far from each of the test database's tables (FerretDB keeps each database in a schema). */
const rowsRead = (): Map<string, number> =>
  new Map(
    pg(`SELECT relname, seq_tup_read + coalesce(idx_tup_fetch, 0) FROM pg_stat_user_tables WHERE schemaname = '${dbName}' AND relname <> '_ferretdb_database_metadata'`)
      .split('\n')
      .filter(Boolean)
      .map((l) => [l.slice(0, l.lastIndexOf('|')), Number(l.slice(l.lastIndexOf('|') + 1))]),
  );

let app: TestContentApp;
let J: string;
let as: Record<string, string>;

beforeAll(async () => {
  const { mongoUrl, redisUrl } = testServers();
  await seedPublisher({ mongoUrl, dbName, journals: 2, articles: JOURNAL_ARTICLES * 2, worklogEntries: 0, redisUrl, redisPrefix: `${dbName}:` });
  app = await startContent({ MONGO_DB: dbName, REDIS_PREFIX: `${dbName}:` });
  J = (await new JournalRepo(app.conn).findBySlug('pub-0001'))!.id;
  as = staffHeaders(J, staffToken(J));
});
afterAll(() => stopContent(app));

/** The rows PostgreSQL read for one request, in all (the tables read from are printed). */
async function readFor(name: string, send: () => Promise<request.Response>): Promise<number> {
  await modelledPause(STATS_DELAY_MS, 'counters of earlier requests published');
  const before = rowsRead();
  const res = await send();
  expect(res.status).toBe(200);
  await modelledPause(STATS_DELAY_MS, "this request's counters published");
  const by = [...rowsRead()].map(([t, n]) => [t, n - (before.get(t) ?? 0)] as const).filter(([, n]) => n > 0);
  const total = by.reduce((s, [, n]) => s + n, 0);
  console.log(`[bounded reads] ${name}: ${total} rows (${by.map(([t, n]) => `${t.replace(/_[0-9a-f]{8}$/, '')} ${n}`).join(', ') || 'none'})`);
  return total;
}

const pub = (path: string) => () => request(app.url).get(path).set('x-journal-id', J);
const staff = (path: string) => () => request(app.url).get(path).set(as);

test('the statistics see a read of the whole journal (the check can fail)', async () => {
  const read = await readFor('a whole journal, read on purpose', async () => {
    await app.conn.db!.collection(await articleCollectionOf(app.conn.db!, J)).find({}).toArray();
    return { status: 200 } as request.Response;
  });
  expect(read).toBeGreaterThan(BOUND);
});

describe.each([
  // Counted in the journal's head view (HeadView.counts), not from the articles.
  ['admin issue list', staff('/api/admin/archives/')],
  ['admin dashboard counts', staff('/api/admin')],
  ['public issue list', pub('/api/archives/1990/1/1')],
  ['public article', pub('/api/archives/ref/100021')],
  ['public search', pub('/api/search?keyword=quantum')],
  ['public archive index', pub('/api/archives')],
  ['admin issue articles', staff('/api/admin/archives/2000/11/2')],
  ['admin search', staff('/api/admin/search?q=quantum')],
])('%s', (name, send) => {
  test(`reads at most ${BOUND} rows`, async () => {
    const read = await readFor(name, send);
    expect(read).toBeLessThanOrEqual(BOUND);
  });
});

test(`an article update reads at most ${BOUND} rows`, async () => {
  const a = (await app.deps.repos.articles.findByRef(J, '100421'))!;
  const read = await readFor('article update', () => {
    let req = request(app.url).post(`/api/archives/${a.id}`).set(as);
    const fields: Record<string, string> = {
      year: String(a.year), volume: String(a.volume), issue: String(a.issue), refnumber: a.refnumber, title: a.title, authorname: a.authorname ?? '',
      abstract: `${a.abstract ?? ''} Revised.`, pagenumber: a.pagenumber ?? '', email: a.email ?? '', txnid: a.txnid ?? '', ptype: a.ptype ?? 'paid',
      publishdate: String(a.publishdate ?? '').slice(0, 10), subject: a.subject ?? '',
    };
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req;
  });
  expect(read).toBeLessThanOrEqual(BOUND);
});

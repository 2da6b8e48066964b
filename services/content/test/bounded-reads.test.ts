/**
 * What a request makes the database read, from the database's own statistics: each request path
 * of the content service is sent once against a journal of JOURNAL_ARTICLES articles, and the rows
 * PostgreSQL handed FerretDB for it (the documents FerretDB decodes) must stay under a bound far
 * below the journal's size. A path that reads a whole collection, or every article of a journal,
 * fails here whatever the machine's speed (docs/operations.md#the-database). Every content route
 * of the staff route table is sent (a test fails when one is added without a probe here), with the
 * public reads and the article writes. Needs FerretDB on PostgreSQL (PG_URL in .data/servers.env,
 * which scripts/provision.sh servers writes).
 *
 * The counts come from pg_stat_statements where the cluster loads it (provisioning does: rows and
 * buffers of each statement, read at once), else from pg_stat_user_tables (rows read per table,
 * which a backend publishes only once idle for up to ten seconds: each request then waits that long).
 * A request's count is read once the app, which runs in this process, has no database or Redis
 * command under way and nothing deferred of the request (settle), so work the request leaves
 * running after its answer is its own.
 */
import { execFileSync } from 'node:child_process';
import Redis from 'ioredis';
import request from 'supertest';
import { staffRoutes } from '@journal/contracts';
import { markRecentAuth, modelledPause, newObjectId, staffHeaders, staffToken, testServers, uniqueName } from '@journal/testing';
import { seedPublisher } from '../src/seed/publisher';
import { JournalRepo } from '../src/journals/journal.repo';
import { articleCollectionOf } from '../src/archives/article-collections';
import type { Article } from '../src/archives/article.repo';
import { SubmissionRepo } from '../src/submissions/submission.repo';
import { assetPath } from '../src/files/file-store';
import { FEED_SIZE } from '../src/feeds/feed.routes';
import { OAI_PAGE_SIZE } from '../src/seo/oai';
import { makePdf, startContent, stopContent, type TestContentApp } from './helpers';

jest.setTimeout(1_800_000);

const JOURNAL_ARTICLES = 8000;
/**
 * Rows a request may make PostgreSQL hand FerretDB: an issue's articles (20 in the seed, read twice
 * by the add form's checks), a few view and state documents. Below the seed's 150 issues, so a path
 * that reads a document per issue fails too.
 */
const BOUND = 100;
/**
 * Shared buffers a request may touch (pg_stat_statements only): its rows' pages, index pages, TOAST,
 * and what its writes update, at most half of what one scan of the journal's article table touches
 * (its pages, read by the first test: some 3,200 for the seed's 16,000 articles). A scan of the
 * journal fails here even where it hands FerretDB few rows; an article add or save touches
 * 400 to 1,300 (every view, search chunk and index entry it rewrites).
 */
let blocksBound = 0;
/** The feeds: a view and a file's entry for each of their newest articles, and a few views more. */
const FEED_BOUND = 2 * FEED_SIZE + 10;
/** Without pg_stat_statements: a backend publishes its counters once idle, at most ten seconds later. */
const STATS_DELAY_MS = 11_000;

const dbName = uniqueName('bounded');

function pg(sql: string): string {
  const url = process.env.PG_URL;
  if (!url) throw new Error('PG_URL is not set: this test reads PostgreSQL statistics (bash scripts/provision.sh servers runs FerretDB on PostgreSQL)');
  return execFileSync('psql', [url, '-tAX', '-c', sql], { encoding: 'utf8' }).trim();
}

/** What PostgreSQL has read so far for the test database, per table (FerretDB keeps each database in a schema). */
interface Reads {
  rows: Map<string, number>;
  blocks: number;
  /** Buffers per statement (pg_stat_statements only): printed when a request passes the bound. */
  byStatement: Map<string, number>;
  /**
   * How often pg_stat_statements has dropped its least used entries to make room (full of the
   * other tests' statements): a count read across a drop may be short.
   */
  drops: number;
}

interface Meter {
  name: string;
  read(): Reads;
  /** Until what was read so far is counted. */
  settle(): Promise<void>;
}

const rowsOf = (out: string) =>
  new Map(
    out
      .split('\n')
      .filter(Boolean)
      .map((l) => [l.slice(0, l.lastIndexOf('|')), Number(l.slice(l.lastIndexOf('|') + 1))] as const),
  );

/** One turn of the event loop: what the app had ready (answers read, callbacks queued) has run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Whether the app (in this process) has a database or Redis command under way: its MongoDB
 * client's connection check-outs not yet checked back in (the driver's pool events, counted from
 * here on), and its Redis client's commands not yet answered. When this test's code runs, the
 * app's does not: work it left after an answer is then waiting on one of these, queued behind
 * this turn of the loop, or put off by a timer (its periodic jobs, not the request's).
 */
function appActivity(a: TestContentApp): { busy: () => boolean; dbBusy: () => boolean; returned: () => Promise<void> } {
  const client = a.conn.getClient();
  // Check-outs asked for and not yet handed a connection; connections handed out and not yet back.
  let asked = 0;
  const out = new Set<string>();
  const waiting: (() => void)[] = [];
  const back = () => {
    for (const w of waiting.splice(0)) w();
  };
  type PoolEvent = { address: string; connectionId: number | string };
  const conn = (e: PoolEvent) => `${e.address}/${e.connectionId}`;
  client.on('connectionCheckOutStarted', () => asked++);
  client.on('connectionCheckedOut', (e: PoolEvent) => {
    asked = Math.max(0, asked - 1);
    out.add(conn(e));
  });
  client.on('connectionCheckOutFailed', () => {
    asked = Math.max(0, asked - 1);
    back();
  });
  client.on('connectionCheckedIn', (e: PoolEvent) => {
    out.delete(conn(e));
    back();
  });
  const redis = a.deps.redis as unknown as { commandQueue: { length: number } };
  const dbBusy = () => asked > 0 || out.size > 0;
  return {
    busy: () => dbBusy() || redis.commandQueue.length > 0,
    dbBusy,
    returned: () => new Promise<void>((resolve) => void waiting.push(resolve)),
  };
}

/**
 * Until the app has nothing of the requests so far under way: the hits it holds for the usage
 * counts pushed (the push it would make on its timer), then two turns of the loop in a row with no
 * command under way (a step put off to the next turn, or a timer already due, runs in between).
 */
async function appIdle(a: TestContentApp, activity: ReturnType<typeof appActivity>): Promise<void> {
  await a.stats.push();
  for (let quiet = 0; quiet < 2; ) {
    // A database command: until a connection comes back (a Redis one answers within a turn or a few).
    if (activity.dbBusy()) await activity.returned();
    else await turn();
    quiet = activity.busy() ? 0 : quiet + 1;
  }
}

/** Settles tried before the count is taken as never settling (something outside the app keeps reading). */
const SETTLE_ROUNDS = 1000;

/** pg_stat_statements: counted as each statement ends. FerretDB names every table as "schema"."table". */
function statementsMeter(a: TestContentApp): Meter | null {
  if (!pg("SELECT current_setting('shared_preload_libraries')").includes('pg_stat_statements')) return null;
  pg('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const mine = `query LIKE '%"${dbName}".%' AND query NOT LIKE '%_ferretdb_database_metadata%'`;
  const calls = () => pg(`SELECT coalesce(sum(calls), 0) FROM pg_stat_statements WHERE ${mine}`);
  const activity = appActivity(a);
  return {
    name: 'pg_stat_statements',
    read: () => {
      const byStatement = rowsOf(pg(`SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 200), sum(shared_blks_hit + shared_blks_read) FROM pg_stat_statements WHERE ${mine} GROUP BY 1`));
      return {
        rows: rowsOf(pg(`SELECT substring(query from '"${dbName}"\\."([^"]+)"'), sum(rows) FROM pg_stat_statements WHERE ${mine} GROUP BY 1`)),
        blocks: [...byStatement.values()].reduce((s, n) => s + n, 0),
        byStatement,
        drops: Number(pg('SELECT dealloc FROM pg_stat_statements_info')),
      };
    },
    // A statement is counted when it ends (before FerretDB answers), and a request may leave work
    // running after its answer (a search chunk written, its hits pushed): its count is read once
    // the app is idle and the statements' count is the same at two idle points in a row.
    settle: async () => {
      let seen = calls();
      for (let round = 0; round < SETTLE_ROUNDS; round++) {
        await appIdle(a, activity);
        const now = calls();
        if (now === seen) return;
        seen = now;
      }
      throw new Error(`statements of ${dbName} kept arriving with the app idle (${SETTLE_ROUNDS} rounds)`);
    },
  };
}

/** pg_stat_user_tables: rows read (sequential and by index) per table, published by idle backends. */
const tablesMeter: Meter = {
  name: 'pg_stat_user_tables',
  read: () => ({
    rows: rowsOf(
      pg(`SELECT relname, seq_tup_read + coalesce(idx_tup_fetch, 0) FROM pg_stat_user_tables WHERE schemaname = '${dbName}' AND relname <> '_ferretdb_database_metadata'`),
    ),
    blocks: 0,
    byStatement: new Map(),
    drops: 0,
  }),
  settle: () => modelledPause(STATS_DELAY_MS, 'counters of the requests so far published'),
};

let meter: Meter;
let app: TestContentApp;
let J: string;
let as: Record<string, string>;
let article: Article;
let pdf: Buffer;
/** A stored PDF of the seed's (each seeded article has one), read cold by a reader. */
let pdfPath: string;

beforeAll(async () => {
  const { mongoUrl, redisUrl } = testServers();
  await seedPublisher({ mongoUrl, dbName, journals: 2, articles: JOURNAL_ARTICLES * 2, worklogEntries: 0, redisUrl, redisPrefix: `${dbName}:` });
  // The sweep of unfinished article adds and file writes (admin/pending-sweep.setup.ts) runs 30 s
  // after start, in whichever request's count is open then. It is no request's, so the test holds
  // its lock while requests are counted, as a replica sweeping then would: the app skips its turns.
  const redis = new Redis(redisUrl);
  await redis.set(`${dbName}:content:pending-articles-sweep`, 'bounded-reads', 'PX', 3_600_000);
  redis.disconnect();
  app = await startContent({ MONGO_DB: dbName, REDIS_PREFIX: `${dbName}:` });
  J = (await new JournalRepo(app.conn).findBySlug('pub-0001'))!.id;
  const token = staffToken(J);
  as = staffHeaders(J, token);
  // The routes that ask for a recent password (DOI settings, SUSHI customers, Crossref credentials) are probed past that check.
  await markRecentAuth(`${dbName}:`, token);
  article = (await app.deps.repos.articles.findByRef(J, '100421'))!;
  pdf = await makePdf('Bounded reads');
  const [first] = (await app.deps.repos.articles.listByIssue(J, { year: 1990, volume: 1, issue: 1 })).filter((a) => a.file);
  pdfPath = assetPath.article(first!.year, first!.volume, first!.issue, first!.file);
  meter = statementsMeter(app) ?? tablesMeter;
  console.log(`[bounded reads] counted from ${meter.name}`);
});
afterAll(() => stopContent(app));

/** The rows (and buffers) PostgreSQL read for one request, in all (the tables read from are printed). */
let last: Reads | undefined;
async function readFor(name: string, send: () => Promise<{ status: number }>): Promise<{ rows: number; blocks: number; status: number; top: string; short: boolean }> {
  // What the last request's settled count holds is this one's start: nothing else reads meanwhile.
  if (!last) await meter.settle();
  const before = last ?? meter.read();
  const res = await send();
  await meter.settle();
  const after = (last = meter.read());
  const by = [...after.rows].map(([t, n]) => [t, n - (before.rows.get(t) ?? 0)] as const).filter(([, n]) => n > 0);
  const rows = by.reduce((s, [, n]) => s + n, 0);
  const blocks = after.blocks - before.blocks;
  const top = [...after.byStatement]
    .map(([q, n]) => [q, n - (before.byStatement.get(q) ?? 0)] as const)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 5)
    .map(([q, n]) => `${n} buffers: ${q}`)
    .join('\n');
  const short = after.drops !== before.drops;
  console.log(
    `[bounded reads] ${name}: ${res.status}, ${rows} rows${meter === tablesMeter ? '' : `, ${blocks} buffers`} (${by.map(([t, n]) => `${t.replace(/_[0-9a-f]{8}$/, '')} ${n}`).join(', ') || 'none'})${short ? ', pg_stat_statements dropped entries meanwhile: may be short' : ''}`,
  );
  return { rows, blocks, status: res.status, top, short };
}

/** Times a request is sent again while pg_stat_statements dropped entries during its count. */
const SHORT_TRIES = 10;

/**
 * readFor, the request sent again (the same route and body) while pg_stat_statements dropped
 * entries during its count: a count read across a drop may be short, and a bound met by it says nothing.
 */
async function countedFor(name: string, send: () => Promise<{ status: number }>): Promise<Awaited<ReturnType<typeof readFor>>> {
  let read = await readFor(name, send);
  for (let tries = 1; read.short && tries < SHORT_TRIES; tries++) read = await readFor(`${name} (again)`, send);
  return read;
}

function expectBounded(r: { rows: number; blocks: number; status: number; top: string; short: boolean }, bound = BOUND) {
  expect(r.status).toBeLessThan(500);
  // Every count was read across a drop of pg_stat_statements' entries: unchecked, which fails.
  expect(r.short).toBe(false);
  expect(r.rows).toBeLessThanOrEqual(bound);
  if (meter.name === 'pg_stat_statements') expect(blocksBound).toBeGreaterThan(0);
  if (r.blocks > blocksBound && blocksBound > 0) console.log(`[bounded reads] over ${blocksBound} buffers, the statements that touched most:\n${r.top}`);
  expect(r.blocks).toBeLessThanOrEqual(Math.max(blocksBound, 0));
}

const pub = (path: string) => () => request(app.url).get(path).set('x-journal-id', J);
const staff = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: object) => () => {
  const r = request(app.url)[method](path).set(as);
  return body ? r.send(body) : r;
};

/** The edit form sent back with one field changed (the admin's save). */
function articleForm(a: Article, changes: Record<string, string>) {
  const fields: Record<string, string> = {
    year: String(a.year), volume: String(a.volume), issue: String(a.issue), refnumber: a.refnumber, title: a.title, authorname: a.authorname ?? '',
    abstract: a.abstract ?? '', pagenumber: a.pagenumber ?? '', email: a.email ?? '', txnid: a.txnid ?? '', ptype: a.ptype ?? 'paid',
    publishdate: String(a.publishdate ?? '').slice(0, 10), subject: a.subject ?? '', ...changes,
  };
  return fields;
}

test('the statistics see a read of the whole journal (the check can fail)', async () => {
  // Read again (it changes nothing) while pg_stat_statements dropped entries during the read: its
  // count, short then (0 rows once), says nothing of what the statistics see.
  const read = await countedFor('a whole journal, read on purpose', async () => {
    await app.conn.db!.collection(await articleCollectionOf(app.conn.db!, J)).find({}).toArray();
    return { status: 200 };
  });
  expect(read.rows).toBeGreaterThan(BOUND);
  // From the table's own size, not from this read's count, which came out short once with the
  // machine busy (2,057 of its 3,201 pages; pg_stat_statements had dropped least used entries, as it
  // does when full of the other tests' and benches' statements): the bound then fell under what an
  // article add touches.
  if (meter.name !== 'pg_stat_statements') return;
  const table = `^${await articleCollectionOf(app.conn.db!, J)}_[0-9a-f]{8}$`;
  const pages = Number(
    pg(`SELECT coalesce(sum(pg_relation_size(c.oid) + coalesce(pg_relation_size(NULLIF(c.reltoastrelid, 0)), 0)), 0) / 8192 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = '${dbName}' AND c.relkind = 'r' AND c.relname ~ '${table}'`),
  );
  expect(pages).toBeGreaterThan(BOUND);
  blocksBound = Math.floor(pages / 2);
});

/**
 * Every content route of the staff route table (packages/contracts roles.ts), each with the
 * request it is probed by: a route added to the table without one fails the first test below.
 * Ids of things the seed does not make (submissions, reviewers, customers) are unknown ids: their
 * lookups are as bounded as a found one's, and the point is that no route reads the journal.
 */
const unknown = newObjectId();
const ISSUE = '1990/1/1';
const staffProbes: Record<string, () => () => Promise<{ status: number }>> = {
  dashboard: () => staff('get', '/api/admin'),
  createIssue: () => staff('post', '/api/admin/create-issue', { year: 2095, volume: 95, issue: 1, frequency: 'May' }),
  issues: () => staff('get', '/api/admin/archives/?limit=100'),
  createArticle: () => async () => {
    let r = request(app.url).post('/api/admin/archives/').set(as);
    const f = { year: '2095', volume: '95', issue: '1', refnumber: '990001', title: 'Bounded reads add', authorname: 'Asha Rao', abstract: '<p>A</p>', pagenumber: '1-4', email: 'a@b.org', txnid: 'BR990001', ptype: 'paid', publishdate: '2095-01-02' };
    for (const [k, v] of Object.entries(f)) r = r.field(k, v);
    return r.attach('pdfFile', pdf, { filename: 'a.pdf', contentType: 'application/pdf' });
  },
  issueArticles: () => staff('get', `/api/admin/archives/${ISSUE}`),
  article: () => staff('get', `/api/admin/articles/${article.id}`),
  updateArticle: () => async () => {
    let r = request(app.url).post(`/api/archives/${article.id}`).set(as);
    for (const [k, v] of Object.entries(articleForm(article, { abstract: `${article.abstract ?? ''} Revised.` }))) r = r.field(k, v);
    return r;
  },
  withdrawArticle: () => staff('post', `/api/admin/articles/${article.id}/withdraw`, { kind: 'retracted', reason: 'Bounded reads' }),
  restoreArticle: () => staff('post', `/api/admin/articles/${article.id}/restore`, {}),
  search: () => staff('get', '/api/admin/search?q=quantum'),
  editors: () => staff('get', '/api/admin/editors'),
  editor: () => staff('get', `/api/admin/editors/${unknown}`),
  createEditor: () => async () => request(app.url).post('/api/editors').set(as).field('name', 'Bounded Editor').field('category', 'chief editor'),
  pinEditors: () => staff('post', '/api/editors/pin', { ids: [unknown], pinned: true }),
  updateEditor: () => staff('post', `/api/editors/${unknown}`, { status: 'enabled' }),
  doiSettings: () => staff('post', '/api/admin/doi-settings', { doi_prefix: '10.5555', doi_suffix_pattern: 'br.{year}.{refnumber}' }),
  settings: () => staff('post', '/api/settings', { websitename: 'Bounded Reads Journal' }),
  siteImage: () => async () => request(app.url).post('/api/settings/images/logo').set(as).attach('image', Buffer.from('not an image'), 'x.png'),
  indexing: () => staff('get', '/api/admin/indexing'),
  createIndexing: () => async () => request(app.url).post('/api/admin/indexing').set(as).field('name', 'Bounded Index').field('link', 'https://example.org'),
  reorderIndexing: () => staff('post', '/api/admin/indexing/reorder', { ids: [unknown] }),
  updateIndexing: () => staff('post', `/api/admin/indexing/${unknown}`, { name: 'x' }),
  removeIndexing: () => staff('delete', `/api/admin/indexing/${unknown}`),
  issueStats: () => staff('get', `/api/admin/stats/${ISSUE}`),
  edgeStatus: () => staff('get', '/api/admin/edge-status'),
  counterReport: () => staff('get', '/api/admin/counter/reports/tr_j1?begin_date=2024-01&end_date=2024-02'),
  sushiCustomers: () => staff('get', '/api/admin/counter/customers'),
  createSushiCustomer: () => staff('post', '/api/admin/counter/customers', { name: 'Bounded Library' }),
  updateSushiCustomer: () => staff('put', `/api/admin/counter/customers/${unknown}`, { name: 'x' }),
  removeSushiCustomer: () => staff('delete', `/api/admin/counter/customers/${unknown}`),
  crossrefExport: () => staff('post', `/api/admin/archives/${ISSUE}/crossref`, { refs: [article.refnumber] }),
  doajExport: () => staff('get', `/api/admin/archives/${ISSUE}/doaj.xml`),
  crossrefCredentials: () => staff('get', '/api/admin/crossref/credentials'),
  setCrossrefCredentials: () => staff('put', '/api/admin/crossref/credentials', { username: 'bounded', password: 'bounded-secret-1' }),
  removeCrossrefCredentials: () => staff('delete', '/api/admin/crossref/credentials'),
  crossrefDeposit: () => staff('post', '/api/admin/crossref/deposits', { year: 1990, volume: 1, issue: 1 }),
  crossrefDepositStates: () => staff('get', `/api/admin/crossref/deposits/${ISSUE}`),
  reviewers: () => staff('get', '/api/admin/reviewers'),
  createReviewer: () => staff('post', '/api/admin/reviewers', { name: 'Bounded Reviewer', email: 'reviewer@example.org' }),
  importReviewers: () => staff('post', '/api/admin/reviewers/import-board', {}),
  reviewer: () => staff('get', `/api/admin/reviewers/${unknown}`),
  updateReviewer: () => staff('put', `/api/admin/reviewers/${unknown}`, { name: 'x' }),
  removeReviewer: () => staff('delete', `/api/admin/reviewers/${unknown}`),
  reviewSettings: () => staff('get', '/api/admin/review-settings'),
  updateReviewSettings: () => staff('put', '/api/admin/review-settings', { reviewDays: 21 }),
  submissionReviews: () => staff('get', `/api/admin/submissions/${unknown}/reviews`),
  reviewerSuggestions: () => staff('get', `/api/admin/submissions/${unknown}/reviewer-suggestions`),
  inviteReviewers: () => staff('post', `/api/admin/submissions/${unknown}/reviews`, { reviewerIds: [unknown] }),
  reviewManuscript: () => staff('post', `/api/admin/submissions/${unknown}/review-manuscript`, {}),
  reviewConflict: () => staff('post', `/api/admin/submissions/${unknown}/review-conflicts`, {}),
  cancelReview: () => staff('post', `/api/admin/submissions/${unknown}/reviews/${unknown}/cancel`, {}),
  reassignReview: () => staff('post', `/api/admin/submissions/${unknown}/reviews/${unknown}/reassign`, { reviewerId: unknown }),
  reviewDueDate: () => staff('post', `/api/admin/submissions/${unknown}/reviews/${unknown}/due`, { dueDate: '2099-01-01' }),
  reviewFile: () => staff('get', `/api/admin/submissions/${unknown}/reviews/${unknown}/file`),
  reviewDecision: () => staff('post', `/api/admin/submissions/${unknown}/review-decision`, {}),
  reviewCertificates: () => staff('get', '/api/admin/reviews/certificates?year=2024'),
  crossrefSubmission: () => staff('get', `/api/admin/crossref/submissions/${unknown}`),
  mailSettings: () => staff('get', '/api/admin/mail-settings'),
  updateMailSettings: () => staff('put', '/api/admin/mail-settings', {}),
  submissionEmails: () => staff('get', `/api/admin/submissions/${unknown}/emails`),
  submissions: () => staff('get', '/api/admin/submissions'),
  submission: () => staff('get', `/api/admin/submissions/${unknown}`),
  submissionFile: () => staff('get', `/api/admin/submissions/${unknown}/files/${unknown}`),
  submissionDecision: () => staff('post', `/api/admin/submissions/${unknown}/decision`, {}),
  submissionPayment: () => staff('post', `/api/admin/submissions/${unknown}/payment`, {}),
  submissionSettings: () => staff('get', '/api/admin/submission-settings'),
  updateSubmissionSettings: () => staff('put', '/api/admin/submission-settings', {}),
  submissionPublish: () => staff('post', `/api/admin/submissions/${unknown}/publish`, {}),
};

const contentRoutes = Object.entries(staffRoutes)
  .filter(([, r]) => r.service === 'content')
  .map(([name]) => name);

test('every content route of the staff route table has a probe here', () => {
  expect(contentRoutes.filter((n) => !(n in staffProbes))).toEqual([]);
});

describe.each(contentRoutes.filter((n) => n in staffProbes).map((n) => [`${staffRoutes[n as keyof typeof staffRoutes].method} ${staffRoutes[n as keyof typeof staffRoutes].path} (${n})`, n] as const))(
  '%s',
  (label, name) => {
    test(`reads at most ${BOUND} rows`, async () => {
      expectBounded(await countedFor(label, staffProbes[name]!()));
    });
  },
);

/** The public reads (docs/product.md#api), citation files and preservation manifests, as a reader's first request after a write meets them. */
describe.each([
  ['public settings', pub('/api/settings/')],
  ['public editors', pub('/api/editors/')],
  ['public indexing', pub('/api/indexing/')],
  ['public archive index', pub('/api/archives')],
  ['public issue list', pub(`/api/archives/${ISSUE}`)],
  ['public article by reference', pub('/api/archives/ref/100021')],
  ['public article by id', () => request(app.url).get(`/api/archives/${article.id}`).set('x-journal-id', J)],
  ['public article stats', pub('/api/archives/ref/100021/stats')],
  ['public article JATS', pub('/api/archives/ref/100021/jats.xml')],
  ['public search', pub('/api/search?keyword=quantum')],
  ['citation, BibTeX', pub('/api/archives/ref/100021/cite.bib')],
  ['citation, RIS', pub('/api/archives/ref/100021/cite.ris')],
  ['citation, CSL JSON', pub('/api/archives/ref/100021/cite.json')],
  ['LOCKSS manifest index', pub('/lockss')],
  ['LOCKSS year manifest', pub('/lockss/1990')],
  ['a PDF, cold', () => request(app.url).get(pdfPath).set('x-journal-id', J)],
  ['robots.txt', pub('/robots.txt')],
  ['an unknown submission status', pub('/api/submissions/status/unknown-token')],
  ['an unknown review link', pub('/api/reviews/unknown-token')],
])('%s', (name, send) => {
  test(`reads at most ${BOUND} rows`, async () => {
    expectBounded(await countedFor(name, send));
  });
});

/**
 * The feeds list the journal's FEED_SIZE newest articles: each one's view and its PDF's stored
 * length (the enclosure), so their bound is the feed's size, not the journal's.
 */
describe.each([
  ['Atom feed', pub('/feed.atom')],
  ['RSS feed', pub('/feed.rss')],
])('%s', (name, send) => {
  test(`reads at most ${FEED_BOUND} rows (two a listed article)`, async () => {
    expectBounded(await countedFor(name, send), FEED_BOUND);
  });
});

/**
 * OAI-PMH answers from the journal's stored OAI index (a directory and chunks of entries): a list
 * page reads a few chunks, and a page of records the article view of each record on it, so its
 * bound is the page's size, not the journal's. A resumption token's next page reads as many.
 */
const OAI_BOUND = OAI_PAGE_SIZE + 10;
/** The first page's resumption token, for the next page's probe. */
let oaiToken = '';
const oaiProbes: [string, () => () => Promise<{ status: number }>][] = [
  ['OAI-PMH Identify', () => pub('/oai?verb=Identify')],
  ['OAI-PMH ListSets', () => pub('/oai?verb=ListSets')],
  ['OAI-PMH GetRecord', () => pub(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:localhost:${article.refnumber}`)],
  ['OAI-PMH ListIdentifiers, a set and dates', () => pub('/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&set=1990&from=2000-01-01&until=2099-12-31')],
  [
    'OAI-PMH a page of records',
    () => async () => {
      const res = await request(app.url).get('/oai?verb=ListRecords&metadataPrefix=oai_dc').set('x-journal-id', J);
      oaiToken = /<resumptionToken[^>]*>([^<]+)</.exec(res.text)?.[1] ?? '';
      return res;
    },
  ],
  [
    'OAI-PMH the next page of records',
    () => () => {
      expect(oaiToken).toContain('.');
      return request(app.url).get(`/oai?verb=ListRecords&resumptionToken=${encodeURIComponent(oaiToken)}`).set('x-journal-id', J);
    },
  ],
];
describe.each(oaiProbes)('%s', (name, send) => {
  test(`reads at most ${OAI_BOUND} rows (a page's records)`, async () => {
    expectBounded(await countedFor(name, send()), OAI_BOUND);
  });
});

/**
 * The sitemap answers from the journal's stored sitemap index (a directory and chunks of whole
 * issues): a file reads the chunks it lists (a file holds at most 50,000 URLs) and the one where
 * each earlier file ends.
 */
describe.each([
  ['sitemap', pub('/sitemap.xml')],
  ['sitemap, a file past the last', pub('/sitemap-2.xml')],
])('%s', (name, send) => {
  test(`reads at most ${BOUND} rows`, async () => {
    expectBounded(await countedFor(name, send));
  });
});

/**
 * The add form's issue screen reads the issue's articles once: its list and its last page (the
 * first-page rule's hint) come from one read, so its count is the issue's size and a few documents.
 */
test('the admin issue screen reads its issue once', async () => {
  const [year, volume, issue] = ISSUE.split('/').map(Number) as [number, number, number];
  const size = (await app.deps.repos.articles.listByIssue(J, { year, volume, issue })).length;
  expect(size).toBeGreaterThan(10);
  last = undefined; // the read above is not the request's
  const read = await countedFor('admin issue articles, once', staff('get', `/api/admin/archives/${ISSUE}`));
  expectBounded(read, size + 10);
});

/**
 * A paid submission's detail proposes the journal's highest numeric reference number plus one
 * (docs/product.md#submissions): from the journal's kept bound and two lookups by reference, not
 * from every article's reference. The first proposal after the seed makes the bound (the seed's
 * adds raise it, but only a read of the journal makes it one); the next ones read no more than any
 * screen, after an add too, and answer what a read of every reference would.
 */
test('a paid submission\'s publish proposal reads a bounded number of documents, and proposes the highest reference plus one', async () => {
  const id = newObjectId();
  const at = new Date();
  await new SubmissionRepo(app.conn).create(J, id, 'PUB0001-2026-09999', 2026, 9999, {
    status: 'paid', given: 'Asha', family: 'Rao', email: 'asha@example.org', mobile: '', country: 'India',
    authors: [{ given: 'Asha', family: 'Rao', affiliations: [], orcid: '', corresponding: true, email: 'asha@example.org' }],
    title: 'Bounded proposal', abstract: 'A', keywords: '', subject: '', declaration: true, manuscripts: [], receipt: null, ptype: 'free', txnid: 'BR-PROPOSAL',
    history: [{ at, from: '', to: 'paid', by: { kind: 'staff', name: 'Staff', role: 'editor' }, message: '', authorVisible: true }], article: null,
  });
  const highest = async () => {
    const refs = await app.conn.db!.collection(await articleCollectionOf(app.conn.db!, J)).find({ journalId: J }, { projection: { refnumber: 1 } }).toArray();
    return refs.reduce((m, d) => (/^\d{1,12}$/.test(String(d.refnumber)) ? Math.max(m, Number(d.refnumber)) : m), 0);
  };
  const proposed = async () => (await request(app.url).get(`/api/admin/submissions/${id}`).set(as).expect(200)).body.proposal.refnumber as string;
  expect(await proposed()).toBe(String((await highest()) + 1));
  last = undefined; // the reads above are not the request's
  const read = await countedFor('a paid submission with its publish proposal', staff('get', `/api/admin/submissions/${id}`));
  expectBounded(read);
  // An add past the highest raises the bound: the next proposal follows it, still bounded.
  const top = (await highest()) + 5;
  await app.deps.repos.articles.create(J, { year: 2095, volume: 95, issue: 2, refnumber: String(top), title: 'Bounded proposal top', txnid: 'BR-PROPOSAL-TOP', pagenumber: '1-2' });
  expect(await proposed()).toBe(String(top + 1));
  last = undefined;
  expectBounded(await countedFor('the publish proposal after an add', staff('get', `/api/admin/submissions/${id}`)));
});

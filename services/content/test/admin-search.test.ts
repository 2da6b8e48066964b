import request from 'supertest';
import { staffHeaders, staffToken } from '@journal/testing';
import { adminSearchHitSchema, type AdminSearchHit } from '@journal/contracts';
import { adminHaystack, adminMatcher, byIssueThenPage, type Article } from '../src/archives/article.repo';
import { makeJournal, startContent, stopContent } from './helpers';

/**
 * The admin search answers from the journal's admin index: it must find exactly what the rule finds
 * over the stored records, see edits through the change feed, not ask the database once the index
 * is held, and stay in its journal.
 */
let app: Awaited<ReturnType<typeof startContent>>;
let J1: string;
let J2: string;
let T1: string;
let T2: string;

const tok = (jid: string) => staffToken(jid);
const as = staffHeaders;
const search = async (jid: string, token: string, q: string): Promise<AdminSearchHit[]> =>
  adminSearchHitSchema.array().parse((await request(app.url).get('/api/admin/search').query({ q }).set(as(jid, token)).expect(200)).body);

/** The rule applied to every stored article of the journal: what the search must answer. */
async function expected(jid: string, q: string): Promise<Article[]> {
  const match = adminMatcher(q);
  const all = await app.repos.articles.list(jid);
  return all.filter((a) => match(a.refnumber, adminHaystack(a))).sort(byIssueThenPage).slice(0, 200);
}

const input = (n: number, over: Partial<Article> = {}) => ({
  year: 2020 + (n % 3),
  volume: 1 + (n % 2),
  issue: 1 + (n % 4),
  refnumber: String(5000 + n),
  title: `Study ${n} of ${['soil', 'rice', 'wheat', 'maize'][n % 4]} growth`,
  authorname: `${['Asha Rao', 'Vikram Singh', 'Meera Iyer'][n % 3]}, ${['Ravi', 'Lata', 'Uma', 'Dev', 'Anil'][n % 5]} Kumar`,
  keywords: `${['agronomy', 'botany'][n % 2]}, field ${n}`,
  pagenumber: `${(n * 7) % 60 + 1}-${(n * 7) % 60 + 5}`,
  email: `author${n}@uni${n % 5}.example.org`,
  txnid: `PAY${String(n).padStart(5, '0')}`,
  status: 'enabled',
  ...over,
});

const QUERIES = [
  'rice', // a title word
  'SOIL', // case
  'vikram singh', // an author
  'PAY00017', // a txnid
  'pay0001', // part of txnids
  'uni3.example', // an email domain
  'author12@uni2.example.org', // one email
  'agronomy', // a keyword
  '5007', // a reference number (and a substring of others' fields?)
  '5042', // the disabled article's reference number
  'Hidden paper', // the disabled article's title
  'C++ (a.k.a. [x]*)', // regular-expression metacharacters, matched literally
  '.*', // matches nothing literally
  '$where', // an operator-like text
  'no such article anywhere', // nothing
];

beforeAll(async () => {
  app = await startContent();
  J1 = await makeJournal(app, 'adminsearch1');
  J2 = await makeJournal(app, 'adminsearch2');
  T1 = tok(J1);
  T2 = tok(J2);
  const articles = app.repos.articles;
  await articles.insertMany(J1, Array.from({ length: 40 }, (_, n) => input(n)));
  await articles.insertMany(J1, [
    input(40, { title: 'Growth under C++ (a.k.a. [x]*) models' }),
    input(41, { title: 'A $where clause' }),
    input(42, { title: 'Hidden paper on rice', status: 'disabled' }),
    // Same issue and page as another: the order between them is by reference number.
    input(43, { year: 2022, volume: 2, issue: 4, pagenumber: '1-2', title: 'Tie rice one' }),
    input(44, { year: 2022, volume: 2, issue: 4, pagenumber: '1-2', title: 'Tie rice two' }),
  ]);
  // The other journal holds look-alikes of the first's articles.
  await articles.insertMany(J2, Array.from({ length: 10 }, (_, n) => input(n, { refnumber: String(7000 + n) })));
  // Stored straight in the database: the read models load them again.
  await app.publisher.invalidate(J1);
  await app.publisher.invalidate(J2);
});

afterAll(() => stopContent(app));

test('finds what the rule finds over the stored records, in the same order, then without asking the database', async () => {
  let found = 0;
  for (const q of QUERIES) {
    const got = await search(J1, T1, q);
    const want = await expected(J1, q);
    expect({ q, refs: got.map((a) => a.refnumber), ids: got.map((a) => a.id) }).toEqual({ q, refs: want.map((a) => a.refnumber), ids: want.map((a) => a.id) });
    if (got.length) found++;
  }
  // Most queries find something (the comparison is not between empty lists).
  expect(found).toBeGreaterThanOrEqual(11);
  const queries: string[] = [];
  app.conn.set('debug', (collection: string, method: string, query: unknown) => {
    queries.push(`${collection}.${method} ${JSON.stringify(query)}`);
  });
  let rice: AdminSearchHit[];
  try {
    rice = await search(J1, T1, 'rice');
  } finally {
    app.conn.set('debug', false);
  }
  expect(rice.length).toBeGreaterThan(5);
  expect(queries).toEqual([]);
  // The disabled article is found; a line holds what the results table shows, not the staff-only fields.
  const hidden = await search(J1, T1, 'Hidden paper');
  expect(hidden).toEqual([
    { id: expect.stringMatching(/^[0-9a-f]{24}$/), year: 2020, volume: 1, issue: 3, refnumber: '5042', title: 'Hidden paper on rice', authorname: 'Asha Rao, Uma Kumar', pagenumber: '55-59', status: 'disabled' },
  ]);
  expect(hidden[0]).not.toHaveProperty('txnid');
  expect(await search(J1, T1, 'no such article anywhere')).toEqual([]);
});

test('the staff-only fields stay out of the public views', async () => {
  const head = await app.views.head(J1);
  const keys = Object.keys(head.stats);
  expect(keys.length).toBeGreaterThan(0);
  for (const k of keys) {
    const [year, volume, issue] = k.split('/').map(Number);
    for (const e of (await app.views.issue(J1, { year: year!, volume: volume!, issue: issue! })).articles) {
      const held = e as unknown as Record<string, unknown>;
      expect(held.txnid).toBeUndefined();
      expect(held.email).toBeUndefined();
      const page = (await app.views.article(J1, e.refnumber)) as unknown as { detail: Record<string, unknown> };
      expect(page.detail.txnid).toBeUndefined();
      expect(page.detail.email).toBeUndefined();
    }
  }
});

test('an article edited a moment ago is found by its new title, and no longer by its old one', async () => {
  const [hit] = await search(J1, T1, 'PAY00005');
  expect(hit).toBeDefined();
  // As the EDIT link does: the stored record.
  const before = (await request(app.url).get(`/api/admin/articles/${hit!.id}`).set(as(J1, T1)).expect(200)).body as Article;
  const r = await request(app.url)
    .post(`/api/archives/${before!.id}`)
    .set(as(J1, T1))
    .field('year', String(before!.year))
    .field('volume', String(before!.volume))
    .field('issue', String(before!.issue))
    .field('refnumber', before!.refnumber)
    .field('title', 'Quinoa terraces revisited')
    .field('authorname', before!.authorname)
    .field('abstract', '<p>x</p>')
    .field('keywords', before!.keywords)
    .field('pagenumber', before!.pagenumber)
    .field('subject', 'Agriculture')
    .field('country', 'India')
    .field('email', before!.email)
    .field('mobile', '1')
    .field('txnid', before!.txnid)
    .field('ptype', 'paid')
    .field('publishdate', '2026-01-01');
  expect(r.body).not.toHaveProperty('error');
  expect(r.status).toBe(200);
  const found = await search(J1, T1, 'quinoa terraces');
  expect(found.map((a) => a.id)).toEqual([before!.id]);
  expect(found[0]!.title).toBe('Quinoa terraces revisited');
  expect((await search(J1, T1, before!.title)).map((a) => a.id)).not.toContain(before!.id);
});

test('a record changed in the database is found by its new title once the change feed names it', async () => {
  const [a] = await search(J1, T1, 'PAY00009');
  await app.repos.articles.update(J1, a!.id, { title: 'Renamed quietly' });
  await app.publisher.changed(J1, [{ t: 'article', id: a!.id }]);
  expect((await search(J1, T1, 'renamed quietly')).map((x) => x.id)).toEqual([a!.id]);
  expect((await search(J1, T1, a!.title)).map((x) => x.id)).not.toContain(a!.id);
});

test("another journal's articles never appear", async () => {
  const j2ids = new Set((await app.repos.articles.list(J2)).map((a) => a.id));
  expect(j2ids.size).toBe(10);
  for (const q of QUERIES) for (const a of await search(J1, T1, q)) expect(j2ids.has(a.id)).toBe(false);
  // J1's own txnid and email are not found from J2; J2's look-alikes are.
  expect(await search(J2, T2, 'PAY00042')).toEqual([]);
  expect(await search(J2, T2, 'Quinoa')).toEqual([]);
  const rice = await search(J2, T2, 'rice');
  expect(rice.length).toBeGreaterThan(0);
  for (const a of rice) expect(j2ids.has(a.id)).toBe(true);
});

test('a journal never searched before is read on its first search', async () => {
  const J3 = await makeJournal(app, 'adminsearch3');
  await app.repos.articles.insertMany(J3, [input(1), input(2, { status: 'disabled' })]);
  const refs = (await search(J3, tok(J3), 'PAY0000')).map((a) => a.refnumber);
  expect(refs.sort()).toEqual(['5001', '5002']);
});

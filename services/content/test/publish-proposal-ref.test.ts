/**
 * The publish proposal's reference number (docs/product.md#submissions: the journal's highest
 * numeric one plus one) from the journal's kept bound (archives/ref-marks.repo.ts), against the real
 * database: the same answer as a read of every reference, after adds, edits, removals, adds under
 * way, old-site references and a writer that stopped between its article and its mark.
 */
import { doiKey } from '@journal/contracts';
import { articleCollectionOf } from '../src/archives/article-collections';
import type { NewArticle } from '../src/archives/article.repo';
import { makeJournal, startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let n = 0;

beforeAll(async () => {
  app = await startContent();
});
afterAll(() => stopContent(app));

const input = (refnumber: string): NewArticle => ({ year: 2026, volume: 1, issue: 1, refnumber, title: `Proposal ${++n}`, txnid: `PR-${n}`, pagenumber: `${n}-${n}` });

/** What the proposal counted before the bound: every reference of the journal read. */
async function readEvery(journalId: string): Promise<number> {
  const docs = await app.conn.db!.collection(await articleCollectionOf(app.conn.db!, journalId)).find({ journalId }, { projection: { refnumber: 1 } }).toArray();
  return docs.reduce((m, d) => (/^\d{1,12}$/.test(String(d.refnumber)) ? Math.max(m, Number(d.refnumber)) : m), 0);
}

async function expectHighest(journalId: string, want: number) {
  expect(await readEvery(journalId)).toBe(want);
  expect(await app.repos.articles.highestNumericRef(journalId)).toBe(want);
}

test('a journal without numeric references proposes 1; old-site references do not count', async () => {
  const J = await makeJournal(app, 'ref-empty');
  await expectHighest(J, 0);
  await app.repos.articles.insertMany(J, [input('JMS-2019-7'), input('A.12')]);
  await expectHighest(J, 0);
});

test('adds, edits and removals move the answer as a read of every reference would', async () => {
  const J = await makeJournal(app, 'ref-moves');
  await app.repos.articles.insertMany(J, [input('5'), input('12'), input('0009'), input('OLD-99')]);
  await expectHighest(J, 12);
  // An add past it, one below it, an add with leading zeros past it.
  const a20 = await app.repos.articles.create(J, input('20'));
  await expectHighest(J, 20);
  await app.repos.articles.create(J, input('7'));
  await expectHighest(J, 20);
  const a25 = await app.repos.articles.create(J, input('00025'));
  await expectHighest(J, 25);
  // The highest removed: the next below it, then the bound holds again.
  expect(await app.repos.articles.remove(J, a25.id)).toBe(true);
  await expectHighest(J, 20);
  // The highest renamed below, and one renamed above.
  await app.repos.articles.update(J, a20.id, { refnumber: '13' });
  await expectHighest(J, 13);
  const a5 = (await app.repos.articles.findByRef(J, '5'))!;
  await app.repos.articles.update(J, a5.id, { refnumber: '40' });
  await expectHighest(J, 40);
  // An edit that keeps the reference (the edit form sends it back) leaves the bound as it is.
  await app.repos.articles.update(J, a5.id, { refnumber: '40', abstract: 'Edited' });
  await expectHighest(J, 40);
});

test('an add under way holds its reference; many adds are folded into one mark', async () => {
  const J = await makeJournal(app, 'ref-pending');
  await app.repos.articles.insertMany(J, [input('100')]);
  await expectHighest(J, 100);
  const pending = await app.repos.articles.createPending(J, input('101'), { fileId: 'f', length: 1 });
  // Taken by the add under way: proposing it would be refused as a duplicate.
  expect(await app.repos.articles.highestNumericRef(J)).toBe(101);
  expect(await app.repos.articles.removePending(J, pending.id)).toBe(true);
  expect(await app.repos.articles.highestNumericRef(J)).toBe(100);
  for (let i = 0; i < 12; i++) await app.repos.articles.create(J, input(String(200 + i)));
  await expectHighest(J, 211);
  const marks = app.conn.db!.collection('article_ref_marks');
  // The fold runs after the answer: the next read finds one mark.
  for (let i = 0; i < 100 && (await marks.countDocuments({ journalId: J })) > 1; i++) await new Promise((r) => setTimeout(r, 20));
  expect(await marks.countDocuments({ journalId: J })).toBe(1);
  await expectHighest(J, 211);
});

test('a writer that stopped between its article and its mark: the next reference taken is seen, and the bound made again', async () => {
  const J = await makeJournal(app, 'ref-lost');
  await app.repos.articles.insertMany(J, [input('30')]);
  await expectHighest(J, 30);
  // Stored past the repository, as a process killed before its mark leaves it.
  const { title, txnid } = input('31');
  await app.conn.db!.collection(await articleCollectionOf(app.conn.db!, J)).insertOne({ journalId: J, year: 2026, volume: 1, issue: 1, refnumber: '31', title, txnid, doi_key: doiKey('', '31') });
  await expectHighest(J, 31);
});

test('a bulk add that meets a duplicate (a seed run again) still marks the references and pages it stored', async () => {
  const J = await makeJournal(app, 'ref-rerun');
  await app.repos.articles.insertMany(J, [input('10')]);
  await expectHighest(J, 10);
  // Unordered: '50' is stored, the second '10' refused, and the call fails.
  await expect(app.repos.articles.insertMany(J, [input('50'), { ...input('10'), pagenumber: '900-950' }])).rejects.toThrow();
  await expectHighest(J, 50);
  // The stored article's pages bound its issue; the refused one's do not.
  const lasts = (await app.conn.db!.collection('article_issue_page_marks').find({ journalId: J }).toArray()).map((m) => m.last as number);
  expect(Math.max(...lasts)).toBe(n - 1);
});

test('adds with no proposal between them leave the journal a few marks, still a bound', async () => {
  const J = await makeJournal(app, 'ref-many');
  for (let i = 0; i < 30; i++) await app.repos.articles.create(J, input(String(500 + i)));
  const marks = app.conn.db!.collection('article_ref_marks');
  // The folds run after the adds' answers.
  for (let i = 0; i < 100 && (await marks.countDocuments({ journalId: J })) > 8; i++) await new Promise((r) => setTimeout(r, 20));
  expect(await marks.countDocuments({ journalId: J })).toBeLessThanOrEqual(8);
  await expectHighest(J, 529);
});

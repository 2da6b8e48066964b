import { connectMongo } from '@journal/server-kit';
import { newObjectId, scratchDatabase, testServers } from '@journal/testing';
import type { Connection } from 'mongoose';
import { ArticleRepo } from '../src/archives/article.repo';
import { articleCollectionOf, articleCollectionsIn, CONTENT_LAYOUT_COLLECTION } from '../src/archives/article-collections';

const { mongoUrl } = testServers();
const key = { year: 2026, volume: 1, issue: 1 };
const article = (ref: string) => ({ ...key, refnumber: ref, txnid: `T${ref}`, title: `Title ${ref}`, pagenumber: '1-2' });

describe('article collections (one per journal bucket)', () => {
  const scratch = scratchDatabase('artcol');
  let conn: Connection;
  beforeAll(async () => {
    await scratch.open();
    conn = await connectMongo(mongoUrl, scratch.name);
  });
  afterAll(async () => {
    await conn.close();
    await scratch.drop();
  });

  it('a new database takes the configured count; a process configured apart reads where the first wrote', async () => {
    const repo = await ArticleRepo.open(conn, 64);
    await repo.init();
    expect(repo.collections.count).toBe(64);
    const journals = Array.from({ length: 6 }, () => newObjectId());
    for (const [i, j] of journals.entries()) await repo.create(j, article(String(100 + i)));
    const names = new Set(await Promise.all(journals.map((j) => articleCollectionOf(scratch.db(), j))));
    expect(names.size).toBeGreaterThan(1);
    expect([...names].every((n) => /^articles_\d+$/.test(n))).toBe(true);
    // Nothing went to the one collection of before.
    expect(await scratch.db().collection('articles').countDocuments({})).toBe(0);

    const other = await ArticleRepo.open(conn, 1);
    expect(other.collections.count).toBe(64);
    for (const [i, j] of journals.entries()) expect((await other.findByRef(j, String(100 + i)))?.title).toBe(`Title ${100 + i}`);
    expect(await other.estimatedCount()).toBe(6);
    // The rebuild's read of many journals at once, across collections, grouped by journal.
    const byJournal = await other.listByJournals(journals);
    expect(journals.map((j) => byJournal.get(j)?.length)).toEqual([1, 1, 1, 1, 1, 1]);
    expect((await articleCollectionsIn(scratch.db())).length).toBe(names.size);
  });

  it('keeps each journal to its own articles and its unique rules within a shared collection', async () => {
    const repo = await ArticleRepo.open(conn, 64);
    // Two journals hashed to the same collection: find a pair.
    const first = newObjectId();
    let second = newObjectId();
    while (repo.collections.bucketOf(second) !== repo.collections.bucketOf(first)) second = newObjectId();
    const a = await repo.create(first, article('500'));
    await repo.create(second, article('500'));
    await expect(repo.create(first, { ...article('500'), txnid: 'other', title: 'other' })).rejects.toMatchObject({ code: 11000 });
    expect(await repo.findById(second, a.id)).toBeNull();
    expect(await repo.update(second, a.id, { title: 'stolen' })).toBeNull();
    expect(await repo.remove(second, a.id)).toBe(false);
    expect((await repo.findById(first, a.id))?.title).toBe('Title 500');
    expect((await repo.list(second)).map((x) => x.refnumber)).toEqual(['500']);
  });

  it('a database holding articles from before the layout keeps its one collection', async () => {
    const legacy = scratchDatabase('artcol-legacy');
    await legacy.open();
    const c = await connectMongo(mongoUrl, legacy.name);
    try {
      const j = newObjectId();
      await legacy.db().collection('articles').insertOne({ journalId: j, ...article('7'), status: 'enabled', doi_key: '~ref:7' });
      const repo = await ArticleRepo.open(c, 4096);
      expect(repo.collections.count).toBe(1);
      expect((await repo.findByRef(j, '7'))?.title).toBe('Title 7');
      expect(await legacy.db().collection(CONTENT_LAYOUT_COLLECTION).findOne({ _id: 'articles' as never })).toMatchObject({ buckets: 1 });
    } finally {
      await c.close();
      await legacy.drop();
    }
  });

  it('refuses a stored count that is not a positive integer', async () => {
    const bad = scratchDatabase('artcol-bad');
    await bad.open();
    const c = await connectMongo(mongoUrl, bad.name);
    try {
      await bad.db().collection(CONTENT_LAYOUT_COLLECTION).insertOne({ _id: 'articles' as never, buckets: 0 });
      await expect(ArticleRepo.open(c, 16)).rejects.toThrow(/article bucket count of 0/);
    } finally {
      await c.close();
      await bad.drop();
    }
  });
});

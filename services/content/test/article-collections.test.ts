import { connectMongo } from '@journal/server-kit';
import { newObjectId, scratchDatabase, testServers } from '@journal/testing';
import type { Connection } from 'mongoose';
import { ArticleRepo } from '../src/archives/article.repo';
import { ARTICLE_COLLECTION, CONTENT_LAYOUT_COLLECTION } from '../src/archives/article-collections';
import { VIEW_STATE_COLLECTION, ViewRepo } from '../src/views/view.repo';

const { mongoUrl } = testServers();
const key = { year: 2026, volume: 1, issue: 1 };
const article = (ref: string) => ({ ...key, refnumber: ref, txnid: `T${ref}`, title: `Title ${ref}`, pagenumber: '1-2' });

describe('one collection of articles', () => {
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

  it('keeps every journal in `articles`, each to its own articles and unique rules', async () => {
    const repo = await ArticleRepo.open(conn);
    await repo.init();
    const [first, second] = [newObjectId(), newObjectId()];
    const a = await repo.create(first, article('500'));
    await repo.create(second, article('500'));
    expect(await scratch.db().collection(ARTICLE_COLLECTION).countDocuments({})).toBe(2);
    await expect(repo.create(first, { ...article('500'), txnid: 'other', title: 'other' })).rejects.toMatchObject({ code: 11000 });
    expect(await repo.findById(second, a.id)).toBeNull();
    expect(await repo.update(second, a.id, { title: 'stolen' })).toBeNull();
    expect(await repo.remove(second, a.id)).toBe(false);
    expect((await repo.findById(first, a.id))?.title).toBe('Title 500');
    expect((await repo.list(second)).map((x) => x.refnumber)).toEqual(['500']);
    const byJournal = await repo.listByJournals([first, second]);
    expect([byJournal.get(first)?.length, byJournal.get(second)?.length]).toEqual([1, 1]);
  });
});

describe('a database in the key-bucket layout of older releases', () => {
  it('is refused at start, saying how to move it (articles and views alike)', async () => {
    const old = scratchDatabase('artcol-old');
    await old.open();
    const c = await connectMongo(mongoUrl, old.name);
    try {
      // What an older release wrote at its first start with 1,024 buckets (FerretDB on SQLite).
      await old.db().collection(CONTENT_LAYOUT_COLLECTION).insertOne({ _id: 'articles' as never, buckets: 1024 });
      await old.db().collection(VIEW_STATE_COLLECTION).insertOne({ _id: 'layout' as never, j: '', r: 1024 });
      await expect(ArticleRepo.open(c)).rejects.toThrow(/articles over 1024 key buckets.*jp db backup.*jp db restore/);
      await expect(ViewRepo.open(c)).rejects.toThrow(/public views over 1024 key buckets.*jp db restore/);
      // As `jp db restore` leaves it: one collection each.
      await old.db().collection(CONTENT_LAYOUT_COLLECTION).updateOne({ _id: 'articles' as never }, { $set: { buckets: 1 } });
      await old.db().collection(VIEW_STATE_COLLECTION).updateOne({ _id: 'layout' as never }, { $set: { r: 1 } });
      await expect(ArticleRepo.open(c)).resolves.toBeInstanceOf(ArticleRepo);
      await expect(ViewRepo.open(c)).resolves.toBeInstanceOf(ViewRepo);
    } finally {
      await c.close();
      await old.drop();
    }
  });
});

import { connectMongo } from '@journal/server-kit';
import { scratchDatabase, testServers } from '@journal/testing';
import { seedPublisher, worklogShares } from '../src/seed/publisher';
import { SearchRepo } from '../src/search/search.repo';
import { ARTICLE_COLLECTION } from '../src/archives/article-collections';
import { assetPath, FileStore } from '../src/files/file-store';
import { execFileSync } from 'node:child_process';
import { brotliDecompressSync } from 'node:zlib';
import { ArticleRepo } from '../src/archives/article.repo';
import { VIEW_COLLECTION } from '../src/views/view.repo';
import { CHUNK_COLLECTION, HEAD_COLLECTION } from '../src/search/search.repo';

const { mongoUrl } = testServers();
const scratch = scratchDatabase('publisher');
const dbName = scratch.name;
beforeAll(() => scratch.open());
afterAll(() => scratch.drop());

/** Every article of the data set without the fields that differ between runs (ids, write times). */
const articles = async () => (await everyArticle({ _id: 0, journalId: 0, creation: 0, modification: 0 })).map((a) => JSON.stringify(a)).sort();

/** Every stored article. */
const everyArticle = (projection: Record<string, 0 | 1>) => scratch.db().collection(ARTICLE_COLLECTION).find({}, { projection }).toArray();

describe('publisher-scale seed', () => {
  it('spreads the articles over the journals, twenty to an issue, and a rerun adds nothing', async () => {
    const opts = { mongoUrl, dbName, journals: 3, articles: 100, worklogEntries: 0 };
    const first = await seedPublisher(opts);
    expect(first).toMatchObject({ journals: 3, articles: 100, articlesAdded: 100 });
    const db = scratch.db();
    const journals = await db.collection('journals').find({}).sort({ slug: 1 }).toArray();
    expect(journals.map((j) => [j.slug, j.hosts])).toEqual([
      ['pub-0001', ['pub-0001.localhost']],
      ['pub-0002', ['pub-0002.localhost']],
      ['pub-0003', ['pub-0003.localhost']],
    ]);
    const perJournal = new Map<string, number>();
    for (const a of await everyArticle({ journalId: 1 })) perJournal.set(String(a.journalId), (perJournal.get(String(a.journalId)) ?? 0) + 1);
    expect([...perJournal.values()].sort()).toEqual([33, 33, 34]);
    // 34 articles at twenty to an issue: two issues; 33: two.
    expect(await db.collection('issues').countDocuments({})).toBe(6);
    const before = await articles();
    expect(await seedPublisher(opts)).toMatchObject({ articlesAdded: 0 });
    expect(await articles()).toEqual(before);
    // Every journal has its search index; one seeded before the indexes existed gets it from a rerun.
    const conn = await connectMongo(mongoUrl, dbName);
    try {
      const search = new SearchRepo(conn);
      for (const j of journals) expect(await search.head(String(j._id))).not.toBeNull();
      const first = String(journals[0]!._id);
      await search.removeHead(first);
      expect(await seedPublisher(opts)).toMatchObject({ articlesAdded: 0 });
      expect((await search.head(first))?.chunks.length).toBeGreaterThan(0);
    } finally {
      await conn.close();
    }
  });

  it('completes an interrupted journal: what is missing is added, nothing twice', async () => {
    const opts = { mongoUrl, dbName, journals: 3, articles: 100, worklogEntries: 0 };
    const db = scratch.db();
    const before = await articles();
    // As if the run had stopped half way through the second journal, before recording it done.
    const second = await db.collection('journals').findOne({ slug: 'pub-0002' });
    const col = db.collection(ARTICLE_COLLECTION);
    const some = await col.find({ journalId: String(second!._id) }, { projection: { _id: 1 } }).limit(10).toArray();
    await col.deleteMany({ _id: { $in: some.map((a) => a._id) } });
    await db.collection('seed_progress').deleteOne({ _id: 'publisher:pub-0002:33' as never });
    expect(await seedPublisher(opts)).toMatchObject({ articlesAdded: 10 });
    expect(await articles()).toEqual(before);
  });

  it('gives every article its own PDF in the file store, which a reader opens to its title', async () => {
    const db = scratch.db();
    const conn = await connectMongo(mongoUrl, dbName);
    try {
      const files = new FileStore(conn);
      const journals = await db.collection('journals').find({}).toArray();
      let stored = 0;
      for (const j of journals) stored += (await files.list(String(j._id), '/assets/archives/')).length;
      expect(stored).toBe((await everyArticle({ _id: 1 })).length);
      const first = journals.find((j) => j.slug === 'pub-0001')!;
      const a = (await everyArticle({ journalId: 1, year: 1, volume: 1, issue: 1, file: 1, title: 1, doi: 1 })).find((x) => x.journalId === String(first._id))!;
      const pdf = await files.read(String(first._id), assetPath.article(a.year, a.volume, a.issue, a.file));
      const text = execFileSync('pdftotext', ['-', '-'], { input: pdf!, encoding: 'utf8' });
      expect(text.replace(/\s+/g, ' ')).toContain(a.title);
      expect(text).toContain(`https://doi.org/${a.doi}`);
    } finally {
      await conn.close();
    }
  });

  it('puts up to 100,000 work-log entries in the first journal and spreads the rest', () => {
    expect(worklogShares(3, 50)).toEqual([50, 0, 0]);
    expect(worklogShares(4, 100_005)).toEqual([100_000, 2, 2, 1]);
    expect(worklogShares(1, 150_000)).toEqual([150_000]);
    expect(worklogShares(500, 1_000_000).reduce((a, b) => a + b, 0)).toBe(1_000_000);
  });
});

describe('publisher-scale seed: views from what it wrote', () => {
  const own = scratchDatabase('publisher-views');
  beforeAll(() => own.open());
  afterAll(() => own.drop());

  /** Every stored view and search chunk, uncompressed, less what differs between two builds (a chunk's generation, write times). */
  const built = async () => {
    const db = own.db();
    const unz = (z: { buffer: Uint8Array }) => brotliDecompressSync(z.buffer).toString('utf8');
    const views = (await db.collection(VIEW_COLLECTION).find({}).toArray()).map((d) => [d._id, d.r, d.z ? unz(d.z) : d.b]);
    const heads = (await db.collection(HEAD_COLLECTION).find({}).toArray()).map((d) => [d._id, d.c, d.pending]);
    // A chunk's entries in any order: the index sorts them when it loads a chunk (entryOrder), and a
    // build from the documents read lists them in the order the database returns them.
    const entries = (json: string) => {
      const body = JSON.parse(json) as unknown;
      return Array.isArray(body) ? body.map((e) => JSON.stringify(e)).sort() : body;
    };
    const chunks = (await db.collection(CHUNK_COLLECTION).find({}).toArray()).map((d) => [d.j, d.d, d.p, d.n, entries(unz(d.z))]);
    const sort = (rows: unknown[][]) => rows.map((r) => JSON.stringify(r)).sort();
    return { views: sort(views), heads: sort(heads), chunks: sort(chunks) };
  };

  it('builds a new journal\'s views and search index from the documents it wrote, exactly as a build that reads them', async () => {
    const opts = { mongoUrl, dbName: own.name, journals: 2, articles: 90, worklogEntries: 0 };
    const reads = jest.spyOn(ArticleRepo.prototype, 'listByJournals');
    try {
      expect(await seedPublisher(opts)).toMatchObject({ articlesAdded: 90 });
      expect(reads).not.toHaveBeenCalled();
      const fromWritten = await built();
      expect(fromWritten.views.length).toBeGreaterThan(2 * 90);
      expect(fromWritten.chunks.length).toBeGreaterThan(0);
      // The same journals' views and indexes again, this time read from the database.
      for (const c of [VIEW_COLLECTION, HEAD_COLLECTION, CHUNK_COLLECTION]) await own.db().collection(c).deleteMany({});
      expect(await seedPublisher(opts)).toMatchObject({ articlesAdded: 0 });
      expect(reads).toHaveBeenCalled();
      expect(await built()).toEqual(fromWritten);
    } finally {
      reads.mockRestore();
    }
  });
});

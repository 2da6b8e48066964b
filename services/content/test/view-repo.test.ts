import { connectMongo } from '@journal/server-kit';
import { newObjectId, scratchDatabase, testServers } from '@journal/testing';
import { mongo, type Connection } from 'mongoose';
import { ViewRepo } from '../src/views/view.repo';
import { viewId } from '../src/views/view-docs';
import { unpackView } from '../src/views/packed-view';

const { mongoUrl } = testServers();

describe('stored views', () => {
  const scratch = scratchDatabase('viewrepo');
  let conn: Connection;
  let repo: ViewRepo;
  const journal = newObjectId();
  beforeAll(async () => {
    await scratch.open();
    conn = await connectMongo(mongoUrl, scratch.name);
    repo = await ViewRepo.open(conn);
  });
  afterAll(async () => {
    await conn.close();
    await scratch.drop();
  });

  it('a view written is read back whole by a reader and by the write path, compressed in one field', async () => {
    const id = viewId.issue(journal, '2026-1-1');
    const json = JSON.stringify({ key: { year: 2026 }, articles: Array.from({ length: 40 }, (_, i) => ({ title: `Title ${i} — é ✓`, n: i })) });
    await repo.put([{ id, journalId: journal, json, rev: 3 }]);
    const read = await repo.read(id);
    expect(read).toMatchObject({ id, journalId: journal, json });
    // The bytes as stored come along (held packed by the cache), a copy of their own.
    expect(unpackView(read!.packed!)).toEqual({ journalId: journal, json });
    expect(await repo.get(id)).toEqual({ id, journalId: journal, json, rev: 3 });
    const stored = await repo.collectionOf(id).findOne({ _id: id });
    expect(stored?.z).toBeInstanceOf(mongo.Binary);
    expect(stored?.z!.buffer.length).toBeLessThan(json.length / 3);
    expect(stored?.b).toBeUndefined();
    // Replaced: the new one is read.
    await repo.put([{ id, journalId: journal, json: '{"articles":[]}', rev: 4 }]);
    expect((await repo.read(id))?.json).toBe('{"articles":[]}');
    expect(await repo.read(viewId.issue(journal, '1999-1-1'))).toBeNull();
  });

  it('a view stored before compression (JSON in `b`) is still read', async () => {
    const id = viewId.head(journal);
    await repo.collectionOf(id).insertOne({ _id: id, j: journal, b: '{"old":true}', r: 1 });
    expect(await repo.read(id)).toEqual({ id, journalId: journal, json: '{"old":true}' });
    expect(await repo.get(id)).toEqual({ id, journalId: journal, json: '{"old":true}', rev: 1 });
  });

  it('a compressed field holding garbage reads as no journal\'s view (built again by the store), never a throw', async () => {
    const id = viewId.article(journal, '100');
    await repo.collectionOf(id).insertOne({ _id: id, j: journal, z: new mongo.Binary(Buffer.from('not brotli')), r: 1 });
    expect(await repo.read(id)).toEqual({ id, journalId: '', json: '' });
    expect((await repo.get(id))?.journalId).toBe('');
  });
});

import { connectMongo, createLogger, KeyedLock } from '@journal/server-kit';
import { newObjectId, scratchDatabase, testServers } from '@journal/testing';
import { mongo, type Connection } from 'mongoose';
import { ViewRepo } from '../src/views/view.repo';
import { viewId, type HeadView } from '../src/views/view-docs';
import { ViewStore, type ViewSources } from '../src/views/view-store';
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

describe('kept views: a writer holding a large view reads its version, not its body', () => {
  const scratch = scratchDatabase('viewkept');
  let conn: Connection;
  let repo: ViewRepo;
  let store: ViewStore;
  const journal = newObjectId();
  const id = viewId.head(journal);
  // A head large enough to carry a version (VERSIONED_VIEW).
  const head: HeadView = {
    journal: null,
    editors: [],
    indexing: [],
    issues: [],
    stats: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`2000/1/${i + 1}`, { n: 20, m: 'January-March' }])),
    counts: {},
    files: {},
    complete: true,
  };
  beforeAll(async () => {
    await scratch.open();
    conn = await connectMongo(mongoUrl, scratch.name);
    repo = await ViewRepo.open(conn);
    store = new ViewStore({} as ViewSources, repo, createLogger('test', 'silent'), new KeyedLock(undefined, (k) => k));
  });
  afterAll(async () => {
    await conn.close();
    await scratch.drop();
  });

  it('is given back by a pass that left it, read whole when changed elsewhere, kept as a pass wrote it', async () => {
    await repo.put([{ id, journalId: journal, json: JSON.stringify(head), rev: 1 }]);
    expect((await repo.version(id))?.h).toEqual(expect.any(String));
    const first = await store.load('head', journal, id);
    expect(first?.view).toEqual(head);
    const get = jest.spyOn(repo, 'get');
    // Taken by a pass and not given back (it failed): the next load reads it whole.
    const taken = (await store.load('head', journal, id))!.view;
    expect(taken).toEqual(head);
    expect(taken).not.toBe(first!.view);
    expect(get).toHaveBeenCalledTimes(1);
    // Given back as stored: the next load gets the same object, its body not read.
    store.settled(journal, [], new Map([[id, taken]]));
    expect((await store.load('head', journal, id))?.view).toBe(taken);
    expect(get).toHaveBeenCalledTimes(1);
    store.settled(journal, [], new Map([[id, taken]]));
    // Another process writes it: a new version, read whole.
    await repo.put([{ id, journalId: journal, json: JSON.stringify({ ...head, complete: false }), rev: 2 }]);
    const changed = (await store.load('head', journal, id))!.view;
    expect(changed.complete).toBe(false);
    expect(get).toHaveBeenCalledTimes(2);
    // A pass stores it: kept as written, under the version the write gave it.
    changed.stats['2000/1/1'] = { n: 21, m: 'January-March' };
    const stored = [{ id, journalId: journal, json: JSON.stringify(changed), rev: 3 }];
    await repo.put(stored);
    store.settled(journal, stored, new Map([[id, changed]]));
    expect((await store.load('head', journal, id))?.view).toBe(changed);
    expect(get).toHaveBeenCalledTimes(2);
    store.settled(journal, [], new Map([[id, changed]]));
    // Rewritten in the older layout (JSON in `b`) with its version left: the version is not trusted.
    await repo.collectionOf(id).updateOne({ _id: id }, { $set: { b: JSON.stringify(head) }, $unset: { z: '' } });
    expect((await store.load('head', journal, id))?.view).toEqual(head);
    expect(get).toHaveBeenCalledTimes(3);
    get.mockRestore();
  });

  it('a small view carries no version and is read whole', async () => {
    const small = viewId.head(newObjectId());
    await repo.put([{ id: small, journalId: journal, json: '{"complete":true}', rev: 1 }]);
    expect((await repo.version(small))?.h).toBeUndefined();
  });
});

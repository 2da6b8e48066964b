import type { Connection } from 'mongoose';
import { testServers, uniqueName } from '@journal/testing';
import { connectMongo, fnv1a, HashedCollections, readFields, storedCount } from '../src';

describe('fnv1a', () => {
  it('is the 32-bit FNV-1a of the text (stable: a bucket is where a key was written)', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});

describe('HashedCollections', () => {
  let conn: Connection;
  beforeAll(async () => {
    conn = await connectMongo(testServers().mongoUrl, uniqueName('hashed'));
  });
  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
  });

  it('with one bucket is the one collection named by its prefix', () => {
    const one = new HashedCollections<{ _id: string }>(conn, 'things', 1);
    expect(one.of('a').collectionName).toBe('things');
    expect(one.names()).toEqual(['things']);
  });

  it('puts each key in one collection of its set, finds it there, and groups writes by collection', async () => {
    const set = new HashedCollections<{ _id: string; v: number }>(conn, 'spread', 8);
    const keys = Array.from({ length: 40 }, (_, i) => `j:a:${i}`);
    for (const [col, group] of set.group(keys, (k) => k)) {
      expect(new Set(group.map((k) => set.of(k).collectionName))).toEqual(new Set([col.collectionName]));
      await col.insertMany(group.map((k, i) => ({ _id: k, v: i })));
    }
    expect(new Set(keys.map((k) => set.of(k).collectionName)).size).toBeGreaterThan(4);
    for (const k of keys) expect((await set.of(k).findOne({ _id: k }))?._id).toBe(k);
    expect(await set.estimatedCount()).toBe(40);
    await set.clear();
    expect(await set.estimatedCount()).toBe(0);
  });

  it('reads a document\'s fields by key, and null for a key nobody holds', async () => {
    const col = conn.db!.collection<{ _id: string; b?: string; j?: string; n?: number }>('fields');
    await col.insertMany([{ _id: 'k1', b: 'body one', j: 'journal', n: 3 }, { _id: 'k2', b: 'body two' }]);
    expect(await readFields(col, 'k1', ['b', 'j', 'n'])).toEqual({ b: 'body one', j: 'journal', n: 3 });
    // A field the document lacks is left out; the first field decides whether there is one.
    expect(await readFields(col, 'k2', ['b', 'j'])).toEqual({ b: 'body two' });
    expect(await readFields(col, 'k3', ['b'])).toBeNull();
    expect(await readFields(col, 'k2', ['j', 'b'])).toBeNull();
  });

  it('counts a collection\'s documents from its statistics: 0 for one that does not exist', async () => {
    const col = conn.db!.collection<{ _id: string }>('counted');
    expect(await storedCount(conn.db!, 'counted')).toBe(0);
    await col.insertMany(Array.from({ length: 25 }, (_, i) => ({ _id: `d${i}` })));
    expect(await storedCount(conn.db!, 'counted')).toBe(25);
    await col.deleteOne({ _id: 'd3' });
    expect(await storedCount(conn.db!, 'counted')).toBe(24);
  });

  it('refuses a bucket count that is not a positive integer', () => {
    expect(() => new HashedCollections(conn, 'x', 0)).toThrow(/positive integer/);
    expect(() => new HashedCollections(conn, 'x', 1.5)).toThrow(/positive integer/);
  });
});

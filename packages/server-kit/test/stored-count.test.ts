import type { Connection } from 'mongoose';
import { testServers, uniqueName } from '@journal/testing';
import { connectMongo, fnv1a, storedCount } from '../src';

describe('fnv1a', () => {
  it('is the 32-bit FNV-1a of the text (stable: a search chunk is where an entry was written)', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});

describe('storedCount', () => {
  let conn: Connection;
  beforeAll(async () => {
    conn = await connectMongo(testServers().mongoUrl, uniqueName('counted'));
  });
  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
  });

  it('counts a collection\'s documents from its statistics: 0 for one that does not exist', async () => {
    const col = conn.db!.collection<{ _id: string }>('counted');
    expect(await storedCount(conn.db!, 'counted')).toBe(0);
    await col.insertMany(Array.from({ length: 25 }, (_, i) => ({ _id: `d${i}` })));
    expect(await storedCount(conn.db!, 'counted')).toBe(25);
    await col.deleteOne({ _id: 'd3' });
    expect(await storedCount(conn.db!, 'counted')).toBe(24);
  });
});

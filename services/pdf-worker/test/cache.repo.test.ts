import mongoose, { type Connection } from 'mongoose';
import { testServers, uniqueName } from '@journal/testing';
import { PdfCacheRepo, type CachedFile } from '../src/cache.repo';

/** The produced-file cache on the real database: found by key alone, first copy wins, expiry swept. */
let conn: Connection;
const J = 'a'.repeat(24);
const file = (key: string, bytes: number, fill = 0x25): CachedFile => ({
  key, kind: 'certificate', journalId: J, filename: `${key}.pdf`, contentType: 'application/pdf', data: Buffer.alloc(bytes, fill),
});

beforeAll(async () => {
  conn = await mongoose.createConnection(testServers().mongoUrl, { dbName: uniqueName('pdfcache') }).asPromise();
});
afterAll(async () => {
  await conn.dropDatabase();
  await conn.close();
});

test('a stored file is read back whole by key, across chunks, and only for its journal', async () => {
  const repo = new PdfCacheRepo(conn, { bucketName: 'c1', ttlSeconds: 60, memoryBytes: 0 });
  await repo.init();
  const big = file('k-big', 9 * 1024 * 1024 + 17, 0x41);
  await repo.put(big);
  expect(await repo.head('k-big')).toMatchObject({ length: big.data.length, kind: 'certificate', filename: 'k-big.pdf' });
  const queries: string[] = [];
  conn.set('debug', (collection: string, method: string, query: unknown) => queries.push(`${collection}.${method} ${JSON.stringify(query)}`));
  let got: CachedFile | null;
  try {
    got = await repo.get('k-big', J);
  } finally {
    conn.set('debug', false);
  }
  expect(got!.data.equals(big.data)).toBe(true);
  // The key, then three chunks: each by `_id` alone.
  expect(queries).toHaveLength(4);
  for (const q of queries) expect(q).toMatch(/^c1\.(keys|chunks)\.findOne \{"_id":"[^"]+"\}/);
  expect(await repo.get('k-big', 'b'.repeat(24))).toBeNull();
  expect(await repo.get('missing', J)).toBeNull();
});

test('a second copy of the same key is dropped; the first stays', async () => {
  const repo = new PdfCacheRepo(conn, { bucketName: 'c2', ttlSeconds: 60, memoryBytes: 0 });
  await repo.init();
  await Promise.all([repo.put(file('same', 1000, 0x31)), repo.put(file('same', 1000, 0x32))]);
  const got = await repo.get('same', J);
  expect([0x31, 0x32]).toContain(got!.data[0]);
  // One file and its chunk remain, not two.
  expect(await conn.collection('c2.files').countDocuments({})).toBe(1);
  expect(await conn.collection('c2.chunks').countDocuments({})).toBe(1);
});

test('expired files are not served and the sweep removes them with their chunks', async () => {
  const repo = new PdfCacheRepo(conn, { bucketName: 'c3', ttlSeconds: 0, memoryBytes: 0 });
  await repo.init();
  await repo.put(file('old', 5 * 1024 * 1024));
  expect(await repo.get('old', J)).toBeNull();
  expect(await repo.sweep()).toBe(1);
  expect(await conn.collection('c3.files').countDocuments({})).toBe(0);
  expect(await conn.collection('c3.chunks').countDocuments({})).toBe(0);
  expect(await conn.collection('c3.keys').countDocuments({})).toBe(0);
  // Stored again after it expired: a new copy.
  const fresh = new PdfCacheRepo(conn, { bucketName: 'c3', ttlSeconds: 60, memoryBytes: 0 });
  await fresh.put(file('old', 10));
  expect((await fresh.get('old', J))!.data.length).toBe(10);
});

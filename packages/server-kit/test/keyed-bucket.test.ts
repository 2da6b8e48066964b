import { randomBytes } from 'node:crypto';
import { mongo, type Connection } from 'mongoose';
import { testServers, uniqueName } from '@journal/testing';
import { connectMongo, KeyedBucket } from '../src';

const CHUNK = 1024;

describe('KeyedBucket', () => {
  let conn: Connection;
  let bucket: KeyedBucket;
  beforeAll(async () => {
    conn = await connectMongo(testServers().mongoUrl, uniqueName('keyed'));
    bucket = new KeyedBucket(conn, 'kb', CHUNK);
  });
  afterAll(async () => {
    await conn.dropDatabase();
    await conn.close();
  });

  const chunksOf = (id: mongo.ObjectId) => conn.collection('kb.chunks').countDocuments({ files_id: id });

  it('stores a file of many batches whole, every byte and range read back as written', async () => {
    const data = randomBytes(CHUNK * 37 + 123);
    const id = new mongo.ObjectId();
    const doc = await bucket.write(id, 'many', data, { kind: 'test' });
    expect(doc).toMatchObject({ _id: id, length: data.length, chunkSize: CHUNK, filename: 'many' });
    expect(await chunksOf(id)).toBe(38);
    expect((await bucket.read(doc)).equals(data)).toBe(true);
    const part: Buffer[] = [];
    for await (const c of bucket.stream(doc, { start: CHUNK * 9 - 5, end: CHUNK * 20 + 7 })) part.push(c as Buffer);
    expect(Buffer.concat(part).equals(data.subarray(CHUNK * 9 - 5, CHUNK * 20 + 7))).toBe(true);
  });

  it('throws only once every chunk write has ended, so taking the file back leaves nothing behind', async () => {
    const data = randomBytes(CHUNK * 40);
    const id = new mongo.ObjectId();
    // A chunk already there under the id of the second batch's: that insert fails while others are in flight.
    await conn.collection('kb.chunks').insertOne({ _id: `${id.toHexString()}.5` as never, files_id: id, n: 5, data: new mongo.Binary(Buffer.alloc(1)) });
    const clash = bucket.write(id, 'clash', data, {});
    await expect(clash).rejects.toThrow(/duplicate|E11000/i);
    // As the driver's insertMany throws it: callers tell a duplicate by its code.
    await expect(clash).rejects.toMatchObject({ code: 11000 });
    expect(await bucket.find(id)).toBeNull();
    await bucket.remove({ _id: id, length: data.length, chunkSize: CHUNK });
    expect(await chunksOf(id)).toBe(0);
  });

  it('keeps the intents of a bulk write until its batch is settled, and clears only that batch', async () => {
    const intents = conn.collection('kb.intents');
    const files = (n: number) => Array.from({ length: n }, (_, i) => ({ id: new mongo.ObjectId(), filename: `bulk-${i}`, data: randomBytes(CHUNK + i), metadata: {} }));
    const [held, other] = [files(3), files(2)];
    const docs = await bucket.writeMany(held, { settle: false, batch: 'held' });
    await bucket.writeMany(other);
    expect(docs.map((d) => d.filename)).toEqual(['bulk-0', 'bulk-1', 'bulk-2']);
    for (const d of docs) expect((await bucket.read(d)).equals(held.find((f) => f.id.equals(d._id))!.data)).toBe(true);
    // The settled batch left nothing; the held one's intents wait for their caller.
    expect((await intents.find({}).toArray()).map((i) => i.filename).sort()).toEqual(['bulk-0', 'bulk-1', 'bulk-2']);
    await bucket.settledBatch('held');
    expect(await intents.countDocuments({})).toBe(0);
  });
});

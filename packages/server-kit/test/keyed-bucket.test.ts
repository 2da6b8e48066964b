import { randomBytes } from 'node:crypto';
import { mongo, type Connection } from 'mongoose';
import { testServers, uniqueName } from '@journal/testing';
import { connectMongo, KeyedBucket, writeSlotOf } from '../src';

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

  it('sweeps the writes of the minutes old enough, and an older release\'s intents (no minute) once', async () => {
    // A bucket an older release wrote to: its intents have no slot.
    const old = new KeyedBucket(conn, 'kb_old', CHUNK);
    const chunks = conn.collection('kb_old.chunks');
    const intents = conn.collection('kb_old.intents');
    const stopped = async (at: Date, slotted: boolean) => {
      const id = new mongo.ObjectId();
      await chunks.insertOne({ _id: `${id.toHexString()}.0` as never, files_id: id, n: 0, data: new mongo.Binary(Buffer.from('x')) });
      await intents.insertOne({ _id: id.toHexString() as never, files_id: id, filename: 'stopped', length: 1, chunkSize: CHUNK, at, ...(slotted ? { slot: writeSlotOf(at) } : {}) });
      return id;
    };
    const unslotted = await stopped(new Date(Date.now() - 3_600_000), false);
    await old.init();
    const tenMinutes = await stopped(new Date(Date.now() - 600_000), true);
    const young = await stopped(new Date(), true);
    const committed = new mongo.ObjectId();
    await old.write(committed, 'committed', randomBytes(CHUNK + 1), {}, { settle: false });
    expect(await old.sweepUnfinished(60_000)).toBe(2);
    for (const id of [unslotted, tenMinutes]) {
      expect(await chunks.findOne({ _id: `${id.toHexString()}.0` as never })).toBeNull();
      expect(await intents.findOne({ _id: id.toHexString() as never })).toBeNull();
    }
    expect(await chunks.findOne({ _id: `${young.toHexString()}.0` as never })).not.toBeNull();
    // Committed (its files document stored): its intent is only cleared once old enough.
    expect(await intents.findOne({ _id: committed.toHexString() as never })).not.toBeNull();
    expect(await old.sweepUnfinished(0)).toBe(1);
    expect(await intents.countDocuments({})).toBe(0);
    expect((await old.read({ _id: committed, length: CHUNK + 1, chunkSize: CHUNK })).length).toBe(CHUNK + 1);
    // Unslotted intents are read once: the ones this release writes all have a minute.
    expect(await conn.collection('kb_old.sweep').findOne({})).toMatchObject({ unslotted: true });
  });

  it('goes on after a long pause from the minute it had reached', async () => {
    const paused = new KeyedBucket(conn, 'kb_paused', CHUNK);
    await paused.init();
    // The last sweep three days ago; a write stopped the day after.
    const day = 86_400_000;
    await conn.collection('kb_paused.sweep').updateOne({ _id: 'sweep' as never }, { $set: { upTo: writeSlotOf(Date.now() - 3 * day) } });
    const id = new mongo.ObjectId();
    const at = new Date(Date.now() - 2 * day);
    await conn.collection('kb_paused.intents').insertOne({ _id: id.toHexString() as never, files_id: id, filename: 'paused', length: 1, chunkSize: CHUNK, at, slot: writeSlotOf(at) });
    // A day of minutes a sweep: the second reaches it.
    expect(await paused.sweepUnfinished(0)).toBe(0);
    expect(await paused.sweepUnfinished(0)).toBe(1);
    expect(await conn.collection('kb_paused.intents').countDocuments({})).toBe(0);
  });
});

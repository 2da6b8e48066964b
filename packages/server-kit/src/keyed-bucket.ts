import { Readable } from 'node:stream';
import { mongo, type Connection } from 'mongoose';
import { buildIndexes } from './db';

/** A stored file's document in `<bucket>.files` (GridFS layout). */
export interface KeyedFileDoc {
  _id: string | mongo.ObjectId;
  length: number;
  chunkSize: number;
  uploadDate: Date;
  filename: string;
  metadata?: Record<string, unknown>;
}

/**
 * A write begun and not yet committed: recorded before its first chunk, cleared once the file is
 * whole (and, for a caller that commits it further, once that is done too). What a writer that
 * died mid-file left is found from these few documents (`sweepUnfinished`), never by reading the
 * chunks: FerretDB cannot look chunks up by anything but `_id`.
 */
export interface WriteIntent {
  _id: string;
  files_id: string | mongo.ObjectId;
  filename: string;
  length: number;
  chunkSize: number;
  at: Date;
  /**
   * The minute the write began (`at` in WRITE_SLOT_MS since the epoch), indexed: the sweep reads
   * the intents of the minutes that are old enough, each by this one equality, which FerretDB
   * hands to PostgreSQL's index (a range on `at` it would answer by reading every intent stored,
   * and the rows that finished writes left behind until a vacuum). Absent on intents an older
   * release wrote.
   */
  slot?: number;
  /**
   * The bulk write (`writeMany`) the intent belongs to: its intents are cleared together by this
   * one field, an equality FerretDB hands to its storage, where `_id: {$in}` made FerretDB read and
   * decode every intent stored (the other writes in flight) to clear a batch's.
   */
  batch?: string;
}

interface ChunkDoc {
  _id: string;
  files_id: string | mongo.ObjectId;
  n: number;
  data: mongo.Binary;
}

/**
 * Chunks per insert command, and commands in flight per file: while the database stores one batch
 * the next is serialised and on its way (bench/store-write.md). Batches stay a few MB, well below
 * the 48 MB message limit even as FerretDB's base64 JSON.
 */
export const CHUNKS_PER_WRITE = 4;
export const WRITES_IN_FLIGHT = 2;
/** The width of an intent's `slot`. */
export const WRITE_SLOT_MS = 60_000;
export const writeSlotOf = (at: Date | number) => Math.floor(new Date(at).getTime() / WRITE_SLOT_MS);
/**
 * Minutes a sweep reads again behind the last one it finished: an intent written by a replica
 * whose clock runs behind lands in a minute already swept, and is still found within this many.
 */
const SLOTS_AGAIN = 10;
/** Minutes one sweep reads at most (a day): after a long pause the next sweeps go on from there. */
const SLOTS_PER_SWEEP = 1440;
/** Intents a sweep holds at once (the driver's batch): a minute of a bulk write may hold thousands. */
const INTENTS_PER_PAGE = 200;

/** Where a bucket's sweep got to: the last minute it read, and whether the older release's intents were read. */
interface SweepMark {
  _id: 'sweep';
  upTo: number;
  /** Intents without `slot` (an older release's) were read once, or the bucket had none. */
  unslotted: boolean;
}

const idText = (id: string | mongo.ObjectId) => (typeof id === 'string' ? id : id.toHexString());
const chunkId = (fileId: string | mongo.ObjectId, n: number) => `${idText(fileId)}.${n}`;

/**
 * Files in GridFS layout (`<name>.files`, `<name>.chunks`, so GridFS tools read them) that are
 * found by `_id` alone: the files document by the id the caller chose, each chunk under
 * `${fileId}.${n}`. FerretDB evaluates a lone `_id` equality inside SQLite and reads every
 * document into itself for any other filter, which for chunks means every stored file's bytes;
 * the GridFS driver reads chunks by `files_id`. (Even by `_id` it scans the table: at the bytes of
 * a million articles' PDFs only MongoDB, which reads its `_id` index, serves files well.)
 */
export class KeyedBucket {
  readonly files: mongo.Collection<KeyedFileDoc>;
  private readonly chunks: mongo.Collection<ChunkDoc>;
  private readonly intents: mongo.Collection<WriteIntent>;
  private readonly sweeps: mongo.Collection<SweepMark>;

  /** Through the mongoose connection, so its query debugging sees these reads too. */
  constructor(
    private readonly conn: Connection,
    name: string,
    readonly chunkSize: number,
  ) {
    this.files = conn.collection<KeyedFileDoc>(`${name}.files`) as unknown as mongo.Collection<KeyedFileDoc>;
    this.chunks = conn.collection<ChunkDoc>(`${name}.chunks`) as unknown as mongo.Collection<ChunkDoc>;
    this.intents = conn.collection<WriteIntent>(`${name}.intents`) as unknown as mongo.Collection<WriteIntent>;
    this.sweeps = conn.collection<SweepMark>(`${name}.sweep`) as unknown as mongo.Collection<SweepMark>;
  }

  /**
   * The intents' `slot` index (the sweep's one filter), the same on MongoDB and FerretDB. A bucket
   * whose intents did not exist before it has no intent without a slot: its sweeps never read
   * the whole collection (sweepUnfinished).
   */
  async init(): Promise<void> {
    const existed = (await this.conn.db!.listCollections({ name: this.intents.collectionName }, { nameOnly: true }).toArray()).length > 0;
    await buildIndexes(() => this.intents.createIndex({ slot: 1 }));
    if (!existed) {
      // Replicas starting together may both insert it: one does.
      await this.sweeps
        .updateOne({ _id: 'sweep' }, { $setOnInsert: { upTo: writeSlotOf(Date.now()) - SLOTS_AGAIN, unslotted: true } }, { upsert: true })
        .catch((err: { code?: number }) => {
          if (err.code !== 11000) throw err;
        });
    }
  }

  private intentOf(id: string | mongo.ObjectId, filename: string, length: number, batch?: string): WriteIntent {
    const at = new Date();
    return { _id: idText(id), files_id: id, filename, length, chunkSize: this.chunkSize, at, slot: writeSlotOf(at), ...(batch ? { batch } : {}) };
  }

  /**
   * Writes its intent, the chunks, then the files document: a file can be found only once it is
   * complete. On a failure every chunk write has ended before it throws, so a caller's clean-up
   * (`remove`) finds all that was stored. The intent is cleared here unless the caller commits the
   * file further (`settle: false`) and clears it itself (`settled`) once that is done. `metadata`
   * may still be in the making (a hash of the bytes): it is awaited only for the files document,
   * so that work runs while the database stores the chunks.
   */
  async write(
    id: string | mongo.ObjectId,
    filename: string,
    data: Buffer,
    metadata: Record<string, unknown> | Promise<Record<string, unknown>>,
    opts: { settle?: boolean } = {},
  ): Promise<KeyedFileDoc> {
    await this.intents.insertOne(this.intentOf(id, filename, data.length));
    const count = Math.ceil(data.length / this.chunkSize);
    let next = 0;
    let failed = false;
    const writer = async () => {
      while (next < count && !failed) {
        const n = next;
        next = Math.min(count, n + CHUNKS_PER_WRITE);
        const batch: ChunkDoc[] = [];
        for (let i = n; i < next; i++) {
          batch.push({ _id: chunkId(id, i), files_id: id, n: i, data: new mongo.Binary(data.subarray(i * this.chunkSize, (i + 1) * this.chunkSize)) });
        }
        await this.insertChunks(batch).catch((err: unknown) => {
          failed = true;
          throw err;
        });
      }
    };
    const ended = await Promise.allSettled(Array.from({ length: Math.min(WRITES_IN_FLIGHT, Math.ceil(count / CHUNKS_PER_WRITE)) }, writer));
    const refused = ended.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (refused) throw refused.reason;
    const doc: KeyedFileDoc = { _id: id, length: data.length, chunkSize: this.chunkSize, uploadDate: new Date(), filename, metadata: await metadata };
    await this.files.insertOne(doc);
    if (opts.settle !== false) await this.settled([id]);
    return doc;
  }

  /**
   * One batch of chunks as one plain insert command. The driver's insertMany serialises each
   * document apart and then copies the bytes twice more to assemble the message; the command is
   * serialised whole: 58 ms of this process's CPU for 5 MB where insertMany took 92. The
   * command is not retried as insertMany is on a replica set: a failed write is taken back by its
   * caller or the sweep, as any other. A refused document throws as insertMany does (code kept).
   */
  private async insertChunks(batch: ChunkDoc[]): Promise<void> {
    const r = await this.conn.db!.command({ insert: this.chunks.collectionName, documents: batch, ordered: true });
    const refused = (r.writeErrors as mongo.ErrorDescription[] | undefined)?.[0] ?? (r.writeConcernError as mongo.ErrorDescription | undefined);
    if (refused) throw new mongo.MongoServerError(refused);
  }

  /** Clears the intents of a bulk write (`writeMany`'s `batch`) now committed. */
  async settledBatch(batch: string): Promise<void> {
    await this.intents.deleteMany({ batch });
  }

  /** Clears the intents of writes now committed. */
  async settled(ids: (string | mongo.ObjectId)[]): Promise<void> {
    if (ids.length === 1) await this.intents.deleteOne({ _id: idText(ids[0]!) });
    else if (ids.length) await this.intents.deleteMany({ _id: { $in: ids.map(idText) } });
  }

  /**
   * Takes back the writes begun more than `olderThanMs` ago and never committed (the writer died
   * mid-file, or between the chunks and the commit): their files document and every chunk they may
   * have stored, each by its `_id`. `live` says whether a write was committed (default: its files
   * document exists); a committed one only has its intent cleared. Answers how many writes were
   * taken back.
   *
   * It reads only the minutes old enough (`slot`, by index), from a few before where the last
   * sweep stopped (`<name>.sweep`) to the one `olderThanMs` ago, a page of intents at a time, and
   * never the finished writes' rows of the other minutes: after a bulk write the collection holds
   * a row per file until PostgreSQL vacuums it, which a read of every intent went through (1,334
   * buffers 30 s after a seed's start). Intents an older release wrote have no slot: a bucket that
   * had intents before `init` made the index has them read whole once.
   */
  async sweepUnfinished(olderThanMs: number, live?: (intent: WriteIntent) => Promise<boolean>): Promise<number> {
    const before = Date.now() - olderThanMs;
    const last = writeSlotOf(before);
    const mark = await this.sweeps.findOne({ _id: 'sweep' });
    let removed = 0;
    const settle = async (i: WriteIntent) => {
      if (new Date(i.at).getTime() > before) return;
      const committed = live ? await live(i) : (await this.files.findOne({ _id: i.files_id }, { projection: { _id: 1 } })) !== null;
      if (committed) return this.settled([i.files_id]);
      await this.remove({ _id: i.files_id, length: i.length, chunkSize: i.chunkSize });
      removed++;
    };
    if (!mark?.unslotted) {
      // Once: every intent, slotted or not. The minutes before this one need not be read again.
      for await (const i of this.intents.find({}).batchSize(INTENTS_PER_PAGE)) await settle(i);
    }
    const from = (mark?.upTo ?? last) - SLOTS_AGAIN;
    const to = Math.min(last, from + SLOTS_PER_SWEEP - 1);
    for (let slot = from; slot <= to; slot++) {
      for await (const i of this.intents.find({ slot }).batchSize(INTENTS_PER_PAGE)) await settle(i);
    }
    // The minute `olderThanMs` ago is only partly old enough: the next sweep reads it again.
    await this.sweeps.updateOne({ _id: 'sweep' }, { $set: { upTo: to, unslotted: true } }, { upsert: true }).catch((err: { code?: number }) => {
      // Another sweep inserted it meanwhile: its mark stands, and the next sweep reads from there.
      if (err.code !== 11000) throw err;
    });
    return removed;
  }

  /**
   * Many new files at once (a seed, an import): every chunk in one bulk write, then every files
   * document in another, so each file is found only once its chunks are all stored. Unordered: a
   * file already stored under its id is refused as a duplicate (11000) and the others go on. The
   * intents carry `batch` (the caller's, or a new id), by which `settledBatch` clears them.
   */
  async writeMany(
    files: { id: string | mongo.ObjectId; filename: string; data: Buffer; metadata: Record<string, unknown> }[],
    opts: { settle?: boolean; batch?: string } = {},
  ): Promise<KeyedFileDoc[]> {
    const batch = opts.batch ?? new mongo.ObjectId().toHexString();
    if (files.length) await this.intents.insertMany(files.map((f) => this.intentOf(f.id, f.filename, f.data.length, batch)), { ordered: false });
    const chunks: ChunkDoc[] = [];
    const uploadDate = new Date();
    const docs = files.map((f): KeyedFileDoc => {
      const count = Math.ceil(f.data.length / this.chunkSize);
      for (let i = 0; i < count; i++) {
        chunks.push({ _id: chunkId(f.id, i), files_id: f.id, n: i, data: new mongo.Binary(f.data.subarray(i * this.chunkSize, (i + 1) * this.chunkSize)) });
      }
      return { _id: f.id, length: f.data.length, chunkSize: this.chunkSize, uploadDate, filename: f.filename, metadata: f.metadata };
    });
    if (chunks.length) await this.chunks.insertMany(chunks, { ordered: false });
    if (docs.length) await this.files.insertMany(docs, { ordered: false });
    if (opts.settle !== false && docs.length) await this.settledBatch(batch);
    return docs;
  }

  find(id: string | mongo.ObjectId): Promise<KeyedFileDoc | null> {
    return this.files.findOne({ _id: id });
  }

  /** The bytes from `start` to `end` (exclusive), one chunk read ahead of the one handed on. */
  stream(f: Pick<KeyedFileDoc, '_id' | 'length' | 'chunkSize'>, range?: { start: number; end: number }): Readable {
    return Readable.from(this.chunksOf(f, range?.start ?? 0, range?.end ?? f.length), { objectMode: false });
  }

  async read(f: Pick<KeyedFileDoc, '_id' | 'length' | 'chunkSize'>): Promise<Buffer> {
    const out: Buffer[] = [];
    for await (const c of this.chunksOf(f, 0, f.length)) out.push(c);
    return Buffer.concat(out);
  }

  private async *chunksOf(f: Pick<KeyedFileDoc, '_id' | 'length' | 'chunkSize'>, start: number, end: number): AsyncGenerator<Buffer> {
    if (end <= start) return;
    const size = f.chunkSize;
    const first = Math.floor(start / size);
    const last = Math.floor((end - 1) / size);
    const get = (n: number) => {
      const p = this.chunks.findOne({ _id: chunkId(f._id, n) });
      // Read ahead: a reader that hangs up first must not leave a rejection nobody awaits.
      p.catch(() => undefined);
      return p;
    };
    let next = get(first);
    for (let n = first; n <= last; n++) {
      const c = await next;
      if (n < last) next = get(n + 1);
      if (!c) throw new Error(`file ${idText(f._id)} has no chunk ${n}`);
      const data = Buffer.from(c.data.buffer);
      yield data.subarray(n === first ? start - n * size : 0, n === last ? end - n * size : data.length);
    }
  }

  /** Removes the files document first (no reader finds it any more), then its chunks, then its write's intent. */
  async remove(f: Pick<KeyedFileDoc, '_id' | 'length' | 'chunkSize'>): Promise<void> {
    await this.files.deleteOne({ _id: f._id });
    for (let n = 0; n < Math.ceil(f.length / f.chunkSize); n++) await this.chunks.deleteOne({ _id: chunkId(f._id, n) });
    await this.settled([f._id]);
  }
}

import { Readable } from 'node:stream';
import { mongo, type Connection } from 'mongoose';

/** A stored file's document in `<bucket>.files` (GridFS layout). */
export interface KeyedFileDoc {
  _id: string | mongo.ObjectId;
  length: number;
  chunkSize: number;
  uploadDate: Date;
  filename: string;
  metadata?: Record<string, unknown>;
}

interface ChunkDoc {
  _id: string;
  files_id: string | mongo.ObjectId;
  n: number;
  data: mongo.Binary;
}

/** Chunks written per round trip. */
const CHUNKS_PER_WRITE = 4;
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

  /** Through the mongoose connection, so its query debugging sees these reads too. */
  constructor(
    conn: Connection,
    name: string,
    readonly chunkSize: number,
  ) {
    this.files = conn.collection<KeyedFileDoc>(`${name}.files`) as unknown as mongo.Collection<KeyedFileDoc>;
    this.chunks = conn.collection<ChunkDoc>(`${name}.chunks`) as unknown as mongo.Collection<ChunkDoc>;
  }

  /** Writes the chunks, then the files document: a file can be found only once it is complete. */
  async write(id: string | mongo.ObjectId, filename: string, data: Buffer, metadata: Record<string, unknown>): Promise<KeyedFileDoc> {
    const count = Math.ceil(data.length / this.chunkSize);
    for (let n = 0; n < count; n += CHUNKS_PER_WRITE) {
      const batch: ChunkDoc[] = [];
      for (let i = n; i < Math.min(count, n + CHUNKS_PER_WRITE); i++) {
        batch.push({ _id: chunkId(id, i), files_id: id, n: i, data: new mongo.Binary(data.subarray(i * this.chunkSize, (i + 1) * this.chunkSize)) });
      }
      await this.chunks.insertMany(batch);
    }
    const doc: KeyedFileDoc = { _id: id, length: data.length, chunkSize: this.chunkSize, uploadDate: new Date(), filename, metadata };
    await this.files.insertOne(doc);
    return doc;
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

  /** Removes the files document first (no reader finds it any more), then its chunks. */
  async remove(f: Pick<KeyedFileDoc, '_id' | 'length' | 'chunkSize'>): Promise<void> {
    await this.files.deleteOne({ _id: f._id });
    for (let n = 0; n < Math.ceil(f.length / f.chunkSize); n++) await this.chunks.deleteOne({ _id: chunkId(f._id, n) });
  }
}

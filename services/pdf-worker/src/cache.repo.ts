import type { Connection } from 'mongoose';
import mongoose from 'mongoose';
import { buildIndexes, KeyedBucket, LRUCache } from '@journal/server-kit';

export interface CachedFile {
  key: string;
  kind: string;
  journalId: string;
  filename: string;
  contentType: string;
  data: Buffer;
  /** The articles the document is made of (absent on files stored before this was kept). */
  refs?: string[];
}

export interface CachedMeta {
  key: string;
  kind: string;
  journalId: string;
  filename: string;
  contentType: string;
  length: number;
  expiresAt: Date;
  refs?: string[];
}

/** A key's current file: found by `_id` (the key) alone, the bytes in the keyed bucket. */
interface KeyDoc {
  _id: string;
  fileId: mongoose.mongo.ObjectId;
  length: number;
  chunkSize: number;
  journalId: string;
  kind: string;
  name: string;
  contentType: string;
  expiresAt: Date;
  refs?: string[];
}

const CHUNK_SIZE = 4 * 1024 * 1024;
/** A write begun this long ago and still without its files document has stopped (a render's file is written in seconds). */
const UNFINISHED_WRITE_MS = 10 * 60_000;

/**
 * Produced files in this service's own bucket (GridFS layout, read by `_id`: see KeyedBucket). The
 * cache key (a hash of kind, data and template version) names a small document that points at the
 * file; expiry is checked on read and swept periodically. Writes are idempotent: a second worker
 * finishing the same job finds the key taken and drops its own copy.
 */
export class PdfCacheRepo {
  private readonly bucket: KeyedBucket;
  private readonly keys: mongoose.mongo.Collection<KeyDoc>;
  /** Files stored by the GridFS driver before the bucket was keyed: only swept. */
  private readonly legacy: mongoose.mongo.GridFSBucket;
  /** A bounded in-process cache in front of the database, so a repeated download is served from memory. */
  private readonly memory: LRUCache<string, CachedFile> | null;

  constructor(
    conn: Connection,
    private readonly opts: { bucketName: string; ttlSeconds: number; memoryBytes: number },
  ) {
    // Large chunks: a 10 MB zip is three documents instead of forty, far fewer round trips.
    this.bucket = new KeyedBucket(conn, opts.bucketName, CHUNK_SIZE);
    this.keys = conn.collection<KeyDoc>(`${opts.bucketName}.keys`) as unknown as mongoose.mongo.Collection<KeyDoc>;
    this.legacy = new mongoose.mongo.GridFSBucket(conn.db!, { bucketName: opts.bucketName });
    this.memory =
      opts.memoryBytes > 0
        ? new LRUCache<string, CachedFile>({ maxSize: opts.memoryBytes, maxEntrySize: opts.memoryBytes / 4, sizeCalculation: (f) => Math.max(1, f.data.length) })
        : null;
  }

  async init(): Promise<void> {
    await buildIndexes(() => this.keys.createIndex({ expiresAt: 1 }));
    await buildIndexes(() => this.bucket.files.createIndex({ 'metadata.expiresAt': 1 }));
    await this.bucket.init();
  }

  private async findKey(key: string): Promise<KeyDoc | null> {
    const d = await this.keys.findOne({ _id: key });
    return d && d.expiresAt > new Date() ? d : null;
  }

  private toMeta(d: KeyDoc): CachedMeta {
    return { key: d._id, kind: d.kind, journalId: d.journalId, filename: d.name, contentType: d.contentType, length: d.length, expiresAt: d.expiresAt, refs: d.refs };
  }

  private remember(f: CachedFile, expiresAt: Date) {
    this.memory?.set(f.key, f, { ttl: Math.max(1, expiresAt.getTime() - Date.now()) });
  }

  async head(key: string): Promise<CachedMeta | null> {
    const m = this.memory?.get(key);
    if (m) return { key, kind: m.kind, journalId: m.journalId, filename: m.filename, contentType: m.contentType, length: m.data.length, expiresAt: new Date(Date.now() + 1000), refs: m.refs };
    const d = await this.findKey(key);
    return d ? this.toMeta(d) : null;
  }

  /** The file for `key` of this journal, or null when absent, expired or another journal's. */
  async get(key: string, journalId: string): Promise<CachedFile | null> {
    const m = this.memory?.get(key);
    if (m) return m.journalId === journalId ? m : null;
    const d = await this.findKey(key);
    if (!d || d.journalId !== journalId) return null;
    const data = await this.bucket.read({ _id: d.fileId, length: d.length, chunkSize: d.chunkSize });
    const file: CachedFile = { key, kind: d.kind, journalId: d.journalId, filename: d.name, contentType: d.contentType, data, refs: d.refs };
    this.remember(file, d.expiresAt);
    return file;
  }

  async put(f: CachedFile): Promise<void> {
    const before = await this.keys.findOne({ _id: f.key });
    if (before && before.expiresAt > new Date()) return;
    const expiresAt = new Date(Date.now() + this.opts.ttlSeconds * 1000);
    const fileId = new mongoose.mongo.ObjectId();
    await this.bucket.write(fileId, f.key, f.data, { journalId: f.journalId, kind: f.kind, name: f.filename, contentType: f.contentType, expiresAt });
    const doc: KeyDoc = {
      _id: f.key, fileId, length: f.data.length, chunkSize: CHUNK_SIZE, journalId: f.journalId, kind: f.kind, name: f.filename, contentType: f.contentType, expiresAt,
      ...(f.refs ? { refs: f.refs } : {}),
    };
    // Another worker may have stored the same key meanwhile: the first one stays, this copy goes.
    const won = before
      ? (await this.keys.replaceOne({ _id: f.key, fileId: before.fileId }, doc)).matchedCount === 1
      : await this.keys.insertOne(doc).then(
          () => true,
          (err: { code?: number }) => {
            if (err.code === 11000) return false;
            throw err;
          },
        );
    if (!won) {
      await this.bucket.remove({ _id: fileId, length: f.data.length, chunkSize: CHUNK_SIZE }).catch(() => undefined);
      return;
    }
    if (before) await this.bucket.remove({ _id: before.fileId, length: before.length, chunkSize: before.chunkSize }).catch(() => undefined);
    this.remember(f, expiresAt);
  }

  /** Deletes expired files, and the chunks of writes a worker stopped mid-file; returns how many. */
  async sweep(): Promise<number> {
    const now = new Date();
    const expired = await this.keys.find({ expiresAt: { $lte: now } }).limit(1000).toArray();
    for (const d of expired) {
      // Only if it was not stored again meanwhile.
      if ((await this.keys.deleteOne({ _id: d._id, fileId: d.fileId })).deletedCount !== 1) continue;
      await this.bucket.remove({ _id: d.fileId, length: d.length, chunkSize: d.chunkSize }).catch(() => undefined);
    }
    // What is left expired has no key pointing at it: files the GridFS driver stored, or a copy
    // whose writer stopped half-way. The driver's delete takes its chunks by file id.
    const left = await this.bucket.files.find({ 'metadata.expiresAt': { $lte: now } }, { projection: { _id: 1 } }).limit(1000).toArray();
    for (const f of left) await this.legacy.delete(f._id as mongoose.mongo.ObjectId).catch(() => undefined);
    // Chunks whose files document was never written are found from their write's intent, by `_id`.
    const unfinished = await this.bucket.sweepUnfinished(UNFINISHED_WRITE_MS);
    return expired.length + left.length + unfinished;
  }
}

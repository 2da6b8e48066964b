import type { Connection } from 'mongoose';
import mongoose from 'mongoose';
import { buildIndexes } from '@journal/server-kit';

export interface CachedFile {
  key: string;
  kind: string;
  journalId: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface CachedMeta {
  key: string;
  kind: string;
  journalId: string;
  filename: string;
  contentType: string;
  length: number;
  expiresAt: Date;
}

interface FileDoc {
  _id: mongoose.mongo.ObjectId;
  filename: string;
  length: number;
  uploadDate: Date;
  metadata?: { journalId?: string; kind?: string; name?: string; contentType?: string; expiresAt?: Date };
}

/** A bounded in-process LRU in front of GridFS, so a repeated download is served from memory. */
class MemoryLru {
  private map = new Map<string, CachedFile & { expiresAt: number }>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string): CachedFile | undefined {
    const v = this.map.get(key);
    if (!v) return undefined;
    if (v.expiresAt <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    this.map.delete(key);
    this.map.set(key, v);
    return v;
  }
  set(f: CachedFile, expiresAt: number) {
    if (f.data.length > this.maxBytes / 4) return;
    this.delete(f.key);
    this.map.set(f.key, { ...f, expiresAt });
    this.bytes += f.data.length;
    while (this.bytes > this.maxBytes) {
      const oldest = this.map.keys().next().value as string;
      this.delete(oldest);
    }
  }
  delete(key: string) {
    const v = this.map.get(key);
    if (v) {
      this.bytes -= v.data.length;
      this.map.delete(key);
    }
  }
}

/**
 * Produced files in GridFS, in this service's own bucket. The file name is the cache key (a hash
 * of kind, data and template version); expiry is a field checked on read and swept periodically.
 * Writes are idempotent: a second worker finishing the same job finds the file already there.
 */
export class PdfCacheRepo {
  private readonly bucket: mongoose.mongo.GridFSBucket;
  private readonly files: mongoose.mongo.Collection<FileDoc>;
  private readonly memory: MemoryLru;

  constructor(
    conn: Connection,
    private readonly opts: { bucketName: string; ttlSeconds: number; memoryBytes: number },
  ) {
    const db = conn.db!;
    // Large chunks: a 10 MB zip is three documents instead of forty, far fewer round trips.
    this.bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: opts.bucketName, chunkSizeBytes: 4 * 1024 * 1024 });
    this.files = db.collection<FileDoc>(`${opts.bucketName}.files`);
    this.memory = new MemoryLru(opts.memoryBytes);
  }

  async init(): Promise<void> {
    await buildIndexes(() => this.files.createIndex({ filename: 1, uploadDate: -1 }));
    await buildIndexes(() => this.files.createIndex({ 'metadata.expiresAt': 1 }));
  }

  private async findDoc(key: string): Promise<FileDoc | null> {
    return this.files.findOne({ filename: key, 'metadata.expiresAt': { $gt: new Date() } }, { sort: { uploadDate: -1 } });
  }

  private toMeta(d: FileDoc): CachedMeta {
    return {
      key: d.filename,
      kind: d.metadata?.kind ?? '',
      journalId: d.metadata?.journalId ?? '',
      filename: d.metadata?.name ?? 'document.pdf',
      contentType: d.metadata?.contentType ?? 'application/pdf',
      length: d.length,
      expiresAt: d.metadata?.expiresAt ?? new Date(0),
    };
  }

  async head(key: string): Promise<CachedMeta | null> {
    const m = this.memory.get(key);
    if (m) return { key, kind: m.kind, journalId: m.journalId, filename: m.filename, contentType: m.contentType, length: m.data.length, expiresAt: new Date(Date.now() + 1000) };
    const d = await this.findDoc(key);
    return d ? this.toMeta(d) : null;
  }

  /** The file for `key` of this journal, or null when absent, expired or another journal's. */
  async get(key: string, journalId: string): Promise<CachedFile | null> {
    const m = this.memory.get(key);
    if (m) return m.journalId === journalId ? m : null;
    const d = await this.findDoc(key);
    if (!d || d.metadata?.journalId !== journalId) return null;
    const chunks: Buffer[] = [];
    for await (const c of this.bucket.openDownloadStream(d._id)) chunks.push(c as Buffer);
    const meta = this.toMeta(d);
    const file: CachedFile = { key: meta.key, kind: meta.kind, journalId: meta.journalId, filename: meta.filename, contentType: meta.contentType, data: Buffer.concat(chunks) };
    this.memory.set(file, meta.expiresAt.getTime());
    return file;
  }

  async put(f: CachedFile): Promise<void> {
    if (await this.findDoc(f.key)) return;
    const expiresAt = new Date(Date.now() + this.opts.ttlSeconds * 1000);
    await new Promise<void>((resolve, reject) => {
      const up = this.bucket.openUploadStream(f.key, {
        metadata: { journalId: f.journalId, kind: f.kind, name: f.filename, contentType: f.contentType, expiresAt },
      });
      up.once('error', reject);
      up.once('finish', () => resolve());
      up.end(f.data);
    });
    this.memory.set(f, expiresAt.getTime());
  }

  /** Deletes expired files; returns how many. */
  async sweep(): Promise<number> {
    const expired = await this.files.find({ 'metadata.expiresAt': { $lte: new Date() } }, { projection: { _id: 1 } }).limit(1000).toArray();
    for (const d of expired) await this.bucket.delete(d._id).catch(() => undefined);
    return expired.length;
  }
}

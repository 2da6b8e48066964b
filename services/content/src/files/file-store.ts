import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { mongo, type Connection } from 'mongoose';
import { buildIndexes } from '@journal/server-kit';
import { articlePdfPath } from '@journal/contracts';
import { jid } from '../shared/plain';

/** The four public file areas of docs/product.md#files. */
export const ASSET_AREAS = ['archives', 'editors', 'indexing', 'site'] as const;
export type AssetArea = (typeof ASSET_AREAS)[number];

/** Exact Content-Type per extension; anything else is not served. */
export const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  avif: 'image/avif',
};

const SEGMENT_RE = /^[A-Za-z0-9][A-Za-z0-9._()+ -]{0,199}$/;

/**
 * Validates and normalises a public asset path such as `/assets/archives/2026/vol1issue2/12.pdf`.
 * Returns null for anything odd: traversal, empty or dot segments, control or non-ASCII bytes,
 * backslashes, unknown areas or extensions.
 */
export function normaliseAssetPath(p: string): string | null {
  if (typeof p !== 'string' || p.length > 600) return null;
  const parts = p.split('/');
  if (parts[0] !== '' || parts[1] !== 'assets' || !ASSET_AREAS.includes(parts[2] as AssetArea)) return null;
  const rest = parts.slice(3);
  if (rest.length < 1 || rest.length > 4) return null;
  for (const s of rest) if (!SEGMENT_RE.test(s) || s.includes('..') || s.endsWith(' ') || s.endsWith('.')) return null;
  if (!contentTypeFor(rest[rest.length - 1]!)) return null;
  return parts.join('/');
}

export function contentTypeFor(name: string): string | undefined {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? undefined : CONTENT_TYPES[name.slice(dot + 1).toLowerCase()];
}

/** Public paths of docs/product.md#files. */
export const assetPath = {
  article: (year: number, volume: number, issue: number, file: string) => articlePdfPath({ year, volume, issue, file }),
  editor: (picture: string) => `/assets/editors/${picture}`,
  indexing: (image: string) => `/assets/indexing/${image}`,
  site: (name: string) => `/assets/site/${name}`,
};

/** The version a public URL carries: a prefix of the content hash (URL-safe base64). */
export const assetVersion = (sha1: string) => sha1.replace(/^"|"$/g, '').slice(0, 12);

/** The public URL of a file at a version: immutable, as the bytes behind it never change. */
export const versionedUrl = (path: string, version: string | undefined) => (version ? `${path}?v=${version}` : path);

export interface StoredFile {
  id: string;
  path: string;
  length: number;
  contentType: string;
  /** Strong validator: a hash of the bytes. */
  etag: string;
  uploadDate: Date;
}

interface FileMeta {
  journalId: string;
  path: string;
  contentType: string;
  sha1: string;
}

const keyOf = (journalId: string, path: string) => `${jid(journalId)}${path}`;

/**
 * Uploaded files in GridFS. A file's key is its journal id followed by its public path, so one
 * indexed equality finds it and journals never see each other's files.
 */
export class FileStore {
  readonly bucket: mongo.GridFSBucket;
  constructor(private readonly conn: Connection) {
    this.bucket = new mongo.GridFSBucket(conn.db as never, { bucketName: 'files', chunkSizeBytes: 255 * 1024 });
  }

  async init() {
    await buildIndexes(() => this.conn.collection('files.files').createIndex({ filename: 1, uploadDate: -1 }));
    await buildIndexes(() => this.conn.collection('files.chunks').createIndex({ files_id: 1, n: 1 }, { unique: true }));
  }

  /** Stores (or replaces) the file at `path`. Throws on an invalid path. */
  async put(journalId: string, path: string, data: Buffer | Uint8Array, opts: { contentType?: string } = {}): Promise<StoredFile> {
    const norm = normaliseAssetPath(path);
    if (!norm) throw new Error(`invalid asset path: ${path}`);
    const buf = Buffer.isBuffer(data) ? data : Buffer.from(data);
    const filename = keyOf(journalId, norm);
    const meta: FileMeta = {
      journalId,
      path: norm,
      contentType: opts.contentType ?? contentTypeFor(norm)!,
      sha1: createHash('sha1').update(buf).digest('base64url'),
    };
    const upload = this.bucket.openUploadStream(filename, { metadata: meta });
    await new Promise<void>((resolve, reject) => {
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(buf);
    });
    const newId = upload.id as mongo.ObjectId;
    // Drop older versions only once the new one is complete, so readers never meet a gap.
    const old = await this.bucket.find({ filename, _id: { $ne: newId } }, { projection: { _id: 1 } }).toArray();
    for (const o of old) await this.bucket.delete(o._id).catch(() => undefined);
    return { id: newId.toString(), path: norm, length: buf.length, contentType: meta.contentType, etag: `"${meta.sha1}"`, uploadDate: new Date() };
  }

  async stat(journalId: string, path: string): Promise<StoredFile | null> {
    const norm = normaliseAssetPath(path);
    if (!norm) return null;
    const [f] = await this.bucket.find({ filename: keyOf(journalId, norm) }, { sort: { uploadDate: -1 }, limit: 1 }).toArray();
    if (!f) return null;
    const meta = (f.metadata ?? {}) as Partial<FileMeta>;
    return {
      id: f._id.toString(),
      path: norm,
      length: f.length,
      contentType: meta.contentType ?? contentTypeFor(norm) ?? 'application/octet-stream',
      etag: `"${meta.sha1 ?? f._id.toString()}"`,
      uploadDate: f.uploadDate,
    };
  }

  async exists(journalId: string, path: string): Promise<boolean> {
    return (await this.stat(journalId, path)) !== null;
  }

  /** Streams a stored file; `range` is inclusive, as in an HTTP Range header. */
  stream(file: StoredFile, range?: { start: number; end: number }): Readable {
    const opts = range ? { start: range.start, end: range.end + 1 } : undefined;
    return this.bucket.openDownloadStream(new mongo.ObjectId(file.id), opts);
  }

  /** The whole file in memory (small files: caching, the PDF pipeline). */
  async read(journalId: string, path: string): Promise<Buffer | null> {
    const f = await this.stat(journalId, path);
    if (!f) return null;
    const chunks: Buffer[] = [];
    for await (const c of this.stream(f)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(journalId: string, path: string): Promise<boolean> {
    const norm = normaliseAssetPath(path);
    if (!norm) return false;
    const all = await this.bucket.find({ filename: keyOf(journalId, norm) }, { projection: { _id: 1 } }).toArray();
    for (const f of all) await this.bucket.delete(f._id).catch(() => undefined);
    return all.length > 0;
  }

  /**
   * The content version of every stored file of every journal (one scan of the file list, no
   * bytes): what versioned public URLs are made of when the read models load.
   */
  async versionsByJournal(journalId?: string): Promise<Map<string, Map<string, string>>> {
    const out = new Map<string, Map<string, string>>();
    const filter = journalId ? { filename: { $regex: `^${jid(journalId)}/` } } : {};
    const fs = await this.bucket.find(filter, { projection: { filename: 1, metadata: 1, uploadDate: 1 }, sort: { uploadDate: 1 } }).toArray();
    for (const f of fs) {
      const meta = (f.metadata ?? {}) as Partial<FileMeta>;
      const journalId = meta.journalId ?? f.filename.slice(0, 24);
      const path = meta.path ?? f.filename.slice(24);
      let m = out.get(journalId);
      if (!m) out.set(journalId, (m = new Map()));
      // Oldest first: the newest upload of a path wins.
      m.set(path, assetVersion(meta.sha1 ?? f._id.toString()));
    }
    return out;
  }

  /** Paths stored under a prefix such as `/assets/editors/` (admin listings, tests). */
  async list(journalId: string, prefix = '/assets/'): Promise<string[]> {
    const key = keyOf(journalId, prefix);
    const esc = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const fs = await this.bucket.find({ filename: { $regex: `^${esc}` } }, { projection: { filename: 1 } }).toArray();
    return [...new Set(fs.map((f) => f.filename.slice(24)))].sort();
  }
}

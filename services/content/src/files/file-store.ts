import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { mongo, type Connection } from 'mongoose';
import { buildIndexes, KeyedBucket } from '@journal/server-kit';
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
  chunkSize: number;
  /** Chunks stored under `${id}.${n}`, read by `_id`; false for files the GridFS driver stored. */
  keyed: boolean;
}

interface FileMeta {
  journalId: string;
  path: string;
  contentType: string;
  sha1: string;
}

/** A path's current file: one document per stored path, found by `_id` alone. */
interface CurrentDoc {
  _id: string;
  /**
   * The journal the `_id` starts with, indexed: a journal's files are read by this one equality,
   * which FerretDB hands to PostgreSQL's index, where a prefix of `_id` made it read every journal's
   * entries. Absent on entries an older release wrote until they are moved (moveToJournalField).
   */
  journalId: string;
  fileId: mongo.ObjectId;
  length: number;
  chunkSize: number;
  contentType: string;
  sha1: string;
  uploadDate: Date;
  keyed: boolean;
}

/** A file `stage` stored and no path points at yet. */
export interface StagedFile {
  path: string;
  doc: CurrentDoc;
}

const CHUNK_SIZE = 255 * 1024;
const FILES_CURRENT_MIGRATION = 'files-current';
/** Marked done once every `files.current` entry carries its journal (moveToJournalField). */
const FILES_JOURNAL_MIGRATION = 'files-current-journal';
const keyOf = (journalId: string, path: string) => `${jid(journalId)}${path}`;

/**
 * The content hash of `buf` (URL-safe base64), one chunk at a time with the event loop let go in
 * between: the chunk writes' round trips go on meanwhile.
 */
async function sha1Between(buf: Buffer): Promise<string> {
  const h = createHash('sha1');
  for (let at = 0; at < buf.length; at += CHUNK_SIZE) {
    if (at) await new Promise<void>((resolve) => setImmediate(resolve));
    h.update(buf.subarray(at, at + CHUNK_SIZE));
  }
  return h.digest('base64url');
}

/**
 * Uploaded files in GridFS layout, found by `_id` alone (see KeyedBucket): a path's current file in
 * `files.current`, keyed by journal id and path so journals never see each other's files.
 */
export class FileStore {
  /** Reads and deletes files stored by the GridFS driver before chunks were keyed. */
  readonly bucket: mongo.GridFSBucket;
  private readonly keyed: KeyedBucket;
  constructor(private readonly conn: Connection) {
    // A connection is opened (connectMongo) before any repository is made: db is there.
    if (!conn.db) throw new Error('FileStore needs an open connection');
    this.bucket = new mongo.GridFSBucket(conn.db, { bucketName: 'files', chunkSizeBytes: CHUNK_SIZE });
    this.keyed = new KeyedBucket(conn, 'files', CHUNK_SIZE);
  }

  private get current() {
    return this.conn.collection<CurrentDoc>('files.current');
  }

  private get filesColl() {
    return this.keyed.files;
  }

  private get migrations() {
    return this.conn.collection<{ _id: string; at: Date }>('content_migrations');
  }

  /** Every entry carries its journal: a journal's files are read by that equality (see CurrentDoc.journalId). */
  private byJournal = false;
  private moving?: Promise<void>;

  /**
   * Indexes, the entries of files the GridFS driver stored, and the journal field of entries an
   * older release wrote (moveToJournalField, once per database; a journal's files are read by a
   * prefix of `_id` until it is done). A store whose entries did not exist before the index has none
   * to move.
   */
  async init() {
    const existed = (await this.conn.db!.listCollections({ name: this.current.collectionName }, { nameOnly: true }).toArray()).length > 0;
    await buildIndexes(() => this.filesColl.createIndex({ filename: 1, uploadDate: -1 }));
    await buildIndexes(() => this.conn.collection('files.chunks').createIndex({ files_id: 1, n: 1 }, { unique: true }));
    await buildIndexes(() => this.current.createIndex({ journalId: 1 }));
    await this.keyed.init();
    await this.pointAtDriverFiles();
    if (!existed) await this.markMoved();
    if (this.byJournal || (await this.migrations.findOne({ _id: FILES_JOURNAL_MIGRATION }))) {
      this.byJournal = true;
      return;
    }
    // A failed move (the database gone meanwhile) leaves the prefix read; the next start moves the rest.
    this.moving ??= this.moveToJournalField().catch(() => {
      this.moving = undefined;
    });
    // FerretDB applies an update as a read then a write of the whole entry, so a put of the same
    // path between the two would be undone: there the move ends before the process serves. MongoDB
    // checks the filter as it writes, and moves in the background (its start stays within the probes).
    if (await this.updatesReadThenWrite()) await this.moving;
  }

  /** True unless the store says it is not FerretDB: a buildInfo that fails is taken as FerretDB (the move waited for, never a put undone). */
  private async updatesReadThenWrite(): Promise<boolean> {
    const info = await this.conn.db!.admin().command({ buildInfo: 1 }).catch(() => null);
    return !info || 'ferretdbVersion' in info;
  }

  /** Once the move of init is over (tests, tools): whether the store now reads a journal by its field. */
  async whenMoved(): Promise<boolean> {
    await this.moving;
    return this.byJournal;
  }

  private async markMoved() {
    await this.migrations.updateOne({ _id: FILES_JOURNAL_MIGRATION }, { $setOnInsert: { at: new Date() } }, { upsert: true }).catch((err: { code?: number }) => {
      // Another replica marked it at the same time.
      if (err.code !== 11000) throw err;
    });
    this.byJournal = true;
  }

  /**
   * Gives the entries an older release wrote (or a restored dump of one) their journal field, then
   * marks it done so later starts read no entry list: once per database, the
   * one read of every entry. Idempotent, and two replicas may move at once (each writes the value
   * the `_id` names). An entry is updated only while it still points at the file it was read with:
   * a write of its path meanwhile stores the field itself.
   */
  private async moveToJournalField() {
    // The ids read whole (small documents, as pointAtDriverFiles does), then one update at a time:
    // FerretDB holds a PostgreSQL connection per write and per open cursor, and bulk writes of
    // 200 updates beside an open cursor took every connection of its pool (it answered nothing more).
    const old = await this.current.find({ journalId: { $exists: false } }, { projection: { _id: 1, fileId: 1 } }).toArray();
    for (const d of old) {
      await this.current.updateOne({ _id: d._id, fileId: d.fileId, journalId: { $exists: false } }, { $set: { journalId: d._id.slice(0, 24) } });
    }
    await this.markMoved();
  }

  /**
   * Files the GridFS driver stored have no `files.current` entry yet: their newest version gets one.
   * Once, marked done in `content_migrations`: every write since gives its path an entry, so a start
   * after the first reads no file list. (Comparing the two collections' counts did not tell: on
   * PostgreSQL they are the planner's estimates, and a files document a killed upload left behind
   * has no entry, so every start read every stored file's metadata, 100,000 of them in a minute.)
   */
  private async pointAtDriverFiles() {
    const done = this.conn.collection<{ _id: string; at: Date }>('content_migrations');
    if (await done.findOne({ _id: FILES_CURRENT_MIGRATION })) return;
    const known = new Set((await this.current.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id));
    const files = await this.filesColl
      .find({}, { projection: { filename: 1, length: 1, chunkSize: 1, uploadDate: 1, metadata: 1 }, sort: { uploadDate: 1 } })
      .toArray();
    const newest = new Map(files.map((f) => [String(f.filename), f]));
    for (const [key, f] of newest) {
      if (known.has(key)) continue;
      const meta = (f.metadata ?? {}) as Partial<FileMeta>;
      const doc: CurrentDoc = {
        _id: key,
        journalId: key.slice(0, 24),
        fileId: f._id as mongo.ObjectId,
        length: Number(f.length),
        chunkSize: Number(f.chunkSize),
        contentType: meta.contentType ?? contentTypeFor(key) ?? 'application/octet-stream',
        sha1: meta.sha1 ?? String(f._id),
        uploadDate: f.uploadDate as Date,
        keyed: false,
      };
      // Another replica starting at the same time may have written it first.
      await this.current.insertOne(doc).catch((err: { code?: number }) => {
        if (err.code !== 11000) throw err;
      });
    }
    await done.replaceOne({ _id: FILES_CURRENT_MIGRATION }, { at: new Date() }, { upsert: true });
  }

  /** An id for a file about to be stored: a writer that records it first can take back what a failed write left (`discard`). */
  newFileId(): string {
    return new mongo.ObjectId().toHexString();
  }

  /**
   * Stores (or replaces) the file at `path`, under `fileId` when given (from `newFileId`). Throws on
   * an invalid path.
   */
  async put(journalId: string, path: string, data: Buffer | Uint8Array, opts: { contentType?: string; fileId?: string } = {}): Promise<StoredFile> {
    return this.commit(await this.stage(journalId, path, data, opts));
  }

  /**
   * The first half of `put`: the file's bytes stored under a new id, its write's intent kept, the
   * path not touched (no reader finds it). A writer whose checks may still refuse the write starts
   * this beside them, then `commit`s it or takes it back (`discard`); one that never does is taken
   * back by the sweep (sweepUnfinished). Throws on an invalid path.
   */
  async stage(journalId: string, path: string, data: Buffer | Uint8Array, opts: { contentType?: string; fileId?: string } = {}): Promise<StagedFile> {
    const norm = normaliseAssetPath(path);
    if (!norm) throw new Error(`invalid asset path: ${path}`);
    const buf = Buffer.isBuffer(data) ? data : Buffer.from(data);
    const key = keyOf(journalId, norm);
    const contentType = opts.contentType ?? contentTypeFor(norm)!;
    const fileId = new mongo.ObjectId(opts.fileId);
    // The bytes are hashed while the database stores their chunks (the hash is only needed for
    // the files document, written last), not before the first chunk goes out.
    const hashing = sha1Between(buf);
    const meta = hashing.then((sha1) => ({ journalId, path: norm, contentType, sha1 }) satisfies FileMeta);
    // Awaited by the write once its chunks are stored; never an unhandled rejection if they fail first.
    meta.catch(() => undefined);
    // The write's intent stays until the path points at it (sweepUnfinished).
    const { uploadDate } = await this.keyed.write(fileId, key, buf, meta, { settle: false });
    return { path: norm, doc: { _id: key, journalId: jid(journalId), fileId, length: buf.length, chunkSize: CHUNK_SIZE, contentType, sha1: await hashing, uploadDate, keyed: true } };
  }

  /** The second half of `put`: the path points at the staged file, and the version it replaces goes. */
  async commit(staged: StagedFile): Promise<StoredFile> {
    await this.commitThen(staged, async () => undefined);
    return toStored(staged.path, staged.doc);
  }

  /**
   * `commit`, with `next` (work that needs the path to point at the file: enabling the record that
   * names it) run beside the write's clean-up rather than after it; answers what `next` does. A
   * write whose intent is not cleared (the database gone meanwhile) is committed all the same:
   * the sweep, finding its path pointing at it, clears the intent.
   */
  async commitThen<T>(staged: StagedFile, next: () => Promise<T>): Promise<T> {
    const { doc } = staged;
    // The new version is complete before it becomes current, and the old one goes only after: readers never meet a gap.
    // One round trip: the path's entry replaced, the one it held answered.
    const before = await this.current.findOneAndReplace({ _id: doc._id }, doc, { upsert: true, returnDocument: 'before' });
    const [, out] = await Promise.all([
      Promise.all([
        this.keyed.settled([doc.fileId]).catch(() => undefined),
        before && !before.fileId.equals(doc.fileId) ? this.removeVersion(before).catch(() => undefined) : null,
      ]),
      next(),
    ]);
    return out;
  }

  /**
   * Stores files at paths that hold none yet (a seed, an import), in three bulk writes: the chunks,
   * the files documents, then the paths' current entries, so a path is readable only once its file
   * is whole. Unordered: a path already stored keeps its file (the bytes just written for it are
   * taken back) and the others are stored; the duplicates are then thrown (11000, as insertMany).
   */
  async putNew(journalId: string, files: { path: string; data: Buffer; contentType?: string }[]): Promise<StoredFile[]> {
    const items = files.map((f) => {
      const norm = normaliseAssetPath(f.path);
      if (!norm) throw new Error(`invalid asset path: ${f.path}`);
      const meta: FileMeta = { journalId, path: norm, contentType: f.contentType ?? contentTypeFor(norm)!, sha1: createHash('sha1').update(f.data).digest('base64url') };
      return { id: new mongo.ObjectId(), key: keyOf(journalId, norm), norm, meta, data: f.data };
    });
    const batch = new mongo.ObjectId().toHexString();
    const written = await this.keyed.writeMany(items.map((i) => ({ id: i.id, filename: i.key, data: i.data, metadata: { ...i.meta } })), { settle: false, batch });
    const docs = items.map((i, n): CurrentDoc => ({
      _id: i.key,
      journalId,
      fileId: i.id,
      length: i.data.length,
      chunkSize: CHUNK_SIZE,
      contentType: i.meta.contentType,
      sha1: i.meta.sha1,
      uploadDate: written[n]!.uploadDate,
      keyed: true,
    }));
    try {
      if (docs.length) await this.current.insertMany(docs, { ordered: false });
    } catch (err) {
      const refused = err instanceof mongo.MongoBulkWriteError ? [err.writeErrors].flat() : [];
      for (const e of refused) if (e.code === 11000) await this.keyed.remove({ _id: docs[e.index]!.fileId, length: docs[e.index]!.length, chunkSize: CHUNK_SIZE });
      // The others' intents stay: the sweep clears those whose paths point at them.
      throw err;
    }
    if (docs.length) await this.keyed.settledBatch(batch);
    return docs.map((d, n) => toStored(items[n]!.norm, d));
  }

  private async removeVersion(v: Pick<CurrentDoc, 'fileId' | 'length' | 'chunkSize' | 'keyed'>) {
    if (!v.keyed) {
      await this.bucket.delete(v.fileId).catch(() => undefined);
      return;
    }
    await this.keyed.remove({ _id: v.fileId, length: v.length, chunkSize: v.chunkSize });
  }

  async stat(journalId: string, path: string): Promise<StoredFile | null> {
    const norm = normaliseAssetPath(path);
    if (!norm) return null;
    const d = await this.current.findOne({ _id: keyOf(journalId, norm) });
    return d ? toStored(norm, d) : null;
  }

  /** The current files at these paths (one query), by path; paths with no file are left out. */
  async statMany(journalId: string, paths: string[]): Promise<Map<string, StoredFile>> {
    const norm = [...new Set(paths.map((p) => normaliseAssetPath(p)).filter((p): p is string => !!p))];
    const out = new Map<string, StoredFile>();
    if (!norm.length) return out;
    const docs = await this.current.find({ _id: { $in: norm.map((p) => keyOf(journalId, p)) } }).toArray();
    for (const d of docs) out.set(d._id.slice(24), toStored(d._id.slice(24), d));
    return out;
  }

  async exists(journalId: string, path: string): Promise<boolean> {
    return (await this.stat(journalId, path)) !== null;
  }

  /** Streams a stored file; `range` is inclusive, as in an HTTP Range header. */
  stream(file: StoredFile, range?: { start: number; end: number }): Readable {
    if (!file.keyed) {
      const opts = range ? { start: range.start, end: range.end + 1 } : undefined;
      return this.bucket.openDownloadStream(new mongo.ObjectId(file.id), opts);
    }
    return this.keyed.stream({ _id: new mongo.ObjectId(file.id), length: file.length, chunkSize: file.chunkSize }, range && { start: range.start, end: range.end + 1 });
  }

  /** The whole file in memory (small files: caching, the PDF pipeline). */
  async read(journalId: string, path: string): Promise<Buffer | null> {
    const f = await this.stat(journalId, path);
    return f ? this.readStored(f) : null;
  }

  /** The bytes of a file already stat'ed. */
  async readStored(f: StoredFile): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of this.stream(f)) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  async delete(journalId: string, path: string): Promise<boolean> {
    const norm = normaliseAssetPath(path);
    if (!norm) return false;
    const key = keyOf(journalId, norm);
    const d = await this.current.findOne({ _id: key });
    if (!d) return false;
    await this.current.deleteOne({ _id: key });
    await this.removeVersion(d).catch(() => undefined);
    return true;
  }

  /**
   * Takes back one write of `path` (`fileId`, `length` bytes), finished or not: the path's current
   * file only while it is that write's (a later write of the path keeps its own), then its files
   * document and each chunk it may have stored, each found by its `_id`.
   */
  async discard(journalId: string, path: string, write: { fileId: string; length: number }): Promise<void> {
    const norm = normaliseAssetPath(path);
    const fileId = new mongo.ObjectId(write.fileId);
    if (norm) await this.current.deleteOne({ _id: keyOf(journalId, norm), fileId });
    await this.keyed.remove({ _id: fileId, length: write.length, chunkSize: CHUNK_SIZE });
  }

  /**
   * Takes back the writes begun more than `olderThanMs` ago whose path never came to point at
   * them: a writer that died mid-file, or between its chunks and its path's entry (see
   * KeyedBucket.sweepUnfinished). A write its path does point at only has its intent cleared.
   */
  sweepUnfinished(olderThanMs: number): Promise<number> {
    return this.keyed.sweepUnfinished(olderThanMs, async (i) => {
      const d = await this.current.findOne({ _id: i.filename }, { projection: { fileId: 1 } });
      return !!d && String(d.fileId) === String(i.files_id);
    });
  }

  /**
   * A journal's entries: by its field once every entry has it, else by the prefix of `_id` (every
   * journal's entries read on FerretDB). A store a tool made without init (the views of a seed or
   * the CLI, offlineViews) learns it from the marker, one read by `_id` until it is there.
   */
  private async ofJournal(journalId: string) {
    if (!this.byJournal && !this.moving && (await this.migrations.findOne({ _id: FILES_JOURNAL_MIGRATION }, { projection: { _id: 1 } }))) this.byJournal = true;
    return this.byJournal ? { journalId: jid(journalId) } : { _id: { $regex: `^${jid(journalId)}/` } };
  }

  /**
   * The content version of every stored file of one journal, or of every journal (the small
   * `files.current` documents, no bytes): what versioned public URLs are made of when the read
   * models load.
   */
  async versionsByJournal(journalId?: string): Promise<Map<string, Map<string, string>>> {
    const out = new Map<string, Map<string, string>>();
    const filter = journalId ? await this.ofJournal(journalId) : {};
    const docs = await this.current.find(filter, { projection: { sha1: 1 } }).toArray();
    for (const d of docs) {
      const j = d._id.slice(0, 24);
      let m = out.get(j);
      if (!m) out.set(j, (m = new Map()));
      m.set(d._id.slice(24), assetVersion(d.sha1));
    }
    return out;
  }

  /** Paths stored under a prefix such as `/assets/editors/` (admin listings, tests). */
  async list(journalId: string, prefix = '/assets/'): Promise<string[]> {
    const key = keyOf(journalId, prefix);
    // The prefix is filtered here: FerretDB would read every journal's entries for it.
    const docs = await this.current.find(await this.ofJournal(journalId), { projection: { _id: 1 } }).toArray();
    return docs
      .map((d) => d._id)
      .filter((k) => k.startsWith(key))
      .map((k) => k.slice(24))
      .sort();
  }
}

const toStored = (path: string, d: CurrentDoc): StoredFile => ({
  id: d.fileId.toString(),
  path,
  length: d.length,
  contentType: d.contentType,
  etag: `"${d.sha1}"`,
  uploadDate: d.uploadDate,
  chunkSize: d.chunkSize,
  keyed: d.keyed,
});

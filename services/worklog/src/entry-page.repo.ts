import type { Connection, mongo } from 'mongoose';
import { isWorkStatus, WORK_STATUSES } from '@journal/contracts';
import type { StoredEntry } from './entry.repo';
import type { IndexHead, IndexTop, PageSummary } from './entry-pages';

export const HEAD_COLLECTION = 'work_index_heads';
export const PAGE_COLLECTION = 'work_index_pages';
export const CHUNK_COLLECTION = 'work_index_chunks';
export const DIR_COLLECTION = 'work_index_dirs';

/**
 * Every collection here is read and written by `_id` alone: the one filter FerretDB evaluates inside
 * SQLite (any other filter reads every document into FerretDB); it still scans the table, which
 * stays small here (a page holds 500 entries). The page list and the
 * entries are stored as one JSON string each, so the database decodes one value per document, not
 * a few thousand nested fields.
 */
interface HeadDoc {
  _id: string;
  v: string;
  seq: number;
  /** JSON of PageSummary[]: every page (a head written before the directory). */
  p?: string;
  /** The directory of the pages before the newest (DirDoc `${journalId}:${d}`). */
  d?: string;
  /** JSON of the newest page's PageSummary (null: no page). */
  l?: string;
}

/**
 * The summaries of a journal's pages but the newest, written once and never changed: a new one
 * (its own `_id`) when they change, before the head that names it, the last one removed after. An
 * entry appended to the newest page rewrites the small head alone, and a replica keeps a
 * directory it has read for as long as heads name it.
 */
interface DirDoc {
  _id: string;
  journalId: string;
  /** JSON of PageSummary[]. */
  p: string;
}

/** Directories parsed, kept by id (never changed, so never stale). */
const DIRS_KEPT = 64;

/** An entry as stored in a page: id, created ms, status index, creator, content. */
type PackedEntry = [string, number, number, string, string];

interface PageDoc {
  _id: string;
  journalId: string;
  k: number;
  v: string;
  /** JSON of PackedEntry[], oldest first. */
  e: string;
}

/**
 * Entries appended to a page after its base document was written (entry-pages.ts, PageSummary.b),
 * a few at a time: `_id` `${journalId}:${k}.${j}`, entries `b + j * CHUNK_CAPACITY` on. `w` is the
 * version of the base they follow, so a chunk left by an earlier run of the page is told apart.
 */
interface ChunkDoc {
  _id: string;
  journalId: string;
  k: number;
  j: number;
  w: string;
  e: string;
}

export interface StoredChunk {
  w: string;
  entries: StoredEntry[];
}

export interface StoredPage {
  k: number;
  v: string;
  entries: StoredEntry[];
}

const pageId = (journalId: string, k: number) => `${journalId}:${k}`;
const dirId = (journalId: string, d: string) => `${journalId}:${d}`;
const chunkId = (journalId: string, k: number, j: number) => `${journalId}:${k}.${j}`;

const pack = (e: StoredEntry): PackedEntry => [e.id, e.createdAt.getTime(), WORK_STATUSES.indexOf(e.status), e.createdby, e.content];

function unpack(journalId: string, raw: string): StoredEntry[] {
  const rows = JSON.parse(raw) as PackedEntry[];
  return rows.map(([id, t, s, createdby, content]) => {
    const status = WORK_STATUSES[s];
    if (!isWorkStatus(status)) throw new Error(`work-log index page of ${journalId} holds a bad status ${s}`);
    return { id, journalId, content, status, createdby, createdAt: new Date(t) };
  });
}

/** The persisted work-log index: one head per journal and its pages (see entry-pages.ts). */
export class EntryPageRepo {
  private readonly heads: mongo.Collection<HeadDoc>;
  private readonly pages: mongo.Collection<PageDoc>;
  private readonly chunks: mongo.Collection<ChunkDoc>;
  private readonly dirs: mongo.Collection<DirDoc>;
  private readonly dirsRead = new Map<string, PageSummary[]>();

  constructor(conn: Connection) {
    this.heads = conn.db!.collection<HeadDoc>(HEAD_COLLECTION);
    this.dirs = conn.db!.collection<DirDoc>(DIR_COLLECTION);
    this.pages = conn.db!.collection<PageDoc>(PAGE_COLLECTION);
    this.chunks = conn.db!.collection<ChunkDoc>(CHUNK_COLLECTION);
  }

  /** The head document alone: what an append to the newest page needs, no directory read. */
  async top(journalId: string): Promise<IndexTop | null> {
    const d = await this.heads.findOne({ _id: journalId });
    if (!d) return null;
    if (d.p !== undefined) return { journalId, v: d.v, seq: d.seq, last: null, legacy: JSON.parse(d.p) as PageSummary[] };
    return { journalId, v: d.v, seq: d.seq, dir: d.d, last: d.l ? (JSON.parse(d.l) as PageSummary) : null };
  }

  /** The head with every page: the head document and the directory it names (kept once read). */
  async head(journalId: string): Promise<IndexHead | null> {
    // A directory is removed once a newer head names another: a head read just before is read again.
    for (let tries = 0; ; tries++) {
      const top = await this.top(journalId);
      if (!top) return null;
      if (top.legacy) return { journalId, v: top.v, seq: top.seq, pages: top.legacy };
      const before = top.dir ? await this.dir(journalId, top.dir) : [];
      if (before) return { journalId, v: top.v, seq: top.seq, dir: top.dir, pages: top.last ? [...before, top.last] : [...before] };
      if (tries >= 3) throw new Error(`work-log index head of ${journalId} names a directory that is not there`);
    }
  }

  private async dir(journalId: string, d: string): Promise<PageSummary[] | null> {
    const id = dirId(journalId, d);
    const kept = this.dirsRead.get(id);
    if (kept) return kept;
    const doc = await this.dirs.findOne({ _id: id });
    if (!doc) return null;
    const pages = JSON.parse(doc.p) as PageSummary[];
    if (this.dirsRead.size >= DIRS_KEPT) this.dirsRead.delete(this.dirsRead.keys().next().value!);
    this.dirsRead.set(id, pages);
    return pages;
  }

  async page(journalId: string, k: number): Promise<StoredPage | null> {
    const d = await this.pages.findOne({ _id: pageId(journalId, k) });
    return d ? { k, v: d.v, entries: unpack(journalId, d.e) } : null;
  }

  async chunk(journalId: string, k: number, j: number): Promise<StoredChunk | null> {
    const d = await this.chunks.findOne({ _id: chunkId(journalId, k, j) });
    return d ? { w: d.w, entries: unpack(journalId, d.e) } : null;
  }

  async writeChunk(journalId: string, k: number, j: number, c: StoredChunk): Promise<void> {
    await this.chunks.replaceOne({ _id: chunkId(journalId, k, j) }, { journalId, k, j, w: c.w, e: JSON.stringify(c.entries.map(pack)) }, { upsert: true });
  }

  /** Chunks 0 .. count - 1 of a page whose base now holds their entries: one delete by `_id` each, in one round trip. */
  async dropChunks(journalId: string, k: number, count: number): Promise<void> {
    if (count <= 0) return;
    await this.chunks.bulkWrite(
      Array.from({ length: count }, (_, j) => ({ deleteOne: { filter: { _id: chunkId(journalId, k, j) } } })),
      { ordered: false },
    );
  }

  /**
   * The whole head (its pages other than the newest may have changed): a new directory of them
   * under the head's new version, then the head naming it, then the directory it named before
   * removed, so a head never names a directory that is not there.
   */
  async writeHead(h: IndexHead): Promise<void> {
    const before = h.pages.slice(0, -1);
    const d = before.length ? h.v : undefined;
    if (d) await this.dirs.insertOne({ _id: dirId(h.journalId, d), journalId: h.journalId, p: JSON.stringify(before) });
    await this.heads.replaceOne({ _id: h.journalId }, { v: h.v, seq: h.seq, ...(d ? { d } : {}), l: h.pages.length ? JSON.stringify(h.pages.at(-1)) : '' }, { upsert: true });
    // Left behind if this fails: no head names it, and it is never read.
    if (h.dir && h.dir !== d) await this.dirs.deleteOne({ _id: dirId(h.journalId, h.dir) }).catch(() => undefined);
    h.dir = d;
  }

  /** The head document alone, its directory unchanged (an append to the newest page). */
  async writeTop(t: IndexTop): Promise<void> {
    await this.heads.replaceOne({ _id: t.journalId }, { v: t.v, seq: t.seq, ...(t.dir ? { d: t.dir } : {}), l: t.last ? JSON.stringify(t.last) : '' }, { upsert: true });
  }

  async writePage(journalId: string, p: StoredPage): Promise<void> {
    await this.pages.replaceOne({ _id: pageId(journalId, p.k) }, { journalId, k: p.k, v: p.v, e: JSON.stringify(p.entries.map(pack)) }, { upsert: true });
  }

  /**
   * A page no head names any more (split into two new ones), only while it is the version `v` the
   * split read: a writer that wrote it since (one whose lock lapsed, or Redis away) has a head naming
   * it. Left in place if this fails, never read again.
   */
  async dropPage(journalId: string, k: number, v: string): Promise<void> {
    await this.pages.deleteOne({ _id: pageId(journalId, k), v });
  }

  /** Many pages in one round trip (a bulk load); pages left by an interrupted load are overwritten. */
  async writePages(journalId: string, pages: StoredPage[]): Promise<void> {
    if (!pages.length) return;
    await this.pages.bulkWrite(
      pages.map((p) => ({
        replaceOne: { filter: { _id: pageId(journalId, p.k) }, replacement: { journalId, k: p.k, v: p.v, e: JSON.stringify(p.entries.map(pack)) }, upsert: true },
      })),
      { ordered: false },
    );
  }
}

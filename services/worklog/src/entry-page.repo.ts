import type { Connection, mongo } from 'mongoose';
import { isWorkStatus, WORK_STATUSES } from '@journal/contracts';
import type { StoredEntry } from './entry.repo';
import type { IndexHead, PageSummary } from './entry-pages';

export const HEAD_COLLECTION = 'work_index_heads';
export const PAGE_COLLECTION = 'work_index_pages';
export const CHUNK_COLLECTION = 'work_index_chunks';

/**
 * Both collections are read and written by `_id` alone: the one filter FerretDB evaluates inside
 * SQLite (any other filter reads every document into FerretDB); it still scans the table, which
 * stays small here (a page holds 500 entries). The page list and the
 * entries are stored as one JSON string each, so the database decodes one value per document, not
 * a few thousand nested fields.
 */
interface HeadDoc {
  _id: string;
  v: string;
  seq: number;
  /** JSON of PageSummary[]. */
  p: string;
}

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

  constructor(conn: Connection) {
    this.heads = conn.db!.collection<HeadDoc>(HEAD_COLLECTION);
    this.pages = conn.db!.collection<PageDoc>(PAGE_COLLECTION);
    this.chunks = conn.db!.collection<ChunkDoc>(CHUNK_COLLECTION);
  }

  async head(journalId: string): Promise<IndexHead | null> {
    const d = await this.heads.findOne({ _id: journalId });
    return d ? { journalId, v: d.v, seq: d.seq, pages: JSON.parse(d.p) as PageSummary[] } : null;
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

  async writeHead(h: IndexHead): Promise<void> {
    await this.heads.replaceOne({ _id: h.journalId }, { v: h.v, seq: h.seq, p: JSON.stringify(h.pages) }, { upsert: true });
  }

  async writePage(journalId: string, p: StoredPage): Promise<void> {
    await this.pages.replaceOne({ _id: pageId(journalId, p.k) }, { journalId, k: p.k, v: p.v, e: JSON.stringify(p.entries.map(pack)) }, { upsert: true });
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

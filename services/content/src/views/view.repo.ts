import { randomBytes } from 'node:crypto';
import { mongo, type Connection } from 'mongoose';
import { eachLimit, storedCount } from '@journal/server-kit';
import { oldLayoutMessage } from '../archives/article-collections';
import { packView, unpackView } from './packed-view';

const { Binary, MongoBulkWriteError } = mongo;

export const VIEW_COLLECTION = 'public_views';
/** Change counters and rebuild leases: few documents, so an update (which FerretDB answers by scanning) stays cheap. */
export const VIEW_STATE_COLLECTION = 'public_view_state';

/** The state document where an older release kept the views' bucket count (ViewRepo.open). */
const LAYOUT_ID = 'layout';
const PUT_CHUNK = 50;
const INSERT_CHUNK = 250;
/**
 * Bulk writes in flight at once for one put or insert: the database (FerretDB, then PostgreSQL)
 * works on one while another is sent, and on both cores, instead of one round trip after the other.
 */
const WRITERS = 4;

/**
 * A stored view: its journal and JSON as one compressed value (the database decodes one value, not
 * thousands of nested fields), the journal again as a field, and the change counter of the write
 * that made it.
 */
interface ViewDoc {
  _id: string;
  j: string;
  /** Brotli of `<journal id>\n<JSON of the view>`: one field answers a reader (see read). */
  z?: mongo.Binary;
  /** JSON of the view, as views were stored before `z` (still read; rewritten by the next change or rebuild). */
  b?: string;
  /** Change counter (the counter document) or the rebuild's lease and progress. */
  r?: number;
  /**
   * The body's version, new each time a view of VERSIONED_VIEW or more is written: a writer that
   * holds the body of a version reads this (not the body) to know it is still what is stored.
   */
  h?: string;
  owner?: string;
  until?: number;
  progress?: string;
}

const packBody = (journalId: string, json: string) => new Binary(packView(journalId, json));

/** Views of this many characters of JSON or more carry a version (ViewDoc.h); smaller ones are read whole. */
export const VERSIONED_VIEW = 4096;
/** Versions are this process's random prefix and a count: unique across processes and writes. */
const VERSION_PREFIX = randomBytes(6).toString('base64url');
let versions = 0;

/** A view as stored, compressed once whether it is inserted or replaces one already there. */
interface PackedView {
  id: string;
  doc: ViewDoc & { z: mongo.Binary };
}
/** A large view is given the version it is stored under (`v.h`). */
const packed = (v: StoredView): PackedView => {
  if (v.json.length >= VERSIONED_VIEW) v.h = `${VERSION_PREFIX}${(versions++).toString(36)}`;
  return { id: v.id, doc: { _id: v.id, j: v.journalId, z: packBody(v.journalId, v.json), r: v.rev, ...(v.h ? { h: v.h } : {}) } };
};

/** A stored document's journal and JSON, from `z` or the older `b`; null when it holds neither, or garbage. */
export function viewBodyOf(d: Partial<Pick<ViewDoc, 'j' | 'z' | 'b'>>): { journalId: string; json: string } | null {
  if (d.z instanceof Binary) return unpackView(d.z.buffer);
  return typeof d.b === 'string' ? { journalId: typeof d.j === 'string' ? d.j : '', json: d.b } : null;
}

/** A document's version; none for one holding the older JSON field (`b` is read before `z`'s version is looked at). */
const versionOf = (d: Pick<ViewDoc, 'h' | 'b'>) => (typeof d.h === 'string' && d.b === undefined ? d.h : undefined);

/** What a stored document that cannot be read stands for: no journal's, so it is built again (logged). */
const UNREADABLE = { journalId: '', json: '' };

export interface StoredView {
  id: string;
  journalId: string;
  json: string;
  rev: number;
  /** Its version (ViewDoc.h): read with it, and set by put and insert on the views they store. */
  h?: string;
}

/** A view as a reader gets it, with its packed bytes when it was stored packed (held as they are: see HeldView). */
export type ReadView = Omit<StoredView, 'rev'> & { packed?: Uint8Array };

/** What `version` reads of a stored view: its journal, change counter and version (none for a view stored without one). */
export interface ViewVersion {
  journalId: string;
  rev: number;
  h?: string;
}

export interface RebuildLease {
  owner: string;
  until: number;
  /** JSON of the rebuild's progress (see views-rebuild.ts). */
  progress: string;
}

/**
 * The stored views, in `public_views`: every read and write by `_id` alone (an index lookup on
 * MongoDB and on FerretDB on PostgreSQL). Older releases could spread them over key buckets
 * (`public_views_<kind>_<n>`, for FerretDB on SQLite, which scanned): such a database is refused
 * at start with the way to move it (ArticleCollections, docs/operations.md#the-database).
 */
export class ViewRepo {
  private readonly db: mongo.Db;
  private readonly views: mongo.Collection<ViewDoc>;
  private readonly state: mongo.Collection<ViewDoc>;
  /** Documents read (tests count them: start-up reads none). */
  reads = 0;

  static async open(conn: Connection): Promise<ViewRepo> {
    const state = conn.db!.collection<ViewDoc>(VIEW_STATE_COLLECTION);
    const layout = await state.findOne({ _id: LAYOUT_ID });
    if (layout && layout.r !== 1) throw new Error(oldLayoutMessage(`its public views over ${String(layout.r)} key buckets`));
    return new ViewRepo(conn);
  }

  private constructor(conn: Connection) {
    this.db = conn.db!;
    this.views = this.db.collection<ViewDoc>(VIEW_COLLECTION);
    this.state = this.db.collection<ViewDoc>(VIEW_STATE_COLLECTION);
  }

  /** The collection a view is stored in (tests reach documents through it). */
  collectionOf(_id?: string): mongo.Collection<ViewDoc> {
    return this.views;
  }

  /** Removes every stored view (tests, and a reset before a rebuild from scratch). */
  async clear(): Promise<void> {
    await this.views.deleteMany({});
  }

  /** Views stored (from the collection's statistics: no document is read). */
  count(): Promise<number> {
    return storedCount(this.db, VIEW_COLLECTION);
  }

  /**
   * A view as a reader needs it: its journal and JSON, and the packed bytes as stored (held as they
   * are by the cache, never packed again); a view stored before `z` is read from its two older fields.
   */
  async read(id: string): Promise<ReadView | null> {
    this.reads++;
    const d = await this.views.findOne({ _id: id }, { projection: { z: 1, b: 1, j: 1, h: 1 } });
    if (!d || (d.z === undefined && d.b === undefined)) return null;
    const h = versionOf(d);
    if (d.z instanceof Binary) {
      const body = unpackView(d.z.buffer);
      return body ? { id, ...body, packed: d.z.buffer, h } : { id, ...UNREADABLE };
    }
    return { id, ...(viewBodyOf(d) ?? UNREADABLE), h };
  }

  /** A view with its change counter, from one document (the write path compares counters). */
  async get(id: string): Promise<StoredView | null> {
    this.reads++;
    const d = await this.views.findOne({ _id: id });
    if (!d || (d.z === undefined && d.b === undefined)) return null;
    const body = viewBodyOf(d);
    return body ? { id, ...body, rev: d.r ?? 0, h: versionOf(d) } : { id, ...UNREADABLE, rev: d.r ?? 0 };
  }

  /**
   * A view with its change counter as stored, its body left packed where it carries a version (a
   * large view a save may not need: UnparsedHead inflates it when first asked); `journalId` is then
   * the document's journal field, its body's checked when inflated. One without a version is read as
   * get() reads it.
   */
  async getPacked(id: string): Promise<(StoredView & { packed?: undefined }) | { id: string; journalId: string; rev: number; h: string; packed: Uint8Array } | null> {
    this.reads++;
    const d = await this.views.findOne({ _id: id });
    if (!d || (d.z === undefined && d.b === undefined)) return null;
    const h = versionOf(d);
    // Its own copy: the driver's buffer may be a slice of the whole reply.
    if (h && d.z instanceof Binary && typeof d.j === 'string') return { id, journalId: d.j, rev: d.r ?? 0, h, packed: new Uint8Array(d.z.buffer) };
    const body = viewBodyOf(d);
    return body ? { id, ...body, rev: d.r ?? 0, h } : { id, ...UNREADABLE, rev: d.r ?? 0 };
  }

  /**
   * A stored view's journal, counter and version without its body (null when there is none): what
   * a writer holding a version's body reads to know it is still the one stored.
   */
  async version(id: string): Promise<ViewVersion | null> {
    this.reads++;
    const d = await this.views.findOne({ _id: id }, { projection: { j: 1, r: 1, h: 1, b: 1 } });
    if (!d) return null;
    return { journalId: typeof d.j === 'string' ? d.j : '', rev: d.r ?? 0, h: versionOf(d) };
  }

  /**
   * Stores views, replacing those already there: one upsert by `_id` each, a few dozen per round
   * trip (an index lookup on MongoDB and FerretDB on PostgreSQL). Inserting first and replacing the
   * refused ones cost a failed insert, and on PostgreSQL a rolled-back transaction, per view.
   */
  async put(views: StoredView[]): Promise<void> {
    // A few dozen per round trip: FerretDB runs one bulk write as one transaction, and a long one
    // stalls behind (or stalls) the other connections' writes.
    await eachLimit(this.chunked(views.map(packed), PUT_CHUNK), WRITERS, (part) =>
      this.views
        .bulkWrite(
          part.map(({ id, doc: { _id, ...replacement } }) => ({ replaceOne: { filter: { _id: id }, replacement, upsert: true } })),
          { ordered: false },
        )
        .then(() => undefined),
    );
  }

  /** Inserts the views; returns those already stored (refused as duplicates), untouched. */
  private async insertNew(views: PackedView[]): Promise<PackedView[]> {
    const dups: PackedView[] = [];
    await eachLimit(this.chunked(views, INSERT_CHUNK), WRITERS, async (part) => {
      try {
        await this.views.insertMany(part.map((v) => v.doc), { ordered: false });
      } catch (err) {
        const errors = err instanceof MongoBulkWriteError ? [err.writeErrors].flat() : [];
        if (!errors.length || !errors.every((e) => e.code === 11000)) throw err;
        for (const e of errors) dups.push(part[e.index]!);
      }
    });
    return dups;
  }

  /** The views as bulk writes of at most `size`. */
  private chunked<V>(views: V[], size: number): V[][] {
    return Array.from({ length: Math.ceil(views.length / size) }, (_, i) => views.slice(i * size, (i + 1) * size));
  }

  /**
   * Views not stored yet (a journal's first build): inserted, which FerretDB does without reading the
   * collection (a replace or delete reads all of it). One already there (built on read meanwhile,
   * from the same documents) is kept.
   */
  async insert(views: StoredView[]): Promise<void> {
    await this.insertNew(views.map(packed));
  }

  async remove(ids: string[]): Promise<void> {
    for (const id of ids) await this.views.deleteOne({ _id: id });
  }

  /** The journal's change counter: bumped by every published change. */
  async counter(id: string): Promise<number> {
    const d = await this.state.findOne({ _id: id });
    return d?.r ?? 0;
  }

  async bump(id: string, journalId: string): Promise<number> {
    const d = await this.state.findOneAndUpdate({ _id: id }, { $inc: { r: 1 }, $set: { j: journalId } }, { upsert: true, returnDocument: 'after' });
    return d?.r ?? 1;
  }

  /**
   * Takes (or renews) the rebuild lease when it is free, expired or already ours. A second
   * rebuilder gets null. The insert of a missing lease races safely on the unique `_id`.
   */
  async takeLease(id: string, journalId: string, owner: string, ttlMs: number): Promise<RebuildLease | null> {
    const now = Date.now();
    const cur = await this.state.findOne({ _id: id });
    if (!cur) {
      try {
        await this.state.insertOne({ _id: id, j: journalId, owner, until: now + ttlMs, progress: '' });
        return { owner, until: now + ttlMs, progress: '' };
      } catch {
        return null;
      }
    }
    if (cur.owner && cur.owner !== owner && (cur.until ?? 0) > now) return null;
    // Filters by `_id` alone (any other field makes FerretDB scan the collection); the owner is
    // read back after the write, so of two takers of an expired lease only the last one proceeds.
    await this.state.updateOne({ _id: id }, { $set: { owner, until: now + ttlMs } });
    if ((await this.state.findOne({ _id: id }))?.owner !== owner) return null;
    return { owner, until: now + ttlMs, progress: cur.progress ?? '' };
  }

  /** Records progress and renews the lease; false when the lease is no longer ours. */
  async saveProgress(id: string, owner: string, progress: string, ttlMs: number): Promise<boolean> {
    if ((await this.state.findOne({ _id: id }))?.owner !== owner) return false;
    await this.state.updateOne({ _id: id }, { $set: { progress, until: Date.now() + ttlMs } });
    return true;
  }

  /** Done: the lease and its progress go. Interrupted: the progress stays for the next run. */
  async releaseLease(id: string, owner: string, done: boolean): Promise<void> {
    if ((await this.state.findOne({ _id: id }))?.owner !== owner) return;
    if (done) await this.state.deleteOne({ _id: id });
    else await this.state.updateOne({ _id: id }, { $set: { owner: '', until: 0 } });
  }
}

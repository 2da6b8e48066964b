import { mongo, type Connection } from 'mongoose';
import { eachLimit, HashedCollections, readFields } from '@journal/server-kit';
import { packView, unpackView } from './packed-view';

const { Binary, MongoBulkWriteError } = mongo;

export const VIEW_COLLECTION = 'public_views';
/** Change counters and rebuild leases: few documents, so an update (which FerretDB answers by scanning) stays cheap. */
export const VIEW_STATE_COLLECTION = 'public_view_state';

/** The state document holding the views' bucket count. */
const LAYOUT_ID = 'layout';
const PUT_CHUNK = 50;
const INSERT_CHUNK = 500;
/**
 * Collections written at once by one put: a journal's views spread over hundreds of them, one
 * small write each, and the round trips, not the database, were the rebuild's time.
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
  owner?: string;
  until?: number;
  progress?: string;
}

const packBody = (journalId: string, json: string) => new Binary(packView(journalId, json));

/** A view as stored, compressed once whether it is inserted or replaces one already there. */
interface PackedView {
  id: string;
  doc: ViewDoc & { z: mongo.Binary };
}
const packed = (v: StoredView): PackedView => ({ id: v.id, doc: { _id: v.id, j: v.journalId, z: packBody(v.journalId, v.json), r: v.rev } });

/** A stored document's journal and JSON, from `z` or the older `b`; null when it holds neither, or garbage. */
export function viewBodyOf(d: Partial<Pick<ViewDoc, 'j' | 'z' | 'b'>>): { journalId: string; json: string } | null {
  if (d.z instanceof Binary) return unpackView(d.z.buffer);
  return typeof d.b === 'string' ? { journalId: typeof d.j === 'string' ? d.j : '', json: d.b } : null;
}

/** What a stored document that cannot be read stands for: no journal's, so it is built again (logged). */
const UNREADABLE = { journalId: '', json: '' };

export interface StoredView {
  id: string;
  journalId: string;
  json: string;
  rev: number;
}

/** A view as a reader gets it, with its packed bytes when it was stored packed (held as they are: see HeldView). */
export type ReadView = Omit<StoredView, 'rev'> & { packed?: Uint8Array };

export interface RebuildLease {
  owner: string;
  until: number;
  /** JSON of the rebuild's progress (see views-rebuild.ts). */
  progress: string;
}

/**
 * Share of the bucket count each kind of view gets, by how many there are: article views and
 * locators one per article, issue views about one per twenty articles, heads one per journal.
 */
const KIND_SHARE: Record<string, number> = { a: 1, l: 1 / 4, i: 1 / 8, h: 1 / 64 };

/**
 * The stored views: every read and write by `_id` alone. With one bucket (MongoDB) they are the
 * `public_views` collection; with more (FerretDB, see HashedCollections) each kind of view is
 * spread over its own `public_views_<kind>_<n>` collections, so reading an issue list never scans
 * article pages.
 */
export class ViewRepo {
  private readonly kinds = new Map<string, HashedCollections<ViewDoc>>();
  private readonly single: HashedCollections<ViewDoc> | null;
  private readonly state: mongo.Collection<ViewDoc>;
  /** Documents read (tests count them: start-up reads none). */
  reads = 0;

  /**
   * The repository with the database's layout: the bucket count the views were first written with
   * (kept in the state collection) wins over the configured one, so processes configured apart
   * still read where the others wrote. A new database takes the configured count.
   */
  static async open(conn: Connection, configured: number): Promise<ViewRepo> {
    const state = conn.db!.collection<ViewDoc>(VIEW_STATE_COLLECTION);
    let layout = await state.findOne({ _id: LAYOUT_ID });
    if (!layout) {
      await state.insertOne({ _id: LAYOUT_ID, j: '', r: configured }).catch((err: unknown) => {
        if (!(err instanceof mongo.MongoServerError && err.code === 11000)) throw err;
      });
      layout = await state.findOne({ _id: LAYOUT_ID });
    }
    const buckets = layout?.r ?? configured;
    if (!Number.isInteger(buckets) || buckets < 1) {
      throw new Error(`${VIEW_STATE_COLLECTION} holds a bucket count of ${String(buckets)}: repair its \`${LAYOUT_ID}\` document (docs/operations.md)`);
    }
    return new ViewRepo(conn, buckets);
  }

  private constructor(
    private readonly conn: Connection,
    readonly buckets: number,
  ) {
    this.single = buckets === 1 ? new HashedCollections<ViewDoc>(conn, VIEW_COLLECTION, 1) : null;
    this.state = conn.db!.collection<ViewDoc>(VIEW_STATE_COLLECTION);
  }

  /** The collections a view's kind (the letter after the journal id: `j:a:ref`) lives in. */
  private setOf(id: string): HashedCollections<ViewDoc> {
    if (this.single) return this.single;
    const kind = /^[^:]*:([a-z])/.exec(id)?.[1] ?? 'x';
    let set = this.kinds.get(kind);
    if (!set) {
      const count = Math.max(1, Math.round(this.buckets * (KIND_SHARE[kind] ?? 1 / 64)));
      set = new HashedCollections<ViewDoc>(this.conn, `${VIEW_COLLECTION}_${kind}`, count);
      this.kinds.set(kind, set);
    }
    return set;
  }

  /** The collection a view is stored in (tests reach documents through it). */
  collectionOf(id: string): mongo.Collection<ViewDoc> {
    return this.setOf(id).of(id);
  }

  /** Views grouped by the collection each lives in: one round trip per collection. */
  private grouped<V extends { id: string }>(views: V[]): [mongo.Collection<ViewDoc>, V[]][] {
    const by = new Map<mongo.Collection<ViewDoc>, V[]>();
    for (const v of views) {
      const col = this.collectionOf(v.id);
      const list = by.get(col);
      if (list) list.push(v);
      else by.set(col, [v]);
    }
    return [...by];
  }

  private sets(): HashedCollections<ViewDoc>[] {
    return this.single ? [this.single] : Object.keys(KIND_SHARE).map((k) => this.setOf(`x:${k}`));
  }

  /** Removes every stored view (tests, and a reset before a rebuild from scratch). */
  async clear(): Promise<void> {
    for (const set of this.sets()) await set.clear();
  }

  /** Views stored (from the collections' metadata: no document is read). */
  async count(): Promise<number> {
    let n = 0;
    for (const set of this.sets()) n += await set.estimatedCount();
    return n;
  }

  /**
   * A view as a reader needs it: its journal and JSON, and the packed bytes as stored (held as they
   * are by the cache, never packed again). Spread over buckets (FerretDB) it is read by `distinct`
   * of its one compressed field (see readFields: a `find` there costs more than the read itself); a
   * view stored before that field is read by its two older ones. In one collection (MongoDB), by
   * its `_id` index.
   */
  async read(id: string): Promise<ReadView | null> {
    this.reads++;
    const col = this.collectionOf(id);
    const d: Partial<Pick<ViewDoc, 'z' | 'b' | 'j'>> | null = this.single
      ? await col.findOne({ _id: id }, { projection: { z: 1, b: 1, j: 1 } })
      : ((await readFields(col, id, ['z'])) ?? (await readFields(col, id, ['b', 'j'])));
    if (!d || (d.z === undefined && d.b === undefined)) return null;
    if (d.z instanceof Binary) {
      const body = unpackView(d.z.buffer);
      return body ? { id, ...body, packed: d.z.buffer } : { id, ...UNREADABLE };
    }
    return { id, ...(viewBodyOf(d) ?? UNREADABLE) };
  }

  /** A view with its change counter, from one document (the write path compares counters). */
  async get(id: string): Promise<StoredView | null> {
    this.reads++;
    const d = await this.collectionOf(id).findOne({ _id: id });
    if (!d || (d.z === undefined && d.b === undefined)) return null;
    return { id, ...(viewBodyOf(d) ?? UNREADABLE), rev: d.r ?? 0 };
  }

  /**
   * Stores views, replacing those already there. Each is inserted first: FerretDB inserts without
   * reading the collection, while a replace reads all of it; only the ones already stored (the
   * insert refused as a duplicate) are replaced.
   */
  async put(views: StoredView[]): Promise<void> {
    const dups = await this.insertNew(views.map(packed));
    await eachLimit(this.grouped(dups), WRITERS, async ([col, group]) => {
      for (let i = 0; i < group.length; i += PUT_CHUNK) {
        // A few dozen per round trip: FerretDB runs one bulk write as one SQLite transaction, and a
        // long one stalls behind (or stalls) the other connections' writes.
        await col.bulkWrite(
          group.slice(i, i + PUT_CHUNK).map(({ id, doc: { _id, ...replacement } }) => ({ replaceOne: { filter: { _id: id }, replacement, upsert: true } })),
          { ordered: false },
        );
      }
    });
  }

  /** Inserts the views; returns those already stored (refused as duplicates), untouched. */
  private async insertNew(views: PackedView[]): Promise<PackedView[]> {
    const dups: PackedView[] = [];
    await eachLimit(this.grouped(views), WRITERS, async ([col, group]) => {
      for (let i = 0; i < group.length; i += INSERT_CHUNK) {
        const part = group.slice(i, i + INSERT_CHUNK);
        try {
          await col.insertMany(part.map((v) => v.doc), { ordered: false });
        } catch (err) {
          const errors = err instanceof MongoBulkWriteError ? [err.writeErrors].flat() : [];
          if (!errors.length || !errors.every((e) => e.code === 11000)) throw err;
          for (const e of errors) dups.push(part[e.index]!);
        }
      }
    });
    return dups;
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
    for (const id of ids) await this.collectionOf(id).deleteOne({ _id: id });
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

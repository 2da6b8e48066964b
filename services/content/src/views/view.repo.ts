import { mongo, type Connection } from 'mongoose';

const { MongoBulkWriteError } = mongo;

export const VIEW_COLLECTION = 'public_views';
/** Change counters and rebuild leases: few documents, so an update (which FerretDB answers by scanning) stays cheap. */
export const VIEW_STATE_COLLECTION = 'public_view_state';

const PUT_CHUNK = 50;
const INSERT_CHUNK = 500;

/**
 * A stored view: its JSON as one string (the database decodes one value, not thousands of nested
 * fields), the journal it belongs to, and the change counter of the write that made it.
 */
interface ViewDoc {
  _id: string;
  j: string;
  /** JSON of the view. */
  b?: string;
  /** Change counter (the counter document) or the rebuild's lease and progress. */
  r?: number;
  owner?: string;
  until?: number;
  progress?: string;
}

export interface StoredView {
  id: string;
  journalId: string;
  json: string;
  rev: number;
}

export interface RebuildLease {
  owner: string;
  until: number;
  /** JSON of the rebuild's progress (see views-rebuild.ts). */
  progress: string;
}

/** The `public_views` collection: every read and write by `_id` alone. */
export class ViewRepo {
  private readonly views: mongo.Collection<ViewDoc>;
  private readonly state: mongo.Collection<ViewDoc>;
  /** Documents read (tests count them: start-up reads none). */
  reads = 0;

  constructor(conn: Connection) {
    this.views = conn.db!.collection<ViewDoc>(VIEW_COLLECTION);
    this.state = conn.db!.collection<ViewDoc>(VIEW_STATE_COLLECTION);
  }

  async get(id: string): Promise<StoredView | null> {
    this.reads++;
    const d = await this.views.findOne({ _id: id });
    return d && typeof d.b === 'string' ? { id, journalId: d.j, json: d.b, rev: d.r ?? 0 } : null;
  }

  /**
   * Stores views, replacing those already there. Each is inserted first: FerretDB inserts without
   * reading the collection, while a replace reads all of it; only the ones already stored (the
   * insert refused as a duplicate) are replaced.
   */
  async put(views: StoredView[]): Promise<void> {
    const dups = await this.insertNew(views);
    for (let i = 0; i < dups.length; i += PUT_CHUNK) {
      // A few dozen per round trip: FerretDB runs one bulk write as one SQLite transaction, and a
      // long one stalls behind (or stalls) the other connections' writes.
      await this.views.bulkWrite(
        dups.slice(i, i + PUT_CHUNK).map((v) => ({ replaceOne: { filter: { _id: v.id }, replacement: { j: v.journalId, b: v.json, r: v.rev }, upsert: true } })),
        { ordered: false },
      );
    }
  }

  /** Inserts the views; returns those already stored (refused as duplicates), untouched. */
  private async insertNew(views: StoredView[]): Promise<StoredView[]> {
    const dups: StoredView[] = [];
    for (let i = 0; i < views.length; i += INSERT_CHUNK) {
      const part = views.slice(i, i + INSERT_CHUNK);
      try {
        await this.views.insertMany(part.map((v) => ({ _id: v.id, j: v.journalId, b: v.json, r: v.rev })), { ordered: false });
      } catch (err) {
        const errors = err instanceof MongoBulkWriteError ? [err.writeErrors].flat() : [];
        if (!errors.length || !errors.every((e) => e.code === 11000)) throw err;
        for (const e of errors) dups.push(part[e.index]!);
      }
    }
    return dups;
  }

  /**
   * Views not stored yet (a journal's first build): inserted, which FerretDB does without reading the
   * collection (a replace or delete reads all of it). One already there (built on read meanwhile,
   * from the same documents) is kept.
   */
  async insert(views: StoredView[]): Promise<void> {
    await this.insertNew(views);
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

import { randomUUID } from 'node:crypto';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { crossJournal, modelOn } from '@journal/server-kit';
import { jid } from './plain';

/**
 * One take of one change of a record, `_id` naming the record and the version the change starts
 * from (`<id>:<version>`). The unique `_id` is what makes a change exclusive on FerretDB, whose
 * filtered update reads, then writes by `_id` without checking the filter again: two writers that
 * read the same version would both pass a compare-and-set, but only one inserts the take (an
 * insert of a unique `_id` is atomic on FerretDB and MongoDB alike). Kept as the record of every
 * change: who (the claim token) and when; the outbox prunes its own (mail.repo.ts `pruneTakes`).
 * docs/architecture.md#exactly-once-changes.
 */
interface TakeDoc {
  _id: string;
  journalId: Types.ObjectId;
  claim: string;
  at: Date;
}
const takeSchema = new Schema<TakeDoc>(
  { _id: { type: String, required: true }, journalId: { type: Schema.Types.ObjectId, required: true }, claim: { type: String, required: true }, at: { type: Date, required: true } },
  { versionKey: false },
);
const DUPLICATE_KEY = 11000;
const scope = (journalId: string) => new Types.ObjectId(jid(journalId));

/** A take as stored: the version it names (`id`), its taker's token and when it was taken. */
export interface Take {
  id: string;
  journalId: string;
  claim: string;
  at: Date;
}

export interface TakeOptions {
  token?: string;
  now?: Date;
  /** How long a take may stay without its change before another taker clears it (its taker stopped between the two writes). */
  leaseMs: number;
}

/** The takes of one kind of record, in their own collection. */
export class UniqueTakes {
  private readonly model: Model<TakeDoc>;

  constructor(conn: Connection, modelName: string, collection: string) {
    this.model = modelOn(conn, modelName, takeSchema, collection);
  }

  /**
   * Runs `write` (the compare-and-set at the version the take names) only if this taker holds the
   * take. Null when another holds it. A write that answers nothing (the record moved between the
   * read and the write) or throws gives the take back, so the next taker at that version is not
   * refused.
   */
  async once<T>(journalId: string, takeId: string, o: TakeOptions, write: () => Promise<T>): Promise<T | null> {
    const token = o.token ?? randomUUID();
    if (!(await this.take(journalId, takeId, token, o.now ?? new Date(), o.leaseMs))) return null;
    let done: T | null = null;
    try {
      done = await write();
      return done;
    } finally {
      if (!done) await this.model.deleteOne({ _id: takeId, journalId: scope(journalId), claim: token });
    }
  }

  /** The index the age of takes is read by (`olderThan`): for a collection whose takes are pruned. */
  async indexAge(): Promise<void> {
    await this.model.collection.createIndex({ at: 1 }, { name: 'by_at' });
  }

  /** Up to `limit` takes written before `before`, oldest first, of every journal (for a prune). */
  async olderThan(before: Date, limit: number): Promise<Take[]> {
    const ds = await this.model
      .find({ at: { $lt: before } })
      .setOptions(crossJournal('a prune of takes reads every journal\'s old takes'))
      .sort({ at: 1 })
      .limit(limit)
      .lean<TakeDoc[]>();
    return ds.map((d) => ({ id: d._id, journalId: String(d.journalId), claim: d.claim, at: d.at }));
  }

  /** Removes this take, as read: not one written again under its `_id` since (a stale take cleared and taken anew). */
  async remove(t: Take): Promise<boolean> {
    const r = await this.model.deleteOne({ _id: t.id, journalId: scope(t.journalId), claim: t.claim, at: t.at });
    return r.deletedCount === 1;
  }

  /**
   * Writes the take, or finds it held; a stale one (older than the lease) is cleared and tried once
   * more. One held under this taker's own token is its own: an earlier try of the same write whose
   * take went in though its answer was lost, or whose give-back failed (the database dropped
   * meanwhile). Refused, a holder retrying its write would wait out its own lease. A token is one
   * taker's, whose writes go one at a time.
   */
  private async take(journalId: string, takeId: string, token: string, now: Date, leaseMs: number): Promise<boolean> {
    for (let i = 0; i < 2; i++) {
      try {
        await this.model.create({ _id: takeId, journalId: scope(journalId), claim: token, at: now });
        return true;
      } catch (e) {
        if ((e as { code?: number }).code !== DUPLICATE_KEY) throw e;
      }
      if (i > 0) break;
      const held = await this.model.findOne({ _id: takeId, journalId: scope(journalId) }).lean<TakeDoc>();
      if (!held) continue; // given back meanwhile
      if (held.claim === token) return true;
      if (held.at.getTime() >= now.getTime() - leaseMs) break;
      await this.model.deleteOne({ _id: takeId, journalId: scope(journalId), claim: held.claim });
    }
    return false;
  }
}

/**
 * The filter of a record still at `rev`, the count of its changes so far. Records stored before
 * the count existed have none, and are at 0; the first change sets it to 1 (`$inc`).
 */
export const atRev = (rev: number | undefined) => (rev ? { rev } : { rev: { $exists: false } });

/** What an attempt answers when another change holds the version it read: read again and retry. */
export const BUSY: unique symbol = Symbol('busy');

/**
 * Runs `attempt` (read the record, then change it from the version read) until it answers
 * other than BUSY: another change held that version, so the record is read again once that change
 * is written. Waits grow to 250 ms, about 6 s in all (a publication holds its take while it adds
 * the article); then null.
 */
export async function untilFree<T>(attempt: () => Promise<T | typeof BUSY>, tries = 30): Promise<T | null> {
  for (let i = 0; i < tries; i++) {
    const r = await attempt();
    if (r !== BUSY) return r;
    await new Promise((ok) => setTimeout(ok, Math.min(20 * (i + 1), 250)));
  }
  return null;
}

import type { Connection, Model, QueryFilter, Schema, Types } from 'mongoose';
import { buildIndexes, modelOn } from '@journal/server-kit';
import { BY_ID, EVERY_JOURNAL } from './cross-journal';
import { groupByJournal, jid, oid, toPlain, toPlainList, type Plain } from './plain';

/** A document as `lean()` reads it: the stored fields and its id. */
type Lean<Doc> = Doc & { _id: Types.ObjectId };

/**
 * What every repository of a journal's own records (issues, editors, indexing partners) does the
 * same way: one model and its indexes, the journal's list in the repository's order, every
 * journal's at start, and reads and deletes by id, always within the journal.
 */
export class JournalScopedRepo<Doc extends { journalId: string }> {
  readonly model: Model<Doc>;

  constructor(
    conn: Connection,
    name: string,
    schema: Schema<Doc>,
    /** The order lists come in. */
    protected readonly order: (a: Plain<Doc>, b: Plain<Doc>) => number,
  ) {
    this.model = modelOn(conn, name, schema);
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
  }

  /** The journal's records matching `filter`, in order. */
  protected async listWhere(journalId: string, filter: QueryFilter<Doc> = {}): Promise<Plain<Doc>[]> {
    // Top-level fields, not `$and`: FerretDB hands only top-level equalities to its storage's indexes.
    const ds = await this.model.find({ ...filter, journalId: jid(journalId) } as QueryFilter<Doc>).lean<Lean<Doc>[]>();
    return toPlainList(ds).sort(this.order);
  }

  /** Every record of the journal, in order. */
  list(journalId: string): Promise<Plain<Doc>[]> {
    return this.listWhere(journalId);
  }

  /**
   * Every record of every journal, grouped by journal, each journal's in order (the views rebuild of
   * every journal: the same views as the rebuild of one, which reads `list`).
   */
  async listByJournal(): Promise<Map<string, Plain<Doc>[]>> {
    const out = groupByJournal(await this.model.find({}).setOptions(EVERY_JOURNAL).lean<Lean<Doc>[]>());
    for (const list of out.values()) list.sort(this.order);
    return out;
  }

  async findById(journalId: string, id: string): Promise<Plain<Doc> | null> {
    const _id = oid(id);
    if (!_id) return null;
    // By _id alone, then the journal checked here: FerretDB pushes only a lone _id filter down to
    // SQLite (any other filter scans the collection); MongoDB answers either from the _id index.
    const d = await this.model.findOne({ _id }).setOptions(BY_ID).lean<Lean<Doc>>();
    return d && d.journalId === jid(journalId) ? toPlain(d) : null;
  }

  async remove(journalId: string, id: string): Promise<boolean> {
    const _id = oid(id);
    if (!_id) return false;
    return (await this.model.deleteOne({ _id, journalId: jid(journalId) })).deletedCount === 1;
  }
}

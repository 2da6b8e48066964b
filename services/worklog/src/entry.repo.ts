import { Schema, Types, type Connection, type Model } from 'mongoose';
import { buildIndexes, crossJournal, escapeRegex } from '@journal/server-kit';
import { type WorkStatus } from '@journal/contracts';

/** A stored entry: content exactly as it was sent (output is sanitised, storage is not). */
export interface StoredEntry {
  id: string;
  journalId: string;
  content: string;
  status: WorkStatus;
  createdby: string;
  createdAt: Date;
}

export interface EntryFilter {
  status?: WorkStatus;
  search?: string;
}

interface EntryDoc {
  journalId: Types.ObjectId;
  content: string;
  status: WorkStatus;
  createdby: string;
  created_at: Date;
}

export const ENTRY_COLLECTION = 'work_entries';

const entrySchema = new Schema<EntryDoc>(
  {
    journalId: { type: Schema.Types.ObjectId, required: true },
    content: { type: String, default: '' },
    status: { type: String, required: true },
    createdby: { type: String, required: true },
    created_at: { type: Date, required: true },
  },
  { collection: ENTRY_COLLECTION, versionKey: false, strict: 'throw' },
);
// The two list queries: all entries newest first, and one status newest first.
entrySchema.index({ journalId: 1, created_at: -1 });
entrySchema.index({ journalId: 1, status: 1, created_at: -1 });

const toEntry = (d: EntryDoc & { _id: Types.ObjectId }): StoredEntry => ({
  id: d._id.toString(),
  journalId: d.journalId.toString(),
  content: d.content ?? '',
  status: d.status,
  createdby: d.createdby,
  createdAt: d.created_at,
});

const SORT = { created_at: -1, _id: -1 } as const;

export class EntryRepo {
  private readonly model: Model<EntryDoc>;
  constructor(conn: Connection) {
    this.model = conn.model<EntryDoc>('WorkEntry', entrySchema);
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
  }

  async create(e: Omit<StoredEntry, 'id'>): Promise<StoredEntry> {
    const d = await this.model.create({
      journalId: new Types.ObjectId(e.journalId),
      content: e.content,
      status: e.status,
      createdby: e.createdby,
      created_at: e.createdAt,
    });
    return toEntry(d.toObject());
  }

  /**
   * Looks the entry up by `_id` alone and checks the journal here: FerretDB pushes only an
   * `_id`-only filter down to its storage, and an entry never changes journal, so this is both
   * exact and an index lookup instead of a scan.
   */
  async findById(journalId: string, id: string): Promise<StoredEntry | null> {
    if (!Types.ObjectId.isValid(id)) return null;
    const d = await this.model.findOne({ _id: new Types.ObjectId(id) }).setOptions(crossJournal('by _id alone for FerretDB; the journal is checked on the result')).lean();
    return d && d.journalId.toString() === journalId ? toEntry(d) : null;
  }

  /** Sets the status of an entry already known to belong to the journal (see findById). */
  async setStatus(id: string, status: WorkStatus): Promise<void> {
    await this.model.updateOne({ _id: new Types.ObjectId(id) }, { $set: { status } }).setOptions(crossJournal('by _id alone for FerretDB; findById checked the journal first'));
  }

  private query(journalId: string, f: EntryFilter) {
    const q: Record<string, unknown> = { journalId: new Types.ObjectId(journalId) };
    if (f.status) q.status = f.status;
    if (f.search) q.content = { $regex: escapeRegex(f.search), $options: 'i' };
    return q;
  }

  async list(journalId: string, f: EntryFilter, skip: number, limit: number): Promise<StoredEntry[]> {
    const docs = await this.model.find(this.query(journalId, f)).sort(SORT).skip(skip).limit(limit).lean();
    return docs.map(toEntry);
  }

  async count(journalId: string, f: EntryFilter): Promise<number> {
    return this.model.countDocuments(this.query(journalId, f));
  }

  /** Every entry of a journal, newest first (the unpaged answer without the index). */
  async all(journalId: string): Promise<StoredEntry[]> {
    const docs = await this.model.find({ journalId: new Types.ObjectId(journalId) }).sort(SORT).lean();
    return docs.map(toEntry);
  }
}

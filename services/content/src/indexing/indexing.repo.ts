import { Schema, type Connection, type Model } from 'mongoose';
import { buildIndexes } from '@journal/server-kit';
import { groupByJournal, jid, oid, toPlain, toPlainList } from '../shared/plain';
import type { EnabledStatus } from '../editors/editor.repo';

/** docs/product.md#entities: Indexing item. */
export interface IndexingItem {
  id: string;
  title: string;
  link: string;
  image: string;
  sortnumber: number;
  status: EnabledStatus;
  /** Staff names of who added and last changed the partner in the admin. */
  createdby?: string;
  modifiedby?: string;
}
export type IndexingInput = Partial<Omit<IndexingItem, 'id'>>;

type IndexingDoc = Omit<IndexingItem, 'id'> & { journalId: string };

const indexingSchema = new Schema<IndexingDoc>(
  {
    journalId: { type: String, required: true },
    title: { type: String, default: '' },
    link: { type: String, default: '' },
    image: { type: String, default: '' },
    sortnumber: { type: Number, default: 0 },
    status: { type: String, enum: ['enabled', 'disabled'], default: 'enabled' },
    createdby: { type: String, default: '' },
    modifiedby: { type: String, default: '' },
  },
  { collection: 'indexing', minimize: false, versionKey: false },
);
indexingSchema.index({ journalId: 1, status: 1, sortnumber: 1 });

export const bySort = (a: IndexingItem, b: IndexingItem) => a.sortnumber - b.sortnumber || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);

export class IndexingRepo {
  readonly model: Model<IndexingDoc>;
  constructor(conn: Connection) {
    this.model = conn.models.Indexing ?? conn.model<IndexingDoc>('Indexing', indexingSchema);
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
  }

  async list(journalId: string): Promise<IndexingItem[]> {
    const ds = await this.model.find({ journalId: jid(journalId) }).lean();
    return toPlainList<IndexingItem>(ds as never).sort(bySort);
  }

  /** docs/product.md#visibility-and-ordering: enabled only, by sortnumber ascending. */
  async listEnabled(journalId: string): Promise<IndexingItem[]> {
    const ds = await this.model.find({ journalId: jid(journalId), status: 'enabled' }).lean();
    return toPlainList<IndexingItem>(ds as never).sort(bySort);
  }

  /** Every indexing item of every journal, grouped by journal (read models at start). */
  async listByJournal(): Promise<Map<string, IndexingItem[]>> {
    return groupByJournal<IndexingItem>((await this.model.find({}).lean()) as never);
  }

  async findById(journalId: string, id: string): Promise<IndexingItem | null> {
    const _id = oid(id);
    if (!_id) return null;
    return toPlain<IndexingItem>((await this.model.findOne({ _id, journalId: jid(journalId) }).lean()) as never);
  }

  async create(journalId: string, input: IndexingInput): Promise<IndexingItem> {
    const d = await this.model.create({ ...input, journalId: jid(journalId) });
    return toPlain<IndexingItem>(d.toObject() as never)!;
  }

  async update(journalId: string, id: string, patch: IndexingInput): Promise<IndexingItem | null> {
    const _id = oid(id);
    if (!_id) return null;
    const d = await this.model.findOneAndUpdate({ _id, journalId: jid(journalId) }, { $set: patch }, { returnDocument: 'after', runValidators: true }).lean();
    return toPlain<IndexingItem>(d as never);
  }

  async remove(journalId: string, id: string): Promise<boolean> {
    const _id = oid(id);
    if (!_id) return false;
    return (await this.model.deleteOne({ _id, journalId: jid(journalId) })).deletedCount === 1;
  }
}

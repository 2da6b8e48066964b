import { Schema, type Connection } from 'mongoose';
import { jid, oid, toPlain } from '../shared/plain';
import { JournalScopedRepo } from '../shared/journal-scoped.repo';
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

/** Indexing partners of a journal; lists come by sortnumber. */
export class IndexingRepo extends JournalScopedRepo<IndexingDoc> {
  constructor(conn: Connection) {
    super(conn, 'Indexing', indexingSchema, bySort);
  }

  /** docs/product.md#visibility-and-ordering: enabled only, by sortnumber ascending. */
  listEnabled(journalId: string): Promise<IndexingItem[]> {
    return this.listWhere(journalId, { status: 'enabled' });
  }

  async create(journalId: string, input: IndexingInput): Promise<IndexingItem> {
    const d = await this.model.create({ ...input, journalId: jid(journalId) });
    return toPlain(d.toObject())!;
  }

  async update(journalId: string, id: string, patch: IndexingInput): Promise<IndexingItem | null> {
    const _id = oid(id);
    if (!_id) return null;
    const d = await this.model.findOneAndUpdate({ _id, journalId: jid(journalId) }, { $set: patch }, { returnDocument: 'after', runValidators: true }).lean();
    return toPlain(d);
  }
}

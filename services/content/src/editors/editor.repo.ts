import { Schema, type Connection } from 'mongoose';
import { EDITOR_CATEGORIES, type AdminEditor, type EditorCategory, type EditorStatus } from '@journal/contracts';
import { jid, oid, toPlain } from '../shared/plain';
import { JournalScopedRepo } from '../shared/journal-scoped.repo';

export { EDITOR_CATEGORIES, type EditorCategory };
export type EnabledStatus = EditorStatus;

/**
 * docs/product.md#entities: Editor, as stored: the admin contract's fields with the category and
 * status narrowed to what the repository writes, and real dates.
 */
export interface Editor extends Omit<AdminEditor, 'category' | 'status' | 'is_pinned' | 'picture_url' | 'creation' | 'updated_at'> {
  category: EditorCategory;
  status: EnabledStatus;
  is_pinned: 0 | 1;
  creation: Date;
  updated_at: Date;
}
export type EditorInput = Partial<Omit<Editor, 'id' | 'creation' | 'updated_at'>>;

type EditorDoc = Omit<Editor, 'id'> & { journalId: string };

const str = { type: String, default: '' };
const editorSchema = new Schema<EditorDoc>(
  {
    journalId: { type: String, required: true },
    name: { type: String, required: true },
    category: { type: String, enum: EDITOR_CATEGORIES, required: true },
    post: str,
    content: str,
    degree: str,
    email: str,
    phone: str,
    country: str,
    editor_website: str,
    picture: { type: String, default: 'avatar.png' },
    status: { type: String, enum: ['enabled', 'disabled'], default: 'enabled' },
    is_pinned: { type: Number, enum: [0, 1], default: 0 },
    creation: { type: Date, default: () => new Date() },
    updated_at: { type: Date, default: () => new Date() },
  },
  { collection: 'editors', minimize: false, versionKey: false },
);
editorSchema.index({ journalId: 1, status: 1 });

/** Pinned first, then the order they were added (the admin list and the public board agree). */
export const byPinThenCreation = (a: Editor, b: Editor) =>
  b.is_pinned - a.is_pinned || +new Date(a.creation) - +new Date(b.creation) || a.id.localeCompare(b.id);

/** Editors of a journal; lists come pinned first. */
export class EditorRepo extends JournalScopedRepo<EditorDoc> {
  constructor(conn: Connection) {
    super(conn, 'Editor', editorSchema, byPinThenCreation);
  }

  /** docs/product.md#visibility-and-ordering: only enabled editors are public. */
  listEnabled(journalId: string): Promise<Editor[]> {
    return this.listWhere(journalId, { status: 'enabled' });
  }

  async findManyByIds(journalId: string, ids: string[]): Promise<Editor[]> {
    const oids = ids.map(oid).filter((x) => x !== null);
    if (!oids.length) return [];
    return this.listWhere(journalId, { _id: { $in: oids } });
  }

  async create(journalId: string, input: EditorInput & Pick<Editor, 'name' | 'category'>): Promise<Editor> {
    const now = new Date();
    const d = await this.model.create({ ...input, journalId: jid(journalId), creation: now, updated_at: now });
    return toPlain(d.toObject())!;
  }

  async update(journalId: string, id: string, patch: EditorInput): Promise<Editor | null> {
    const _id = oid(id);
    if (!_id) return null;
    const d = await this.model
      .findOneAndUpdate({ _id, journalId: jid(journalId) }, { $set: { ...patch, updated_at: new Date() } }, { returnDocument: 'after', runValidators: true })
      .lean();
    return toPlain(d);
  }

  /** Sets is_pinned on the given editors; returns how many matched. */
  async setPinned(journalId: string, ids: string[], pinned: 0 | 1): Promise<number> {
    const oids = ids.map(oid).filter((x) => x !== null);
    if (!oids.length) return 0;
    const r = await this.model.updateMany(
      { journalId: jid(journalId), _id: { $in: oids } },
      { $set: { is_pinned: pinned, updated_at: new Date() } },
    );
    return r.matchedCount;
  }

  async count(journalId: string, filter: { status?: EnabledStatus } = {}): Promise<number> {
    // A find of the journal's ids: FerretDB runs a `count` over the whole collection.
    return (await this.model.find({ journalId: jid(journalId), ...filter }).select({ _id: 1 }).lean()).length;
  }
}

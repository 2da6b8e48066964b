import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { buildIndexes, escapeRegex } from '@journal/server-kit';
import { jid, oid, toPlain, toPlainList, type Plain } from '../shared/plain';
import { BY_ID } from '../shared/cross-journal';

/** docs/product.md#reviewers: one reviewer of a journal. */
export interface ReviewerDoc {
  journalId: string;
  name: string;
  /** Lower-case: one entry per address and journal. */
  email: string;
  affiliation: string;
  ror: string;
  orcid: string;
  subjects: string[];
  /** The subjects lower-cased, for the suggestions' matching. */
  subjectKeys: string[];
  available: boolean;
  notes: string;
  source: 'staff' | 'board';
  editorId: string;
  /** Lower-case name, e-mail, affiliation and subjects: what the staff search matches. */
  search: string;
  createdAt: Date;
  updatedAt: Date;
}
export type Reviewer = Plain<ReviewerDoc>;
export type ReviewerFields = Omit<ReviewerDoc, 'journalId' | 'subjectKeys' | 'search' | 'createdAt' | 'updatedAt'>;

const reviewerSchema = new Schema<ReviewerDoc>(
  {
    journalId: { type: String, required: true },
    name: String,
    email: String,
    affiliation: String,
    ror: String,
    orcid: String,
    subjects: { type: [String], default: [] },
    subjectKeys: { type: [String], default: [] },
    available: Boolean,
    notes: String,
    source: String,
    editorId: String,
    search: String,
    createdAt: Date,
    updatedAt: Date,
  },
  { collection: 'reviewers', minimize: false, versionKey: false },
);
reviewerSchema.index({ journalId: 1, email: 1 }, { unique: true });
reviewerSchema.index({ journalId: 1, name: 1 });

type Lean = ReviewerDoc & { _id: Types.ObjectId };
const derived = (r: Pick<ReviewerDoc, 'name' | 'email' | 'affiliation' | 'subjects'>) => ({
  subjectKeys: r.subjects.map((s) => s.toLowerCase()),
  search: [r.name, r.email, r.affiliation, ...r.subjects].join(' ').toLowerCase(),
});

/** Reviewers of each journal (docs/architecture.md#peer-review). */
export class ReviewerRepo {
  readonly model: Model<ReviewerDoc>;
  constructor(conn: Connection) {
    this.model = (conn.models.Reviewer as Model<ReviewerDoc> | undefined) ?? conn.model<ReviewerDoc>('Reviewer', reviewerSchema);
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
  }

  /** Null when the journal has a reviewer with this e-mail already. */
  async create(journalId: string, f: ReviewerFields): Promise<Reviewer | null> {
    const now = new Date();
    const email = f.email.toLowerCase();
    const doc: ReviewerDoc = { ...f, email, journalId: jid(journalId), ...derived({ ...f, email }), createdAt: now, updatedAt: now };
    try {
      const created = await this.model.create(doc);
      return this.findById(journalId, String(created._id));
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return null;
      throw err;
    }
  }

  async findById(journalId: string, id: string): Promise<Reviewer | null> {
    const _id = oid(id);
    if (!_id) return null;
    const d = await this.model.findOne({ _id }).setOptions(BY_ID).lean<Lean>();
    return d && d.journalId === jid(journalId) ? toPlain(d) : null;
  }

  async findByIds(journalId: string, ids: string[]): Promise<Reviewer[]> {
    const oids = ids.map(oid).filter((x) => x !== null);
    if (!oids.length) return [];
    return toPlainList(await this.model.find({ journalId: jid(journalId), _id: { $in: oids } }).lean<Lean[]>());
  }

  async findByEmail(journalId: string, email: string): Promise<Reviewer | null> {
    return toPlain(await this.model.findOne({ journalId: jid(journalId), email: email.toLowerCase() }).lean<Lean>());
  }

  /** The whole entry after the change; null when it is not this journal's; 'duplicate' when the new e-mail is taken. */
  async update(journalId: string, id: string, patch: Partial<ReviewerFields>): Promise<Reviewer | null | 'duplicate'> {
    const before = await this.findById(journalId, id);
    if (!before) return null;
    const next = { ...before, ...patch, email: (patch.email ?? before.email).toLowerCase() };
    try {
      await this.model.updateOne(
        { _id: oid(id), journalId: jid(journalId) },
        { $set: { ...patch, email: next.email, ...derived(next), updatedAt: new Date() } },
      );
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return 'duplicate';
      throw err;
    }
    return this.findById(journalId, id);
  }

  async remove(journalId: string, id: string): Promise<boolean> {
    const _id = oid(id);
    if (!_id) return false;
    return (await this.model.deleteOne({ _id, journalId: jid(journalId) })).deletedCount === 1;
  }

  async list(journalId: string, q: { text: string; subject: string; available: '' | 'true' | 'false'; skip: number; limit: number }): Promise<{ items: Reviewer[]; total: number }> {
    const filter: Record<string, unknown> = { journalId: jid(journalId) };
    if (q.text) filter.search = { $regex: escapeRegex(q.text.toLowerCase()) };
    if (q.subject) filter.subjectKeys = q.subject.toLowerCase();
    if (q.available) filter.available = q.available === 'true';
    const [ds, total] = await Promise.all([
      this.model.find(filter).sort({ name: 1, _id: 1 }).skip(q.skip).limit(q.limit).lean<Lean[]>(),
      this.model.countDocuments(filter),
    ]);
    return { items: toPlainList(ds), total };
  }

  /** The journal's available reviewers (the suggestions rank them; journals keep hundreds, not millions). */
  async available(journalId: string, limit = 2000): Promise<Reviewer[]> {
    return toPlainList(await this.model.find({ journalId: jid(journalId), available: true }).limit(limit).lean<Lean[]>());
  }

  async editorIds(journalId: string): Promise<Set<string>> {
    const ds = await this.model.find({ journalId: jid(journalId), source: 'board' }, { editorId: 1 }).lean<{ editorId: string }[]>();
    return new Set(ds.map((d) => d.editorId));
  }
}

import { Schema, type Connection } from 'mongoose';
import { jid, oid, toPlain } from '../shared/plain';
import { JournalScopedRepo } from '../shared/journal-scoped.repo';

/** docs/product.md#entities: Issue (the article count is computed: ArticleRepo.countsByIssue). */
export interface Issue {
  id: string;
  year: number;
  volume: number;
  issue: number;
  /** A month name or a hyphenated range such as 'january-february' (frequency options: docs/product.md#issue-rules). */
  frequency: string;
  creation: Date;
}
export type IssueInput = Pick<Issue, 'year' | 'volume' | 'issue'> & Partial<Pick<Issue, 'frequency'>>;

type IssueDoc = Omit<Issue, 'id'> & { journalId: string };

const issueSchema = new Schema<IssueDoc>(
  {
    journalId: { type: String, required: true },
    year: { type: Number, required: true },
    volume: { type: Number, required: true },
    issue: { type: Number, required: true },
    frequency: { type: String, default: '' },
    creation: { type: Date, default: () => new Date() },
  },
  { collection: 'issues', minimize: false, versionKey: false },
);
issueSchema.index({ journalId: 1, year: 1, volume: 1, issue: 1 }, { unique: true });

/** Newest first: year, then volume, then issue, descending. */
export const byIssueDesc = (a: Pick<Issue, 'year' | 'volume' | 'issue'>, b: Pick<Issue, 'year' | 'volume' | 'issue'>) =>
  b.year - a.year || b.volume - a.volume || b.issue - a.issue;

/** Issues of a journal; lists come newest first. */
export class IssueRepo extends JournalScopedRepo<IssueDoc> {
  constructor(conn: Connection) {
    super(conn, 'Issue', issueSchema, byIssueDesc);
  }

  async find(journalId: string, year: number, volume: number, issue: number): Promise<Issue | null> {
    return toPlain((await this.model.findOne({ journalId: jid(journalId), year, volume, issue }).lean()));
  }

  /** The latest issue (highest year, volume, issue), or null. */
  async latest(journalId: string): Promise<Issue | null> {
    return (await this.list(journalId))[0] ?? null;
  }

  /** Creates an issue; a duplicate year+volume+issue in the journal throws a Mongo 11000 error (→ 409). */
  async create(journalId: string, input: IssueInput): Promise<Issue> {
    const d = await this.model.create({ ...input, journalId: jid(journalId), creation: new Date() });
    return toPlain(d.toObject())!;
  }

  /** Creates the issue unless it exists; returns the stored one either way (seed, imports). */
  async ensure(journalId: string, input: IssueInput): Promise<Issue> {
    const found = await this.find(journalId, input.year, input.volume, input.issue);
    if (found) return found;
    return this.create(journalId, input);
  }

  async update(journalId: string, id: string, patch: Partial<IssueInput>): Promise<Issue | null> {
    const _id = oid(id);
    if (!_id) return null;
    const d = await this.model.findOneAndUpdate({ _id, journalId: jid(journalId) }, { $set: patch }, { returnDocument: 'after' }).lean();
    return toPlain(d);
  }

  /** By a find of the journal's ids: FerretDB runs a `count` over the whole collection. */
  async count(journalId: string): Promise<number> {
    return (await this.model.find({ journalId: jid(journalId) }).select({ _id: 1 }).lean()).length;
  }
}

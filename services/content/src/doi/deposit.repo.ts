import { Schema, type Connection, type Model } from 'mongoose';
import { buildIndexes, modelOn } from '@journal/server-kit';
import { isObjectId } from '@journal/contracts';
import { jid } from '../shared/plain';
import type { Sealed } from './credentials-crypto';

/** An article's DOI registration (docs/product.md#crossref-deposits). */
export type DoiState = 'not_deposited' | 'queued' | 'submitted' | 'registered' | 'failed';
export type StoredDoiState = Exclude<DoiState, 'not_deposited'>;

export interface ArticleDoiState {
  articleId: string;
  refnumber: string;
  doi: string;
  state: StoredDoiState;
  /** Crossref's own words for the last outcome (a warning on a registered DOI, or why it failed). */
  message: string;
  submissionId: string;
  updatedAt: Date;
}

export type SubmissionState = 'queued' | 'submitted' | 'completed' | 'failed';

/** One deposit file sent to Crossref: one issue's selected articles. */
export interface Submission {
  id: string;
  journalId: string;
  fileName: string;
  batchId: string;
  year: number;
  volume: number;
  issue: number;
  articleIds: string[];
  xml: string;
  state: SubmissionState;
  /** What is happening now, for the admin ("Uploading", "Waiting for Crossref (read 3)", ...). */
  progress: string;
  message: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredCredentials {
  loginId: Sealed;
  password: Sealed;
  updatedAt: Date;
}

type DoiDoc = Omit<ArticleDoiState, never> & { journalId: string };
type SubmissionDoc = Omit<Submission, 'id'>;
type CredentialsDoc = StoredCredentials & { journalId: string };

const sealed = { iv: String, tag: String, data: String };

const doiSchema = new Schema<DoiDoc>(
  {
    journalId: { type: String, required: true },
    articleId: { type: String, required: true },
    refnumber: { type: String, default: '' },
    doi: { type: String, default: '' },
    state: { type: String, required: true },
    message: { type: String, default: '' },
    submissionId: { type: String, default: '' },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'doi_deposits', versionKey: false },
);
doiSchema.index({ journalId: 1, articleId: 1 }, { unique: true, name: 'uniq_article' });

const submissionSchema = new Schema<SubmissionDoc>(
  {
    journalId: { type: String, required: true },
    fileName: { type: String, required: true },
    batchId: { type: String, required: true },
    year: Number,
    volume: Number,
    issue: Number,
    articleIds: [String],
    xml: String,
    state: { type: String, required: true },
    progress: { type: String, default: '' },
    message: { type: String, default: '' },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'crossref_submissions', versionKey: false },
);
submissionSchema.index({ journalId: 1, createdAt: -1 }, { name: 'by_journal' });

const credentialsSchema = new Schema<CredentialsDoc>(
  {
    journalId: { type: String, required: true },
    loginId: sealed,
    password: sealed,
    updatedAt: { type: Date, required: true },
  },
  { collection: 'crossref_credentials', versionKey: false },
);
credentialsSchema.index({ journalId: 1 }, { unique: true, name: 'uniq_journal' });

const strip = <T extends { _id?: unknown; journalId?: unknown }>(d: T) => {
  const { _id, journalId, ...rest } = d;
  void _id;
  void journalId;
  return rest;
};

/** DOI states, deposit submissions and the journals' sealed Crossref credentials. */
export class DepositRepo {
  readonly dois: Model<DoiDoc>;
  readonly submissions: Model<SubmissionDoc>;
  readonly credentials: Model<CredentialsDoc>;

  constructor(conn: Connection) {
    this.dois = modelOn(conn, 'DoiDeposit', doiSchema);
    this.submissions = modelOn(conn, 'CrossrefSubmission', submissionSchema);
    this.credentials = modelOn(conn, 'CrossrefCredentials', credentialsSchema);
  }

  async init() {
    await buildIndexes(() => Promise.all([this.dois.syncIndexes(), this.submissions.syncIndexes(), this.credentials.syncIndexes()]));
  }

  async getCredentials(journalId: string): Promise<StoredCredentials | null> {
    const d = await this.credentials.findOne({ journalId: jid(journalId) }).lean();
    return d ? { loginId: d.loginId, password: d.password, updatedAt: d.updatedAt } : null;
  }

  async setCredentials(journalId: string, c: StoredCredentials): Promise<void> {
    await this.credentials.updateOne({ journalId: jid(journalId) }, { $set: c }, { upsert: true });
  }

  async deleteCredentials(journalId: string): Promise<boolean> {
    return (await this.credentials.deleteOne({ journalId: jid(journalId) })).deletedCount > 0;
  }

  async createSubmission(journalId: string, s: Omit<Submission, 'id' | 'journalId'>): Promise<Submission> {
    const d = await this.submissions.create({ ...s, journalId: jid(journalId) });
    return { ...s, id: String(d._id), journalId };
  }

  async getSubmission(journalId: string, id: string): Promise<Submission | null> {
    if (!isObjectId(id)) return null;
    const d = await this.submissions.findOne({ _id: id, journalId: jid(journalId) }).lean();
    return d ? { ...strip(d), id: String(d._id), journalId } : null;
  }

  async updateSubmission(journalId: string, id: string, patch: Partial<Pick<Submission, 'state' | 'progress' | 'message'>>): Promise<void> {
    await this.submissions.updateOne({ _id: id, journalId: jid(journalId) }, { $set: { ...patch, updatedAt: new Date() } });
  }

  /** Progress texts of these submissions, by id. */
  async progressOf(journalId: string, ids: string[]): Promise<Map<string, string>> {
    const valid = [...new Set(ids)].filter(isObjectId);
    if (!valid.length) return new Map();
    const ds = await this.submissions.find({ _id: { $in: valid }, journalId: jid(journalId) }, { progress: 1 }).lean();
    return new Map(ds.map((d) => [String(d._id), d.progress]));
  }

  async setStates(journalId: string, rows: Omit<ArticleDoiState, 'updatedAt'>[]): Promise<void> {
    if (!rows.length) return;
    const now = new Date();
    await this.dois.bulkWrite(
      rows.map((r) => ({
        updateOne: { filter: { journalId: jid(journalId), articleId: r.articleId }, update: { $set: { ...r, updatedAt: now } }, upsert: true },
      })),
    );
  }

  /**
   * Moves this submission's articles that are still queued to 'submitted'; an article a later
   * deposit has taken meanwhile keeps that one's state.
   */
  async markSubmitted(journalId: string, submissionId: string, articleIds: string[]): Promise<void> {
    if (!articleIds.length) return;
    await this.dois.updateMany(
      { journalId: jid(journalId), articleId: { $in: articleIds }, submissionId, state: 'queued' },
      { $set: { state: 'submitted', message: '', updatedAt: new Date() } },
    );
  }

  /** The states of these articles, by article id. */
  async statesOf(journalId: string, articleIds: string[]): Promise<Map<string, ArticleDoiState>> {
    const ds = await this.dois.find({ journalId: jid(journalId), articleId: { $in: articleIds } }).lean();
    return new Map(ds.map((d) => [d.articleId, strip(d) as ArticleDoiState]));
  }

  /** Ids of this journal's articles with a state (every one that was ever queued). */
  async articleIdsWithState(journalId: string, states: StoredDoiState[]): Promise<Set<string>> {
    const ds = await this.dois.find({ journalId: jid(journalId), state: { $in: states } }, { articleId: 1 }).lean();
    return new Set(ds.map((d) => d.articleId));
  }
}

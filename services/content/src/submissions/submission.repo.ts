import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { AppError, buildIndexes, escapeRegex, modelOn } from '@journal/server-kit';
import type { ArticleAuthor, SubmissionState } from '@journal/contracts';
import { jid, oid, toPlain, toPlainList, type Plain } from '../shared/plain';
import { BY_ID } from '../shared/cross-journal';
import { BUSY, UniqueTakes, atRev, untilFree } from '../shared/unique-take';
import type { ManuscriptKind, ReceiptKind } from './file-check';

/** docs/product.md#submissions: one author's manuscript version, stored in the private `submission_files` bucket. */
export interface ManuscriptVersion {
  fileId: string;
  version: number;
  kind: ManuscriptKind;
  size: number;
  at: Date;
}
export interface Receipt {
  fileId: string;
  kind: ReceiptKind;
  size: number;
  txnid: string;
  at: Date;
}
export interface HistoryEntry {
  at: Date;
  from: SubmissionState | '';
  to: SubmissionState;
  by: { kind: 'author' | 'staff' | 'reviewer' | 'system'; name: string; role: string };
  message: string;
  /** Staff notes made on a decision are shown to the author; internal ones (none today) would not be. */
  authorVisible: boolean;
}

export interface SubmissionDoc {
  journalId: string;
  number: string;
  year: number;
  seq: number;
  status: SubmissionState;
  given: string;
  family: string;
  email: string;
  mobile: string;
  country: string;
  /** The corresponding author first, then the co-authors, in the articles' author model. */
  authors: ArticleAuthor[];
  title: string;
  abstract: string;
  keywords: string;
  subject: string;
  declaration: boolean;
  manuscripts: ManuscriptVersion[];
  receipt: Receipt | null;
  ptype: '' | 'paid' | 'free';
  txnid: string;
  history: HistoryEntry[];
  article: { id: string; refnumber: string; path: string } | null;
  /** How many times it has moved (absent: never, on submissions stored before the count): the version a move takes. */
  rev?: number;
  /** Lower-case text of number, title, names and e-mail: what the staff search matches. */
  search: string;
  createdAt: Date;
  updatedAt: Date;
}
export type Submission = Plain<SubmissionDoc>;
export type NewSubmission = Omit<SubmissionDoc, 'journalId' | 'number' | 'year' | 'seq' | 'search' | 'createdAt' | 'updatedAt'>;

const submissionSchema = new Schema<SubmissionDoc>(
  {
    journalId: { type: String, required: true },
    number: { type: String, required: true },
    year: Number,
    seq: Number,
    status: { type: String, required: true },
    given: String,
    family: String,
    email: String,
    mobile: String,
    country: String,
    authors: { type: Schema.Types.Mixed, default: [] },
    title: String,
    abstract: String,
    keywords: String,
    subject: String,
    declaration: Boolean,
    manuscripts: { type: Schema.Types.Mixed, default: [] },
    receipt: { type: Schema.Types.Mixed, default: null },
    ptype: { type: String, default: '' },
    txnid: { type: String, default: '' },
    history: { type: Schema.Types.Mixed, default: [] },
    article: { type: Schema.Types.Mixed, default: null },
    rev: Number,
    search: { type: String, default: '' },
    createdAt: Date,
    updatedAt: Date,
  },
  { collection: 'submissions', minimize: false, versionKey: false },
);
submissionSchema.index({ journalId: 1, number: 1 }, { unique: true });
submissionSchema.index({ journalId: 1, status: 1, createdAt: -1 });

/** Where the per-journal-year sequence stands: `_id` `<journalId>:<year>` (a hint; the claims decide). */
interface CounterDoc {
  _id: string;
  journalId: string;
  seq: number;
}
const counterSchema = new Schema<CounterDoc>({ _id: String, journalId: String, seq: Number }, { collection: 'submission_counters', versionKey: false });

/** One claimed number: `_id` `<journalId>:<year>:<n>`. */
interface ClaimDoc {
  _id: string;
  journalId: string;
}
const claimSchema = new Schema<ClaimDoc>({ _id: String, journalId: String }, { collection: 'submission_numbers', versionKey: false });

/** A status link: `_id` is the token's SHA-256 (the token itself is never stored). */
interface TokenDoc {
  _id: string;
  journalId: string;
  submissionId: string;
  expiresAt: Date;
}
const tokenSchema = new Schema<TokenDoc>(
  { _id: String, journalId: String, submissionId: String, expiresAt: Date },
  { collection: 'submission_tokens', versionKey: false },
);
tokenSchema.index({ journalId: 1, submissionId: 1 });

/**
 * How long a move may hold its take before another mover clears it (its process stopped between
 * the take and the write). Longer than the slowest move, a publication that adds the article.
 */
const MOVE_LEASE_MS = 120_000;

/** What a move writes: the new fields, its history entry, a manuscript version it adds. */
export interface SubmissionChange {
  set: Partial<Pick<SubmissionDoc, 'status' | 'receipt' | 'ptype' | 'txnid' | 'article'>>;
  history: HistoryEntry;
  manuscript?: ManuscriptVersion;
}

type Lean = SubmissionDoc & { _id: Types.ObjectId };
const searchText = (s: Pick<SubmissionDoc, 'number' | 'title' | 'email' | 'authors'>) =>
  [s.number, s.title.replace(/<[^>]*>/g, ''), s.email, ...s.authors.map((a) => `${a.given} ${a.family}`)].join(' ').toLowerCase();

/** Submissions, their numbering and their status links (docs/architecture.md#submissions). */
export class SubmissionRepo {
  readonly model: Model<SubmissionDoc>;
  private readonly counters: Model<CounterDoc>;
  private readonly claims: Model<ClaimDoc>;
  private readonly tokens: Model<TokenDoc>;
  /** `<submission id>:<rev>`: one move from each version (shared/unique-take.ts). */
  private readonly takes: UniqueTakes;

  constructor(conn: Connection) {
    this.model = modelOn(conn, 'Submission', submissionSchema);
    this.counters = modelOn(conn, 'SubmissionCounter', counterSchema);
    this.claims = modelOn(conn, 'SubmissionNumber', claimSchema);
    this.tokens = modelOn(conn, 'SubmissionToken', tokenSchema);
    this.takes = new UniqueTakes(conn, 'SubmissionTake', 'submission_takes');
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
    await buildIndexes(() => this.tokens.syncIndexes());
  }

  /**
   * The next number of the journal's year. Each number is claimed by inserting its own document
   * (`<journalId>:<year>:<n>`, a unique `_id`), so two submissions at once never share one: the
   * loser's insert fails and it takes the next. A counter updated with `$inc` is not enough here:
   * FerretDB 1.24 runs findAndModify as a read and a write, and 20 concurrent increments measured
   * gave 7 seven times. The newest claim is remembered (`$max`) only as where to start looking.
   */
  async nextSeq(journalId: string, year: number): Promise<number> {
    const key = `${jid(journalId)}:${year}`;
    let n = (await this.counters.findOne({ _id: key, journalId }).lean<CounterDoc>())?.seq ?? 0;
    for (let attempt = 0; attempt < 1000; attempt++) {
      n += 1;
      try {
        await this.claims.create({ _id: `${key}:${n}`, journalId });
      } catch (err) {
        if ((err as { code?: number }).code !== 11000) throw err;
        continue;
      }
      await this.counters.updateOne({ _id: key, journalId }, { $max: { seq: n } }, { upsert: true }).catch((err: { code?: number }) => {
        // Two first claims of a year create the hint at once; the other's value is as good.
        if (err.code !== 11000) throw err;
      });
      return n;
    }
    throw new Error(`no free submission number for ${key}`);
  }

  /** Stores a new submission under an id chosen beforehand (its files are stored first, under that id). */
  async create(journalId: string, id: string, number: string, year: number, seq: number, s: NewSubmission): Promise<Submission> {
    const now = new Date();
    const doc: SubmissionDoc = { ...s, journalId: jid(journalId), number, year, seq, search: searchText({ ...s, number }), createdAt: now, updatedAt: now };
    const _id = oid(id);
    if (!_id) throw new Error(`invalid submission id: ${id}`);
    await this.model.collection.insertOne({ ...doc, _id });
    return toPlain({ ...doc, _id })!;
  }

  async findById(journalId: string, id: string): Promise<Submission | null> {
    const _id = oid(id);
    if (!_id) return null;
    const d = await this.model.findOne({ _id }).setOptions(BY_ID).lean<Lean>();
    return d && d.journalId === jid(journalId) ? toPlain(d) : null;
  }

  async findByNumber(journalId: string, number: string): Promise<Submission | null> {
    return toPlain(await this.model.findOne({ journalId: jid(journalId), number }).lean<Lean>());
  }

  /**
   * Applies a change only while the submission is still in one of `from`: two staff acting at once,
   * or an author and staff, cannot both move it. Null when it has moved (or is not there).
   */
  move(
    journalId: string,
    id: string,
    from: readonly SubmissionState[],
    set: SubmissionChange['set'],
    history: HistoryEntry,
    push: { manuscript?: ManuscriptVersion } = {},
  ): Promise<Submission | null> {
    return this.moveWith(journalId, id, from, () => Promise.resolve({ set, history, ...push }));
  }

  /**
   * A move whose change is made once it is this mover's (a publication adds the article first):
   * `change` runs only for the one mover of this version, and an error from it moves nothing.
   * Exactly one of concurrent movers wins on FerretDB as on MongoDB: each takes
   * `<id>:<rev>` by a unique insert before its compare-and-set on status and `rev`
   * (docs/architecture.md#exactly-once-changes).
   */
  moveWith(journalId: string, id: string, from: readonly SubmissionState[], change: (s: Submission) => Promise<SubmissionChange>): Promise<Submission | null> {
    let made = false;
    return untilFree(async () => {
      const s = await this.findById(journalId, id);
      if (!s || !from.includes(s.status)) return null;
      const moved = await this.changeOnce(journalId, s, (current) => {
        made = true;
        return change(current);
      });
      // Once `change` has run (an article added), its move is not tried again.
      return moved ?? (made ? null : BUSY);
    });
  }

  /**
   * An entry of the history that moves nothing (a review invited, answered, reminded:
   * docs/product.md#peer-review). Taken like a move: FerretDB writes the whole document back, so
   * an unserialised `$push` beside a move could put the old status back.
   */
  async note(journalId: string, id: string, entry: HistoryEntry): Promise<void> {
    const noted = await untilFree(async () => {
      const s = await this.findById(journalId, id);
      if (!s) return 'gone' as const;
      return (await this.changeOnce(journalId, s, () => Promise.resolve({ set: {}, history: entry }))) ? ('noted' as const) : BUSY;
    });
    // Held past the waits: a mover stopped between its take and its write (cleared after the lease).
    if (!noted) throw new AppError(503, 'busy', 'The submission is being changed; try again in a moment');
  }

  /** The change from the version read, if this writer takes that version; null when another holds it or it moved meanwhile. */
  private changeOnce(journalId: string, s: Submission, change: (s: Submission) => Promise<SubmissionChange>): Promise<Submission | null> {
    return this.takes.once(journalId, `${s.id}:${s.rev ?? 0}`, { leaseMs: MOVE_LEASE_MS }, async () => {
      const c = await change(s);
      const d = await this.model
        .findOneAndUpdate(
          { _id: oid(s.id), journalId: jid(journalId), status: s.status, ...atRev(s.rev) },
          { $set: { ...c.set, updatedAt: new Date() }, $inc: { rev: 1 }, $push: { history: c.history, ...(c.manuscript ? { manuscripts: c.manuscript } : {}) } },
          { returnDocument: 'after' },
        )
        .lean<Lean>();
      return toPlain(d);
    });
  }

  async list(journalId: string, q: { status: string; text: string; skip: number; limit: number }): Promise<{ items: Submission[]; total: number }> {
    const filter: Record<string, unknown> = { journalId: jid(journalId) };
    if (q.status) filter.status = q.status;
    if (q.text) filter.search = { $regex: escapeRegex(q.text.toLowerCase()) };
    const [ds, total] = await Promise.all([
      this.model.find(filter).sort({ createdAt: -1, _id: -1 }).skip(q.skip).limit(q.limit).lean<Lean[]>(),
      this.model.countDocuments(filter),
    ]);
    return { items: toPlainList(ds), total };
  }

  async saveToken(journalId: string, submissionId: string, hash: string, expiresAt: Date): Promise<void> {
    await this.tokens.create({ _id: hash, journalId: jid(journalId), submissionId, expiresAt });
  }

  /** The submission a token's hash opens in this journal, while it has not expired; null otherwise (whatever the reason). */
  async byTokenHash(journalId: string, hash: string, now = new Date()): Promise<Submission | null> {
    const t = await this.tokens.findOne({ _id: hash }).setOptions(BY_ID).lean<TokenDoc>();
    if (!t || t.journalId !== jid(journalId) || t.expiresAt <= now) return null;
    return this.findById(journalId, t.submissionId);
  }

  /** Status links past their date are deleted (each new link request sweeps its submission's). */
  async dropExpiredTokens(journalId: string, submissionId: string, now = new Date()): Promise<void> {
    await this.tokens.deleteMany({ journalId: jid(journalId), submissionId, expiresAt: { $lte: now } });
  }
}

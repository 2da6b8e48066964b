import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { buildIndexes, crossJournal } from '@journal/server-kit';
import type { Recommendation, ReviewState } from '@journal/contracts';
import { jid, oid, toPlain, toPlainList, type Plain } from '../shared/plain';
import { BY_ID } from '../shared/cross-journal';
import { BUSY, UniqueTakes, atRev, untilFree } from '../shared/unique-take';

export interface ReviewerSnapshot {
  id: string;
  name: string;
  email: string;
  affiliation: string;
  ror: string;
  orcid: string;
}
export interface AnnotatedFile {
  fileId: string;
  kind: 'pdf' | 'docx';
  size: number;
}
export interface ReviewReport {
  recommendation: Recommendation | '';
  toAuthor: string;
  toEditor: string;
  annotated: AnnotatedFile | null;
  savedAt: Date | null;
  submittedAt: Date | null;
}
export interface Reminder {
  /** `before-3`, `after-7`: one per offset, so a job fired twice sends once. */
  key: string;
  kind: 'before' | 'after';
  days: number;
  at: Date;
  state: 'scheduled' | 'sent' | 'cancelled';
}
export interface ReviewHistoryEntry {
  at: Date;
  act: string;
  /** Who: a staff name with role, "Reviewer", or "System" (reminders). */
  by: string;
  message: string;
}

/** docs/product.md#peer-review: one invitation of one reviewer to review one submission, and the review it becomes. */
export interface ReviewDoc {
  journalId: string;
  submissionId: string;
  submissionNumber: string;
  reviewer: ReviewerSnapshot;
  state: ReviewState;
  /** The submission's manuscript version count when invited: a revision round is a new round. */
  round: number;
  dueDate: string;
  invitedAt: Date;
  invitedBy: { id: string; name: string };
  respondedAt: Date | null;
  declineReason: string;
  review: ReviewReport;
  reminders: Reminder[];
  /** The earliest scheduled reminder (null: none): what the sweep queries (FerretDB 1.24 has no `$elemMatch` on fields). */
  nextReminderAt: Date | null;
  history: ReviewHistoryEntry[];
  /** The journal's public origin when invited: reminders sent by the worker link there. */
  origin: string;
  /** How many times it has changed through move or a reminder (absent: never): the version a change takes. */
  rev?: number;
  createdAt: Date;
  updatedAt: Date;
}
export type Review = Plain<ReviewDoc>;

const reviewSchema = new Schema<ReviewDoc>(
  {
    journalId: { type: String, required: true },
    submissionId: { type: String, required: true },
    submissionNumber: String,
    reviewer: { type: Schema.Types.Mixed },
    state: { type: String, required: true },
    round: Number,
    dueDate: String,
    invitedAt: Date,
    invitedBy: { type: Schema.Types.Mixed },
    respondedAt: { type: Date, default: null },
    declineReason: { type: String, default: '' },
    review: { type: Schema.Types.Mixed },
    reminders: { type: Schema.Types.Mixed, default: [] },
    nextReminderAt: { type: Date, default: null },
    history: { type: Schema.Types.Mixed, default: [] },
    origin: String,
    rev: Number,
    createdAt: Date,
    updatedAt: Date,
  },
  { collection: 'reviews', minimize: false, versionKey: false },
);
reviewSchema.index({ journalId: 1, submissionId: 1, createdAt: 1 });
reviewSchema.index({ journalId: 1, 'reviewer.id': 1, createdAt: -1 });
reviewSchema.index({ journalId: 1, state: 1, 'review.submittedAt': 1 });
reviewSchema.index({ nextReminderAt: 1 });

/** A review link: `_id` the token's SHA-256; it opens one review of one journal until it expires. */
interface ReviewTokenDoc {
  _id: string;
  journalId: string;
  reviewId: string;
  expiresAt: Date;
}
const tokenSchema = new Schema<ReviewTokenDoc>({ _id: String, journalId: String, reviewId: String, expiresAt: Date }, { collection: 'review_tokens', versionKey: false });
tokenSchema.index({ journalId: 1, reviewId: 1 });

/** Per submission: the manuscript version reviewers get and the staff in conflict with it. `_id` the submission id. */
interface ReviewCaseDoc {
  _id: string;
  journalId: string;
  reviewFileId: string | null;
  conflicts: { userId: string; name: string }[];
}
const caseSchema = new Schema<ReviewCaseDoc>(
  { _id: String, journalId: String, reviewFileId: { type: String, default: null }, conflicts: { type: Schema.Types.Mixed, default: [] } },
  { collection: 'review_cases', versionKey: false, minimize: false },
);
export type ReviewCase = Omit<ReviewCaseDoc, '_id' | 'journalId'>;

type Lean = ReviewDoc & { _id: Types.ObjectId };
/** How long a change may hold its take before another clears it (its process stopped between the two writes). */
const CHANGE_LEASE_MS = 60_000;

/** The time of the earliest reminder still to send. */
export const nextReminderAt = (rs: Reminder[]): Date | null =>
  rs.filter((r) => r.state === 'scheduled').reduce<Date | null>((m, r) => (!m || new Date(r.at) < m ? new Date(r.at) : m), null);

/** Reviews, their links and each submission's review case (docs/architecture.md#peer-review). */
export class ReviewRepo {
  readonly model: Model<ReviewDoc>;
  private readonly tokens: Model<ReviewTokenDoc>;
  private readonly cases: Model<ReviewCaseDoc>;
  /** `<review id>:<rev>`: one change from each version (shared/unique-take.ts). */
  private readonly takes: UniqueTakes;

  constructor(conn: Connection) {
    this.model = (conn.models.Review as Model<ReviewDoc> | undefined) ?? conn.model<ReviewDoc>('Review', reviewSchema);
    this.tokens = (conn.models.ReviewToken as Model<ReviewTokenDoc> | undefined) ?? conn.model<ReviewTokenDoc>('ReviewToken', tokenSchema);
    this.cases = (conn.models.ReviewCase as Model<ReviewCaseDoc> | undefined) ?? conn.model<ReviewCaseDoc>('ReviewCase', caseSchema);
    this.takes = new UniqueTakes(conn, 'ReviewTake', 'review_takes');
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
    await buildIndexes(() => this.tokens.syncIndexes());
  }

  async create(journalId: string, d: Omit<ReviewDoc, 'journalId' | 'createdAt' | 'updatedAt' | 'nextReminderAt'>): Promise<Review> {
    const now = new Date();
    const created = await this.model.create({ ...d, nextReminderAt: nextReminderAt(d.reminders), journalId: jid(journalId), createdAt: now, updatedAt: now });
    return (await this.findById(journalId, String(created._id)))!;
  }

  async findById(journalId: string, id: string): Promise<Review | null> {
    const _id = oid(id);
    if (!_id) return null;
    const d = await this.model.findOne({ _id }).setOptions(BY_ID).lean<Lean>();
    return d && d.journalId === jid(journalId) ? toPlain(d) : null;
  }

  async ofSubmission(journalId: string, submissionId: string): Promise<Review[]> {
    return toPlainList(await this.model.find({ journalId: jid(journalId), submissionId }).sort({ createdAt: 1, _id: 1 }).lean<Lean[]>());
  }

  async ofReviewer(journalId: string, reviewerId: string): Promise<Review[]> {
    return toPlainList(await this.model.find({ journalId: jid(journalId), 'reviewer.id': reviewerId }).sort({ createdAt: -1 }).limit(500).lean<Lean[]>());
  }

  /** Invitations since `since` per reviewer, and open ones (the suggestions' load). */
  async loads(journalId: string, since: Date): Promise<Map<string, { recent: number; open: number }>> {
    const ds = await this.model
      .find({ journalId: jid(journalId), $or: [{ createdAt: { $gte: since } }, { state: { $in: ['invited', 'accepted'] } }] }, { reviewer: 1, state: 1, createdAt: 1 })
      .lean<Pick<Lean, 'reviewer' | 'state' | 'createdAt'>[]>();
    const out = new Map<string, { recent: number; open: number }>();
    for (const d of ds) {
      const l = out.get(d.reviewer.id) ?? { recent: 0, open: 0 };
      if (d.createdAt >= since) l.recent += 1;
      if (d.state === 'invited' || d.state === 'accepted') l.open += 1;
      out.set(d.reviewer.id, l);
    }
    return out;
  }

  /** Per reviewer: open invitations, reviews done and their average days (the reviewer list). */
  async stats(journalId: string, reviewerIds: string[]): Promise<Map<string, { open: number; done: number; averageDays: number | null }>> {
    const out = new Map<string, { open: number; done: number; averageDays: number | null }>();
    if (!reviewerIds.length) return out;
    const ds = await this.model
      .find({ journalId: jid(journalId), 'reviewer.id': { $in: reviewerIds } }, { reviewer: 1, state: 1, invitedAt: 1, 'review.submittedAt': 1 })
      .lean<Pick<Lean, 'reviewer' | 'state' | 'invitedAt' | 'review'>[]>();
    const days = new Map<string, number[]>();
    for (const d of ds) {
      const s = out.get(d.reviewer.id) ?? { open: 0, done: 0, averageDays: null };
      if (d.state === 'invited' || d.state === 'accepted') s.open += 1;
      if (d.state === 'submitted' && d.review?.submittedAt) {
        s.done += 1;
        days.set(d.reviewer.id, [...(days.get(d.reviewer.id) ?? []), (+new Date(d.review.submittedAt) - +new Date(d.invitedAt)) / 86_400_000]);
      }
      out.set(d.reviewer.id, s);
    }
    for (const [id, xs] of days) out.get(id)!.averageDays = Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10;
    return out;
  }

  async hasAny(journalId: string, reviewerId: string): Promise<boolean> {
    return (await this.model.countDocuments({ journalId: jid(journalId), 'reviewer.id': reviewerId }).limit(1)) > 0;
  }

  /**
   * Applies a change only while the review is in one of `from` (a reviewer and an editor acting
   * at once cannot both move it); null when it has moved.
   */
  move(journalId: string, id: string, from: readonly ReviewState[], set: Record<string, unknown>, history?: ReviewHistoryEntry): Promise<Review | null> {
    return untilFree(async () => {
      const r = await this.findById(journalId, id);
      if (!r || !from.includes(r.state)) return null;
      return (await this.change(journalId, r, { ...set, ...(set.reminders ? { nextReminderAt: nextReminderAt(set.reminders as Reminder[]) } : {}) }, history)) ?? BUSY;
    });
  }

  /**
   * Marks one reminder sent, once: null when it was sent, cancelled, or the review is closed. Two
   * workers firing the same reminder send it once.
   */
  claimReminder(journalId: string, id: string, key: string, history: ReviewHistoryEntry): Promise<Review | null> {
    return untilFree(async () => {
      const r = await this.findById(journalId, id);
      if (!r || (r.state !== 'invited' && r.state !== 'accepted') || !r.reminders.some((m) => m.key === key && m.state === 'scheduled')) return null;
      const reminders = r.reminders.map((m) => (m.key === key ? { ...m, state: 'sent' as const } : m));
      // BUSY: another change holds this version (an editor moving the due date, another worker): read what it made.
      return (await this.change(journalId, r, { reminders, nextReminderAt: nextReminderAt(reminders) }, history)) ?? BUSY;
    });
  }

  /**
   * One change from the version read: exactly one of concurrent changers wins, on FerretDB as on
   * MongoDB, by taking `<id>:<rev>` with a unique insert before the compare-and-set on state and
   * `rev` (docs/architecture.md#exactly-once-changes).
   */
  private change(journalId: string, r: Review, set: Record<string, unknown>, history?: ReviewHistoryEntry): Promise<Review | null> {
    return this.takes.once(journalId, `${r.id}:${r.rev ?? 0}`, { leaseMs: CHANGE_LEASE_MS }, async () =>
      toPlain(
        await this.model
          .findOneAndUpdate(
            { _id: oid(r.id), journalId: jid(journalId), state: r.state, ...atRev(r.rev) },
            { $set: { ...set, updatedAt: new Date() }, $inc: { rev: 1 }, ...(history ? { $push: { history } } : {}) },
            { returnDocument: 'after' },
          )
          .lean<Lean>(),
      ),
    );
  }

  /** Open reviews with a reminder due by `now` (the sweep behind the delayed jobs). */
  async dueReminders(now: Date, limit = 500): Promise<{ journalId: string; id: string; key: string }[]> {
    const ds = await this.model
      .find({ nextReminderAt: { $lte: now }, state: { $in: ['invited', 'accepted'] } }, { journalId: 1, reminders: 1 })
      .setOptions(crossJournal('the reminder sweep runs over every journal'))
      .limit(limit)
      .lean<Pick<Lean, '_id' | 'journalId' | 'reminders'>[]>();
    return ds.flatMap((d) => d.reminders.filter((r) => r.state === 'scheduled' && new Date(r.at) <= now).map((r) => ({ journalId: d.journalId, id: String(d._id), key: r.key })));
  }

  /** Reviews submitted within [from, to), oldest first (a year's certificates). */
  async submittedBetween(journalId: string, from: Date, to: Date): Promise<Review[]> {
    return toPlainList(
      await this.model
        .find({ journalId: jid(journalId), state: 'submitted', 'review.submittedAt': { $gte: from, $lt: to } })
        .sort({ 'review.submittedAt': 1, _id: 1 })
        .lean<Lean[]>(),
    );
  }

  // Links.

  async saveToken(journalId: string, reviewId: string, hash: string, expiresAt: Date): Promise<void> {
    await this.tokens.create({ _id: hash, journalId: jid(journalId), reviewId, expiresAt });
  }

  /** The review a link's hash opens in this journal, while it has not expired; null whatever the reason. */
  async byTokenHash(journalId: string, hash: string, now = new Date()): Promise<Review | null> {
    const t = await this.tokens.findOne({ _id: hash }).setOptions(BY_ID).lean<ReviewTokenDoc>();
    if (!t || t.journalId !== jid(journalId) || t.expiresAt <= now) return null;
    return this.findById(journalId, t.reviewId);
  }

  /** A new due date moves every link of the review's expiry with it. */
  async setTokenExpiry(journalId: string, reviewId: string, expiresAt: Date): Promise<void> {
    await this.tokens.updateMany({ journalId: jid(journalId), reviewId }, { $set: { expiresAt } });
  }

  // The submission's review case.

  async caseOf(journalId: string, submissionId: string): Promise<ReviewCase> {
    const d = await this.cases.findOne({ _id: submissionId }).setOptions(BY_ID).lean<ReviewCaseDoc>();
    return d && d.journalId === jid(journalId) ? { reviewFileId: d.reviewFileId, conflicts: d.conflicts ?? [] } : { reviewFileId: null, conflicts: [] };
  }

  async setReviewFile(journalId: string, submissionId: string, fileId: string): Promise<void> {
    await this.cases.updateOne({ _id: submissionId, journalId: jid(journalId) }, { $set: { reviewFileId: fileId } }, { upsert: true });
  }

  async setConflicts(journalId: string, submissionId: string, conflicts: ReviewCase['conflicts']): Promise<void> {
    await this.cases.updateOne({ _id: submissionId, journalId: jid(journalId) }, { $set: { conflicts } }, { upsert: true });
  }
}

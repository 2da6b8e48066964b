import { AppError, parse, type ActivityActor } from '@journal/server-kit';
import {
  decisionsFrom,
  isOpenReview,
  REVIEW_DECISIONS,
  REVIEW_MESSAGES as M,
  REVIEWABLE_SUBMISSION_STATES,
  SUBMISSION_MESSAGES,
  reviewCancelSchema,
  reviewConflictSchema,
  reviewDecisionSchema,
  reviewDueSchema,
  reviewInviteSchema,
  reviewManuscriptMarkSchema,
  reviewReassignSchema,
  type ReviewDecision,
  type ReviewStaffView,
  type SubmissionReviews,
} from '@journal/contracts';
import type { UploadedFile } from '../admin/upload';
import { checkedFile } from '../submissions/submission.service';
import { EXTENSION, manuscriptKind, MIME } from '../submissions/file-check';
import type { Submission } from '../submissions/submission.repo';
import type { Reviewer } from './reviewer.repo';
import type { Review } from './review.repo';
import { dayOf, decisionMessage, isConflicted, isDueDateAcceptable, isOverdue, isSelf, planReminders, reviewLabel } from './review-rules';
import { reviewNote, type ReviewParts } from './review-parts';
import { tokenExpiry } from './review-mail';

const notFound = (what = 'Submission') => new AppError(404, 'not_found', `${what} not found`);
const notAllowed = (message: string = M.notAllowed) => new AppError(409, 'not_allowed', message);
const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
const badDue = () => new AppError(400, 'validation_error', 'dueDate: Due date must be today or later, within a year', [{ path: 'dueDate', message: 'Due date must be today or later, within a year' }]);

/**
 * docs/product.md#peer-review: what editors and managers do with a submission's reviews: invite,
 * chase, cancel, reassign, read them side by side and decide. Every act is in the submission's
 * history (reviewers by label only) and in the activity log.
 */
export class ReviewStaffService {
  constructor(private readonly p: ReviewParts) {}

  private async submission(journalId: string, id: string): Promise<Submission> {
    const s = await this.p.submissions.findById(journalId, id);
    if (!s) throw notFound();
    return s;
  }

  private async context(journalId: string, id: string, actor: ActivityActor) {
    const [s, c, settings] = await Promise.all([this.submission(journalId, id), this.p.reviews.caseOf(journalId, id), this.p.settings.get(journalId)]);
    const conflict = isConflicted(actor, s, c);
    return { s, c, settings, conflict };
  }

  /**
   * Whether the actor must not see who reviews the submission: double-blind review and the conflict
   * rule (an editor who is one of its authors). Every staff view of the submission (its reviews,
   * its emails) follows it. An unknown submission has no authors to hide reviewers from.
   */
  async hidesReviewers(journalId: string, id: string, actor: ActivityActor): Promise<boolean> {
    const s = await this.p.submissions.findById(journalId, id);
    if (!s) return false;
    const [c, settings] = await Promise.all([this.p.reviews.caseOf(journalId, id), this.p.settings.get(journalId)]);
    return settings.doubleBlind && isConflicted(actor, s, c);
  }

  private view(r: Review, index: number, hideReviewer: boolean, now: Date): ReviewStaffView {
    return {
      id: r.id,
      reviewer: hideReviewer ? null : { id: r.reviewer.id, name: r.reviewer.name, email: r.reviewer.email, affiliation: r.reviewer.affiliation },
      label: reviewLabel(index),
      state: r.state,
      round: r.round,
      invitedAt: iso(r.invitedAt)!,
      dueDate: r.dueDate,
      overdue: isOverdue(r, now),
      respondedAt: iso(r.respondedAt),
      declineReason: r.declineReason,
      recommendation: r.review.recommendation,
      toAuthor: r.state === 'submitted' ? r.review.toAuthor : '',
      toEditor: r.state === 'submitted' ? r.review.toEditor : '',
      annotated: r.state === 'submitted' && r.review.annotated ? { id: r.review.annotated.fileId, kind: r.review.annotated.kind, size: r.review.annotated.size } : null,
      savedAt: iso(r.review.savedAt),
      submittedAt: iso(r.review.submittedAt),
      reminders: r.reminders.map((m) => ({ kind: m.kind, days: m.days, at: iso(m.at)!, state: m.state })),
      history: r.history.map((h) => ({ at: iso(h.at)!, act: h.act, by: hideReviewer && h.by === r.reviewer.name ? reviewLabel(index) : h.by, message: h.message })),
    };
  }

  /** The submission's reviews side by side; in double-blind an editor who is an author sees no reviewer. */
  async overview(journalId: string, id: string, actor: ActivityActor): Promise<SubmissionReviews> {
    const { s, c, settings, conflict } = await this.context(journalId, id, actor);
    const reviews = await this.p.reviews.ofSubmission(journalId, id);
    const now = this.p.now();
    const hide = conflict && settings.doubleBlind;
    return {
      doubleBlind: settings.doubleBlind,
      conflict,
      conflicts: c.conflicts,
      reviewFileId: c.reviewFileId,
      reviews: reviews.map((r, i) => this.view(r, i, hide, now)),
      decisions: decisionsFrom(s.status).filter((d): d is ReviewDecision => (REVIEW_DECISIONS as readonly string[]).includes(d)),
      settings,
    };
  }

  private async note(journalId: string, s: Submission, actor: ActivityActor, message: string) {
    await this.p.submissions.note(journalId, s.id, reviewNote(s.status, 'staff', actor.name, actor.role, message, this.p.now()));
  }

  private async record(journalId: string, actor: ActivityActor, kind: Parameters<ReviewParts['activity']['record']>[2]['kind'], s: Submission, field: string, before: string, after: string) {
    await this.p.activity.record(journalId, actor, { kind, record: { type: 'submission', id: s.id, label: s.number }, changes: [{ field, before, after }] });
  }

  /** Creates one invitation, e-mails it and schedules its reminders. */
  private async inviteOne(journalId: string, origin: string, actor: ActivityActor, s: Submission, reviewer: Reviewer, dueDate: string, message: string, index: number): Promise<Review> {
    const settings = await this.p.settings.get(journalId);
    const now = this.p.now();
    const review = await this.p.reviews.create(journalId, {
      submissionId: s.id,
      submissionNumber: s.number,
      reviewer: { id: reviewer.id, name: reviewer.name, email: reviewer.email, affiliation: reviewer.affiliation, ror: reviewer.ror, orcid: reviewer.orcid },
      state: 'invited',
      round: Math.max(1, s.manuscripts.length),
      dueDate,
      invitedAt: now,
      invitedBy: { id: actor.id, name: actor.name },
      respondedAt: null,
      declineReason: '',
      review: { recommendation: '', toAuthor: '', toEditor: '', annotated: null, savedAt: null, submittedAt: null },
      reminders: planReminders(dueDate, settings, now),
      history: [{ at: now, act: 'invited', by: actor.name, message: `Due ${dueDate}` }],
      origin,
    });
    await this.p.mailer.send(journalId, review, s.title, 'review_invitation', { daysAfterDue: settings.tokenDaysAfterDue, occurrence: 'invitation', message });
    await this.p.schedule(journalId, review);
    await this.note(journalId, s, actor, `${reviewLabel(index)} invited, due ${dueDate}`);
    await this.record(journalId, actor, 'review.invite', s, reviewLabel(index), '', `invited, due ${dueDate}`);
    return review;
  }

  async invite(journalId: string, origin: string, actor: ActivityActor, id: string, body: unknown): Promise<SubmissionReviews> {
    const input = parse(reviewInviteSchema, body ?? {});
    const { s, conflict } = await this.context(journalId, id, actor);
    if (conflict) throw new AppError(403, 'conflict', M.selfInvite);
    if (!(REVIEWABLE_SUBMISSION_STATES as readonly string[]).includes(s.status)) throw notAllowed();
    if (!isDueDateAcceptable(input.dueDate, this.p.now())) throw badDue();
    const ids = [...new Set(input.reviewerIds)];
    const [found, existing] = await Promise.all([this.p.reviewers.findByIds(journalId, ids), this.p.reviews.ofSubmission(journalId, id)]);
    if (found.length !== ids.length) throw notFound('Reviewer');
    for (const r of found) {
      if (isSelf(actor, r)) throw new AppError(403, 'conflict', M.selfInvite);
      if (!r.available) throw new AppError(409, 'unavailable', `${M.unavailable}: ${r.name}`);
      if (existing.some((e) => e.reviewer.id === r.id && (isOpenReview(e.state) || e.round === Math.max(1, s.manuscripts.length)) && e.state !== 'cancelled')) {
        throw new AppError(409, 'already_invited', `${M.alreadyInvited}: ${r.name}`);
      }
    }
    // The first invitation sends the submission to review (no e-mail to the author: the status page shows it).
    if (s.status === 'received') await this.p.decide(journalId, origin, actor, s.id, { to: 'under_review', message: '' });
    const current = await this.submission(journalId, id);
    let index = existing.length;
    for (const r of found) await this.inviteOne(journalId, origin, actor, current, r, input.dueDate, input.message, index++);
    return this.overview(journalId, id, actor);
  }

  private async review(journalId: string, s: Submission, reviewId: string): Promise<{ r: Review; index: number }> {
    const all = await this.p.reviews.ofSubmission(journalId, s.id);
    const index = all.findIndex((x) => x.id === reviewId);
    if (index < 0) throw notFound('Review');
    return { r: all[index]!, index };
  }

  async cancel(journalId: string, actor: ActivityActor, id: string, reviewId: string, body: unknown, why = 'cancelled'): Promise<SubmissionReviews> {
    const { reason } = parse(reviewCancelSchema, body ?? {});
    const { s, conflict, settings } = await this.context(journalId, id, actor);
    if (conflict && settings.doubleBlind) throw new AppError(403, 'conflict', M.conflict);
    const { r, index } = await this.review(journalId, s, reviewId);
    const now = this.p.now();
    const reminders = r.reminders.map((m) => (m.state === 'scheduled' ? { ...m, state: 'cancelled' as const } : m));
    const moved = await this.p.reviews.move(journalId, r.id, ['invited', 'accepted'], { state: 'cancelled', reminders }, { at: now, act: why, by: actor.name, message: reason });
    if (!moved) throw notAllowed();
    await this.p.mailer.send(journalId, moved, s.title, 'review_cancelled', { daysAfterDue: settings.tokenDaysAfterDue, occurrence: 'cancelled', message: reason });
    await this.note(journalId, s, actor, `${reviewLabel(index)} ${why}${reason ? `: ${reason}` : ''}`);
    await this.record(journalId, actor, 'review.cancel', s, reviewLabel(index), r.state, 'cancelled');
    return this.overview(journalId, id, actor);
  }

  /** An overdue (or any open) review cancelled and another reviewer invited in its place. */
  async reassign(journalId: string, origin: string, actor: ActivityActor, id: string, reviewId: string, body: unknown): Promise<SubmissionReviews> {
    const input = parse(reviewReassignSchema, body ?? {});
    await this.cancel(journalId, actor, id, reviewId, { reason: 'Reassigned to another reviewer' }, 'reassigned');
    return this.invite(journalId, origin, actor, id, { reviewerIds: [input.reviewerId], dueDate: input.dueDate, message: input.message });
  }

  /** A new due date: reminders planned again from it, every link of the review expiring with it. */
  async setDue(journalId: string, actor: ActivityActor, id: string, reviewId: string, body: unknown): Promise<SubmissionReviews> {
    const { dueDate } = parse(reviewDueSchema, body ?? {});
    const { s, settings, conflict } = await this.context(journalId, id, actor);
    if (conflict && settings.doubleBlind) throw new AppError(403, 'conflict', M.conflict);
    if (!isDueDateAcceptable(dueDate, this.p.now())) throw badDue();
    const { r, index } = await this.review(journalId, s, reviewId);
    const now = this.p.now();
    const reminders = [...r.reminders.filter((m) => m.state === 'sent'), ...planReminders(dueDate, settings, now).filter((m) => !r.reminders.some((x) => x.key === m.key && x.state === 'sent' && x.at >= m.at))];
    const moved = await this.p.reviews.move(journalId, r.id, ['invited', 'accepted'], { dueDate, reminders }, { at: now, act: 'due date', by: actor.name, message: `${r.dueDate} → ${dueDate}` });
    if (!moved) throw notAllowed();
    await this.p.reviews.setTokenExpiry(journalId, r.id, tokenExpiry(dueDate, settings.tokenDaysAfterDue));
    await this.p.schedule(journalId, moved);
    await this.note(journalId, s, actor, `${reviewLabel(index)}: due date ${r.dueDate} → ${dueDate}`);
    await this.record(journalId, actor, 'review.due', s, `${reviewLabel(index)} due date`, r.dueDate, dueDate);
    return this.overview(journalId, id, actor);
  }

  /**
   * The manuscript reviewers download: a version the editor marks (JSON `fileId`), or an
   * anonymised copy uploaded now (checked by content like every manuscript).
   */
  async markManuscript(journalId: string, actor: ActivityActor, id: string, body: unknown, upload: UploadedFile | undefined): Promise<SubmissionReviews> {
    const s = await this.submission(journalId, id);
    let fileId: string;
    let label: string;
    if (upload) {
      const { file, kind } = checkedFile(upload, manuscriptKind, 'Please attach the anonymised manuscript', SUBMISSION_MESSAGES.manuscriptKind);
      fileId = await this.p.files.put(journalId, s.id, `manuscript-anonymised-${dayOf(this.p.now())}.${EXTENSION[kind]}`, file.buffer, MIME[kind]);
      label = 'anonymised copy uploaded';
    } else {
      ({ fileId } = parse(reviewManuscriptMarkSchema, body ?? {}));
      const v = s.manuscripts.find((m) => m.fileId === fileId);
      if (!v) throw notFound('Manuscript version');
      label = `version ${v.version} marked for review`;
    }
    await this.p.reviews.setReviewFile(journalId, s.id, fileId);
    await this.note(journalId, s, actor, `Manuscript for review: ${label}`);
    await this.record(journalId, actor, 'review.manuscript', s, 'manuscript for review', '', label);
    return this.overview(journalId, id, actor);
  }

  async setConflict(journalId: string, actor: ActivityActor, id: string, body: unknown): Promise<SubmissionReviews> {
    const input = parse(reviewConflictSchema, body ?? {});
    const s = await this.submission(journalId, id);
    const c = await this.p.reviews.caseOf(journalId, id);
    const rest = c.conflicts.filter((x) => x.userId !== input.userId);
    await this.p.reviews.setConflicts(journalId, id, input.remove ? rest : [...rest, { userId: input.userId, name: input.name }]);
    await this.record(journalId, actor, 'review.conflict', s, 'conflict of interest', input.remove ? input.name || input.userId : '', input.remove ? '' : input.name || input.userId);
    return this.overview(journalId, id, actor);
  }

  /** The annotated file of a submitted review. */
  async file(journalId: string, id: string, reviewId: string) {
    const s = await this.submission(journalId, id);
    const { r } = await this.review(journalId, s, reviewId);
    if (r.state !== 'submitted' || !r.review.annotated) throw notFound('File');
    const f = await this.p.files.find(journalId, s.id, r.review.annotated.fileId);
    if (!f) throw notFound('File');
    // The file name never names the reviewer.
    return { ...f, downloadName: `${s.number}-review-${r.id.slice(-6)}.${r.review.annotated.kind}` };
  }

  /**
   * The editor's decision from the reviews: the submission moves through the workflow's own
   * decision (its e-mail to the author), whose message carries the editor's words and the chosen
   * reviews' comments to the author, never the confidential ones or any reviewer's name.
   */
  async decide(journalId: string, origin: string, actor: ActivityActor, id: string, body: unknown): Promise<SubmissionReviews> {
    const input = parse(reviewDecisionSchema, body ?? {});
    const s = await this.submission(journalId, id);
    if (!decisionsFrom(s.status).includes(input.decision)) throw notAllowed();
    const all = await this.p.reviews.ofSubmission(journalId, id);
    const chosen = all
      .map((r, i) => ({ r, label: reviewLabel(i) }))
      .filter(({ r }) => r.state === 'submitted' && (!input.includeReviews || input.includeReviews.includes(r.id)));
    const message = decisionMessage(input.message, chosen.map(({ r, label }) => ({ label, recommendation: r.review.recommendation, toAuthor: r.review.toAuthor })));
    await this.p.decide(journalId, origin, actor, id, { to: input.decision, message });
    // Reviews still open when the decision is made are no longer needed.
    for (const { r } of all.map((r) => ({ r })).filter(({ r }) => isOpenReview(r.state))) {
      await this.cancel(journalId, actor, id, r.id, { reason: 'A decision has been made on the manuscript' }).catch(() => undefined);
    }
    return this.overview(journalId, id, actor);
  }
}

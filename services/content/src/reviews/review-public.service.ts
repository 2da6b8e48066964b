import { AppError, parse } from '@journal/server-kit';
import {
  MAX_ANNOTATED_BYTES,
  REVIEW_MESSAGES as M,
  reviewDeclineSchema,
  reviewDraftSchema,
  reviewerMay,
  type ReviewAct,
  type ReviewPage,
  type ReviewSubmittedEvent,
} from '@journal/contracts';
import type { UploadedFile } from '../admin/upload';
import { checkedFile } from '../submissions/submission.service';
import { EXTENSION, manuscriptKind, MIME } from '../submissions/file-check';
import { isTokenShaped, tokenHash } from '../submissions/submission-token';
import type { Submission } from '../submissions/submission.repo';
import type { AnnotatedFile, Review, ReviewReport } from './review.repo';
import { dayOf, isOverdue, reviewLabel } from './review-rules';
import { REVIEWER_ACTOR, reviewNote, type ReviewParts } from './review-parts';

const notFound = () => new AppError(404, 'not_found', M.notFound);
/** Why an act is refused, in the words the reviewer's page uses. */
function refusal(r: Review, act: ReviewAct): AppError {
  const message =
    r.state === 'cancelled' ? M.cancelled : r.state === 'submitted' ? M.submitted : r.state === 'declined' ? M.declined : r.state === 'invited' && act !== 'decline' ? M.notAccepted : M.notAllowed;
  return new AppError(409, 'not_allowed', message);
}

/**
 * docs/product.md#peer-review: what a reviewer does from the private link: read the invitation,
 * accept or decline, download the manuscript, save drafts and submit the review (which locks it).
 * A link of another journal, an expired or a forged one is a 404 that says nothing more.
 */
export class ReviewPublicService {
  constructor(private readonly p: ReviewParts) {}

  /** Counts one request of a client address to the review links (429 over the limit). */
  async limit(journalId: string, ip: string): Promise<void> {
    await this.p.limits.hit(journalId, `review-ip:${ip}`, this.p.ratePerMinute, 60, M.tooMany);
  }

  private async open(journalId: string, token: unknown): Promise<Review> {
    if (!isTokenShaped(token)) throw notFound();
    const r = await this.p.reviews.byTokenHash(journalId, tokenHash(token), this.p.now());
    if (!r) throw notFound();
    return r;
  }

  private async submissionOf(journalId: string, r: Review): Promise<Submission> {
    const s = await this.p.submissions.findById(journalId, r.submissionId);
    if (!s) throw notFound();
    return s;
  }

  async page(journalId: string, token: unknown): Promise<ReviewPage> {
    const r = await this.open(journalId, token);
    return this.pageOf(journalId, r);
  }

  private async pageOf(journalId: string, r: Review): Promise<ReviewPage> {
    const [s, c, settings, journal] = await Promise.all([
      this.submissionOf(journalId, r),
      this.p.reviews.caseOf(journalId, r.submissionId),
      this.p.settings.get(journalId),
      this.p.journals.findById(journalId),
    ]);
    const file = this.reviewFile(s, c.reviewFileId, settings.doubleBlind);
    const closed = r.state === 'cancelled' || r.state === 'declined';
    return {
      journalName: journal ? journal.websitename || journal.slug : '',
      state: r.state,
      reviewerName: r.reviewer.name,
      dueDate: r.dueDate,
      overdue: isOverdue(r, this.p.now()),
      doubleBlind: settings.doubleBlind,
      submission: {
        number: s.number,
        title: closed ? '' : s.title,
        abstract: closed ? '' : s.abstract,
        keywords: closed ? '' : s.keywords,
        subject: closed ? '' : s.subject,
        authors: settings.doubleBlind || closed ? [] : s.authors.map((a) => ({ name: `${a.given} ${a.family}`.trim(), affiliations: a.affiliations.map((x) => x.name) })),
      },
      manuscript: { available: !!file && reviewerMay('download', r.state), kind: file?.kind ?? null },
      review: {
        recommendation: r.review.recommendation,
        toAuthor: r.review.toAuthor,
        toEditor: r.review.toEditor,
        annotated: r.review.annotated ? { id: r.review.annotated.fileId, kind: r.review.annotated.kind, size: r.review.annotated.size } : null,
        savedAt: r.review.savedAt ? new Date(r.review.savedAt).toISOString() : null,
        submittedAt: r.review.submittedAt ? new Date(r.review.submittedAt).toISOString() : null,
      },
      declineReason: r.declineReason,
    };
  }

  /**
   * The version reviewers get: the one the editor marked; in single-blind review the newest version
   * when none is marked. Double-blind without a marked (anonymised) file: none yet.
   */
  private reviewFile(s: Submission, marked: string | null, doubleBlind: boolean): { fileId: string; kind: 'pdf' | 'docx' } | null {
    if (marked) {
      const v = s.manuscripts.find((m) => m.fileId === marked);
      return v ? { fileId: v.fileId, kind: v.kind } : { fileId: marked, kind: 'pdf' };
    }
    if (doubleBlind) return null;
    const last = s.manuscripts[s.manuscripts.length - 1];
    return last ? { fileId: last.fileId, kind: last.kind } : null;
  }

  private async answer(journalId: string, r: Review, act: string, message: string, submission?: Submission) {
    const s = submission ?? (await this.submissionOf(journalId, r));
    const index = (await this.p.reviews.ofSubmission(journalId, r.submissionId)).findIndex((x) => x.id === r.id);
    const label = reviewLabel(Math.max(0, index));
    await this.p.submissions.note(journalId, s.id, reviewNote(s.status, 'reviewer', label, 'reviewer', `${label} ${act}${message ? `: ${message}` : ''}`, this.p.now()));
    await this.p.activity.record(journalId, REVIEWER_ACTOR, {
      kind: act === 'submitted the review' ? 'review.submit' : 'review.answer',
      record: { type: 'submission', id: s.id, label: s.number },
      changes: [{ field: label, before: '', after: act }],
    });
  }

  async accept(journalId: string, token: unknown): Promise<ReviewPage> {
    const r = await this.open(journalId, token);
    if (!reviewerMay('accept', r.state)) throw refusal(r, 'accept');
    const now = this.p.now();
    const moved = await this.p.reviews.move(journalId, r.id, ['invited'], { state: 'accepted', respondedAt: now }, { at: now, act: 'accepted', by: r.reviewer.name, message: '' });
    if (!moved) throw refusal((await this.p.reviews.findById(journalId, r.id)) ?? r, 'accept');
    await this.answer(journalId, moved, 'accepted', '');
    return this.pageOf(journalId, moved);
  }

  async decline(journalId: string, token: unknown, body: unknown): Promise<ReviewPage> {
    const r = await this.open(journalId, token);
    const { reason } = parse(reviewDeclineSchema, body ?? {});
    if (!reviewerMay('decline', r.state)) throw refusal(r, 'decline');
    const now = this.p.now();
    const reminders = r.reminders.map((m) => (m.state === 'scheduled' ? { ...m, state: 'cancelled' as const } : m));
    const moved = await this.p.reviews.move(journalId, r.id, ['invited'], { state: 'declined', respondedAt: now, declineReason: reason, reminders }, { at: now, act: 'declined', by: r.reviewer.name, message: reason });
    if (!moved) throw refusal((await this.p.reviews.findById(journalId, r.id)) ?? r, 'decline');
    await this.answer(journalId, moved, 'declined', reason);
    return this.pageOf(journalId, moved);
  }

  /** The manuscript for review (double-blind: the anonymised file, named by the submission number only). */
  async manuscript(journalId: string, token: unknown) {
    const r = await this.open(journalId, token);
    if (!reviewerMay('download', r.state)) throw refusal(r, 'download');
    const [s, c, settings] = await Promise.all([this.submissionOf(journalId, r), this.p.reviews.caseOf(journalId, r.submissionId), this.p.settings.get(journalId)]);
    const file = this.reviewFile(s, c.reviewFileId, settings.doubleBlind);
    const f = file && (await this.p.files.find(journalId, s.id, file.fileId));
    if (!f) throw new AppError(409, 'not_ready', M.notReady);
    const ext = f.contentType === MIME.docx ? EXTENSION.docx : EXTENSION.pdf;
    return { ...f, downloadName: `${s.number}-manuscript.${ext}` };
  }

  private async stored(journalId: string, r: Review, upload: UploadedFile | undefined, remove: boolean): Promise<AnnotatedFile | null> {
    if (upload && upload.size > 0) {
      if (upload.size > MAX_ANNOTATED_BYTES) throw new AppError(413, 'file_too_large', M.annotatedTooLarge);
      const { file, kind } = checkedFile(upload, manuscriptKind, M.annotatedKind, M.annotatedKind);
      const fileId = await this.p.files.put(journalId, r.submissionId, `review-${r.id}-annotated.${EXTENSION[kind]}`, file.buffer, MIME[kind]);
      return { fileId, kind, size: file.size };
    }
    return remove ? null : r.review.annotated;
  }

  async draft(journalId: string, token: unknown, body: unknown, upload: UploadedFile | undefined): Promise<ReviewPage> {
    return this.write(journalId, token, body, upload, false);
  }

  async submit(journalId: string, token: unknown, body: unknown, upload: UploadedFile | undefined): Promise<ReviewPage> {
    return this.write(journalId, token, body, upload, true);
  }

  private async write(journalId: string, token: unknown, body: unknown, upload: UploadedFile | undefined, submit: boolean): Promise<ReviewPage> {
    const r = await this.open(journalId, token);
    const act: ReviewAct = submit ? 'submit' : 'draft';
    if (!reviewerMay(act, r.state)) throw refusal(r, act);
    const input = parse(reviewDraftSchema, body ?? {});
    if (submit && !input.recommendation) throw new AppError(400, 'recommendation_required', M.recommendationRequired);
    if (submit && !input.toAuthor) throw new AppError(400, 'comments_required', M.commentsRequired);
    const annotated = await this.stored(journalId, r, upload, input.removeAnnotated);
    const now = this.p.now();
    const review: ReviewReport = {
      recommendation: input.recommendation,
      toAuthor: input.toAuthor,
      toEditor: input.toEditor,
      annotated,
      savedAt: now,
      submittedAt: submit ? now : null,
    };
    const reminders = submit ? r.reminders.map((m) => (m.state === 'scheduled' ? { ...m, state: 'cancelled' as const } : m)) : r.reminders;
    const moved = await this.p.reviews.move(
      journalId,
      r.id,
      ['accepted'],
      { review, reminders, ...(submit ? { state: 'submitted' } : {}) },
      submit ? { at: now, act: 'submitted', by: r.reviewer.name, message: '' } : undefined,
    );
    if (!moved) throw refusal((await this.p.reviews.findById(journalId, r.id)) ?? r, act);
    if (submit) {
      const s = await this.submissionOf(journalId, moved);
      await this.answer(journalId, moved, 'submitted the review', '', s);
      await this.p.events.emitSubmitted(await this.event(journalId, moved, s));
    }
    return this.pageOf(journalId, moved);
  }

  /** What a submitted review's certificate is made from (the event, and the PDF service's read). */
  async event(journalId: string, r: Review, submission?: Submission): Promise<ReviewSubmittedEvent> {
    const [s, settings, journal] = await Promise.all([
      submission ?? this.submissionOf(journalId, r),
      this.p.settings.get(journalId),
      this.p.journals.findById(journalId),
    ]);
    const at = new Date(r.review.submittedAt ?? r.updatedAt);
    return {
      journalId,
      reviewId: r.id,
      submissionId: r.submissionId,
      reviewer: { ...r.reviewer },
      journalName: journal ? journal.websitename || journal.slug : '',
      submissionNumber: s.number,
      title: settings.hideTitleOnCertificate ? '' : s.title,
      hideTitle: settings.hideTitleOnCertificate,
      submittedAt: at.toISOString(),
      date: dayOf(at),
    };
  }

  /** A submitted review's certificate data (404 unless submitted in this journal). */
  async certificateOf(journalId: string, reviewId: string): Promise<ReviewSubmittedEvent> {
    const r = await this.p.reviews.findById(journalId, reviewId);
    if (!r || r.state !== 'submitted') throw new AppError(404, 'not_found', 'No such review');
    return this.event(journalId, r);
  }

  /** The reviews submitted in a year (UTC), oldest first, less those the caller may not see the reviewers of. */
  async certificatesOfYear(journalId: string, year: number, visible: (r: Review, s: Submission) => Promise<boolean>) {
    const rs = await this.p.reviews.submittedBetween(journalId, new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year + 1, 0, 1)));
    const items: ReviewSubmittedEvent[] = [];
    let withheld = 0;
    for (const r of rs) {
      const s = await this.p.submissions.findById(journalId, r.submissionId);
      if (!s) continue;
      if (!(await visible(r, s))) {
        withheld += 1;
        continue;
      }
      items.push(await this.event(journalId, r, s));
    }
    return { items, withheld };
  }
}


import { toPlainText } from '@journal/server-kit';
import { reviewPagePath, type MailEvent } from '@journal/contracts';
import type { MailService } from '../mail/mail.service';
import { newStatusToken } from '../submissions/submission-token';
import type { Review, ReviewRepo } from './review.repo';

/** The last moment a link of a review due on `dueDate` opens it: the end of that day (UTC) plus `daysAfter`. */
export const tokenExpiry = (dueDate: string, daysAfter: number) => new Date(Date.parse(`${dueDate}T23:59:59.999Z`) + daysAfter * 86_400_000);

/**
 * docs/product.md#peer-review: the reviewer's e-mails. Each message carries a link of its own (the
 * token is never stored, only its hash), all expiring with the review. A failure to queue is
 * logged and never undoes the act that caused it; staff see on the submission that no message was
 * recorded.
 */
export class ReviewMailer {
  constructor(
    private readonly mail: Pick<MailService, 'enqueueMail'>,
    private readonly repo: Pick<ReviewRepo, 'saveToken'>,
    private readonly logger: { warn(o: object, msg: string): void },
  ) {}

  /** A new link to the review, stored as its hash. */
  async issueToken(journalId: string, review: Pick<Review, 'id' | 'dueDate'>, daysAfterDue: number): Promise<string> {
    const { token, hash } = newStatusToken();
    await this.repo.saveToken(journalId, review.id, hash, tokenExpiry(review.dueDate, daysAfterDue));
    return token;
  }

  async send(
    journalId: string,
    r: Review,
    title: string,
    event: Extract<MailEvent, 'review_invitation' | 'review_reminder' | 'review_overdue' | 'review_cancelled'>,
    opts: { daysAfterDue: number; occurrence: string; message?: string },
  ): Promise<boolean> {
    try {
      const link = event === 'review_cancelled' ? '' : `${r.origin}${reviewPagePath(await this.issueToken(journalId, r, opts.daysAfterDue))}`;
      await this.mail.enqueueMail({
        journalId,
        event,
        submissionId: r.submissionId,
        to: [{ name: r.reviewer.name, email: r.reviewer.email }],
        vars: { submissionNumber: r.submissionNumber, title: toPlainText(title), reviewLink: link, dueDate: r.dueDate, message: opts.message ?? '', statusLink: '' },
        idempotencyKey: `${r.id}:${opts.occurrence}`,
      });
      return true;
    } catch (err) {
      this.logger.warn({ err, journalId, reviewId: r.id, event }, 'review mail could not be queued');
      return false;
    }
  }
}

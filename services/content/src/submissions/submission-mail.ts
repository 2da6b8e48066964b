import { toPlainText } from '@journal/server-kit';
import type { MailAttachmentRef, MailEvent, MailLink, SubmissionState } from '@journal/contracts';
import type { MailService } from '../mail/mail.service';
import type { Submission, SubmissionRepo } from './submission.repo';
import { newStatusToken } from './submission-token';

/** What the workflow needs of the mail pipeline (docs/architecture.md#mail). */
export type SubmissionMailer = Pick<MailService, 'enqueueMail'>;

/** The author's e-mail a staff decision sends (moves not listed send none: the status page shows them). */
export const DECISION_EVENT: Partial<Record<SubmissionState, MailEvent>> = {
  revision_requested: 'revision_requested',
  accepted: 'accepted_payment_due',
  rejected: 'rejected',
  paid: 'payment_confirmed',
  published: 'published_delivery',
};

export const statusPath = (token: string) => `/submission/${token}`;

export interface AuthorMail {
  journalId: string;
  /** The journal's public origin (https://host), for the status link. */
  origin: string;
  submission: Submission;
  event: MailEvent;
  /** Tells apart events that really happen again (a second revision round, another link request). */
  occurrence?: string;
  /** A status link already made for this message; otherwise one is made (the token is never stored, so each message carries a new one). */
  token?: string;
  vars?: Record<string, string>;
  attachments?: MailAttachmentRef[];
  links?: MailLink[];
  /** The co-authors with an address get a copy (the delivery: every author's certificate is in it). */
  copyCoauthors?: boolean;
}

/**
 * Queues a message to the corresponding author. A failure to queue never undoes the act that
 * caused it: it is logged, and staff see on the submission that no message was recorded.
 */
export class AuthorMailer {
  constructor(
    private readonly mail: SubmissionMailer,
    private readonly repo: Pick<SubmissionRepo, 'saveToken'>,
    private readonly tokenDays: number,
    private readonly logger: { warn(o: object, msg: string): void },
  ) {}

  /** A new status link's token, stored as its hash. */
  async issueToken(journalId: string, submissionId: string): Promise<string> {
    const { token, hash } = newStatusToken();
    await this.repo.saveToken(journalId, submissionId, hash, new Date(Date.now() + this.tokenDays * 86_400_000));
    return token;
  }

  async send(m: AuthorMail): Promise<void> {
    const s = m.submission;
    try {
      const token = m.token ?? (await this.issueToken(m.journalId, s.id));
      await this.mail.enqueueMail({
        journalId: m.journalId,
        event: m.event,
        submissionId: s.id,
        to: [{ name: `${s.given} ${s.family}`.trim(), email: s.email }],
        cc: m.copyCoauthors
          ? s.authors.filter((a) => !a.corresponding && a.email && a.email.toLowerCase() !== s.email.toLowerCase()).map((a) => ({ name: `${a.given} ${a.family}`.trim(), email: a.email }))
          : [],
        vars: { submissionNumber: s.number, title: toPlainText(s.title), statusLink: `${m.origin}${statusPath(token)}`, ...m.vars },
        attachments: m.attachments ?? [],
        links: m.links ?? [],
        idempotencyKey: m.occurrence ?? '',
      });
    } catch (err) {
      this.logger.warn({ err, journalId: m.journalId, submissionId: s.id, event: m.event }, 'submission mail could not be queued');
    }
  }
}

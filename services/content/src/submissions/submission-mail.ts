import type { Logger } from '@journal/server-kit';

/** docs/product.md#submission-emails: the events a submission sends an e-mail for. */
export type SubmissionMailEvent =
  | 'submission.received'
  | 'submission.link'
  | 'submission.decision'
  | 'submission.withdrawn'
  | 'submission.revision'
  | 'submission.receipt'
  | 'submission.paid'
  | 'submission.published';

export interface SubmissionMailAttachment {
  filename: string;
  contentType: string;
  /** Where the mail worker fetches the bytes (a public URL, or a PDF job's result). */
  url: string;
}

export interface SubmissionMail {
  journalId: string;
  event: SubmissionMailEvent;
  submissionId: string;
  to: string[];
  /** The template's placeholders: number, title, status, status link, fee, message, article link. */
  vars: Record<string, string>;
  attachments?: SubmissionMailAttachment[];
  /** One message per key: a retried request or job never sends twice. */
  idempotencyKey: string;
}

export interface SentMailRecord {
  id: string;
  event: string;
  to: string[];
  subject: string;
  state: string;
  error: string;
  at: string;
}

/**
 * What the submission workflow needs of the mail pipeline: queue a message, list what was sent
 * for a submission. The composition root hands in the pipeline; a failure to queue never fails
 * the author's or the staff's act (the message is logged as not queued).
 */
export interface SubmissionMailer {
  enqueueMail(mail: SubmissionMail): Promise<void>;
  listMailFor(journalId: string, submissionId: string): Promise<SentMailRecord[]>;
}

/** Until a mail pipeline is wired in: each message is logged, none is sent, none is listed. */
export const loggingMailer = (logger: Logger): SubmissionMailer => ({
  async enqueueMail(mail) {
    logger.info({ journalId: mail.journalId, event: mail.event, submissionId: mail.submissionId, key: mail.idempotencyKey }, 'submission mail not sent: no mail pipeline');
  },
  async listMailFor() {
    return [];
  },
});

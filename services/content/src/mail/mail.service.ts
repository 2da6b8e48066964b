import {
  DEFAULT_MAIL_TEMPLATES,
  MAIL_EVENTS,
  mailEnqueueSchema,
  mailSettingsUpdateSchema,
  renderMailTemplate,
  unknownPlaceholderMessage,
  unknownPlaceholders,
  type MailEnqueueInput,
  type MailEvent,
  type MailRecordView,
  type MailSettingsView,
  type MailTemplate,
} from '@journal/contracts';
import { AppError, diffFields, parse, type ActivityActor, type ActivityLog, type Logger, type PublicOriginConfig } from '@journal/server-kit';
import type { JournalRepo } from '../journals/journal.repo';
import type { MailQueue } from './mail.queue';
import type { MailRecord, MailRepo } from './mail.repo';
import type { MailSettingsRepo, StoredMailSettings } from './mail-settings.repo';
import { journalVars, messageIdFor } from './mail-compose';

export interface EnqueuedMail {
  /** The outbox record's id (the same for the same event enqueued again). */
  id: string;
  /** false: the event had been enqueued before; nothing new was stored or queued. */
  created: boolean;
}

const view = (r: MailRecord): MailRecordView => ({
  id: r.id,
  event: r.event,
  submissionId: r.submissionId,
  to: r.to,
  cc: r.cc,
  subject: r.subject,
  state: r.state,
  attempts: r.attempts,
  lastError: r.lastError,
  messageId: r.messageId,
  attachments: r.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size ?? null, delivery: a.delivery, link: a.link ?? null })),
  links: r.links,
  resent: r.resent,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  sentAt: r.sentAt ? r.sentAt.toISOString() : null,
});

const templatesInForce = (s: StoredMailSettings) =>
  Object.fromEntries(MAIL_EVENTS.map((e) => [e, s.templates[e] ?? DEFAULT_MAIL_TEMPLATES[e]])) as Record<MailEvent, MailTemplate>;

/**
 * The journal's emails (docs/architecture.md#mail): messages go into the outbox and the `mail`
 * queue here, in the content service; the mail worker sends them. Enqueueing needs neither the SMTP
 * server nor the worker: a submission or a decision never waits for email.
 */
export class MailService {
  constructor(
    private readonly deps: {
      repo: MailRepo;
      settings: MailSettingsRepo;
      queue: MailQueue;
      journals: JournalRepo;
      activity: ActivityLog;
      logger: Logger;
      origin: PublicOriginConfig;
    },
  ) {}

  /**
   * Stores one message for one event of a submission and queues it. The same (journal, event,
   * submission, recipient, occurrence) again answers the stored message and queues nothing. Bad
   * input (a line break in a name, a bad address) is a 400 before anything is stored.
   */
  async enqueue(input: MailEnqueueInput): Promise<EnqueuedMail> {
    const m = parse(mailEnqueueSchema, input);
    const [journal, settings] = await Promise.all([this.deps.journals.findById(m.journalId), this.deps.settings.get(m.journalId)]);
    if (!journal) throw new AppError(404, 'journal_not_found', 'No such journal');
    const key = [m.journalId, m.event, m.submissionId, m.to.email.toLowerCase(), m.occurrence].join('|');
    const vars = { ...journalVars(journal, this.deps.origin), authorName: m.to.name, ...m.vars };
    const { record, created } = await this.deps.repo.insertOnce(
      {
        journalId: m.journalId,
        key,
        event: m.event,
        submissionId: m.submissionId,
        to: m.to,
        cc: m.cc,
        vars,
        // What staff see until it is sent (the worker renders it again with the template then in force).
        subject: renderSubject(settings.templates[m.event] ?? DEFAULT_MAIL_TEMPLATES[m.event], vars),
        attachments: m.attachments.map((a) => ({ ...a, delivery: 'pending' as const })),
        links: m.links,
      },
      (id) => messageIdFor(id, journal.hosts[0]),
    );
    if (created) {
      // The record is the message: a job that cannot be added now (Redis away: the add would wait
      // for it) is added by the worker's sweep, and the caller does not wait past QUEUE_ADD_WAIT_MS.
      const added = this.deps.queue.add({ journalId: m.journalId, mailId: record.id });
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('the queue did not answer in time')), QUEUE_ADD_WAIT_MS)));
      await Promise.race([added, late])
        .catch((err: unknown) => this.deps.logger.warn({ mailId: record.id, err: (err as Error).message }, 'mail job not queued; the sweep will queue it'))
        .finally(() => clearTimeout(timer));
      added.catch(() => undefined);
    }
    return { id: record.id, created };
  }

  /**
   * The same for several recipients: one message each (each has its own key, so a retried call
   * stores and sends nothing twice). `idempotencyKey` tells this occurrence of the event apart.
   */
  async enqueueMail(m: Omit<MailEnqueueInput, 'to' | 'occurrence'> & { to: MailEnqueueInput['to'][]; idempotencyKey?: string }): Promise<EnqueuedMail[]> {
    const { to, idempotencyKey, ...rest } = m;
    if (!Array.isArray(to) || !to.length) throw new AppError(400, 'validation_error', 'A message needs a recipient');
    const out: EnqueuedMail[] = [];
    for (const one of to) out.push(await this.enqueue({ ...rest, to: one, occurrence: idempotencyKey ?? '' }));
    return out;
  }

  /** Every message of a submission, oldest first (staff see them on the submission). */
  listMailFor(journalId: string, submissionId: string): Promise<MailRecordView[]> {
    return this.listFor(journalId, submissionId);
  }

  /** `withoutReviewerMail`: leaves out the messages to reviewers (for staff who may not see who reviews it). */
  async listFor(journalId: string, submissionId: string, opts: { withoutReviewerMail?: boolean } = {}): Promise<MailRecordView[]> {
    const all = await this.deps.repo.listForSubmission(journalId, submissionId);
    return (opts.withoutReviewerMail ? all.filter((r) => !REVIEWER_MAIL.has(r.event)) : all).map(view);
  }

  async get(journalId: string, id: string): Promise<MailRecordView | null> {
    const r = await this.deps.repo.get(journalId, id);
    return r ? view(r) : null;
  }

  async settings(journalId: string): Promise<MailSettingsView> {
    const s = await this.deps.settings.get(journalId);
    return { fromName: s.fromName, fromAddress: s.fromAddress, replyTo: s.replyTo, templates: templatesInForce(s), customised: MAIL_EVENTS.filter((e) => !!s.templates[e]) };
  }

  /** A manager's change of the sender or of templates; recorded in the activity log. */
  async updateSettings(journalId: string, actor: ActivityActor, body: unknown): Promise<MailSettingsView> {
    const patch = parse(mailSettingsUpdateSchema, body);
    const before = await this.deps.settings.get(journalId);
    const templates = { ...before.templates };
    for (const [event, t] of Object.entries(patch.templates ?? {}) as [MailEvent, MailTemplate | null][]) {
      if (t === null) {
        delete templates[event];
        continue;
      }
      const unknown = unknownPlaceholders(event, t);
      if (unknown.length) {
        throw new AppError(400, 'validation_error', unknownPlaceholderMessage(event, unknown));
      }
      templates[event] = { subject: t.subject, body: t.body.replace(/\r\n?/g, '\n') };
    }
    const after: StoredMailSettings = {
      fromName: patch.fromName ?? before.fromName,
      fromAddress: patch.fromAddress ?? before.fromAddress,
      replyTo: patch.replyTo ?? before.replyTo,
      templates,
    };
    await this.deps.settings.put(journalId, after);
    await this.deps.activity.record(journalId, actor, { kind: 'mail.settings', record: { type: 'mail-settings', id: journalId, label: 'Emails' }, changes: diffFields(before, after) });
    return this.settings(journalId);
  }
}

/** The messages addressed to a reviewer: each names them. */
const REVIEWER_MAIL = new Set<MailEvent>(['review_invitation', 'review_reminder', 'review_overdue', 'review_cancelled', 'reviewer_certificate']);

/** How long an enqueue waits for Redis to take the job before leaving it to the sweep. */
const QUEUE_ADD_WAIT_MS = 2000;

const renderSubject = (t: MailTemplate, vars: Record<string, string>) => renderMailTemplate({ subject: t.subject, body: ' ' }, vars).subject;

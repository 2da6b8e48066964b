import { z } from 'zod';

/**
 * The emails of the publication workflow (docs/product.md#emails): the events that send one, the
 * placeholders their templates may use, a journal's mail settings, what a caller hands the mail
 * queue and what staff see of each message. The defaults and the renderer live in mail-templates.ts.
 */
export const MAIL_EVENTS = [
  'submission_received',
  'status_link_resent',
  'revision_requested',
  'accepted_payment_due',
  'payment_confirmed',
  'rejected',
  'withdrawn',
  'published_delivery',
  'review_invitation',
  'review_reminder',
  'review_overdue',
  'review_cancelled',
  'reviewer_certificate',
] as const;
export type MailEvent = (typeof MAIL_EVENTS)[number];
export const mailEventSchema = z.enum(MAIL_EVENTS);

export const MAIL_EVENT_LABELS: Record<MailEvent, string> = {
  submission_received: 'Submission received (acknowledgement)',
  status_link_resent: 'Status link re-sent',
  revision_requested: 'Revision requested',
  accepted_payment_due: 'Accepted, payment due',
  payment_confirmed: 'Payment confirmed',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  published_delivery: 'Published: documents delivered',
  review_invitation: 'Review: invitation to a reviewer',
  review_reminder: 'Review: reminder before the due date',
  review_overdue: 'Review: reminder after the due date',
  review_cancelled: 'Review: invitation withdrawn',
  reviewer_certificate: 'Review: thanks and certificate of reviewing',
};

/** Placeholders every event's template may use. */
const COMMON_PLACEHOLDERS = ['journalName', 'journalEmail', 'journalUrl', 'authorName', 'submissionNumber', 'title', 'statusLink'] as const;
/** Placeholders only some events fill. */
const EVENT_PLACEHOLDERS = {
  submission_received: [],
  status_link_resent: [],
  revision_requested: ['message'],
  accepted_payment_due: ['fee', 'message'],
  payment_confirmed: ['fee'],
  rejected: ['message'],
  withdrawn: [],
  published_delivery: ['articleLink', 'pdfLink', 'issueName'],
  review_invitation: ['reviewLink', 'dueDate', 'message'],
  review_reminder: ['reviewLink', 'dueDate'],
  review_overdue: ['reviewLink', 'dueDate'],
  review_cancelled: ['message'],
  reviewer_certificate: ['reviewDate'],
} as const satisfies Record<MailEvent, readonly string[]>;
export type MailPlaceholder = (typeof COMMON_PLACEHOLDERS)[number] | (typeof EVENT_PLACEHOLDERS)[MailEvent][number];

/** The placeholders a template of `event` may use, as `{{name}}`. */
export const mailPlaceholdersOf = (event: MailEvent): readonly MailPlaceholder[] => [...COMMON_PLACEHOLDERS, ...EVENT_PLACEHOLDERS[event]];

/** What each placeholder stands for (the settings screen lists them beside the editor). */
export const MAIL_PLACEHOLDER_HELP: Record<MailPlaceholder, string> = {
  journalName: "The journal's name",
  journalEmail: "The journal's email address",
  journalUrl: "The journal's home page",
  authorName: "The recipient's name",
  submissionNumber: 'The submission number, e.g. IJARS-2026-00042',
  title: "The manuscript's title",
  statusLink: 'The private status link of the submission',
  message: "The editor's message to the author",
  fee: 'The publication fee (India or foreign, from the settings), with its currency',
  articleLink: "The article's abstract page",
  pdfLink: "The article's PDF",
  issueName: 'The issue the article is published in (year, volume, issue)',
  reviewLink: "The reviewer's private review link",
  dueDate: 'The date the review is due',
  reviewDate: 'The date the review was submitted',
};

/** Sample values of the settings' preview. */
export const MAIL_SAMPLE_VALUES: Record<MailPlaceholder, string> = {
  journalName: 'International Journal of Advanced Research',
  journalEmail: 'editor@example.org',
  journalUrl: 'https://journal.example.org/',
  authorName: 'Asha Verma',
  submissionNumber: 'IJAR-2026-00042',
  title: 'Soil moisture and wheat yield in semi-arid Rajasthan',
  statusLink: 'https://journal.example.org/submission/status/3fJ9kQ2x',
  message: 'Please shorten the abstract to 250 words and add the sample sizes to Table 2.',
  fee: 'INR 2500',
  articleLink: 'https://journal.example.org/archives/2026/12/3/abstract/1234',
  pdfLink: 'https://journal.example.org/assets/archives/2026/12/3/1234.pdf',
  issueName: 'Volume 12, Issue 3 (2026)',
  reviewLink: 'https://journal.example.org/review/Qm3xT7vY',
  dueDate: '2026-12-20',
  reviewDate: '2026-12-18',
};

/** CR, LF and every other control character: none may reach a mail header (no header injection). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
export const hasControlChars = (s: string): boolean => CONTROL.test(s);
const noControl = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .refine((s) => !hasControlChars(s), `${label} must be on one line`);

/** An email address on its own (no name, no line breaks). */
export const mailEmailSchema = z.string().trim().max(254).email('Enter a valid email').refine((s) => !hasControlChars(s), 'Enter a valid email');

/** One recipient as nodemailer's address object takes it: the name is quoted by it, never parsed. */
export const mailAddressSchema = z.object({
  name: noControl(200, 'The name').default(''),
  email: mailEmailSchema,
});
export type MailAddress = z.infer<typeof mailAddressSchema>;

/** A file name that is safe in a MIME header and on a disk. */
const attachmentName = noControl(200, 'The file name').refine((s) => s.length > 0 && !/[\\/"]/.test(s), 'Give a file name without slashes or quotes');
const httpUrl = z.string().trim().max(2000).regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL');

/**
 * A file to attach, by reference: the worker reads it when it sends. `link` is where a reader
 * downloads it; past the total attachment size limit the message carries that link instead.
 */
export const mailAttachmentRefSchema = z.object({
  filename: attachmentName,
  contentType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/i).default('application/pdf'),
  source: z.discriminatedUnion('kind', [
    /** A file of the journal's file store by its path (e.g. an article PDF, /assets/archives/...). */
    z.object({ kind: z.literal('asset'), path: z.string().regex(/^\/assets\/[^\s]{1,590}$/) }),
    /** A file of a GridFS bucket of the database (e.g. a produced PDF stored for the message). */
    z.object({ kind: z.literal('gridfs'), bucket: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/), fileId: z.string().regex(/^[0-9a-f]{24}$/i) }),
    /** An http(s) URL the mail worker can reach; it is asked with the journal's id in x-journal-id. */
    z.object({ kind: z.literal('url'), url: httpUrl }),
  ]),
  link: httpUrl.optional(),
  /** Bytes, when the caller knows them (the worker measures the file otherwise). */
  size: z.number().int().min(0).optional(),
});
export type MailAttachmentRef = z.infer<typeof mailAttachmentRefSchema>;

/** A link listed under the message (e.g. the abstract page). */
export const mailLinkSchema = z.object({ label: noControl(200, 'The link label').min(1), url: httpUrl });
export type MailLink = z.infer<typeof mailLinkSchema>;

/**
 * What a caller of the mail queue hands it: one message to one recipient for one event of one
 * submission. The idempotency key is (journal, event, submission, recipient, occurrence): the same
 * event enqueued twice is one message. `occurrence` tells apart events that may really happen again
 * (a second revision round, a second resend of the status link); leave it empty otherwise.
 */
export const mailEnqueueSchema = z.object({
  journalId: z.string().min(1).max(64),
  event: mailEventSchema,
  submissionId: z.string().min(1).max(64),
  to: mailAddressSchema,
  cc: z.array(mailAddressSchema).max(10).default([]),
  /** Placeholder values; unknown names are ignored, missing ones render empty. */
  vars: z.record(z.string(), z.string().max(20_000)).default({}),
  attachments: z.array(mailAttachmentRefSchema).max(30).default([]),
  links: z.array(mailLinkSchema).max(30).default([]),
  occurrence: z.string().max(100).default(''),
});
export type MailEnqueueInput = z.input<typeof mailEnqueueSchema>;

export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];


/** One event's template: a subject and a plain-text body with `{{placeholders}}`; the HTML part is made from it. */
export const mailTemplateSchema = z.object({
  subject: noControl(300, 'The subject').min(1, 'The subject is required'),
  body: z.string().max(20_000, 'The body is too long').refine((s) => s.trim().length > 0, 'The body is required'),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;

const optionalEmail = z.union([z.literal(''), mailEmailSchema]);

/**
 * The journal's mail settings as the admin edits them. Every field is optional (one not sent
 * keeps its value); a template set to null goes back to the default.
 */
export const mailSettingsUpdateSchema = z.strictObject({
  fromName: noControl(200, 'The sender name'),
  fromAddress: optionalEmail,
  replyTo: optionalEmail,
  templates: z.partialRecord(mailEventSchema, mailTemplateSchema.nullable()),
}).partial();
export type MailSettingsUpdate = z.infer<typeof mailSettingsUpdateSchema>;

/** GET /api/admin/mail-settings: what is stored, and each event's template in force (the journal's own, or the default). */
export const mailSettingsViewSchema = z.object({
  fromName: z.string(),
  fromAddress: z.string(),
  replyTo: z.string(),
  templates: z.record(mailEventSchema, z.object({ subject: z.string(), body: z.string() })),
  /** Events whose template the journal changed. */
  customised: z.array(mailEventSchema),
});
export type MailSettingsView = z.infer<typeof mailSettingsViewSchema>;

/** GET /api/admin/submissions/:id/emails: a submission's messages, oldest first. */
export const submissionEmailsSchema = z.object({
  emails: z.array(
    z.object({
      id: z.string(),
      event: mailEventSchema,
      submissionId: z.string(),
      to: z.object({ name: z.string(), email: z.string() }),
      cc: z.array(z.object({ name: z.string(), email: z.string() })),
      subject: z.string(),
      state: z.enum(MAIL_STATES),
      /** Send tries (each a connection to the SMTP server with this message). */
      attempts: z.number(),
      lastError: z.string(),
      messageId: z.string(),
      attachments: z.array(
        z.object({ filename: z.string(), contentType: z.string(), size: z.number().nullable(), delivery: z.enum(['pending', 'attached', 'linked']), link: z.string().nullable() }),
      ),
      links: z.array(z.object({ label: z.string(), url: z.string() })),
      /** Sent again after its sender stopped between the end of the message and the server's answer (docs/architecture.md#mail). */
      resent: z.boolean(),
      createdAt: z.string(),
      updatedAt: z.string(),
      sentAt: z.string().nullable(),
    }),
  ),
});
/** One message as staff see it on the submission. */
export type MailRecordView = z.infer<typeof submissionEmailsSchema>['emails'][number];

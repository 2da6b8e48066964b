import { z } from 'zod';

/**
 * The activity log (docs/product.md#activity-log): one entry per staff write, per journal,
 * append-only, kept a year. The kinds are `area.act`; a filter on an area (`article`) matches
 * every kind of it.
 */
export const ACTIVITY_KINDS = [
  'issue.create',
  'article.create',
  'article.update',
  'article.withdraw',
  'article.restore',
  'editor.create',
  'editor.update',
  'editor.status',
  'editor.pin',
  'indexing.create',
  'indexing.update',
  'indexing.remove',
  'indexing.reorder',
  'settings.update',
  'settings.image',
  'doi.settings',
  'doi.assign',
  'crossref.credentials',
  'crossref.deposit',
  'counter.customer',
  'mail.settings',
  'submission.decision',
  'submission.payment',
  'submission.publish',
  'submission.settings',
  // The author's acts from the form and the status link (actor role `author`).
  'submission.submit',
  'submission.withdraw',
  'submission.revise',
  'submission.receipt',
  'reviewer.create',
  'reviewer.update',
  'reviewer.remove',
  'reviewer.import',
  'review.invite',
  'review.answer',
  'review.submit',
  'review.remind',
  'review.cancel',
  'review.due',
  'review.manuscript',
  'review.conflict',
  'review.decision',
  'review.settings',
  'worklog.create',
  'worklog.status',
  'user.create',
  'user.password',
  'user.status',
  'user.rename',
  'user.role',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_AREAS = [...new Set(ACTIVITY_KINDS.map((k) => k.split('.')[0]!))] as readonly string[];

/** Who acted: a staff role, `operator` for the command line, `reviewer` from a review link, `author` from the submission form or a status link, `system` for scheduled reminders. A token without a role is a manager's. */
export const ACTIVITY_ACTOR_ROLES = ['manager', 'editor', 'worklog', 'operator', 'reviewer', 'author', 'system'] as const;
export type ActivityActorRole = (typeof ACTIVITY_ACTOR_ROLES)[number];

/** docs/product.md#activity-log: entries a page. */
export const ACTIVITY_PAGE_SIZE = 50;
/** docs/product.md#activity-log: how long an entry is kept. */
export const ACTIVITY_RETENTION_DAYS = 365;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (DAY_RE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), `${label} must be a date, YYYY-MM-DD`)
    .optional();

/** The admin's filters and the API's query: user name, kind or area, a day range (UTC, both ends included), page. */
export const activityQuerySchema = z
  .strictObject({
    user: z.string().trim().max(100, 'User name is too long').optional(),
    kind: z
      .string()
      .trim()
      .refine((v) => v === '' || (ACTIVITY_KINDS as readonly string[]).includes(v) || ACTIVITY_AREAS.includes(v), 'Unknown kind of activity')
      .optional(),
    from: day('From'),
    to: day('To'),
    page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').max(100_000).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From must not be after To', path: ['to'] });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export const activityChangeSchema = z.object({ field: z.string(), before: z.string(), after: z.string() });
export type ActivityChange = z.infer<typeof activityChangeSchema>;

export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.object({ id: z.string(), name: z.string(), role: z.enum(ACTIVITY_ACTOR_ROLES) }),
  kind: z.string(),
  record: z.object({ type: z.string(), id: z.string(), label: z.string() }),
  changes: z.array(activityChangeSchema),
  ip: z.string(),
  requestId: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  entries: z.array(activityEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

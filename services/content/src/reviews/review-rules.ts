import { isOpenReview, recommendationLabels, type ReviewSettings } from '@journal/contracts';
import type { Submission } from '../submissions/submission.repo';
import type { Reminder, Review, ReviewCase } from './review.repo';

/**
 * docs/product.md#peer-review: the review workflow's pure rules (no I/O), unit-tested in
 * test/review-rules.test.ts.
 */

export const DAY_MS = 86_400_000;
export const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** Reminders go out at 09:00 UTC of their day, counted from the due date. */
const atDay = (dueDate: string, offsetDays: number) => new Date(Date.parse(`${dueDate}T09:00:00Z`) + offsetDays * DAY_MS);

/** The reminders of a review due on `dueDate`: one before (if still ahead), one per offset after. */
export function planReminders(dueDate: string, s: Pick<ReviewSettings, 'reminderDaysBefore' | 'reminderDaysAfter'>, now: Date): Reminder[] {
  const out: Reminder[] = [];
  if (s.reminderDaysBefore > 0) {
    const at = atDay(dueDate, -s.reminderDaysBefore);
    if (at > now) out.push({ key: `before-${s.reminderDaysBefore}`, kind: 'before', days: s.reminderDaysBefore, at, state: 'scheduled' });
  }
  for (const d of [...new Set(s.reminderDaysAfter)].sort((a, b) => a - b)) {
    out.push({ key: `after-${d}`, kind: 'after', days: d, at: atDay(dueDate, d), state: 'scheduled' });
  }
  return out;
}

/** Open and past its due day. */
export const isOverdue = (r: Pick<Review, 'state' | 'dueDate'>, now: Date) => isOpenReview(r.state) && dayOf(now) > r.dueDate;

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The conflict rule: a staff user recorded as in conflict with the submission, or whose user name
 * is an author's e-mail or full name, is one of its authors.
 */
export function isConflicted(actor: { id: string; name: string }, s: Pick<Submission, 'authors' | 'email'>, c: Pick<ReviewCase, 'conflicts'>): boolean {
  if (c.conflicts.some((x) => x.userId === actor.id)) return true;
  const name = norm(actor.name);
  if (!name) return false;
  if (norm(s.email) === name) return true;
  return s.authors.some((a) => (a.email && norm(a.email) === name) || norm(`${a.given} ${a.family}`) === name || norm(`${a.family} ${a.given}`) === name);
}

/** Whether the staff user would be inviting themself: the reviewer's e-mail or name is their user name. */
export const isSelf = (actor: { name: string }, reviewer: { name: string; email: string }) => {
  const name = norm(actor.name);
  return !!name && (norm(reviewer.email) === name || norm(reviewer.name) === name);
};

/** How reviews are named wherever their reviewer is not shown: by their order on the submission. */
export const reviewLabel = (index: number) => `Reviewer ${index + 1}`;

/**
 * The author's e-mail of a decision: the editor's words, then each chosen review's comments to the
 * author under its anonymous label. Confidential comments and reviewer names never enter it.
 */
export function decisionMessage(message: string, reviews: { label: string; recommendation: Review['review']['recommendation']; toAuthor: string }[]): string {
  const parts = [message.trim()];
  for (const r of reviews) {
    if (!r.toAuthor.trim()) continue;
    const rec = r.recommendation ? ` (recommendation: ${recommendationLabels[r.recommendation]})` : '';
    parts.push(`${r.label}${rec}:\n${r.toAuthor.trim()}`);
  }
  return parts.filter(Boolean).join('\n\n');
}

/** A due date in the future is a day from today on (UTC); the past is refused. */
export const isDueDateAcceptable = (dueDate: string, now: Date) => dueDate >= dayOf(now) && dueDate <= dayOf(new Date(+now + 365 * DAY_MS));

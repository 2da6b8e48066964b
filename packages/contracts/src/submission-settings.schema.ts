import { z } from 'zod';
import { SUBMISSION_STATES, submissionStateLabels, type SubmissionState } from './submission-workflow.js';
import type { WorkStatus } from './worklog.schema.js';

/**
 * docs/product.md#submission-worklog: the submission events a journal wants in its work-log, one
 * per state a submission arrives in (a new submission is "received"). The default is what staff
 * wrote there by hand: new submissions, acceptances, payments and publications.
 */
export const DEFAULT_WORKLOG_STATES: readonly SubmissionState[] = ['received', 'accepted', 'paid', 'published'];

/** The work-log status of an event's entry: the ones that ask staff to act are pending, the rest information. */
export const worklogStatusFor = (to: SubmissionState, by: 'author' | 'staff' | string): WorkStatus =>
  to === 'received' || to === 'payment_pending' || (to === 'under_review' && by === 'author') ? 'pending' : 'info';

/** The work-log line of one event, plain text: number, state, title, who, and the message if any. */
export function worklogLine(e: { number: string; to: SubmissionState; title: string; who: string; message: string }): string {
  const title = e.title.length > 200 ? `${e.title.slice(0, 199)}\u2026` : e.title;
  const line = `${e.number} ${submissionStateLabels[e.to].toLowerCase()}: \u201c${title}\u201d (${e.who})`;
  return e.message ? `${line}. ${e.message.length > 500 ? `${e.message.slice(0, 499)}\u2026` : e.message}` : line;
}

/** GET/PUT /api/admin/submission-settings (managers change them; editors read them). */
export const submissionSettingsSchema = z.strictObject({
  worklogStates: z
    .array(z.enum(SUBMISSION_STATES, { error: 'Unknown state' }), { error: 'worklogStates must be a list of states' })
    .max(SUBMISSION_STATES.length)
    .transform((xs) => SUBMISSION_STATES.filter((s) => xs.includes(s))),
});
export type SubmissionSettings = z.output<typeof submissionSettingsSchema>;

import type { ActivityActor, ActivityLog } from '@journal/server-kit';
import type { SubmissionDetail } from '@journal/contracts';
import type { JournalRepo } from '../journals/journal.repo';
import type { EditorRepo } from '../editors/editor.repo';
import type { SubmissionRepo, HistoryEntry } from '../submissions/submission.repo';
import type { SubmissionFiles } from '../submissions/submission-files';
import type { SubmissionLimits } from '../submissions/submission-limits';
import type { ReviewRepo, Review } from './review.repo';
import type { ReviewerRepo } from './reviewer.repo';
import type { ReviewSettingsRepo } from './review-settings.repo';
import type { ReviewMailer } from './review-mail';
import type { ReviewEvents } from './review-events';

/** What the review services share; built once in reviews.setup.ts. */
export interface ReviewParts {
  reviews: ReviewRepo;
  reviewers: ReviewerRepo;
  settings: ReviewSettingsRepo;
  submissions: Pick<SubmissionRepo, 'findById' | 'move' | 'note'>;
  files: SubmissionFiles;
  limits: SubmissionLimits;
  journals: Pick<JournalRepo, 'findById'>;
  editors: Pick<EditorRepo, 'list'>;
  mailer: ReviewMailer;
  activity: Pick<ActivityLog, 'record'>;
  events: ReviewEvents;
  /** Queues a review's scheduled reminders (review-reminders.ts). */
  schedule: (journalId: string, review: Review) => Promise<void>;
  /** The submission workflow's staff decision (it moves the submission and e-mails the author). */
  decide: (journalId: string, origin: string, actor: ActivityActor, id: string, body: unknown) => Promise<SubmissionDetail>;
  /** The clock: tests pass one instead of waiting. */
  now: () => Date;
  logger: { warn(o: object, msg: string): void; error(o: object, msg: string): void };
  /** Requests a client address may make to the review links per minute. */
  ratePerMinute: number;
}

/** The actor of reviewer acts and of the reminders in the activity log (no staff user). */
export const REVIEWER_ACTOR: ActivityActor = { id: '', name: 'Reviewer (review link)', role: 'reviewer', ip: '', requestId: '' };
export const SYSTEM_ACTOR: ActivityActor = { id: '', name: 'Reminders', role: 'system', ip: '', requestId: '' };

/** A line in the submission's history for a review event: staff only, the reviewer named by label. */
export function reviewNote(status: HistoryEntry['to'], kind: HistoryEntry['by']['kind'], by: string, role: string, message: string, at: Date): HistoryEntry {
  return { at, from: status, to: status, by: { kind, name: by, role }, message, authorVisible: false };
}

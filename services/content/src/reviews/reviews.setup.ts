import type { Router } from 'express';
import { createBlockingRedis, createRedis, type Redis } from '@journal/server-kit';
import type { ContentDeps } from '../deps';
import type { SubmissionServices } from '../submissions/submission.setup';
import { ReviewRepo } from './review.repo';
import { ReviewerRepo } from './reviewer.repo';
import { ReviewSettingsRepo } from './review-settings.repo';
import { ReviewMailer } from './review-mail';
import { ReviewEvents } from './review-events';
import { ReviewReminders } from './review-reminders';
import { ReviewerService } from './reviewer.service';
import { ReviewStaffService } from './review-staff.service';
import { ReviewPublicService } from './review-public.service';
import { reviewPublicRoutes, reviewStaffRoutes, type ReviewServices } from './review.routes';
import type { ReviewParts } from './review-parts';

export interface ReviewModule extends ReviewServices {
  staffRouter: Router;
  publicRouter: Router;
  /** Listeners of submitted reviews (the reviewer certificate). */
  events: ReviewEvents;
  reminders: ReviewReminders;
  stop(): Promise<void>;
}

/**
 * docs/architecture.md#peer-review: reviewers, invitations, the reviewer's link and the reminder
 * queue with its worker in this process (unless switched off). `now` is the clock (tests pass one).
 */
export async function startReviews(deps: ContentDeps, submissions: SubmissionServices, now: () => Date = () => new Date()): Promise<ReviewModule> {
  const c = deps.config;
  const reviews = new ReviewRepo(deps.conn);
  const reviewers = new ReviewerRepo(deps.conn);
  await Promise.all([reviews.init(), reviewers.init()]);
  const events = new ReviewEvents(deps.logger);
  const queueConn: Redis = createRedis(c.REDIS_URL);
  // Built in two steps: the reminders need the parts, the parts schedule through the reminders.
  const parts: ReviewParts = {
    reviews,
    reviewers,
    settings: new ReviewSettingsRepo(deps.conn),
    submissions: submissions.repo,
    files: submissions.files,
    limits: submissions.limits,
    journals: deps.repos.journals,
    editors: deps.repos.editors,
    mailer: new ReviewMailer(deps.mail, reviews, deps.logger),
    activity: deps.activity,
    events,
    schedule: (journalId, r) => reminders.schedule(journalId, r),
    decide: (journalId, origin, actor, id, body) => submissions.staff.decide(journalId, origin, actor, id, body),
    now,
    logger: deps.logger,
    ratePerMinute: c.REVIEW_LINK_PER_MINUTE,
  };
  const reminders = new ReviewReminders(parts, queueConn, `${c.REDIS_PREFIX}bull`, c.REVIEW_REMINDER_SWEEP_MS);
  await reminders.queue.waitUntilReady();
  let workerConn: Redis | null = null;
  if (c.REVIEW_REMINDER_WORKER) {
    workerConn = createBlockingRedis(c.REDIS_URL);
    await reminders.start(workerConn);
  }
  const services: ReviewServices = { parts, reviewers: new ReviewerService(parts), staff: new ReviewStaffService(parts), reviews: new ReviewPublicService(parts) };
  return {
    ...services,
    staffRouter: reviewStaffRoutes(deps, services),
    publicRouter: reviewPublicRoutes(services),
    events,
    reminders,
    async stop() {
      await reminders.stop();
      workerConn?.disconnect();
      queueConn.disconnect();
    },
  };
}

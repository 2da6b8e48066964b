import { Queue, Worker, type Job } from 'bullmq';
import type { Redis } from '@journal/server-kit';
import type { Review } from './review.repo';
import { reviewLabel } from './review-rules';
import { SYSTEM_ACTOR, reviewNote, type ReviewParts } from './review-parts';

export const REVIEW_REMINDER_QUEUE = 'review-reminders';

type ReminderJob = { kind: 'remind'; journalId: string; reviewId: string; key: string } | { kind: 'sweep' };

/**
 * docs/product.md#peer-review: the reminders before and after a review's due date. Each is a
 * delayed BullMQ job (`review-reminders`) due at its time; the review keeps the plan, so a job
 * fired early, late, twice or for a plan since changed sends only what is due and not yet sent
 * (one conditional update claims it). A repeatable sweep every few minutes sends what a lost job
 * would have. The clock is a parameter: `runDue(now)` is what the tests call instead of waiting.
 */
export class ReviewReminders {
  readonly queue: Queue<ReminderJob>;
  private worker: Worker<ReminderJob> | null = null;

  constructor(
    private readonly p: ReviewParts,
    connection: Redis,
    private readonly prefix: string,
    private readonly sweepMs: number,
  ) {
    this.queue = new Queue<ReminderJob>(REVIEW_REMINDER_QUEUE, { connection, prefix });
    this.queue.on('error', () => undefined);
  }

  /** Queues a delayed job for each scheduled reminder of the review. */
  async schedule(journalId: string, r: Review): Promise<void> {
    const now = +this.p.now();
    for (const m of r.reminders.filter((x) => x.state === 'scheduled')) {
      const at = +new Date(m.at);
      await this.queue.add(
        'remind',
        { kind: 'remind', journalId, reviewId: r.id, key: m.key },
        { jobId: `${r.id}-${m.key}-${at}`, delay: Math.max(0, at - now), attempts: 5, backoff: { type: 'exponential', delay: 30_000 }, removeOnComplete: { age: 7 * 86_400 }, removeOnFail: { age: 30 * 86_400 } },
      );
    }
  }

  /** Sends one reminder if it is due at `now`, still scheduled and the review still open. */
  async fire(journalId: string, reviewId: string, key: string, now: Date): Promise<boolean> {
    const r = await this.p.reviews.findById(journalId, reviewId);
    const m = r?.reminders.find((x) => x.key === key);
    if (!r || !m || m.state !== 'scheduled' || new Date(m.at) > now) return false;
    const event = m.kind === 'before' ? 'review_reminder' : 'review_overdue';
    const what = m.kind === 'before' ? `reminder sent (${m.days} days before the due date)` : `overdue reminder sent (${m.days} days after the due date)`;
    const claimed = await this.p.reviews.claimReminder(journalId, reviewId, key, { at: now, act: 'reminder', by: 'System', message: what });
    if (!claimed) return false;
    const [s, settings, all] = await Promise.all([
      this.p.submissions.findById(journalId, r.submissionId),
      this.p.settings.get(journalId),
      this.p.reviews.ofSubmission(journalId, r.submissionId),
    ]);
    if (!s) return false;
    await this.p.mailer.send(journalId, claimed, s.title, event, { daysAfterDue: settings.tokenDaysAfterDue, occurrence: `${key}:${r.dueDate}` });
    const label = reviewLabel(Math.max(0, all.findIndex((x) => x.id === r.id)));
    await this.p.submissions.note(journalId, s.id, reviewNote(s.status, 'system', 'Reminders', 'system', `${label}: ${what}`, now));
    await this.p.activity.record(journalId, SYSTEM_ACTOR, { kind: 'review.remind', record: { type: 'submission', id: s.id, label: s.number }, changes: [{ field: label, before: '', after: what }] });
    return true;
  }

  /** Sends every reminder due by `now` (over every journal); the number sent. */
  async runDue(now: Date): Promise<number> {
    let sent = 0;
    for (const d of await this.p.reviews.dueReminders(now)) if (await this.fire(d.journalId, d.id, d.key, now)) sent += 1;
    return sent;
  }

  /** Starts the worker on a blocking connection of its own, and the repeatable sweep. */
  async start(connection: Redis): Promise<void> {
    this.worker = new Worker<ReminderJob>(
      REVIEW_REMINDER_QUEUE,
      async (job: Job<ReminderJob>) => {
        const now = this.p.now();
        if (job.data.kind === 'sweep') await this.runDue(now);
        else await this.fire(job.data.journalId, job.data.reviewId, job.data.key, now);
      },
      { connection, prefix: this.prefix, concurrency: 2 },
    );
    this.worker.on('error', () => undefined);
    await this.queue.upsertJobScheduler('review-reminder-sweep', { every: this.sweepMs }, { name: 'sweep', data: { kind: 'sweep' } });
  }

  async stop(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}

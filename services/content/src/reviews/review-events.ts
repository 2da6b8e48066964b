import type { ReviewSubmittedEvent } from '@journal/contracts';

type Listener = (e: ReviewSubmittedEvent) => Promise<void> | void;

/**
 * docs/architecture.md#peer-review: what happens after a review is submitted, outside the review's
 * own write (the reviewer certificate listens here). A listener that fails is logged; the review
 * stays submitted.
 */
export class ReviewEvents {
  private readonly submitted: Listener[] = [];
  constructor(private readonly logger: { error(o: object, msg: string): void }) {}

  onSubmitted(listener: Listener): void {
    this.submitted.push(listener);
  }

  async emitSubmitted(e: ReviewSubmittedEvent): Promise<void> {
    await Promise.all(
      this.submitted.map(async (l) => {
        try {
          await l(e);
        } catch (err) {
          this.logger.error({ err, journalId: e.journalId, reviewId: e.reviewId }, 'review submitted: a listener failed');
        }
      }),
    );
  }
}

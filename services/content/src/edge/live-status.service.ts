import type { EdgeStatus } from '@journal/contracts';
import type { LiveStatusRepo } from './live-status.repo';

/**
 * docs/product.md#publishing-status: how far a journal's saved changes have reached the caches in
 * front, as the admin's "live" line reads it (the numbers are kept by the purge queue).
 */
export class LiveStatusService {
  constructor(private readonly repo: Pick<LiveStatusRepo, 'status'>) {}

  status(journalId: string): Promise<EdgeStatus> {
    return this.repo.status(journalId);
  }
}

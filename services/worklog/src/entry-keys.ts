import { createHash } from 'node:crypto';
import { AppError, claimOnce, type OnceClaim, type Redis } from '@journal/server-kit';

/**
 * The keys of entries other services write once (POST /internal/webdata/entries): claimed in Redis
 * per journal for a week, the entry's id kept as the result, so a retried call never writes a
 * second entry.
 */
export class EntryKeys {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  claim(journalId: string, key: string): Promise<OnceClaim> {
    const k = `${this.prefix}wlkey:${journalId}:${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`;
    return claimOnce(this.redis, k, 'entry', {
      ttlSeconds: 7 * 24 * 3600,
      pendingMs: 30_000,
      waitMs: 10_000,
      mismatch: () => new AppError(409, 'key_conflict', 'This key was used for another entry'),
      busy: () => new AppError(409, 'request_in_progress', 'This entry is still being written; try again'),
    });
  }
}

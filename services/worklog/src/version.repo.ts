import type { Redis } from '@journal/common';

export const worklogVersionKey = (prefix: string, journalId: string) => `${prefix}worklog:ver:${journalId}`;

/**
 * A per-journal counter bumped after every write. Replicas compare it with the version their
 * in-memory index was built at, so a write on any replica (or a seed) is seen by all of them.
 */
export class VersionRepo {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async get(journalId: string): Promise<number> {
    return Number((await this.redis.get(worklogVersionKey(this.prefix, journalId))) ?? 0);
  }

  async bump(journalId: string): Promise<number> {
    return this.redis.incr(worklogVersionKey(this.prefix, journalId));
  }
}

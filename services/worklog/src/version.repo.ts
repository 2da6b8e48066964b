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

  /** Every journal's version, for building indexes of all journals in one pass. */
  async all(): Promise<Map<string, number>> {
    const pattern = worklogVersionKey(this.prefix, '*');
    const head = pattern.length - 1;
    const out = new Map<string, number>();
    const stream = this.redis.scanStream({ match: pattern, count: 1000 });
    for await (const keys of stream as AsyncIterable<string[]>) {
      if (!keys.length) continue;
      const values = await this.redis.mget(...keys);
      keys.forEach((k, i) => out.set(k.slice(head), Number(values[i] ?? 0)));
    }
    return out;
  }

  async bump(journalId: string): Promise<number> {
    return this.redis.incr(worklogVersionKey(this.prefix, journalId));
  }
}

import type { Redis } from '@journal/server-kit';

export const worklogVersionKey = (prefix: string, journalId: string) => `${prefix}worklog:ver:${journalId}`;

/**
 * The per-journal change counters (bumped by the change feed on every write), read at start so
 * every index is loaded at a known version.
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
}

import type { Redis } from '@journal/server-kit';

/** A mark forgotten after a day: the writer holding a head that long reads it once more. */
const MARK_TTL_MS = 86_400_000;

export const searchWriterKey = (prefix: string, journalId: string) => `${prefix}content:search-writer:${journalId}`;

/**
 * Which writer last wrote each journal's search index, in Redis beside its lock: a writer that
 * finds itself named there still holds the head it left (no one else wrote under the lock since),
 * and its save need not read it (SearchWriter.persist).
 */
export class SearchWritersRepo {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** Names `writer` the journal's last writer; answers the one named before (null: none, or forgotten). */
  async claim(journalId: string, writer: string): Promise<string | null> {
    // SET … GET: the new name stored and the one before answered in one step.
    return this.redis.set(searchWriterKey(this.prefix, journalId), writer, 'PX', MARK_TTL_MS, 'GET');
  }
}

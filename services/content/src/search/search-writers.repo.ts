import type { Redis } from '@journal/server-kit';

/** Sets the journal's last index writer and answers the one before, in one step. */
const CLAIM = "local was = redis.call('get', KEYS[1]); redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[2]); return was";

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
    const was = await this.redis.eval(CLAIM, 1, searchWriterKey(this.prefix, journalId), writer, String(MARK_TTL_MS));
    return typeof was === 'string' ? was : null;
  }
}

import { edgeChangeKey, type Redis } from '@journal/server-kit';
import type { EdgeStatus } from '@journal/contracts';

/** How long a journal's numbers are kept after its last change. */
const KEEP_SECONDS = 7 * 24 * 3600;
/**
 * A change still pending after this long lost its purge job (its process died between the number
 * and the job, a moment): it no longer holds the journal back; the caches' lifetimes bound it.
 */
const LOST_AFTER_MS = 10 * 60_000;

// One round trip, atomic: the journal's next change number and its pending entry.
const BEGIN = `
local n = redis.call('INCR', KEYS[1])
redis.call('ZADD', KEYS[2], ARGV[1], n)
redis.call('EXPIRE', KEYS[1], ARGV[2])
redis.call('EXPIRE', KEYS[2], ARGV[2])
return n`;

// The change is done; a failed one is remembered as the journal's last failure (the highest number).
const DONE = `
redis.call('ZREM', KEYS[1], ARGV[1])
if ARGV[2] == '1' and tonumber(redis.call('GET', KEYS[2]) or '0') < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[3])
end
return 1`;

type Scripted = Redis & {
  jpEdgeBegin?: (...a: unknown[]) => Promise<number>;
  jpEdgeDone?: (...a: unknown[]) => Promise<number>;
};

/**
 * Which of a journal's changes the caches in front have taken (docs/product.md#publishing-status),
 * in the service's Redis (noeviction, append-only): each change handed to the purge queue gets the
 * journal's next number and stays pending until its purge job is over. The admin compares the
 * number current after its save with the highest one below every pending change.
 */
export class LiveStatusRepo {
  private readonly r: Scripted;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    this.r = redis as Scripted;
    if (!this.r.jpEdgeBegin) redis.defineCommand('jpEdgeBegin', { numberOfKeys: 2, lua: BEGIN });
    if (!this.r.jpEdgeDone) redis.defineCommand('jpEdgeDone', { numberOfKeys: 2, lua: DONE });
  }

  private key(kind: 'seq' | 'pending' | 'failed', journalId: string) {
    // The number is read by the gateway too (an answer made before a change is not stored).
    return kind === 'seq' ? edgeChangeKey(this.prefix, journalId) : `${this.prefix}edge:${kind}:${journalId}`;
  }

  /** The number of a change about to be handed to the caches, pending from now. */
  async begin(journalId: string): Promise<number> {
    return Number(await this.r.jpEdgeBegin!(this.key('seq', journalId), this.key('pending', journalId), String(Date.now()), String(KEEP_SECONDS)));
  }

  /** The change's purge is over: taken by every cache, or given up (`failed`). */
  async done(journalId: string, seq: number, failed: boolean): Promise<void> {
    await this.r.jpEdgeDone!(this.key('pending', journalId), this.key('failed', journalId), String(seq), failed ? '1' : '0', String(KEEP_SECONDS));
  }

  async status(journalId: string): Promise<EdgeStatus> {
    const pendingKey = this.key('pending', journalId);
    const replies = await this.r
      .multi()
      .zremrangebyscore(pendingKey, '-inf', String(Date.now() - LOST_AFTER_MS))
      .get(this.key('seq', journalId))
      .zrange(pendingKey, 0, -1)
      .get(this.key('failed', journalId))
      .exec();
    const [, published, pending, failed] = (replies ?? []).map(([err, v]) => {
      if (err) throw err;
      return v;
    });
    const last = Number(published ?? 0);
    const waiting = ((pending as string[] | undefined) ?? []).map(Number);
    return { published: last, live: waiting.length ? Math.min(...waiting) - 1 : last, failed: Number(failed ?? 0) };
  }
}

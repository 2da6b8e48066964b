import { changeVersionKey, CONTENT_CHANGE_FEED } from '@journal/server-kit/change-feed';
import { edgeChangeKey } from '@journal/server-kit/edge-keys';
import type { Redis } from '@journal/server-kit/redis';

/** How long a read waits for its stamp; past it, it is passed on unchecked. */
export const STAMP_WAIT_MS = 250;
/**
 * How long a number read from Redis (by a check, most often) stands as the stamp of the journal's
 * next reads, so that a page costs one round trip (its check) instead of two.
 */
export const STAMP_REUSE_MS = 1000;

type Waiter = (n: string | null) => void;

/**
 * A read nginx is about to store is stamped with its journal's change number (the content
 * service numbers each write it hands to the purge queue) before the gateway passes it on. When
 * the number has moved by the time the answer is whole, the answer may show the state before a
 * write whose purges (the second, delayed one included) can be over before nginx stores it: it
 * is then passed on as not storable (shared-reads.ts holds it for no one either).
 *
 * The numbers asked for during one turn of the event loop are read together, in one MGET sent
 * once that turn's I/O is done, instead of a round trip per stamp and per check (two per page).
 * Sharing it keeps both rules: a stamp is read before its request goes on (it goes on when the
 * MGET answers), and a check is read after its answer was whole (the MGET is sent after the
 * check was asked for); an MGET already on its way is never joined.
 *
 * A stamp may also be the number the journal's last MGET read, up to STAMP_REUSE_MS before: the
 * numbers only grow (INCR; they restart only once a journal went a week without a change), so an
 * earlier one can only make a check see a move a fresh read would not have (one more answer passed
 * on as not storable after a write), never hide one. A reader who may be handed an answer held
 * for its key (shared-reads.ts) is stamped anew: the held answer passed its own check before a
 * write the remembered number may not show yet.
 *
 * A stamp is two numbers of the journal read together: its change number and its change feed's
 * version (bumped as each write is announced to the processes holding its data). The version goes
 * on with the read (CONTENT_VERSION_HEADER): the render process and content answer it only once
 * they have applied it, so a read stamped after a write's announcement never gets what a process
 * held from before it; a write announced after the stamp moves it, and the answer is not stored.
 */
export class ChangeStamps {
  /** Journals whose numbers the next MGET reads, each with those waiting on it. */
  private next = new Map<string, Waiter[]>();
  /** Each journal's number as its last MGET read it, and when that MGET answered. */
  private readonly known = new Map<string, { n: string; at: number }>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** The journal's change number as an MGET read it less than STAMP_REUSE_MS ago, if one did. */
  recent(journalId: string): string | undefined {
    const known = this.known.get(journalId);
    return known && performance.now() - known.at < STAMP_REUSE_MS ? known.n : undefined;
  }

  /** The journal's change number now; null when Redis cannot say (the read is then not checked). */
  stamp(journalId: string): Promise<string | null> {
    return new Promise((resolve) => {
      if (this.next.size === 0) setImmediate(this.send);
      const waiting = this.next.get(journalId);
      if (waiting) waiting.push(resolve);
      else this.next.set(journalId, [resolve]);
    });
  }

  /** Whether a change came since `stamp`; when Redis cannot say now, the answer is not stored either. */
  async moved(journalId: string, stamp: string): Promise<boolean> {
    return (await this.stamp(journalId)) !== stamp;
  }

  private readonly send = () => {
    const batch = this.next;
    this.next = new Map();
    const journals = [...batch.keys()];
    this.redis.mget(journals.flatMap((j) => [edgeChangeKey(this.prefix, j), changeVersionKey(this.prefix, CONTENT_CHANGE_FEED, j)])).then(
      (numbers) => {
        const at = performance.now();
        journals.forEach((j, i) => {
          const n = `${numbers[2 * i] ?? '0'}.${numbers[2 * i + 1] ?? '0'}`;
          this.known.set(j, { n, at });
          settle(batch.get(j)!, n);
        });
      },
      () => {
        for (const j of journals) this.known.delete(j);
        for (const waiting of batch.values()) settle(waiting, null);
      },
    );
  };
}

const settle = (waiting: Waiter[], n: string | null) => {
  for (const w of waiting) w(n);
};

/** An answer's edge headers made "do not store" (nginx, and the CDNs that read their own header). */
export function notStorable(h: Record<string, string | string[] | undefined>): void {
  h['x-accel-expires'] = '0';
  if (h['cdn-cache-control'] !== undefined) h['cdn-cache-control'] = 'no-store';
  if (h['surrogate-control'] !== undefined) h['surrogate-control'] = 'no-store';
}

/** The change feed's version a stamp holds, as the services are told it (CONTENT_VERSION_HEADER). */
export const feedVersionOf = (stamp: string): string => stamp.slice(stamp.indexOf('.') + 1);

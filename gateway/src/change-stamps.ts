import { edgeChangeKey, type Redis } from '@journal/server-kit';

/** How long a read waits for its stamp; past it, it is passed on unchecked. */
export const STAMP_WAIT_MS = 250;

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
 */
export class ChangeStamps {
  /** Journals whose numbers the next MGET reads, each with those waiting on it. */
  private next = new Map<string, Waiter[]>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

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
    this.redis.mget(journals.map((j) => edgeChangeKey(this.prefix, j))).then(
      (numbers) => journals.forEach((j, i) => settle(batch.get(j)!, numbers[i] ?? '0')),
      () => {
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

import { edgeChangeKey, type Redis } from '@journal/server-kit';

/** How long a read waits for its stamp; past it, it is passed on unchecked. */
export const STAMP_WAIT_MS = 250;

/**
 * A read nginx is about to store is stamped with its journal's change number (the content
 * service numbers each write it hands to the purge queue) before the gateway passes it on. When
 * the number has moved by the time the answer is whole, the answer may show the state before a
 * write whose purges (the second, delayed one included) can be over before nginx stores it: it
 * is then passed on as not storable (shared-reads.ts holds it for no one either).
 */
export class ChangeStamps {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  /** The journal's change number now; null when Redis cannot say (the read is then not checked). */
  async stamp(journalId: string): Promise<string | null> {
    try {
      return (await this.redis.get(edgeChangeKey(this.prefix, journalId))) ?? '0';
    } catch {
      return null;
    }
  }

  /** Whether a change came since `stamp`; when Redis cannot say now, the answer is not stored either. */
  async moved(journalId: string, stamp: string): Promise<boolean> {
    return (await this.stamp(journalId)) !== stamp;
  }
}

/** An answer's edge headers made "do not store" (nginx, and the CDNs that read their own header). */
export function notStorable(h: Record<string, string | string[] | undefined>): void {
  h['x-accel-expires'] = '0';
  if (h['cdn-cache-control'] !== undefined) h['cdn-cache-control'] = 'no-store';
  if (h['surrogate-control'] !== undefined) h['surrogate-control'] = 'no-store';
}

import type { IncomingMessage } from 'node:http';
import type { GatewayContext } from './proxy';

type AnswerHeaders = Record<string, string | string[] | undefined>;

/** A service's whole answer, as readers asking for the same key at once are all sent it. */
export interface SharedAnswer {
  status: number;
  message: string;
  headers: AnswerHeaders;
  body: Buffer;
}

/** Request header by which nginx's purge port says a request is a write's refresh of its key. */
export const REFRESH_HEADER = 'x-jp-refresh';

/** Longest answer held for the readers waiting on it; past it each asks on its own. */
export const MAX_SHARED_BYTES = 4 * 1024 * 1024;
/**
 * How long an answer is still given to readers after it came: nginx stores it only once it has
 * passed on and written the whole answer, and readers arriving meanwhile (nginx's cache lock is
 * off) would ask the service again. On a loaded machine nginx's worker may take several hundred
 * milliseconds to get there, so the hold is long, and a held answer goes only to a reader whose
 * journal's change number (change-stamps.ts, read just before) is the one the answer was read
 * under: after a write it is asked again, as nginx's copy would have been purged.
 */
export const SHARED_HOLD_MS = 1000;
/**
 * The hold of an answer read without a change number (the gateway runs without them, or Redis
 * could not say): well under the content service's second purge of a write (EDGE_REPURGE_MS),
 * which removes a copy made just before the write.
 */
export const UNSTAMPED_HOLD_MS = 100;

/**
 * Readers asking at once for a page or read nginx does not hold yet (a new article shared on
 * social media) are answered by one request to the service: the first asks, the others wait for
 * its answer and get it the moment it is whole. nginx's own cache lock is off, as it looks at a
 * waiting reader again only every 500 ms. Only what nginx is about to store is shared (its key,
 * which names everything the answer depends on, was checked by the gateway), never a token
 * holder's request, and never an answer that sets a cookie or failed: those waiting then ask
 * on their own.
 */
export class SharedReads {
  private readonly open = new Map<string, ((answer: SharedAnswer | null) => void)[]>();
  /** Answers that came in the last SHARED_HOLD_MS, by key, with the change number they were read under. */
  private readonly recent = new Map<string, { answer: SharedAnswer; stamp: string | null }>();
  /** Keys a refresh asked for while a reader's request was open: its answer is not held. */
  private readonly superseded = new Set<string>();

  /** `onShared`: called with the number of readers each shared answer went to besides the one who asked. */
  constructor(private readonly onShared: (readers: number) => void = () => {}) {}

  /**
   * The key a request may share its answer under, or null. A write's refresh (nginx's purge port
   * names it) takes no answer made before it, and the one held for its key is dropped.
   */
  keyOf(req: IncomingMessage, ctx: GatewayContext): string | null {
    if (!ctx.cacheKey || req.method !== 'GET' || req.headers.authorization !== undefined || req.headers.cookie !== undefined) return null;
    if (req.headers[REFRESH_HEADER] !== undefined) {
      this.recent.delete(ctx.cacheKey);
      if (this.open.has(ctx.cacheKey)) this.superseded.add(ctx.cacheKey);
      return null;
    }
    return ctx.cacheKey;
  }

  /**
   * true: the caller asks the service and settles the key; false: `then` gets the answer (null: ask
   * yourself). `stamp`: the journal's change number read for this request (null: none).
   */
  join(key: string, stamp: string | null, then: (answer: SharedAnswer | null) => void): boolean {
    const held = this.recent.get(key);
    if (held && held.stamp === stamp) {
      this.onShared(1);
      then(held.answer);
      return false;
    }
    const waiting = this.open.get(key);
    if (waiting) {
      waiting.push(then);
      return false;
    }
    this.open.set(key, []);
    return true;
  }

  /**
   * The leader's answer (null when it may not be shared) to everyone waiting on the key; `stamp`:
   * the change number it was read under (null: none).
   */
  settle(key: string, answer: SharedAnswer | null, stamp: string | null = null): void {
    const waiting = this.open.get(key);
    this.open.delete(key);
    // An answer nginx may not keep (`X-Accel-Expires: 0`: an author's or a reviewer's own page) is
    // not held for later readers either: each of them sees the state as it is now.
    const shared = answer && answer.status < 500 && answer.headers['set-cookie'] === undefined && answer.headers['x-accel-expires'] !== '0' ? answer : null;
    if (this.superseded.delete(key)) {
      // Made before a write's refresh: those who waited get it, no one later.
    } else if (shared) {
      const entry = { answer: shared, stamp };
      this.recent.set(key, entry);
      // A later answer of the key (after a write) is not dropped by this one's timer.
      setTimeout(() => this.recent.get(key) === entry && this.recent.delete(key), stamp === null ? UNSTAMPED_HOLD_MS : SHARED_HOLD_MS).unref();
    }
    if (!waiting?.length) return;
    if (shared) this.onShared(waiting.length);
    for (const then of waiting) then(shared);
  }

  /** Whether an answer is held for the key (a reader joining it then needs its journal's number as it is now). */
  holds(key: string): boolean {
    return this.recent.has(key);
  }

  /** Readers waiting now (for tests and metrics). */
  get waiting(): number {
    let n = 0;
    for (const w of this.open.values()) n += w.length;
    return n;
  }
}

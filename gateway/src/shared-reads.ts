import type { IncomingMessage } from 'node:http';
import { LRUCache } from '@journal/server-kit/cache';
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
/** Bytes of held answers at least, whatever HELD_ANSWERS_BYTES says: the moment's answers above. */
const MIN_HELD_BYTES = 2 * MAX_SHARED_BYTES;

/** How a request takes part: `lead` asks the service and settles the key, `wait` is given an answer, `alone` asks for itself. */
export type Joined = 'lead' | 'wait' | 'alone';

interface Held {
  answer: SharedAnswer;
  stamp: string | null;
  /** Checked against the journal's change number once whole (change-stamps.ts): held past SHARED_HOLD_MS. */
  checked: boolean;
}

/**
 * Readers asking at once for a page or read nginx does not hold yet (a new article shared on
 * social media) are answered by one request to the service: the first asks, the others wait for
 * its answer and get it the moment it is whole. nginx's own cache lock is off, as it looks at a
 * waiting reader again only every 500 ms. Only what nginx is about to store is shared (its key,
 * which names everything the answer depends on, was checked by the gateway), never a token
 * holder's request, and never an answer that sets a cookie or failed: those waiting then ask
 * on their own.
 *
 * An answer checked against its journal's change number once it was whole is held longer (up to
 * `heldBytes` of them, the least recently asked for leaving first, each no longer than nginx may
 * keep it): a page nginx does not hold (another web pod's nginx, or its refresh of a write
 * another pod's refresh already fetched; one that dropped it for room) is then
 * answered here, without the service, to a request whose journal's change number, read after
 * the request came, is still the one the answer was checked under. Every write is numbered
 * before its purges and refreshes are sent (and announced to the processes holding its data
 * before that), so no answer read before a write is ever handed to a request after it.
 */
export class SharedReads {
  private readonly open = new Map<string, ((answer: SharedAnswer | null) => void)[]>();
  /** Answers held, by key, with the change number they were read under. */
  private readonly recent: LRUCache<string, Held>;
  /** Keys a refresh asked for while a reader's request was open: its answer is not held. */
  private readonly superseded = new Set<string>();

  /**
   * `onShared`: called with the number of readers each shared answer went to besides the one who
   * asked. `heldBytes`: how much of the checked answers is held past SHARED_HOLD_MS (0: none).
   */
  constructor(
    private readonly onShared: (readers: number) => void = () => {},
    private readonly heldBytes = 0,
  ) {
    this.recent = new LRUCache<string, Held>({
      maxSize: Math.max(heldBytes, MIN_HELD_BYTES),
      sizeCalculation: (h, key) => h.answer.body.length + key.length + 512,
      ttlAutopurge: false,
    });
  }

  /**
   * The key a request may share its answer under, or null. A write's refresh (nginx's purge port
   * names it, `refresh` below) has one too: it may be handed only a checked answer of its
   * journal's current change number.
   */
  keyOf(req: IncomingMessage, ctx: GatewayContext): string | null {
    if (!ctx.cacheKey || req.method !== 'GET' || req.headers.authorization !== undefined || req.headers.cookie !== undefined) return null;
    // With the journal: a host given to another journal names another journal's change numbers.
    return `${ctx.journalId} ${ctx.cacheKey}`;
  }

  /** Whether the request is a write's refresh of its key (nginx's purge port says so). */
  static isRefresh(req: IncomingMessage): boolean {
    return req.headers[REFRESH_HEADER] !== undefined;
  }

  /**
   * How the request takes part (Joined); `then` gets the answer when it waits (null: ask
   * yourself). `stamp`: the journal's change number read for this request (null: none). A write's
   * refresh (`refresh`) takes only a held answer checked under that very number, read after it
   * came; it never waits on a request already open (that one was stamped before it, and is then
   * not held), and otherwise asks as the others do.
   */
  join(key: string, stamp: string | null, then: (answer: SharedAnswer | null) => void, refresh = false): Joined {
    const held = this.recent.get(key);
    if (held && held.stamp === stamp && (!refresh || (stamp !== null && held.checked))) {
      this.onShared(1);
      then(held.answer);
      return 'wait';
    }
    const waiting = this.open.get(key);
    if (refresh) {
      if (held) this.recent.delete(key);
      if (waiting) {
        this.superseded.add(key);
        return 'alone';
      }
    } else if (waiting) {
      waiting.push(then);
      return 'wait';
    }
    this.open.set(key, []);
    return 'lead';
  }

  /**
   * The leader's answer (null when it may not be shared) to everyone waiting on the key; `stamp`:
   * the change number it was read under (null: none); `checked`: the number was read again once
   * the answer was whole and had not moved.
   */
  settle(key: string, answer: SharedAnswer | null, stamp: string | null = null, checked = false): void {
    const waiting = this.open.get(key);
    this.open.delete(key);
    // An answer nginx may not keep (`X-Accel-Expires: 0`: an author's or a reviewer's own page) is
    // not held for later readers either: each of them sees the state as it is now.
    const shared = answer && answer.status < 500 && answer.headers['set-cookie'] === undefined && answer.headers['x-accel-expires'] !== '0' ? answer : null;
    if (this.superseded.delete(key)) {
      // Made before a write's refresh: those who waited get it, no one later.
    } else if (shared) {
      const long = checked && stamp !== null && this.heldBytes > 0;
      // Held no longer than nginx may keep it; past it the service is asked.
      const lifetimeMs = Number(shared.headers['x-accel-expires']) * 1000;
      const ttl = long && lifetimeMs > SHARED_HOLD_MS ? lifetimeMs : stamp === null ? UNSTAMPED_HOLD_MS : SHARED_HOLD_MS;
      if (shared.body.length <= MAX_SHARED_BYTES) this.recent.set(key, { answer: shared, stamp, checked: long }, { ttl });
      else this.recent.delete(key);
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

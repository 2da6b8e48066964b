import type { EdgeStatus } from '@journal/contracts';

/**
 * docs/product.md#publishing-status: a save answers once it is stored; the public site's caches
 * follow it a moment later. After each save the admin follows the journal's status and says so
 * only when that takes longer than `QUIET_MS`.
 */
export type PublishState = 'idle' | 'pending' | 'live' | 'failed';

export const PUBLISH_TEXT: Record<Exclude<PublishState, 'idle'>, string> = {
  pending: 'Publishing your changes to the public site…',
  live: 'Your changes are live on the public site.',
  failed: 'Your changes are saved, but the public site could not be updated; it will show them when its cached pages expire.',
};

/** Nothing is shown for a save live within this long. */
export const QUIET_MS = 1000;
/** How often the status is asked for while a change is on its way. */
const POLL_MS = 250;
/** How long "live" stays on screen. */
const LIVE_SHOWN_MS = 4000;
/** Past this the admin stops asking (the caches' lifetimes bound the rest). */
const GIVE_UP_MS = 120_000;

/** Writes that change what readers see: the content service's admin writes. */
const PUBLISHING = /^\/api\/(admin|archives|editors|settings)(\/|$)/;

type SavedListener = () => void;
const savedListeners = new Set<SavedListener>();

/** Told by the admin's api client of every write that succeeded. */
export function noteWrite(path: string): void {
  if (!PUBLISHING.test(path)) return;
  for (const l of savedListeners) l();
}

/** Listens for saves; returns the function that stops it. */
export function onSaved(listener: SavedListener): () => void {
  savedListeners.add(listener);
  return () => savedListeners.delete(listener);
}

/**
 * Follows the journal's status after each save until the change it made is live everywhere (the
 * last save counts: a new save starts over), and reports the state to show.
 */
export class PublishWatch {
  private run = 0;
  private shown: PublishState = 'idle';
  private clear?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly read: () => Promise<EdgeStatus>,
    private readonly show: (state: PublishState) => void,
  ) {}

  saved(): void {
    const run = ++this.run;
    clearTimeout(this.clear);
    void this.follow(run, Date.now());
  }

  stop(): void {
    this.run++;
    clearTimeout(this.clear);
  }

  private set(state: PublishState) {
    this.shown = state;
    this.show(state);
  }

  private async follow(run: number, savedAt: number) {
    let target: number | null = null;
    for (;;) {
      let s: EdgeStatus;
      try {
        s = await this.read();
      } catch {
        // No status to be had (another role, the network): nothing is claimed.
        if (run === this.run) this.set('idle');
        return;
      }
      if (run !== this.run) return;
      // The number current right after the save is at least the save's own change.
      target ??= s.published;
      if (s.live >= target) {
        if (s.failed >= target && s.failed > 0) this.set('failed');
        else if (this.shown === 'pending') {
          this.set('live');
          this.clear = setTimeout(() => run === this.run && this.set('idle'), LIVE_SHOWN_MS);
        } else this.set('idle');
        return;
      }
      const waited = Date.now() - savedAt;
      if (waited >= GIVE_UP_MS) return this.set('idle');
      if (waited >= QUIET_MS && this.shown !== 'pending') this.set('pending');
      await new Promise((r) => setTimeout(r, POLL_MS));
      if (run !== this.run) return;
    }
  }
}

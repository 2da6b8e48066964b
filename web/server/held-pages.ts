import { LRUCache } from '@journal/server-kit';

/** What a page's last answer was made from: enough to send it again from the page store. */
export interface HeldPage {
  /** The journal's generation (ContentChanges) its reads were all made in. */
  generation: number;
  /** The year its footer shows (and its ETag names). */
  year: number;
  etag: string;
  /** Its Surrogate-Key header ('' for none). */
  tags: string;
  /**
   * The feed version its request was stamped with (0: none): every read it was made from asked for
   * that version at least, and no later write is in it for sure (content-reads.ts).
   */
  version: number;
}

/** Pages held at once: each entry is a few strings; the answers' bytes are the page store's. */
const MAX_PAGES = 50_000;

/**
 * The last answer of each public page by what a request names (encoding, journal, host, URL), for
 * as long as its journal's generation stands: no write of the journal has been announced since the
 * page's reads began, so running its loaders again would read the same answers and give the same
 * ETag. The page is then sent from the page store by that ETag without preparing it (its loaders,
 * the hydration digest, the SHA-1): a lookup and a write. Any write announced moves the journal's
 * generation on (and a dropped subscription every journal's), and the page is prepared again.
 */
export class HeldPages {
  private readonly pages = new LRUCache<string, HeldPage>({ max: MAX_PAGES });

  static keyOf(encoding: string | null, journalId: string, host: string, url: string): string {
    return `${encoding ?? ''}\n${journalId}\n${host}\n${url}`;
  }

  /**
   * The page held under this key, if it was made in this generation and year, for a request whose
   * feed version is not past the one it was made for: this process may apply a write before the
   * content service does, and a page made meanwhile for a request stamped before the write is of
   * the new generation without the write (it is then made again, and held for the later version).
   */
  get(key: string, generation: number, year: number, version = 0): HeldPage | undefined {
    const held = this.pages.get(key);
    if (held === undefined) return undefined;
    if (held.generation === generation && held.year === year) return held.version >= version ? held : undefined;
    this.pages.delete(key);
    return undefined;
  }

  set(key: string, page: HeldPage): void {
    this.pages.set(key, page);
  }

  get size(): number {
    return this.pages.size;
  }
}

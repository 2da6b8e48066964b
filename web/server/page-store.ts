import type { EdgeEncoding } from '@journal/server-kit';

/** A page's answer in one encoding: its body as it goes out (compressed bytes, or the parts as they are). */
export interface EncodedPage {
  encoding: EdgeEncoding | null;
  parts: readonly (Buffer | string)[];
  bytes: number;
}

/**
 * Answers of pages already rendered, by encoding and strong ETag, the least recently sent leaving
 * first past `maxBytes`. The ETag names everything a page is made from (the build, the URL, the
 * status, the year and each read's answer, all read fresh for the request), so an equal ETag is an
 * equal page, and a write that changes what a page shows changes its ETag: a kept answer is never
 * stale, only unused until it leaves. Every web pod's nginx keeps its own copy of a page and asks
 * for it on its own, in brotli and in gzip under two keys; the page is rendered once here (its
 * parts kept under no encoding) and each encoding's copy compressed once, not once per pod, per
 * key, per refresh that changed nothing on the page, or per key nginx let go.
 */
export class PageStore {
  private readonly pages = new Map<string, EncodedPage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The answer kept under this key, now the most recently used; none when the store is off. */
  get(key: string): EncodedPage | undefined {
    const page = this.pages.get(key);
    if (page === undefined) return undefined;
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** Keeps an answer (one larger than a quarter of the store is not kept). */
  set(key: string, page: EncodedPage): void {
    if (page.bytes * 4 > this.maxBytes) return;
    const old = this.pages.get(key);
    if (old !== undefined) {
      this.bytes -= old.bytes;
      this.pages.delete(key);
    }
    this.pages.set(key, page);
    this.bytes += page.bytes;
    for (const [k, p] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(k);
      this.bytes -= p.bytes;
    }
  }

  get size(): number {
    return this.pages.size;
  }

  get storedBytes(): number {
    return this.bytes;
  }
}

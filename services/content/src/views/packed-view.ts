import { brotliCompressSync, brotliDecompressSync, constants as zlib } from 'node:zlib';
import { ownBytes } from '@journal/server-kit';

/**
 * A view's journal and JSON as one brotli-compressed text, `<journal id>\n<JSON>`: how a view is
 * stored, and how a replica holds the views it is not using right now.
 *
 * An article page's view or a locator (about 1 kB, two per article: a rebuild of 100,000 articles
 * packs 200,000) at quality 2 with a 64 kB window: 26 µs of CPU instead of 90–110, for some 14%
 * more bytes; most of the cost of a small one is setting up the encoder. Lists and directories up
 * to 256 kB (an issue list of 20 articles, 10 kB → 1.7 kB; the OAI-PMH directory every save
 * rewrites, 154 kB → 17.5 kB at 100,000 articles) at quality 2 with a 256 kB window: the
 * directory in a third of quality 4's time or less and in fewer bytes (17.5 against 18.1 kB; an
 * issue list 4% more), quality 4 in turn some 3 times faster than quality 5 with a 4 MB window,
 * whose encoder's set-up was most of the cost. A larger view (a large
 * journal's head, 780 kB at 5,000 issues, written only when its layout or counts move; a save
 * reads its version, not it) keeps quality 5 with a 4 MB window: 38 kB against 51. Any quality unpacks alike
 * (about 20–40 µs for a small one).
 */
const SMALL_VIEW = 4096;
const MEDIUM_VIEW = 256 * 1024;
export function packView(journalId: string, json: string): Buffer {
  const text = Buffer.from(`${journalId}\n${json}`, 'utf8');
  const [quality, window] = text.length < SMALL_VIEW ? [2, 16] : text.length < MEDIUM_VIEW ? [2, 18] : [5, 22];
  return brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: quality, [zlib.BROTLI_PARAM_LGWIN]: window, [zlib.BROTLI_PARAM_SIZE_HINT]: text.length } });
}

/** The journal and JSON of packed bytes; null for bytes that are not a packed view. */
export function unpackView(bytes: Uint8Array): { journalId: string; json: string } | null {
  try {
    const text = brotliDecompressSync(bytes).toString('utf8');
    const nl = text.indexOf('\n');
    return nl < 0 ? null : { journalId: text.slice(0, nl), json: text.slice(nl + 1) };
  } catch {
    return null;
  }
}

/**
 * A checked view held in memory as its packed bytes, parsed again on each use. Parsed, an issue
 * list of 20 articles takes some 40 kB of heap in thousands of small strings; packed, 1.6 kB in
 * one buffer. The answers made from a view are cached themselves, so it is opened only when one
 * of them is made again (after a change of its journal, or once evicted).
 */
export class HeldView<T> {
  constructor(private readonly bytes: Buffer) {}

  /** `packed`: the bytes as stored, when read packed (copied if they are part of a larger buffer, as a reply's are). */
  static of<T>(journalId: string, json: string, packed?: Uint8Array): HeldView<T> {
    return new HeldView<T>(ownBytes(packed ?? packView(journalId, json)));
  }

  /** Bytes this holds, with the object around them. */
  get size(): number {
    return this.bytes.length + 96;
  }

  /** The view (already checked against its schema and journal when it was first read). */
  open(): T {
    return JSON.parse(unpackView(this.bytes)!.json) as T;
  }
}

import { LRUCache } from 'lru-cache';
/**
 * The public search's index over one corpus version: every distinct space-separated token of the
 * search texts, with the corpus positions holding it, and every three-character piece of a token
 * with the tokens holding it.
 *
 * A search text is lower case with single spaces (`searchText`), and a normalised keyword has single
 * spaces too, so each space-free part of a keyword can only occur inside one token. A text matching
 * the keyword therefore holds, for every part, a token containing that part: the texts holding all
 * of them are a superset of the matches, and the full keyword is then checked on those only. The
 * tokens containing a part are found from the rarest of its three-character pieces (a part shorter
 * than three characters scans the dictionary of a few thousand short tokens). The answer is the
 * linear scan's, entry for entry (docs/product.md#search).
 */
export class SearchIndex {
  private constructor(
    /** Longest first. */
    private readonly tokens: string[],
    /** Positions of token i: postings[offsets[i] … offsets[i+1]), ascending. */
    private readonly offsets: Int32Array,
    private readonly postings: Int32Array,
    /** Three-character piece → g: the tokens holding it are gramTokens[gramOffsets[g] … gramOffsets[g+1]), ascending. */
    private readonly grams: Map<number, number>,
    private readonly gramOffsets: Int32Array,
    private readonly gramTokens: Int32Array,
    private readonly hay: readonly string[],
  ) {}

  /** Corpus positions whose text contains `keyword` (normalised), in corpus order, at most `max`. */
  search(keyword: string, max: number): number[] {
    const out: number[] = [];
    if (!keyword) return out;
    const split = keyword.split(' ').filter(Boolean);
    // In a text of single-spaced tokens, a match of a single-spaced keyword of several parts ends
    // its first token with the first part, is the middle parts' tokens exactly and begins its last
    // token with the last part: a narrower candidate set for phrases.
    const exact = split.length > 1 && split.join(' ') === keyword;
    const parts = split.map((part, i): [string, Fit] => [part, !exact ? 'in' : i === 0 ? 'end' : i === split.length - 1 ? 'start' : 'all']);
    const lists: Int32Array[] = [];
    for (const [part, fit] of parts) {
      const holding = this.positionsWith(part, fit);
      if (!holding.length) return out;
      lists.push(holding);
    }
    // The shortest list is walked in corpus order and each position looked up in the others, with
    // a cursor that only moves forward: the walk stops at the `max`-th match, so a common phrase
    // costs about `max` lookups, never the full intersection of its common words.
    lists.sort((a, b) => a.length - b.length);
    const walk = lists[0]!;
    const rest = lists.slice(1);
    const at = new Int32Array(rest.length);
    // One part inside a token is already a match; a phrase is checked on its candidates.
    const phrase = split.length > 1;
    next: for (let k = 0; k < walk.length && out.length < max; k++) {
      const i = walk[k]!;
      for (let r = 0; r < rest.length; r++) {
        const list = rest[r]!;
        const j = seek(list, at[r]!, i);
        at[r] = j;
        if (j >= list.length) break next;
        if (list[j] !== i) continue next;
      }
      if (!phrase || this.hay[i]!.includes(keyword)) out.push(i);
    }
    return out;
  }

  /** Ascending positions of the texts with a token containing `part` (no spaces), where in the token as `fit` says. */
  private positionsWith(part: string, fit: Fit = 'in'): Int32Array {
    const key = `${fit} ${part}`;
    const known = this.unions.get(key);
    if (known) return known;
    const union = this.union(part, fit);
    // Only unions are kept: a part of one token answers with a view of its postings, at no cost.
    if (union.buffer !== this.postings.buffer) this.unions.set(key, union);
    return union;
  }

  private union(part: string, fit: Fit): Int32Array {
    const all = this.tokensWith(part);
    const tokens = this.tokens;
    const found =
      fit === 'in' ? all : all.filter((t) => (fit === 'all' ? tokens[t] === part : fit === 'end' ? tokens[t]!.endsWith(part) : tokens[t]!.startsWith(part)));
    if (found.length === 0) return EMPTY;
    if (found.length === 1) return this.postings.subarray(this.offsets[found[0]!]!, this.offsets[found[0]! + 1]!);
    let total = 0;
    for (const t of found) total += this.offsets[t + 1]! - this.offsets[t]!;
    if (total * 16 < this.hay.length) {
      // A few short lists: sorted and deduplicated directly.
      const all = new Int32Array(total);
      let k = 0;
      for (const t of found) for (let p = this.offsets[t]!; p < this.offsets[t + 1]!; p++) all[k++] = this.postings[p]!;
      all.sort();
      let n = 0;
      for (let j = 0; j < all.length; j++) if (j === 0 || all[j] !== all[j - 1]) all[n++] = all[j]!;
      return all.subarray(0, n);
    }
    // One scratch array per index, cleared after each use: searches run one at a time on the thread.
    const hit = (this.scratch ??= new Uint8Array(this.hay.length));
    let n = 0;
    for (const t of found) {
      for (let p = this.offsets[t]!; p < this.offsets[t + 1]!; p++) {
        const i = this.postings[p]!;
        if (!hit[i]) {
          hit[i] = 1;
          n++;
        }
      }
    }
    const out = new Int32Array(n);
    for (let i = 0, k = 0; k < n; i++) {
      if (hit[i]) {
        out[k++] = i;
        hit[i] = 0;
      }
    }
    return out;
  }

  /** Ids of the tokens containing `part`. */
  private tokensWith(part: string): number[] {
    const found: number[] = [];
    if (part.length < 3) {
      const known = this.short.get(part);
      if (known) return known;
      // Tokens are held longest first: none after the first shorter than the part can contain it.
      for (let t = 0; t < this.tokens.length && this.tokens[t]!.length >= part.length; t++) if (this.tokens[t]!.includes(part)) found.push(t);
      // A short part reads the whole dictionary: its tokens are kept, within a bound (there are few such parts).
      if (this.shortSize + found.length <= SHORT_MEMO_MAX) {
        this.short.set(part, found);
        this.shortSize += found.length;
      }
      return found;
    }
    // Every token containing the part holds each of its pieces: check the tokens of the rarest.
    let from = 0;
    let to = -1;
    for (let i = 0; i + 3 <= part.length; i++) {
      const g = this.grams.get(gramAt(part, i));
      if (g === undefined) return found;
      const a = this.gramOffsets[g]!;
      const b = this.gramOffsets[g + 1]!;
      if (to < 0 || b - a < to - from) {
        from = a;
        to = b;
      }
    }
    for (let k = from; k < to; k++) {
      const t = this.gramTokens[k]!;
      if (this.tokens[t]!.includes(part)) found.push(t);
    }
    return found;
  }

  /** Tokens holding a part shorter than a piece, by part (at most SHORT_MEMO_MAX ids in all). */
  private readonly short = new Map<string, number[]>();
  private shortSize = 0;
  /**
   * Positions of parts held by several tokens (a common stem, a number's last digits), most recently
   * used first: common words recur across searches, and their union is the costly step.
   */
  private readonly unions = new LRUCache<string, Int32Array>({ maxSize: UNION_MEMO_BYTES, sizeCalculation: (a) => a.byteLength + 64 });
  private scratch: Uint8Array | undefined;

  /** Memory held, roughly (token strings and the arrays). */
  get bytes(): number {
    let n = SHORT_MEMO_MAX * 8 + UNION_MEMO_BYTES + this.hay.length + this.offsets.byteLength + this.postings.byteLength + this.gramOffsets.byteLength + this.gramTokens.byteLength + this.grams.size * 40;
    for (const t of this.tokens) n += t.length * 2 + 32;
    return n;
  }

  /**
   * Builds the index of `hay` a slice of texts at a time, yielding to the event loop between
   * slices so requests keep being answered; `stale()` true abandons it (a newer corpus exists).
   */
  static async build(hay: readonly string[], stale: () => boolean = () => false, slice = 500): Promise<SearchIndex | null> {
    const ids = new Map<string, number>();
    const lists: number[][] = [];
    for (let start = 0; start < hay.length; start += slice) {
      if (start > 0) {
        await new Promise<void>((r) => setImmediate(r));
        if (stale()) return null;
      }
      const end = Math.min(hay.length, start + slice);
      for (let i = start; i < end; i++) addText(hay[i]!, i, ids, lists);
    }
    const tokens = sortedTokens(ids);
    const gramLists = new Map<number, number[]>();
    for (let start = 0; start < tokens.length; start += slice * 4) {
      await new Promise<void>((r) => setImmediate(r));
      if (stale()) return null;
      addGrams(tokens, start, Math.min(tokens.length, start + slice * 4), gramLists);
    }
    return SearchIndex.pack(tokens, ids, lists, gramLists, hay);
  }

  /** The same, at once (tests, small corpora). */
  static buildNow(hay: readonly string[]): SearchIndex {
    const ids = new Map<string, number>();
    const lists: number[][] = [];
    for (let i = 0; i < hay.length; i++) addText(hay[i]!, i, ids, lists);
    const tokens = sortedTokens(ids);
    const gramLists = new Map<number, number[]>();
    addGrams(tokens, 0, tokens.length, gramLists);
    return SearchIndex.pack(tokens, ids, lists, gramLists, hay);
  }

  private static pack(tokens: string[], ids: Map<string, number>, lists: number[][], gramLists: Map<number, number[]>, hay: readonly string[]): SearchIndex {
    const offsets = new Int32Array(tokens.length + 1);
    let total = 0;
    for (let t = 0; t < tokens.length; t++) {
      offsets[t] = total;
      total += lists[ids.get(tokens[t]!)!]!.length;
    }
    offsets[tokens.length] = total;
    const postings = new Int32Array(total);
    for (let t = 0; t < tokens.length; t++) postings.set(lists[ids.get(tokens[t]!)!]!, offsets[t]!);
    const grams = new Map<number, number>();
    const gramOffsets = new Int32Array(gramLists.size + 1);
    let gramTotal = 0;
    for (const list of gramLists.values()) gramTotal += list.length;
    const gramTokens = new Int32Array(gramTotal);
    let g = 0;
    let at = 0;
    for (const [key, list] of gramLists) {
      grams.set(key, g);
      gramOffsets[g++] = at;
      gramTokens.set(list, at);
      at += list.length;
    }
    gramOffsets[g] = at;
    return new SearchIndex(tokens, offsets, postings, grams, gramOffsets, gramTokens, hay);
  }
}

const EMPTY = new Int32Array(0);
/** Where in a token a keyword part must be: anywhere, at its end, at its start, or all of it. */
type Fit = 'in' | 'end' | 'start' | 'all';
/** Positions kept for parts held by several tokens: 2 MB at most. */
const UNION_MEMO_BYTES = 2 * 2 ** 20;
/** Token ids kept for short parts: 2 MB at most. */
const SHORT_MEMO_MAX = 262_144;

const sortedTokens = (ids: Map<string, number>) => [...ids.keys()].sort((a, b) => b.length - a.length);

/** Adds the pieces of tokens[from … to) to `gramLists`; token ids come in order, so a piece twice in a token is its list's last entry. */
function addGrams(tokens: string[], from: number, to: number, gramLists: Map<number, number[]>) {
  for (let t = from; t < to; t++) {
    const token = tokens[t]!;
    for (let i = 0; i + 3 <= token.length; i++) {
      const key = gramAt(token, i);
      const list = gramLists.get(key);
      if (!list) gramLists.set(key, [t]);
      else if (list[list.length - 1] !== t) list.push(t);
    }
  }
}

/** The three UTF-16 code units at `i` as one number (exact: 48 bits). */
const gramAt = (s: string, i: number) => s.charCodeAt(i) * 4294967296 + s.charCodeAt(i + 1) * 65536 + s.charCodeAt(i + 2);

/**
 * The first index at or after `from` whose value is ≥ `x` in an ascending list: galloping from
 * `from`, so a walk of ascending values costs O(log gap) per step, whether the list is dense or sparse.
 */
function seek(list: Int32Array, from: number, x: number): number {
  if (from >= list.length || list[from]! >= x) return from;
  let step = 1;
  let lo = from;
  let hi = from + 1;
  while (hi < list.length && list[hi]! < x) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  if (hi > list.length) hi = list.length;
  // list[lo] < x, and list[hi] ≥ x or hi is the end.
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < x) lo = mid;
    else hi = mid;
  }
  return hi;
}

function addText(text: string, pos: number, ids: Map<string, number>, lists: number[][]) {
  let from = 0;
  while (from <= text.length) {
    let to = text.indexOf(' ', from);
    if (to < 0) to = text.length;
    if (to > from) {
      const token = text.slice(from, to);
      let id = ids.get(token);
      if (id === undefined) {
        ids.set(token, (id = lists.length));
        lists.push([pos]);
      } else {
        const list = lists[id]!;
        // Positions arrive in order: a repeat of the token in the same text is its last entry.
        if (list[list.length - 1] !== pos) list.push(pos);
      }
    }
    from = to + 1;
  }
}

/**
 * The public search's index over one corpus version: every distinct space-separated token of the
 * search texts, with the corpus positions holding it.
 *
 * A search text is lower case with single spaces (`searchText`), and a normalised keyword has single
 * spaces too, so each space-free part of a keyword can only occur inside one token. The positions
 * of the tokens containing the keyword's longest part are therefore a superset of the matches:
 * scanning the dictionary (a few thousand short tokens) replaces scanning every article's text, and
 * the full keyword is then checked on those candidates only. The answer is the linear scan's,
 * entry for entry (docs/product.md#search).
 */
export class SearchIndex {
  private constructor(
    private readonly tokens: string[],
    /** Positions of token i: postings[offsets[i] … offsets[i+1]), ascending. */
    private readonly offsets: Int32Array,
    private readonly postings: Int32Array,
    private readonly hay: readonly string[],
  ) {}

  /** Corpus positions whose text contains `keyword` (normalised), in corpus order, at most `max`. */
  search(keyword: string, max: number): number[] {
    const out: number[] = [];
    if (!keyword) return out;
    const parts = keyword.split(' ');
    let longest = parts[0]!;
    for (const p of parts) if (p.length > longest.length) longest = p;
    const hit = new Uint8Array(this.hay.length);
    let any = false;
    // Tokens are held longest first: none after the first shorter than the part can contain it.
    for (let t = 0; t < this.tokens.length && this.tokens[t]!.length >= longest.length; t++) {
      if (!this.tokens[t]!.includes(longest)) continue;
      any = true;
      for (let k = this.offsets[t]!; k < this.offsets[t + 1]!; k++) hit[this.postings[k]!] = 1;
    }
    if (!any) return out;
    // One part that lies inside a token is already a match; a phrase is checked on its candidates.
    const phrase = parts.length > 1;
    for (let i = 0; i < hit.length && out.length < max; i++) {
      if (hit[i] && (!phrase || this.hay[i]!.includes(keyword))) out.push(i);
    }
    return out;
  }

  /** Memory held, roughly (token strings and the two arrays). */
  get bytes(): number {
    let n = this.offsets.byteLength + this.postings.byteLength;
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
    return SearchIndex.pack(ids, lists, hay);
  }

  /** The same, at once (tests, small corpora). */
  static buildNow(hay: readonly string[]): SearchIndex {
    const ids = new Map<string, number>();
    const lists: number[][] = [];
    for (let i = 0; i < hay.length; i++) addText(hay[i]!, i, ids, lists);
    return SearchIndex.pack(ids, lists, hay);
  }

  private static pack(ids: Map<string, number>, lists: number[][], hay: readonly string[]): SearchIndex {
    const byLength = [...ids].sort((a, b) => b[0].length - a[0].length);
    const tokens = byLength.map(([token]) => token);
    const offsets = new Int32Array(tokens.length + 1);
    let total = 0;
    for (let t = 0; t < byLength.length; t++) {
      offsets[t] = total;
      total += lists[byLength[t]![1]]!.length;
    }
    offsets[byLength.length] = total;
    const postings = new Int32Array(total);
    let k = 0;
    for (const [, id] of byLength) for (const p of lists[id]!) postings[k++] = p;
    return new SearchIndex(tokens, offsets, postings, hay);
  }
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

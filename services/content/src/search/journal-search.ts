import type { AdminSearchHit } from '@journal/contracts';
import { adminMatcher } from '../archives/article.repo';
import { SearchIndex } from './search-index';
import { entryBytes, entryOrder, type SearchEntry, type SearchSummary } from './search-entry';
import { SearchBase, type BaseItem } from './search-base';

/**
 * The entries held as of one moment (compact, in search order) and, for a large journal, the
 * trigram index over their public texts (null until built: a scan answers meanwhile).
 */
interface Base {
  data: SearchBase;
  index: SearchIndex | null;
  /** The index's bytes, counted once (the count walks its dictionary). */
  indexBytes: number;
  /** The change counter when it was taken: changes after it are the overlay. */
  at: number;
}

export interface JournalSearchOptions {
  /** At or above this many entries the trigram index is built (in the background); below, a scan is as fast. */
  minIndexed: number;
  /** Called when the held bytes change (an index built, a base replaced). */
  onResize?: (j: JournalSearch) => void;
}

/**
 * One journal's search index in memory (no I/O). The base is an immutable sorted snapshot held
 * column by column (SearchBase); a change records the entry (or its removal) in the overlay, which
 * masks the id in the base and is scanned on every search (a few hundred entries at most: past
 * that a new base is built in the background and the overlay shrinks to what changed since).
 * Answers are therefore those of a scan of every current entry in search order, entry for entry,
 * at every moment.
 */
export class JournalSearch {
  private base: Base;
  /** Id → change counter of the last change since the base was taken. */
  private readonly changed = new Map<string, number>();
  /** Id → the entry now (null: removed), for every id in `changed`. */
  private readonly current = new Map<string, SearchEntry | null>();
  private currentBytes = 0;
  private count: number;
  private counter = 0;
  private building = false;
  private dropped = false;

  private constructor(
    readonly journalId: string,
    data: SearchBase,
    private readonly opts: JournalSearchOptions,
  ) {
    this.count = data.size;
    this.base = { data, index: null, indexBytes: 0, at: 0 };
    if (this.count >= this.opts.minIndexed) this.rebase(this.base);
  }

  /** The journal of `entries` (any order; the last of an id wins), built at once. */
  static now(journalId: string, entries: Iterable<SearchEntry>, opts: JournalSearchOptions): JournalSearch {
    return new JournalSearch(journalId, SearchBase.buildNow(sorted(entries)), opts);
  }

  /** The same, built a slice at a time between yields (a large journal's load: about a second of CPU at 100,000 entries). */
  static async open(journalId: string, entries: Iterable<SearchEntry>, opts: JournalSearchOptions): Promise<JournalSearch> {
    return new JournalSearch(journalId, (await SearchBase.build(sorted(entries), () => false))!, opts);
  }

  get size(): number {
    return this.count;
  }

  /** Heap bytes held, roughly: the base, its index and the overlay. */
  get bytes(): number {
    return this.base.data.bytes + this.base.indexBytes + this.currentBytes + this.changed.size * 160 + 1024;
  }

  /** Whether the trigram index of the current base is built (tests, bench). */
  get indexed(): boolean {
    return this.base.index !== null;
  }

  /** The journal no longer held: a background build stops. */
  drop() {
    this.dropped = true;
  }

  /** Replaces (or, null, removes) one article's entry. */
  set(id: string, entry: SearchEntry | null) {
    const had = this.current.has(id) ? this.current.get(id) !== null : this.base.data.positionOf(id) >= 0;
    this.count += (entry ? 1 : 0) - (had ? 1 : 0);
    this.remember(id, entry);
    this.changed.set(id, ++this.counter);
    if (this.changed.size > Math.max(OVERLAY_MIN, this.count / 64)) this.rebase();
  }

  /**
   * docs/product.md#search: the public entries whose text contains `keyword` (normalised, not
   * empty), in search order, at most `max`.
   */
  search(keyword: string, max: number): SearchSummary[] {
    const { data, index } = this.base;
    const masked = this.changed;
    const found: number[] = [];
    if (index) {
      // Masked positions may be among the first hits: ask for that many more.
      for (const i of index.search(keyword, max + masked.size)) {
        if (!masked.has(data.ids[i]!)) found.push(i);
        if (found.length >= max) break;
      }
    } else {
      const { hay, ids } = data;
      for (let i = 0; i < hay.length && found.length < max; i++) {
        if (hay[i]!.includes(keyword) && !masked.has(ids[i]!)) found.push(i);
      }
    }
    const extra: SearchEntry[] = [];
    for (const e of this.current.values()) if (e?.summary && e.hay.includes(keyword)) extra.push(e);
    return merged(data.entriesAt(found), extra, max).map((e) => e.summary!);
  }

  /**
   * docs/product.md#admin-area: every article, any status, whose reference number is `q` or whose
   * admin text contains it; search order, at most `limit`.
   */
  adminSearch(q: string, limit: number): AdminSearchHit[] {
    const match = adminMatcher(q);
    const masked = this.changed;
    const { data } = this.base;
    const { refs, adminHay, ids } = data;
    const found: number[] = [];
    for (let i = 0; i < refs.length && found.length < limit; i++) {
      if (match(refs[i]!, adminHay[i]!) && !masked.has(ids[i]!)) found.push(i);
    }
    const extra: SearchEntry[] = [];
    for (const e of this.current.values()) if (e && match(e.hit.refnumber, e.adminHay)) extra.push(e);
    return merged(data.entriesAt(found), extra, limit).map((e) => e.hit);
  }

  private remember(id: string, entry: SearchEntry | null) {
    const old = this.current.get(id);
    if (old) this.currentBytes -= entryBytes(old);
    this.current.set(id, entry);
    if (entry) this.currentBytes += entryBytes(entry);
  }

  private forget(id: string) {
    const old = this.current.get(id);
    if (old) this.currentBytes -= entryBytes(old);
    this.current.delete(id);
    this.changed.delete(id);
  }

  /**
   * The current entries in search order, as of now: the base's unmasked positions merged with the
   * overlay's entries (entries never change once made, so the list stays right while it is used).
   */
  private items(): BaseItem[] {
    const data = this.base.data;
    const added = [...this.current.values()].filter((e): e is SearchEntry => e !== null).sort(entryOrder);
    const out: BaseItem[] = [];
    let k = 0;
    for (let i = 0; i < data.size; i++) {
      if (this.changed.has(data.ids[i]!)) continue;
      while (k < added.length && data.compare(i, added[k]!) > 0) out.push(added[k++]!);
      out.push({ from: data, i });
    }
    while (k < added.length) out.push(added[k++]!);
    return out;
  }

  /**
   * Builds a new base (`ready`, or one of the current entries) and its index in the background and
   * swaps them in: the overlay keeps only what changed after the snapshot. One build at a time; a
   * build that finishes with the overlay grown again starts the next.
   */
  private rebase(ready?: Base) {
    if (this.building || this.dropped) return;
    this.building = true;
    const at = this.counter;
    const built = (async () => {
      const data = ready?.data ?? (await SearchBase.build(this.items(), () => this.dropped));
      if (!data) return null;
      const small = data.size < this.opts.minIndexed;
      const index = small ? null : await SearchIndex.build(data.hay, () => this.dropped);
      return small || index ? { data, index, indexBytes: index?.bytes ?? 0, at } : null;
    })();
    void built.then(
      (next) => {
        this.building = false;
        if (this.dropped || !next) return;
        this.base = next;
        for (const [id, when] of this.changed) if (when <= next.at) this.forget(id);
        this.opts.onResize?.(this);
        if (this.changed.size > Math.max(OVERLAY_MIN, this.count / 64)) this.rebase();
      },
      () => {
        this.building = false;
      },
    );
  }
}

/** Past this many changed entries (or 1/64 of the journal) a new base is built. */
const OVERLAY_MIN = 256;

/** Entries by id (the last of an id wins), in search order. */
function sorted(entries: Iterable<SearchEntry>): SearchEntry[] {
  const byId = new Map<string, SearchEntry>();
  for (const e of entries) byId.set(e.hit.id, e);
  return [...byId.values()].sort(entryOrder);
}

/** The first `max` of two lists each in search order, in search order. */
function merged(a: SearchEntry[], b: SearchEntry[], max: number): SearchEntry[] {
  if (!b.length) return a.length > max ? a.slice(0, max) : a;
  b.sort(entryOrder);
  const out: SearchEntry[] = [];
  let i = 0;
  let j = 0;
  while (out.length < max && (i < a.length || j < b.length)) {
    if (j >= b.length || (i < a.length && entryOrder(a[i]!, b[j]!) <= 0)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

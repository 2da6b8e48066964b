import type { AdminSearchHit } from '@journal/contracts';
import { adminMatcher } from '../archives/article.repo';
import { SearchIndex } from './search-index';
import { entryBytes, entryOrder, type SearchEntry, type SearchSummary } from './search-entry';

/**
 * The entries held as of one moment, in search order, with their public texts aligned and, for a
 * large journal, the trigram index over those texts (null until built: a scan answers meanwhile).
 */
interface Base {
  entries: SearchEntry[];
  hay: string[];
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
  onResize?: () => void;
}

/**
 * One journal's search index in memory (no I/O). The base is an immutable sorted snapshot; a change
 * replaces the entry in `byId` and records its id in the overlay, which masks the id in the base and
 * is scanned on every search (a few hundred entries at most: past that a new base is built in the
 * background and the overlay shrinks to what changed since). Answers are therefore those of a scan
 * of every current entry in search order, entry for entry, at every moment.
 */
export class JournalSearch {
  private readonly byId = new Map<string, SearchEntry>();
  private base: Base = { entries: [], hay: [], index: null, indexBytes: 0, at: 0 };
  /** Id → change counter of the last change since the base was taken. */
  private readonly changed = new Map<string, number>();
  private counter = 0;
  private building = false;
  private dropped = false;
  private entryTotal = 0;

  constructor(
    readonly journalId: string,
    entries: Iterable<SearchEntry>,
    private readonly opts: JournalSearchOptions,
  ) {
    for (const e of entries) this.byId.set(e.hit.id, e);
    for (const e of this.byId.values()) this.entryTotal += entryBytes(e);
    this.base = this.snapshot();
    this.maybeIndex();
  }

  get size(): number {
    return this.byId.size;
  }

  /** Heap bytes held, roughly: the entries, the base's arrays and its index. */
  get bytes(): number {
    return this.entryTotal + this.base.entries.length * 16 + this.base.indexBytes + this.changed.size * 80 + 1024;
  }

  /** Whether the trigram index of the current base is built (tests, bench). */
  get indexed(): boolean {
    return this.base.index !== null;
  }

  /** The journal no longer held: a background build stops. */
  drop() {
    this.dropped = true;
  }

  entries(): IterableIterator<SearchEntry> {
    return this.byId.values();
  }

  get(id: string): SearchEntry | undefined {
    return this.byId.get(id);
  }

  /** Replaces (or, null, removes) one article's entry. */
  set(id: string, entry: SearchEntry | null) {
    const old = this.byId.get(id);
    if (old) this.entryTotal -= entryBytes(old);
    if (entry) {
      this.byId.set(id, entry);
      this.entryTotal += entryBytes(entry);
    } else this.byId.delete(id);
    this.changed.set(id, ++this.counter);
    if (this.changed.size > Math.max(OVERLAY_MIN, this.byId.size / 64)) this.rebase();
  }

  /**
   * docs/product.md#search: the public entries whose text contains `keyword` (normalised, not
   * empty), in search order, at most `max`.
   */
  search(keyword: string, max: number): SearchSummary[] {
    const base = this.base;
    const masked = this.changed;
    const found: SearchEntry[] = [];
    if (base.index) {
      // Masked positions may be among the first hits: ask for that many more.
      for (const i of base.index.search(keyword, max + masked.size)) {
        const e = base.entries[i]!;
        if (!masked.has(e.hit.id)) found.push(e);
        if (found.length >= max) break;
      }
    } else {
      const { hay, entries } = base;
      for (let i = 0; i < hay.length && found.length < max; i++) {
        if (hay[i]!.includes(keyword) && !masked.has(entries[i]!.hit.id)) found.push(entries[i]!);
      }
    }
    const extra: SearchEntry[] = [];
    for (const id of masked.keys()) {
      const e = this.byId.get(id);
      if (e?.summary && e.hay.includes(keyword)) extra.push(e);
    }
    return merged(found, extra, max).map((e) => e.summary!);
  }

  /**
   * docs/product.md#admin-area: every article, any status, whose reference number is `q` or whose
   * admin text contains it; search order, at most `limit`.
   */
  adminSearch(q: string, limit: number): AdminSearchHit[] {
    const match = adminMatcher(q);
    const masked = this.changed;
    const found: SearchEntry[] = [];
    for (const e of this.base.entries) {
      if (found.length >= limit) break;
      if (match(e.hit.refnumber, e.adminHay) && !masked.has(e.hit.id)) found.push(e);
    }
    const extra: SearchEntry[] = [];
    for (const id of masked.keys()) {
      const e = this.byId.get(id);
      if (e && match(e.hit.refnumber, e.adminHay)) extra.push(e);
    }
    return merged(found, extra, limit).map((e) => e.hit);
  }

  private snapshot(): Base {
    const entries = [...this.byId.values()].sort(entryOrder);
    return { entries, hay: entries.map((e) => e.hay), index: null, indexBytes: 0, at: this.counter };
  }

  private maybeIndex() {
    if (this.byId.size >= this.opts.minIndexed) this.rebase(this.base);
  }

  /**
   * Builds the index of a new base (of `ready`, or a fresh snapshot) in the background and swaps it
   * in: the overlay keeps only what changed after the snapshot. One build at a time; a build that
   * finishes with the overlay grown again starts the next.
   */
  private rebase(ready?: Base) {
    if (this.building || this.dropped) return;
    this.building = true;
    const next = ready ?? this.snapshot();
    const small = next.entries.length < this.opts.minIndexed;
    const built = small ? Promise.resolve(null) : SearchIndex.build(next.hay, () => this.dropped);
    void built.then(
      (index) => {
        this.building = false;
        if (this.dropped || (!index && !small)) return;
        this.base = { ...next, index, indexBytes: index?.bytes ?? 0 };
        for (const [id, at] of this.changed) if (at <= next.at) this.changed.delete(id);
        this.opts.onResize?.();
        if (this.changed.size > Math.max(OVERLAY_MIN, this.byId.size / 64)) this.rebase();
      },
      () => {
        this.building = false;
      },
    );
  }
}

/** Past this many changed entries (or 1/64 of the journal) a new base is built. */
const OVERLAY_MIN = 256;

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

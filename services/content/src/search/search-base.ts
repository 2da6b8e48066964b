import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { entryBytes, entryOrder, type SearchEntry } from './search-entry';
import { pack, unpack } from './search-packing';

/** One entry of a new base: an entry object, or position `i` of an older base. */
export type BaseItem = SearchEntry | { from: SearchBase; i: number };

/**
 * Entries whose rows are compressed together. A block is inflated for an answer's entries only
 * (about 50 µs for 64 rows), and 64 rows compress to about a fifth of their JSON.
 */
const BLOCK = 64;
/**
 * Below this many entries a base keeps its entry objects (a journal of 10,000 articles is about
 * 15 MB so): an answer then costs no inflating, and a public search answering 1,000 articles
 * scattered over a large journal's blocks costs some 60-120 ms of CPU compact, 3 ms kept.
 */
const COMPACT_FROM = 10_000;
/** Blocks whose entries are kept made (at most about 1.5 MB, counted in `bytes`). */
const HOT_BLOCKS = 16;
/** Blocks built between two yields to the event loop when a base is built in the background. */
const BLOCKS_PER_SLICE = 32;
/** V8's header of a string (8-byte map, hash, length), an array slot, a byte array's own objects. */
const STRING = 16;
const SLOT = 8;
const BUFFER = 96;
/** An entry made from its row, with its row's string: heap bytes, roughly. */
const HOT_ENTRY = 1500;

/**
 * A journal's search entries as of one moment, in search order, held column by column: what every
 * search reads on every entry (the id, the reference number, the public and the admin texts, the
 * order keys) as plain arrays, and the rest of each entry (its answer line and public summary) as
 * JSON rows deflated 64 at a time, inflated only for the entries an answer returns. A journal of
 * 100,000 articles is about 70 MB this way against about 150 MB as entry objects, so it fits the
 * search budget (SEARCH_CACHE_MB) and is searched in memory instead of read back on every search.
 * Immutable: a change is laid over it by JournalSearch, and a new base is built from this one and
 * the changes. A base of fewer than COMPACT_FROM entries keeps its entry objects instead of rows.
 */
export class SearchBase {
  private constructor(
    readonly ids: string[],
    readonly refs: string[],
    /** The public texts ('' when not public), aligned with the positions. */
    readonly hay: string[],
    readonly adminHay: string[],
    /** year, volume, issue, pageStart of position i at 4i … 4i+3. */
    private readonly keys: Float64Array,
    private readonly blocks: Uint8Array[],
    /** The entries themselves, in a base below COMPACT_FROM entries (then `blocks` is empty). */
    private readonly entries: SearchEntry[] | null,
    /** Positions in id order: a lookup by id is a binary search. */
    private readonly idOrder: Int32Array,
    readonly bytes: number,
  ) {}

  get size(): number {
    return this.ids.length;
  }

  static empty(): SearchBase {
    return SearchBase.buildNow([]);
  }

  /** The base of `items`, which are in search order; compact from `compactFrom` entries. */
  static buildNow(items: readonly BaseItem[], compactFrom = COMPACT_FROM): SearchBase {
    const b = new Builder(items, compactFrom);
    while (!b.done) b.step();
    return SearchBase.of(b.finish());
  }

  /** The same, a slice of blocks at a time between yields; null when `stale()` turns true. */
  static async build(items: readonly BaseItem[], stale: () => boolean, compactFrom = COMPACT_FROM): Promise<SearchBase | null> {
    const b = new Builder(items, compactFrom);
    while (!b.done) {
      for (let k = 0; k < BLOCKS_PER_SLICE && !b.done; k++) b.step();
      await new Promise<void>((r) => setImmediate(r));
      if (stale()) return null;
    }
    return SearchBase.of(b.finish());
  }

  private static of(p: BaseParts): SearchBase {
    return new SearchBase(p.ids, p.refs, p.hay, p.adminHay, p.keys, p.blocks, p.entries, p.idOrder, p.bytes);
  }

  /** The position of the entry with this id, or -1. */
  positionOf(id: string): number {
    let lo = 0;
    let hi = this.idOrder.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = this.idOrder[mid]!;
      const at = this.ids[p]!;
      if (at === id) return p;
      if (at < id) lo = mid + 1;
      else hi = mid;
    }
    return -1;
  }

  /** The entries at these positions, each block inflated once. */
  entriesAt(positions: readonly number[]): SearchEntry[] {
    const kept = this.entries;
    if (kept) return positions.map((i) => kept[i]!);
    return positions.map((i) => {
      const b = Math.floor(i / BLOCK);
      let hot = this.hot.get(b);
      if (hot) this.hot.delete(b);
      else {
        hot = { rows: this.rowsOf(b), entries: [] };
        if (this.hot.size >= HOT_BLOCKS) this.hot.delete(this.hot.keys().next().value!);
      }
      this.hot.set(b, hot);
      return (hot.entries[i % BLOCK] ??= this.entryOf(i, hot.rows[i % BLOCK]!));
    });
  }

  /**
   * The blocks answers read last, their entries made as asked, least recently used first: most
   * searches answer with the newest articles, the first blocks, which then cost no inflating.
   */
  private readonly hot = new Map<number, { rows: string[]; entries: SearchEntry[] }>();

  /** Order of position i against an entry, as `entryOrder`. */
  compare(i: number, e: SearchEntry): number {
    const k = this.keys;
    const key = { hit: { year: k[4 * i]!, volume: k[4 * i + 1]!, issue: k[4 * i + 2]!, refnumber: this.refs[i]!, id: this.ids[i]! }, pageStart: k[4 * i + 3]! };
    return entryOrder(key as SearchEntry, e);
  }

  /** The entry object at i when this base keeps them (Builder). */
  keptAt(i: number): SearchEntry | undefined {
    return this.entries?.[i];
  }

  /** Copies the order keys of position i to `to` at position j (Builder). */
  copyKeys(i: number, to: Float64Array, j: number) {
    to.set(this.keys.subarray(4 * i, 4 * i + 4), 4 * j);
  }

  /** The JSON rows of one block (RowReader). */
  rowsOf(block: number): string[] {
    return inflateRawSync(this.blocks[block]!).toString('utf8').split('\n');
  }

  private entryOf(i: number, row: string): SearchEntry {
    const r = JSON.parse(row) as unknown[];
    r[10] = this.adminHay[i];
    r[11] = this.hay[i];
    const e = unpack(r);
    if (!e) throw new Error(`search base row ${i} does not read back`);
    return e;
  }
}

/** Reads rows in any order, keeping the last block inflated (a walk in order inflates each once). */
class RowReader {
  private block = -1;
  private rows: string[] = [];
  constructor(private readonly base: SearchBase) {}

  row(i: number): string {
    const b = Math.floor(i / BLOCK);
    if (b !== this.block) {
      this.rows = this.base.rowsOf(b);
      this.block = b;
    }
    return this.rows[i % BLOCK]!;
  }
}

/** An entry's row: its packed form without the two texts, which the base holds as strings. */
function rowOf(e: SearchEntry): string {
  const p = pack(e);
  p[10] = '';
  p[11] = '';
  // JSON escapes a line feed inside a string: rows are one line each.
  return JSON.stringify(p);
}

interface BaseParts {
  ids: string[];
  refs: string[];
  hay: string[];
  adminHay: string[];
  keys: Float64Array;
  blocks: Uint8Array[];
  entries: SearchEntry[] | null;
  idOrder: Int32Array;
  bytes: number;
}

const stringBytes = (s: string) => STRING + SLOT + ((s.length + 7) & ~7);

class Builder {
  private readonly n: number;
  private readonly ids: string[];
  private readonly refs: string[];
  private readonly hay: string[];
  private readonly adminHay: string[];
  private readonly keys: Float64Array;
  private readonly blocks: Uint8Array[] = [];
  private readonly entries: SearchEntry[] | null;
  private readonly readers = new Map<SearchBase, RowReader>();
  private bytes = 0;
  private next = 0;

  constructor(
    private readonly items: readonly BaseItem[],
    compactFrom: number,
  ) {
    this.n = items.length;
    this.ids = new Array<string>(this.n);
    this.refs = new Array<string>(this.n);
    this.hay = new Array<string>(this.n);
    this.adminHay = new Array<string>(this.n);
    this.keys = new Float64Array(this.n * 4);
    this.entries = this.n < compactFrom ? new Array<SearchEntry>(this.n) : null;
  }

  get done(): boolean {
    return this.next >= this.n;
  }

  /** Takes the next block of items. */
  step() {
    const rows: string[] = [];
    const end = Math.min(this.n, this.next + BLOCK);
    for (let i = this.next; i < end; i++) {
      const item = this.items[i]!;
      const e = 'from' in item ? (this.entries ? item.from.entriesAt([item.i])[0]! : item.from.keptAt(item.i)) : item;
      if (e) {
        this.put(i, e.hit.id, e.hit.refnumber, e.hay, e.adminHay);
        this.keys.set([e.hit.year, e.hit.volume, e.hit.issue, e.pageStart], 4 * i);
      } else {
        const { from, i: j } = item as { from: SearchBase; i: number };
        this.put(i, from.ids[j]!, from.refs[j]!, from.hay[j]!, from.adminHay[j]!);
        from.copyKeys(j, this.keys, i);
      }
      if (this.entries) {
        this.entries[i] = e!;
        this.bytes += entryBytes(e!) + 4 * SLOT + 32;
        continue;
      }
      this.bytes += stringBytes(this.ids[i]!) + stringBytes(this.refs[i]!) + stringBytes(this.hay[i]!) + stringBytes(this.adminHay[i]!);
      if (e) rows.push(rowOf(e));
      else {
        const { from, i: j } = item as { from: SearchBase; i: number };
        let reader = this.readers.get(from);
        if (!reader) this.readers.set(from, (reader = new RowReader(from)));
        rows.push(reader.row(j));
      }
    }
    this.next = end;
    if (this.entries) return;
    // A copy of its own size: zlib's output is a view of a larger buffer.
    const z = new Uint8Array(deflateRawSync(rows.join('\n'), { level: 1 }));
    this.blocks.push(z);
    this.bytes += z.byteLength + BUFFER;
  }

  finish(): BaseParts {
    const idOrder = new Int32Array(this.n);
    for (let i = 0; i < this.n; i++) idOrder[i] = i;
    const ids = this.ids;
    idOrder.sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
    this.bytes += this.keys.byteLength + idOrder.byteLength + 4 * SLOT + 256 + (this.entries ? 0 : Math.min(this.n, HOT_BLOCKS * BLOCK) * HOT_ENTRY);
    return { ids, refs: this.refs, hay: this.hay, adminHay: this.adminHay, keys: this.keys, blocks: this.blocks, entries: this.entries, idOrder, bytes: this.bytes };
  }

  private put(i: number, id: string, ref: string, hay: string, adminHay: string) {
    this.ids[i] = id;
    this.refs[i] = ref;
    this.hay[i] = hay;
    this.adminHay[i] = adminHay;
  }
}

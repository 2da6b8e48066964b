import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { entryOrder, type SearchEntry } from './search-entry';
import { pack, unpack } from './search-packing';

/** One entry of a new base: an entry object, or position `i` of an older base. */
export type BaseItem = SearchEntry | { from: SearchBase; i: number };

/**
 * Entries whose rows are compressed together. A block is inflated for an answer's entries only
 * (about 50 µs for 64 rows), and 64 rows compress to about a fifth of their JSON.
 */
const BLOCK = 64;
/** Blocks built between two yields to the event loop when a base is built in the background. */
const BLOCKS_PER_SLICE = 32;
/** V8's header of a string (8-byte map, hash, length), an array slot, a byte array's own objects. */
const STRING = 16;
const SLOT = 8;
const BUFFER = 96;

/**
 * A journal's search entries as of one moment, in search order, held column by column: what every
 * search reads on every entry (the id, the reference number, the public and the admin texts, the
 * order keys) as plain arrays, and the rest of each entry (its answer line and public summary) as
 * JSON rows deflated 64 at a time, inflated only for the entries an answer returns. A journal of
 * 100,000 articles is about 70 MB this way against about 150 MB as entry objects, so it fits the
 * search budget (SEARCH_CACHE_MB) and is searched in memory instead of read back on every search.
 * Immutable: a change is laid over it by JournalSearch, and a new base is built from this one and
 * the changes.
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

  /** The base of `items`, which are in search order. */
  static buildNow(items: readonly BaseItem[]): SearchBase {
    const b = new Builder(items);
    while (!b.done) b.step();
    return SearchBase.of(b.finish());
  }

  /** The same, a slice of blocks at a time between yields; null when `stale()` turns true. */
  static async build(items: readonly BaseItem[], stale: () => boolean): Promise<SearchBase | null> {
    const b = new Builder(items);
    while (!b.done) {
      for (let k = 0; k < BLOCKS_PER_SLICE && !b.done; k++) b.step();
      await new Promise<void>((r) => setImmediate(r));
      if (stale()) return null;
    }
    return SearchBase.of(b.finish());
  }

  private static of(p: BaseParts): SearchBase {
    return new SearchBase(p.ids, p.refs, p.hay, p.adminHay, p.keys, p.blocks, p.idOrder, p.bytes);
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
    const rows = new RowReader(this);
    return positions.map((i) => this.entryOf(i, rows.row(i)));
  }

  /** Order of position i against an entry, as `entryOrder`. */
  compare(i: number, e: SearchEntry): number {
    const k = this.keys;
    const key = { hit: { year: k[4 * i]!, volume: k[4 * i + 1]!, issue: k[4 * i + 2]!, refnumber: this.refs[i]!, id: this.ids[i]! }, pageStart: k[4 * i + 3]! };
    return entryOrder(key as SearchEntry, e);
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
  private readonly readers = new Map<SearchBase, RowReader>();
  private bytes = 0;
  private next = 0;

  constructor(private readonly items: readonly BaseItem[]) {
    this.n = items.length;
    this.ids = new Array<string>(this.n);
    this.refs = new Array<string>(this.n);
    this.hay = new Array<string>(this.n);
    this.adminHay = new Array<string>(this.n);
    this.keys = new Float64Array(this.n * 4);
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
      if ('from' in item) {
        const { from, i: j } = item;
        let reader = this.readers.get(from);
        if (!reader) this.readers.set(from, (reader = new RowReader(from)));
        rows.push(reader.row(j));
        this.put(i, from.ids[j]!, from.refs[j]!, from.hay[j]!, from.adminHay[j]!);
        from.copyKeys(j, this.keys, i);
      } else {
        rows.push(rowOf(item));
        this.put(i, item.hit.id, item.hit.refnumber, item.hay, item.adminHay);
        this.keys.set([item.hit.year, item.hit.volume, item.hit.issue, item.pageStart], 4 * i);
      }
    }
    // A copy of its own size: zlib's output is a view of a larger buffer.
    const z = new Uint8Array(deflateRawSync(rows.join('\n'), { level: 1 }));
    this.blocks.push(z);
    this.bytes += z.byteLength + BUFFER;
    this.next = end;
  }

  finish(): BaseParts {
    const idOrder = new Int32Array(this.n);
    for (let i = 0; i < this.n; i++) idOrder[i] = i;
    const ids = this.ids;
    idOrder.sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0));
    this.bytes += this.keys.byteLength + idOrder.byteLength + 4 * SLOT + 256;
    return { ids, refs: this.refs, hay: this.hay, adminHay: this.adminHay, keys: this.keys, blocks: this.blocks, idOrder, bytes: this.bytes };
  }

  private put(i: number, id: string, ref: string, hay: string, adminHay: string) {
    this.ids[i] = id;
    this.refs[i] = ref;
    this.hay[i] = hay;
    this.adminHay[i] = adminHay;
    this.bytes += stringBytes(id) + stringBytes(ref) + stringBytes(hay) + stringBytes(adminHay);
  }
}

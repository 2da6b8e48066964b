import type { WorkStatus } from '@journal/contracts';
import type { EntryFilter, StoredEntry } from './entry.repo';

interface Indexed {
  entry: StoredEntry;
  time: number;
  lower: string;
}

/** Newest first; equal times fall back to the id, as the database sort does. */
const newerFirst = (a: Indexed, b: Indexed) => b.time - a.time || (a.entry.id < b.entry.id ? 1 : a.entry.id > b.entry.id ? -1 : 0);

const wrap = (entry: StoredEntry): Indexed => ({ entry, time: entry.createdAt.getTime(), lower: entry.content.toLowerCase() });

/**
 * One journal's entries in memory, newest first, for filtering, searching and paging without a
 * database scan. Pure data structure: no I/O.
 */
export class EntryIndex {
  private readonly rows: Indexed[];
  private readonly byId = new Map<string, Indexed>();
  /**
   * Matches of recent (status, search) pairs, so paging through one result costs a slice, and a
   * search within a status scans only that status's entries. Any write clears it.
   */
  private readonly memo = new Map<string, Indexed[]>();
  private static readonly MEMO_SIZE = 64;

  constructor(entries: StoredEntry[]) {
    this.rows = entries.map(wrap).sort(newerFirst);
    for (const r of this.rows) this.byId.set(r.entry.id, r);
  }

  get size() {
    return this.rows.length;
  }

  all(): StoredEntry[] {
    return this.rows.map((r) => r.entry);
  }

  add(entry: StoredEntry) {
    if (this.byId.has(entry.id)) return;
    const row = wrap(entry);
    // New entries are nearly always the newest: search from the front.
    let i = 0;
    while (i < this.rows.length && newerFirst(this.rows[i]!, row) < 0) i++;
    this.rows.splice(i, 0, row);
    this.byId.set(entry.id, row);
    this.memo.clear();
  }

  /** Adds the entry, or takes over the stored status and content of one already here. */
  upsert(entry: StoredEntry) {
    const row = this.byId.get(entry.id);
    if (!row) return this.add(entry);
    row.entry.status = entry.status;
    if (row.entry.content !== entry.content) {
      row.entry.content = entry.content;
      row.lower = entry.content.toLowerCase();
    }
    this.memo.clear();
  }

  setStatus(id: string, status: WorkStatus) {
    const row = this.byId.get(id);
    if (row) row.entry.status = status;
    this.memo.clear();
  }

  private matches(status: WorkStatus | undefined, needle: string): Indexed[] {
    if (!status && !needle) return this.rows;
    const key = `${status ?? ''}\u0000${needle}`;
    const hit = this.memo.get(key);
    if (hit) {
      this.memo.delete(key);
      this.memo.set(key, hit);
      return hit;
    }
    const base = status && needle ? this.matches(status, '') : this.rows;
    const found: Indexed[] = [];
    for (const r of base) {
      if (status && r.entry.status !== status) continue;
      if (needle && !r.lower.includes(needle)) continue;
      found.push(r);
    }
    this.memo.set(key, found);
    if (this.memo.size > EntryIndex.MEMO_SIZE) this.memo.delete(this.memo.keys().next().value!);
    return found;
  }

  /**
   * Entries matching `f`, newest first, as page `page` of `pageSize` (clamped between 1 and the
   * last page), with how many match in all.
   */
  query(f: EntryFilter, page: number, pageSize: number): { items: StoredEntry[]; total: number; page: number } {
    const matched = this.matches(f.status, f.search ? f.search.toLowerCase() : '');
    const p = clampPage(page, matched.length, pageSize);
    return { items: matched.slice((p - 1) * pageSize, p * pageSize).map((r) => r.entry), total: matched.length, page: p };
  }
}

/** docs/product.md#worklog: the pager stays between 1 and the last page. */
export const clampPage = (page: number, total: number, pageSize: number) =>
  Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / pageSize)));

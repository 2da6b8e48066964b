import { Types } from 'mongoose';
import { LRUCache, type Logger } from '@journal/server-kit';
import type { WorkStatus } from '@journal/contracts';
import type { EntryFilter, StoredEntry } from './entry.repo';
import type { EntryPageRepo, StoredPage } from './entry-page.repo';
import {
  baseCount,
  baseVersion,
  CHUNK_CAPACITY,
  chunkCount,
  chunkSize,
  clampPage,
  compareKey,
  countOn,
  insertEntry,
  PAGE_CAPACITY,
  statusIndex,
  pageFor,
  pagesForRows,
  sortEntries,
  summarise,
  type IndexHead,
  type IndexTop,
  type PageSummary,
} from './entry-pages';
import type { IndexLock } from './index-lock.repo';

/** A page as this replica keeps it: the entries plus their lower-cased content for search. */
interface CachedPage extends StoredPage {
  lower: string[];
  /** The base document it was read from (version, entries): its full chunks are kept by a later read. */
  w: string;
  b: number;
  /** Named by the head but not there: a write split and removed it after the head was read (or died before writing it). */
  gone?: boolean;
}

/** A page as read: `complete` when it is the page the head's summary names (else what is stored now). */
type ReadPage = StoredPage & { w: string; b: number; complete: boolean };

export interface EntryIndexDeps {
  pages: EntryPageRepo;
  lock: IndexLock;
  logger: Logger;
  /** Bytes of pages kept in memory (roughly: two bytes a character); least recently used go first. */
  cacheBytes: number;
  /** Entries per page; PAGE_CAPACITY unless a test wants many pages from few entries. */
  pageCapacity?: number;
  /** Entries per chunk of a page (CHUNK_CAPACITY unless a test wants many chunks). */
  chunkCapacity?: number;
  /**
   * The journal's stored entries, for a journal whose index is missing (entries stored before the
   * index existed, or an index removed by hand): it is built from them on its first read or write.
   */
  stored?: (journalId: string) => Promise<StoredEntry[]>;
}

/** Pages read from the database at once for one answer. */
const READ_CONCURRENCY = 8;
/** Recent search results kept per replica, so paging through one costs no new scan. */
const MEMO_SIZE = 32;
/** Heads an answer is read against at most: a page gone under the first is read under the next. */
const READ_TRIES = 3;

const newVersion = () => new Types.ObjectId().toHexString();
const entryBytes = (e: StoredEntry) => 160 + 4 * e.content.length + 2 * e.createdby.length;

/**
 * The work-log list of each journal, from its persisted pages (see entry-pages.ts): every answer
 * reads the journal's head (one `_id` lookup) and the pages its rows are on; pages are cached
 * under their version within a byte budget, so another replica's write is seen on the next read
 * and memory does not grow with the number of entries or journals. Writes to one journal's index
 * hold its lock (IndexLock).
 */
export class EntryIndex {
  private readonly cache: LRUCache<string, CachedPage>;
  private readonly memo = new LRUCache<string, StoredEntry[]>({ max: MEMO_SIZE });

  private readonly capacity: number;
  private readonly chunk: number;

  constructor(private readonly deps: EntryIndexDeps) {
    this.capacity = deps.pageCapacity ?? PAGE_CAPACITY;
    this.chunk = deps.chunkCapacity ?? CHUNK_CAPACITY;
    this.cache = new LRUCache<string, CachedPage>({
      maxSize: Math.max(1, deps.cacheBytes),
      sizeCalculation: (p) => Math.max(1, p.entries.reduce((n, e) => n + entryBytes(e), 256)),
    });
  }

  /** Bytes of pages this replica holds now. */
  get cachedBytes() {
    return this.cache.calculatedSize ?? 0;
  }

  private async readPage(journalId: string, s: PageSummary): Promise<CachedPage> {
    const key = `${journalId}:${s.k}`;
    const hit = this.cache.get(key);
    if (hit && hit.v === s.v) return hit;
    const stored = await this.assemble(journalId, s, hit);
    // The head names a page that is not there: a split removed it after the head was read (the
    // caller reads the newer head), or a writer died between the two writes; show nothing from it.
    if (!stored) {
      this.deps.logger.warn({ journalId, page: s.k }, 'worklog index page named by the head is missing');
      return { k: s.k, v: s.v, w: '', b: 0, entries: [], lower: [], gone: true };
    }
    const kept = hit && stored.w === hit.w ? hit.entries.length : 0;
    const lower = stored.entries.map((e, i) => (i < kept && hit!.entries[i] === e ? hit!.lower[i]! : e.content.toLowerCase()));
    const page: CachedPage = { k: stored.k, v: stored.v, w: stored.w, b: stored.b, entries: stored.entries, lower };
    if (stored.complete) this.cache.set(key, page);
    return page;
  }

  /**
   * The page the summary names: its base document and its chunks (PageSummary.b), each by `_id`,
   * at once. `reuse` (this replica's copy of an earlier version on the same base) spares the base
   * and the chunks it holds full, which never change: after an append only the last chunk is read.
   * A base or chunk rewritten since the head was read (a write folded the page) answers the base as
   * stored now, not kept. Null when the page is not there.
   */
  private async assemble(journalId: string, s: PageSummary, reuse?: CachedPage): Promise<ReadPage | null> {
    const w = baseVersion(s);
    const b = baseCount(s);
    const q = chunkSize(s, this.chunk);
    const count = chunkCount(s);
    const kept = reuse && reuse.w === w && reuse.b === b && reuse.entries.length >= b ? Math.floor((reuse.entries.length - b) / q) : -1;
    const from = Math.max(0, kept);
    const [base, ...chunks] = await Promise.all([
      kept >= 0 ? null : this.deps.pages.page(journalId, s.k),
      ...Array.from({ length: Math.max(0, count - from) }, (_, i) => this.deps.pages.chunk(journalId, s.k, from + i)),
    ]);
    if (kept < 0 && !base) return null;
    if ((base && base.v !== w) || chunks.some((c) => !c || c.w !== w)) {
      const now = base?.v === w || !base ? await this.deps.pages.page(journalId, s.k) : base;
      if (!now) return null;
      // What the page holds now, with the entries of chunks still on the head's base kept: a writer
      // that stopped after writing the page whole but before its head leaves appends made since in them.
      const seen = new Set(now.entries.map((e) => e.id));
      const since = [...(kept >= 0 ? reuse!.entries : []), ...chunks.flatMap((c) => (c && c.w === w ? c.entries : []))].filter((e) => !seen.has(e.id) && seen.add(e.id));
      const entries = since.length ? sortEntries([...now.entries, ...since]) : now.entries;
      return { k: s.k, v: s.v, w: now.v, b: now.entries.length, entries, complete: false };
    }
    const head = base ? base.entries : reuse!.entries.slice(0, b + from * q);
    const entries = head.concat(...chunks.map((c) => c!.entries)).slice(0, s.n);
    return { k: s.k, v: s.v, w, b, entries, complete: true };
  }

  private async readPages(journalId: string, list: PageSummary[]): Promise<CachedPage[]> {
    const out: CachedPage[] = new Array<CachedPage>(list.length);
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const i = next++;
        out[i] = await this.readPage(journalId, list[i]!);
      }
    };
    await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, list.length) }, worker));
    return out;
  }

  /** The journal's head; a missing one is built from the stored entries first (under the journal's lock). */
  private async headOf(journalId: string): Promise<IndexHead | null> {
    const head = await this.deps.pages.head(journalId);
    if (head || !this.deps.stored) return head;
    return this.locked(journalId, () => this.headLocked(journalId));
  }

  /** headOf for a caller that holds the journal's lock. */
  private async headLocked(journalId: string): Promise<IndexHead | null> {
    const head = await this.deps.pages.head(journalId);
    if (head || !this.deps.stored) return head;
    const entries = (await this.deps.stored(journalId)).sort((a, b) => compareKey(a.createdAt.getTime(), a.id, b.createdAt.getTime(), b.id));
    if (entries.length) await this.appendNewer(journalId, entries);
    // An empty head too, so a journal without entries is not looked up in the store again.
    else await this.writeHead({ journalId, v: '', seq: 0, pages: [] });
    this.deps.logger.info({ journalId, entries: entries.length }, 'worklog index was missing: built from the stored entries');
    return this.deps.pages.head(journalId);
  }

  /**
   * An answer read against the journal's head, read again against a newer head when a page it named
   * was gone: a write that split the page removed it after this read's head (the write holds the
   * lock, a read does not), and its entries are on the pages the newer head names.
   */
  private async againstHead<T>(journalId: string, empty: T, read: (head: IndexHead) => Promise<{ out: T; gone: boolean }>): Promise<T> {
    let head = await this.headOf(journalId);
    if (!head) return empty;
    for (let tries = 1; ; tries++) {
      const { out, gone } = await read(head);
      if (!gone || tries >= READ_TRIES) return out;
      const now = await this.deps.pages.head(journalId);
      if (!now || now.v === head.v) return out;
      head = now;
    }
  }

  /** Every entry of the journal, newest first (the original's unpaged answer). */
  all(journalId: string): Promise<StoredEntry[]> {
    return this.againstHead(journalId, [], async (head) => {
      const pages = await this.readPages(journalId, [...head.pages].reverse());
      const out: StoredEntry[] = [];
      for (const p of pages) for (let i = p.entries.length - 1; i >= 0; i--) out.push(p.entries[i]!);
      return { out, gone: pages.some((p) => p.gone) };
    });
  }

  /** Page `page` of `pageSize` of the entries matching `f`, newest first, clamped to the last page, with the total. */
  query(journalId: string, f: EntryFilter, page: number, pageSize: number): Promise<{ items: StoredEntry[]; total: number; page: number }> {
    return this.againstHead(journalId, { items: [], total: 0, page: 1 }, (head) => this.queryOn(journalId, head, f, page, pageSize));
  }

  private async queryOn(journalId: string, head: IndexHead, f: EntryFilter, page: number, pageSize: number) {
    if (f.search) {
      const { found: matched, gone } = await this.search(journalId, head, f.status, f.search.toLowerCase());
      const p = clampPage(page, matched.length, pageSize);
      return { out: { items: matched.slice((p - 1) * pageSize, p * pageSize), total: matched.length, page: p }, gone };
    }
    const total = head.pages.reduce((n, s) => n + countOn(s, f.status), 0);
    const p = clampPage(page, total, pageSize);
    const wanted = pagesForRows(head.pages, f.status, (p - 1) * pageSize, pageSize);
    const pages = await this.readPages(journalId, wanted.map((w) => w.page));
    const items: StoredEntry[] = [];
    pages.forEach((pg, n) => {
      let skip = wanted[n]!.skip;
      for (let i = pg.entries.length - 1; i >= 0 && items.length < pageSize; i--) {
        const e = pg.entries[i]!;
        if (f.status && e.status !== f.status) continue;
        if (skip > 0) skip--;
        else items.push(e);
      }
    });
    return { out: { items, total, page: p }, gone: pages.some((pg) => pg.gone) };
  }

  /** Entries with the status containing `needle`, newest first; reads only pages holding the status. */
  private async search(journalId: string, head: IndexHead, status: WorkStatus | undefined, needle: string): Promise<{ found: StoredEntry[]; gone: boolean }> {
    const key = `${journalId}\u0000${head.v}\u0000${status ?? ''}\u0000${needle}`;
    const hit = this.memo.get(key);
    if (hit) return { found: hit, gone: false };
    const candidates = head.pages.filter((s) => countOn(s, status) > 0).reverse();
    const pages = await this.readPages(journalId, candidates);
    const found: StoredEntry[] = [];
    for (const pg of pages) {
      for (let i = pg.entries.length - 1; i >= 0; i--) {
        const e = pg.entries[i]!;
        if (status && e.status !== status) continue;
        if (pg.lower[i]!.includes(needle)) found.push(e);
      }
    }
    const gone = pages.some((pg) => pg.gone);
    // An answer that met a gone page misses entries: not kept (the caller reads the newer head).
    if (!gone) this.memo.set(key, found);
    return { found, gone };
  }

  /** Runs `write` (the entry's own store) and the index update under the journal's lock. */
  locked<T>(journalId: string, fn: () => Promise<T>): Promise<T> {
    return this.deps.lock.run(journalId, fn);
  }

  /**
   * Puts the entry on its page (a new page when the newest is full, or the page split in two when
   * one in the middle is) and writes the page(s), then the head. Call inside `locked`. An entry
   * already on its page is left as it is.
   */
  async add(e: StoredEntry): Promise<void> {
    const journalId = e.journalId;
    // The usual add reads and writes the head document alone: the other pages' directory stays.
    const top = await this.deps.pages.top(journalId);
    if (top?.last && !top.legacy && (await this.appendToNewest(top, e))) return;
    const head = (await this.headLocked(journalId)) ?? { journalId, v: '', seq: 0, pages: [] };
    if (!head.pages.length) {
      const page = { k: head.seq++, v: newVersion(), entries: [e] };
      await this.deps.pages.writePage(journalId, page);
      head.pages.push(summarise(page.k, page.v, page.entries));
      return this.writeHead(head);
    }
    const at = pageFor(head.pages, e.createdAt.getTime(), e.id);
    const was = head.pages[at]!;
    if (await this.append(head, at, e)) return;
    const page = await this.pageForWrite(journalId, was);
    const pos = insertEntry(page.entries, e);
    if (pos < 0) return;
    const written: StoredPage[] = [page];
    const split = page.entries.length > this.capacity;
    if (split) {
      // Appending (the usual case) starts a new page and leaves the full one full.
      const cut = at === head.pages.length - 1 && pos === page.entries.length - 1 ? page.entries.length - 1 : page.entries.length >> 1;
      written.push({ k: head.seq++, v: newVersion(), entries: page.entries.splice(cut) });
      // Both halves under new numbers: the page the head names stays whole until the head naming
      // them is written, so a writer stopped between the two leaves no entry on an unnamed page.
      page.k = head.seq++;
    }
    page.v = newVersion();
    // New pages first: a head naming a page that is not there yet is never written.
    for (const p of written.slice(1)) await this.deps.pages.writePage(journalId, p);
    await this.deps.pages.writePage(journalId, page);
    head.pages.splice(at, 1, ...written.map((p) => summarise(p.k, p.v, p.entries)));
    await this.writeHead(head);
    if (split) await this.deps.pages.dropPage(journalId, was.k, baseVersion(was)).catch((err: unknown) => this.deps.logger.warn({ err, journalId, page: was.k }, 'worklog index page not removed'));
    await this.dropChunks(journalId, was);
  }

  /**
   * The usual add: an entry newer than every other, onto the newest page that has room and will
   * still have room after it, written into the page's last chunk (at most `chunk` entries read and
   * written, whatever the page's size), or onto a new page when the newest is full. False when the
   * entry goes elsewhere (older than the newest, the page's last place, a page written before
   * pages knew their last entry): the caller writes the page whole.
   */
  private async append(head: IndexHead, at: number, e: StoredEntry): Promise<boolean> {
    const s = head.pages[at]!;
    const t = e.createdAt.getTime();
    if (at !== head.pages.length - 1 || !s.z || compareKey(t, e.id, s.z[0], s.z[1]) <= 0) return false;
    const journalId = e.journalId;
    if (s.n >= this.capacity) {
      // The newest page is full and stays as it is: the entry starts the next.
      const page = { k: head.seq++, v: newVersion(), entries: [e] };
      await this.deps.pages.writePage(journalId, page);
      head.pages.push(summarise(page.k, page.v, page.entries));
      await this.writeHead(head);
      return true;
    }
    const next = await this.chunkAppend(journalId, s, e);
    if (!next) return false;
    head.pages[at] = next;
    await this.writeHead(head);
    return true;
  }

  /** `append` with the head document alone (IndexTop): the newest page's chunk, then the head document. */
  private async appendToNewest(top: IndexTop, e: StoredEntry): Promise<boolean> {
    const s = top.last!;
    if (!s.z || compareKey(e.createdAt.getTime(), e.id, s.z[0], s.z[1]) <= 0) return false;
    const next = await this.chunkAppend(e.journalId, s, e);
    if (!next) return false;
    top.last = next;
    top.v = newVersion();
    await this.deps.pages.writeTop(top);
    return true;
  }

  /**
   * The entry (newer than every other) written into the page's last chunk: its new summary, or null
   * when the page is to be written whole (the entry fills it, or its last chunk is not the one the
   * summary names).
   */
  private async chunkAppend(journalId: string, s: PageSummary, e: StoredEntry): Promise<PageSummary | null> {
    // The entry that fills the page writes it whole, its chunks folded in: a full page is one document to read.
    if (s.n + 1 >= this.capacity) return null;
    const w = baseVersion(s);
    const b = baseCount(s);
    const q = chunkSize(s, this.chunk);
    const tail = s.n - b;
    const j = Math.floor(tail / q);
    let entries: StoredEntry[] = [];
    if (tail % q) {
      const c = await this.deps.pages.chunk(journalId, s.k, j);
      if (!c || c.w !== w) return null;
      entries = c.entries.slice(0, tail % q);
    }
    entries.push(e);
    await this.deps.pages.writeChunk(journalId, s.k, j, { w, entries });
    const c = [...s.c];
    c[statusIndex(e.status)] = (c[statusIndex(e.status)] ?? 0) + 1;
    return { ...s, n: s.n + 1, c, v: newVersion(), b, w, q, z: [e.createdAt.getTime(), e.id] };
  }

  /** The chunks of a page written whole since (its base holds their entries); left in place if the delete fails (a later run of the page overwrites them). */
  private async dropChunks(journalId: string, was: PageSummary): Promise<void> {
    await this.deps.pages.dropChunks(journalId, was.k, chunkCount(was)).catch((err: unknown) => this.deps.logger.warn({ err, journalId, page: was.k }, 'worklog index chunks not removed'));
  }

  /** Sets the status of an entry on its page. Call inside `locked`. False when the index does not hold it. */
  async setStatus(e: StoredEntry, status: WorkStatus): Promise<boolean> {
    const head = await this.headLocked(e.journalId);
    if (!head?.pages.length) return false;
    const at = pageFor(head.pages, e.createdAt.getTime(), e.id);
    const page = await this.pageForWrite(e.journalId, head.pages[at]!);
    const row = page.entries.find((x) => x.id === e.id);
    if (!row) return false;
    if (row.status === status) return true;
    row.status = status;
    page.v = newVersion();
    await this.deps.pages.writePage(e.journalId, page);
    const was = head.pages[at]!;
    head.pages[at] = summarise(page.k, page.v, page.entries);
    await this.writeHead(head);
    await this.dropChunks(e.journalId, was);
    return true;
  }

  /**
   * Appends entries (sorted oldest first) newer than everything in the journal's index (a bulk
   * load): fills the newest page, then whole new pages, with one head write. Entries not newer than
   * the newest one it holds are passed over (already appended by an earlier run). Call inside
   * `locked`. Returns how many were appended.
   */
  async appendNewer(journalId: string, sorted: StoredEntry[]): Promise<number> {
    const head = (await this.deps.pages.head(journalId)) ?? { journalId, v: '', seq: 0, pages: [] };
    const last = head.pages.at(-1);
    const tail = last ? await this.pageForWrite(journalId, last) : null;
    const newest = tail?.entries.at(-1);
    let rest = newest ? sorted.filter((e) => compareKey(e.createdAt.getTime(), e.id, newest.createdAt.getTime(), newest.id) > 0) : sorted;
    const count = rest.length;
    if (!count) return 0;
    const folded = tail && last && tail.entries.length < this.capacity ? last : null;
    if (tail && folded) {
      const room = this.capacity - tail.entries.length;
      tail.entries.push(...rest.slice(0, room));
      rest = rest.slice(room);
      tail.v = newVersion();
      await this.deps.pages.writePage(journalId, tail);
      head.pages[head.pages.length - 1] = summarise(tail.k, tail.v, tail.entries);
    }
    const fresh: StoredPage[] = [];
    for (let i = 0; i < rest.length; i += this.capacity) fresh.push({ k: head.seq++, v: newVersion(), entries: rest.slice(i, i + this.capacity) });
    await this.deps.pages.writePages(journalId, fresh);
    head.pages.push(...fresh.map((p) => summarise(p.k, p.v, p.entries)));
    await this.writeHead(head);
    if (folded) await this.dropChunks(journalId, folded);
    return count;
  }

  /** A page as stored now, its chunks read in (never the cache: another replica may have written it). */
  private async pageForWrite(journalId: string, s: PageSummary): Promise<StoredPage> {
    const p = await this.assemble(journalId, s);
    return p ? { k: p.k, v: p.v, entries: p.entries } : { k: s.k, v: s.v, entries: [] };
  }

  private async writeHead(head: IndexHead) {
    head.v = newVersion();
    await this.deps.pages.writeHead(head);
  }
}

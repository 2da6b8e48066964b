import { WORK_STATUSES, type WorkStatus } from '@journal/contracts';
import type { StoredEntry } from './entry.repo';

/**
 * A journal's work-log index is a run of pages, each holding up to PAGE_CAPACITY entries in list
 * order (oldest first inside a page, pages oldest first), and one head naming the pages with their
 * first key, entry count and count per status. A list page needs the head and the one or two pages
 * its rows are on; the counts answer `total` without reading any page. Pure data: no I/O.
 */
export const PAGE_CAPACITY = 500;
/**
 * Entries of a page's chunk: an entry appended to the newest page rewrites its chunk (at most this
 * many entries), not the page, so its cost does not follow the page's size; the page is written
 * whole again once it is full (its chunks folded into it) or when an entry goes elsewhere in it.
 */
export const CHUNK_CAPACITY = 25;

/** What the head knows of one page. `v` changes on every write of the page (cache validation). */
export interface PageSummary {
  /** The page's number within the journal (its document is `${journalId}:${k}`). */
  k: number;
  /** Key (created ms, id) of the page's first (oldest) entry. */
  t: number;
  i: string;
  n: number;
  /** Entries per status, in WORK_STATUSES order. */
  c: number[];
  v: string;
  /** Entries in the page's base document (absent: all); the rest are in its chunks. */
  b?: number;
  /** Version of the base document, when entries were appended since it was written (absent: `v`). */
  w?: string;
  /** Entries a chunk of the page holds, set with `b` (the writer's chunk size then, so a replica with another reads the page the same). */
  q?: number;
  /** Key (created ms, id) of the page's last (newest) entry: an entry after it is appended. */
  z?: [number, string];
}

/** Entries of the page in its base document, and the version that document carries. */
export const baseCount = (s: PageSummary) => s.b ?? s.n;
export const baseVersion = (s: PageSummary) => s.w ?? s.v;
/** Entries a chunk of the page holds: its own size once it has chunks, else `chunk` for its first. */
export const chunkSize = (s: PageSummary, chunk: number) => s.q ?? chunk;
/** Chunks of the page: those after its base's entries. */
export const chunkCount = (s: PageSummary) => (s.q ? Math.ceil((s.n - baseCount(s)) / s.q) : 0);

export interface IndexHead {
  journalId: string;
  /** Changes on every write of the journal's index. */
  v: string;
  /** The next page number. */
  seq: number;
  pages: PageSummary[];
  /** The directory (of every page but the newest) it was read with or written as. */
  dir?: string;
}

/**
 * The head document alone: the newest page's summary and the directory naming the others, which
 * an append to the newest page leaves as it is. `legacy`: a head written before directories,
 * holding every page (the next whole write moves it).
 */
export interface IndexTop {
  journalId: string;
  v: string;
  seq: number;
  dir?: string;
  last: PageSummary | null;
  legacy?: PageSummary[];
}

export const statusIndex = (s: WorkStatus) => WORK_STATUSES.indexOf(s);

/** List order is newest first by time, then by id; this compares in the opposite (stored) order. */
export const compareKey = (at: number, ai: string, bt: number, bi: string) => at - bt || (ai < bi ? -1 : ai > bi ? 1 : 0);
const compareEntries = (a: StoredEntry, b: StoredEntry) => compareKey(a.createdAt.getTime(), a.id, b.createdAt.getTime(), b.id);

/** The page an entry with this key belongs on: the last whose first key is not after it (else the first). */
export function pageFor(pages: PageSummary[], t: number, id: string): number {
  let lo = 0;
  let hi = pages.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (compareKey(pages[mid]!.t, pages[mid]!.i, t, id) <= 0) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** Inserts in order; -1 when an entry with the same id is already there. */
export function insertEntry(entries: StoredEntry[], e: StoredEntry): number {
  if (entries.some((x) => x.id === e.id)) return -1;
  let i = entries.length;
  while (i > 0 && compareEntries(entries[i - 1]!, e) > 0) i--;
  entries.splice(i, 0, e);
  return i;
}

export const sortEntries = (entries: StoredEntry[]) => entries.sort(compareEntries);

export function summarise(k: number, v: string, entries: StoredEntry[]): PageSummary {
  const c = WORK_STATUSES.map(() => 0);
  for (const e of entries) c[statusIndex(e.status)]!++;
  const first = entries[0]!;
  const last = entries[entries.length - 1]!;
  return { k, t: first.createdAt.getTime(), i: first.id, n: entries.length, c, v, z: [last.createdAt.getTime(), last.id] };
}

/** How many of the page's entries the filter keeps, from the head alone. */
export const countOn = (p: PageSummary, status: WorkStatus | undefined) => (status ? (p.c[statusIndex(status)] ?? 0) : p.n);

/**
 * Which pages hold rows `skip .. skip + take` (newest first) of the entries with `status`, newest
 * page first, each with how many of its matching entries (newest first) to pass over.
 */
export function pagesForRows(pages: PageSummary[], status: WorkStatus | undefined, skip: number, take: number): { page: PageSummary; skip: number }[] {
  const out: { page: PageSummary; skip: number }[] = [];
  let want = take;
  for (let i = pages.length - 1; i >= 0 && want > 0; i--) {
    const n = countOn(pages[i]!, status);
    if (n <= skip) {
      skip -= n;
      continue;
    }
    out.push({ page: pages[i]!, skip });
    want -= n - skip;
    skip = 0;
  }
  return out;
}

/** docs/product.md#worklog: the pager stays between 1 and the last page. */
export const clampPage = (page: number, total: number, pageSize: number) =>
  Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / pageSize)));

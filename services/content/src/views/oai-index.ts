import { lastWhere } from './index-views';
import type { OaiChunk, OaiChunkRef, OaiDirectory, OaiEntry } from './view-docs';

export type { OaiChunk, OaiDirectory, OaiEntry } from './view-docs';

/**
 * A journal's OAI-PMH repository as stored views (docs/product.md#oai-pmh): every identifier's
 * entry (a public article, or a deleted record) in cursor order, datestamp then identifier, cut
 * into chunks of at most CHUNK_MAX entries, and a directory naming each chunk with its first and
 * last keys and its counts per set. A list page reads the directory, the chunks at the edges of
 * its date range and cursor, and the chunks its page comes from: a bounded number of documents
 * whatever the journal's size. A write moves one entry (its datestamp is the write's time), so it
 * reads and writes the directory and one or two chunks. Pure: the stored documents are read and
 * written by the caller.
 */

export const CHUNK_MAX = 500;

type Key = { t: number; r: string };
export const byKey = (a: Key, b: Key) => a.t - b.t || (a.r < b.r ? -1 : a.r > b.r ? 1 : 0);

export const setsOf = (e: { year?: number; volume?: number; issue?: number; y?: number; v?: number; i?: number }) => {
  const y = e.y ?? e.year!;
  return [String(y), `${y}:vol${e.v ?? e.volume!}issue${e.i ?? e.issue!}`];
};

function refOf(c: number, entries: OaiEntry[]): OaiChunkRef {
  const s = new Map<string, number>();
  for (const e of entries) for (const k of setsOf(e)) s.set(k, (s.get(k) ?? 0) + 1);
  return { c, t: entries[0]!.t, r: entries[0]!.r, u: entries[entries.length - 1]!.t, n: entries.length, s: [...s].map(([k, n]) => `${k}=${n}`).join(';') };
}

/** Entries of a chunk in `set`, from its ref's counts (OaiChunkRef.s: the compact string, or an older directory's object). */
export function setCount(ref: Pick<OaiChunkRef, 's'>, set: string): number {
  if (typeof ref.s !== 'string') return Object.hasOwn(ref.s, set) ? (ref.s[set] ?? 0) : 0;
  // A spec holding a separator names no set (setsOf makes none).
  if (set.includes(';') || set.includes('=')) return 0;
  const s = `;${ref.s}`;
  const at = s.indexOf(`;${set}=`);
  if (at < 0) return 0;
  const from = at + set.length + 2;
  const end = s.indexOf(';', from);
  return Number(s.slice(from, end < 0 ? undefined : end)) || 0;
}

/** The index of entries (any order): the directory and its chunks by number. */
export function buildOaiIndex(entries: OaiEntry[], max = CHUNK_MAX): { dir: OaiDirectory; chunks: Map<number, OaiChunk> } {
  const sorted = [...entries].sort(byKey);
  const chunks = new Map<number, OaiChunk>();
  const dir: OaiDirectory = { chunks: [], seq: 0 };
  for (let i = 0; i < sorted.length; i += max) {
    const part = sorted.slice(i, i + max);
    chunks.set(dir.seq, { entries: part });
    dir.chunks.push(refOf(dir.seq++, part));
  }
  return { dir, chunks };
}

/** Position in the directory of the chunk that holds (or would hold) the key. */
const chunkAt = (dir: OaiDirectory, key: Key) => lastWhere(dir.chunks, (c) => byKey(c, key) <= 0);

/**
 * Moves entries: `remove` by key (absent ones ignored), then `add`. Changes `dir` in place and
 * returns the chunks to write and the chunk numbers to delete.
 */
export async function patchOaiIndex(
  dir: OaiDirectory,
  load: (c: number) => Promise<OaiChunk>,
  remove: Key[],
  add: OaiEntry[],
  max = CHUNK_MAX,
): Promise<{ put: Map<number, OaiChunk>; drop: number[] }> {
  const touched = new Map<number, OaiChunk>();
  const chunk = async (c: number) => {
    let ch = touched.get(c);
    if (!ch) touched.set(c, (ch = { entries: [...(await load(c)).entries] }));
    return ch;
  };
  const refresh = (pos: number, entries: OaiEntry[]) => {
    if (entries.length) dir.chunks[pos] = refOf(dir.chunks[pos]!.c, entries);
    else dir.chunks.splice(pos, 1);
  };
  const drop: number[] = [];
  for (const key of remove) {
    if (!dir.chunks.length) break;
    const pos = chunkAt(dir, key);
    const c = dir.chunks[pos]!.c;
    const ch = await chunk(c);
    const i = ch.entries.findIndex((e) => e.t === key.t && e.r === key.r);
    if (i < 0) continue;
    ch.entries.splice(i, 1);
    refresh(pos, ch.entries);
    if (!ch.entries.length) {
      touched.delete(c);
      drop.push(c);
    }
  }
  for (const e of add) {
    if (!dir.chunks.length) {
      const c = dir.seq++;
      touched.set(c, { entries: [e] });
      dir.chunks.push(refOf(c, [e]));
      continue;
    }
    const pos = chunkAt(dir, e);
    const ch = await chunk(dir.chunks[pos]!.c);
    let i = ch.entries.findIndex((x) => byKey(x, e) >= 0);
    if (i < 0) i = ch.entries.length;
    if (ch.entries[i] && byKey(ch.entries[i]!, e) === 0) ch.entries[i] = e;
    else ch.entries.splice(i, 0, e);
    if (ch.entries.length > max) {
      // Split in two halves: the upper one becomes a new chunk right after.
      const upper = ch.entries.splice(ch.entries.length >> 1);
      const c = dir.seq++;
      touched.set(c, { entries: upper });
      dir.chunks.splice(pos + 1, 0, refOf(c, upper));
    }
    refresh(pos, ch.entries);
  }
  return { put: touched, drop };
}

/** A list request: datestamps compared at whole seconds, inclusive bounds (ms), an optional set. */
export interface OaiFilter {
  from?: number;
  until?: number;
  set?: string;
}

const seconds = (t: number) => Math.floor(t / 1000) * 1000;

export const matches = (e: OaiEntry, f: OaiFilter) => {
  const t = seconds(e.t);
  if (f.from !== undefined && t < f.from) return false;
  if (f.until !== undefined && t > f.until) return false;
  return !f.set || setsOf(e).includes(f.set);
};

/** The chunk's entries matching the filter when that is known without reading it; null when it must be read. */
function countWithout(ref: OaiChunkRef, f: OaiFilter): number | null {
  const inSet = f.set ? setCount(ref, f.set) : ref.n;
  if (!inSet) return 0;
  if (f.from !== undefined && seconds(ref.u) < f.from) return 0;
  if (f.until !== undefined && seconds(ref.t) > f.until) return 0;
  const within = (f.from === undefined || seconds(ref.t) >= f.from) && (f.until === undefined || seconds(ref.u) <= f.until);
  return within ? inSet : null;
}

/**
 * One page of the list: up to `limit` matching entries after the cursor, how many match in all,
 * and how many come before the page (the protocol's completeListSize and cursor).
 */
export async function listOaiPage(
  dir: OaiDirectory,
  load: (c: number) => Promise<OaiChunk>,
  f: OaiFilter,
  after: Key | undefined,
  limit: number,
): Promise<{ page: OaiEntry[]; total: number; cursor: number }> {
  const startPos = after ? chunkAt(dir, after) : 0;
  let total = 0;
  let cursor = 0;
  const page: OaiEntry[] = [];
  for (let pos = 0; pos < dir.chunks.length; pos++) {
    const ref = dir.chunks[pos]!;
    const known = countWithout(ref, f);
    const wanted = pos >= startPos && page.length < limit;
    if (known === 0 || (known !== null && !wanted)) {
      total += known;
      if (pos < startPos) cursor += known;
      continue;
    }
    for (const e of (await load(ref.c)).entries) {
      if (!matches(e, f)) continue;
      total++;
      if (after && byKey(e, after) <= 0) cursor++;
      else if (page.length < limit) page.push(e);
    }
  }
  return { page, total, cursor };
}

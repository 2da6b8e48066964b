import type { HeadView, OaiDirectory, UnparsedHead, ViewKind, ViewTypes } from './view-docs';

/** Views a process keeps the last version of: two for each of the journals its staff are writing to. */
const KEPT_VIEWS = 128;

/** A copy of a record whose keys a save may set or delete (a for-in copy: about half a spread's time on 5,000 keys). */
function ownRecord<V>(r: Record<string, V>): Record<string, V> {
  const out: Record<string, V> = {};
  for (const k in r) out[k] = r[k]!;
  return out;
}

/**
 * The large views every save of a journal reads and may change: its head (780 kB of JSON at 5,000
 * issues) and its OAI-PMH directory (154 kB at 100,000 articles). A save given a copy of one gets
 * its own of what a save changes (a head's stats, counts and files; a directory's chunk list).
 */
const COPY = {
  head: (v: HeadView): HeadView => ({ ...v, stats: ownRecord(v.stats), counts: ownRecord(v.counts), files: ownRecord(v.files) }),
  oai: (v: OaiDirectory): OaiDirectory => ({ ...v, chunks: [...v.chunks] }),
} satisfies { [K in ViewKind]?: (v: ViewTypes[K]) => ViewTypes[K] };

export type KeptKind = keyof typeof COPY;
/** What a save is given of a kept view: a head it read and never needed stays unparsed (UnparsedHead). */
export type KeptObject<K extends KeptKind> = ViewTypes[K] | (K extends 'head' ? UnparsedHead : never);
export const isKept = (kind: ViewKind): kind is KeptKind => kind in COPY;

interface Kept {
  journalId: string;
  /** The stored version (ViewDoc.h) the objects below are of. */
  h: string;
  /** This process's object of it, free to be given to a save. */
  mine?: unknown;
  /** The object readers hold (the view cache's): never given, a save gets a copy of it. */
  shared?: unknown;
  /** The object a save was given and has not given back. */
  out?: unknown;
}

/**
 * The last version of each kept view a process read, checked or wrote, with its object: a save
 * mostly finds a journal's head and OAI-PMH directory as the last one left them, and reading,
 * inflating and checking them (a large journal's head most) cost a save more CPU than the rest of
 * its work; only their versions are read then (ViewRepo.version). The object is a save's until it
 * gives it back (a save changes what it is given), and one a save did not give back (it failed) is
 * read again by the next.
 */
export class KeptViews {
  private readonly kept = new Map<string, Kept>();

  /** The version held of a view, if any (its body need not be read while it is the one stored). */
  version(id: string, journalId: string): string | undefined {
    const k = this.kept.get(id);
    return k?.journalId === journalId ? k.h : undefined;
  }

  /** Whether an object of the view is held free for the next save (whatever version is stored now). */
  free(id: string, journalId: string): boolean {
    const k = this.kept.get(id);
    return k?.journalId === journalId && k.mine !== undefined;
  }

  /** The object of version `h` for a save; null when none is free (not held, or out with another save). */
  take<K extends KeptKind>(kind: K, id: string, h: string): KeptObject<K> | null {
    const k = this.kept.get(id);
    if (k?.h !== h) return null;
    if (k.mine) {
      k.out = k.mine;
      k.mine = undefined;
    } else if (k.shared) k.out = (COPY[kind] as (v: unknown) => unknown)(k.shared);
    else return null;
    return k.out as KeptObject<K>;
  }

  /** A version a save read whole (out with it), or one it stored (given back as stored); a view without a version is not kept. */
  set(id: string, journalId: string, h: string | undefined, view: unknown, out: boolean): void {
    this.put(id, h && (out ? { journalId, h, out: view } : { journalId, h, mine: view }));
  }

  /** A version readers read: the object they share is copied for a save, never given. */
  shared(id: string, journalId: string, h: string | undefined, view: unknown): void {
    const k = this.kept.get(id);
    if (k && k.h === h && k.journalId === journalId) k.shared ??= view;
    else this.put(id, h && { journalId, h, shared: view });
  }

  /** Keeps `k` under `id` (none: forgets it), the least recently kept forgotten past KEPT_VIEWS. */
  private put(id: string, k: Kept | '' | undefined): void {
    this.kept.delete(id);
    if (!k) return;
    this.kept.set(id, k);
    if (this.kept.size > KEPT_VIEWS) this.kept.delete(this.kept.keys().next().value!);
  }

  /** A save is done with the object it took and left it as stored: it is free for the next. */
  giveBack(id: string, view: unknown): void {
    const k = this.kept.get(id);
    if (!k || k.out !== view) return;
    k.mine = view;
    k.out = undefined;
  }
}

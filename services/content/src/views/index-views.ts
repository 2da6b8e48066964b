import type { ViewKind, ViewTypes } from './view-docs';

/**
 * What the chunked indexes (OAI-PMH, sitemap) store: a directory and its chunks by number, each
 * a view of its own. Shared by their whole builds and their patches.
 */

/** The views of a whole index: the directory first, then each chunk. */
export const indexViews = <D, C>(dirId: string, dir: D, chunks: Map<number, C>, chunkId: (c: number) => string): { id: string; view: unknown }[] => [
  { id: dirId, view: dir },
  ...[...chunks].map(([c, view]) => ({ id: chunkId(c), view })),
];

/** A patch's writes: the directory and the chunks it touched, and the chunks it emptied. */
export const indexWrites = <D, C>(dirId: string, dir: D, put: Map<number, C>, drop: number[], chunkId: (c: number) => string) => ({
  puts: indexViews(dirId, dir, put, chunkId).map((v) => [v.id, v.view] as [string, unknown]),
  removes: drop.map(chunkId),
});

/** Position of the last item `before(item)` holds for (a sorted list's prefix), 0 when none does: the chunk that holds or would hold a key. */
export function lastWhere<T>(list: readonly T[], before: (item: T) => boolean): number {
  let at = 0;
  for (let lo = 0, hi = list.length - 1; lo <= hi; ) {
    const mid = (lo + hi) >> 1;
    if (before(list[mid]!)) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return at;
}

/** What a patch reads: stored views straight from the database (ViewStore.load, without the store itself). */
export interface ViewLoader {
  load<K extends ViewKind>(kind: K, journalId: string, id: string): Promise<{ view: ViewTypes[K] } | null>;
}

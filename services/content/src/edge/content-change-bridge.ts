import type { PublicCache } from '../cache/public-cache';
import type { ContentChange } from '../cache/read-model';
import { cacheTag, type ChangeListener } from '../views/cache-tags';

/** The tags a write's document changes reach: a stored file its own; anything else the whole journal. */
export function tagsOfContentChanges(journalId: string, changes: readonly ContentChange[]): string[] {
  const tags = new Set<string>();
  for (const c of changes) tags.add(c.t === 'file' ? cacheTag.file(journalId, c.path) : cacheTag.journal(journalId));
  return [...tags];
}

/**
 * Until the change publisher names each write's tags, every change the read model publishes is
 * passed to the listener as tags: coarse (a write purges its whole journal) but never stale. The
 * listener is told after the change is applied on this replica.
 */
export function bridgeContentChanges(cache: PublicCache, listener: ChangeListener): void {
  const changed = cache.changed.bind(cache);
  cache.changed = async (journalId, changes) => {
    await changed(journalId, changes);
    await listener({ journalId, tags: tagsOfContentChanges(journalId, changes) });
  };
}

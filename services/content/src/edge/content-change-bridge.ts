import type { PublicCache } from '../cache/public-cache';
import type { ContentChange, JournalView } from '../cache/read-model';
import { cacheTag, type ChangeListener } from '../views/cache-tags';

interface Placed {
  refnumber: string;
  year: number;
  volume: number;
  issue: number;
}

/**
 * The tags the view's current state gives a write's document changes: an article its answers,
 * its issue and the lists; an issue its list and page, the archive index and its articles (they
 * show its month); editors, indexing and settings the layout; a file its own; a reload all.
 */
export function tagsOfContentChanges(journalId: string, changes: readonly ContentChange[], view: JournalView | undefined): string[] {
  const tags = new Set<string>();
  const placed = (id: string): Placed | undefined => view?.adminIndex.get(id)?.order;
  const article = (a: Placed) => {
    tags.add(cacheTag.article(journalId, a.refnumber));
    tags.add(cacheTag.issue(journalId, a));
  };
  for (const c of changes) {
    if (c.t === 'file') tags.add(cacheTag.file(journalId, c.path));
    else if (c.t === 'editor' || c.t === 'indexing' || c.t === 'journal') tags.add(cacheTag.head(journalId));
    else if (c.t === 'article') {
      tags.add(cacheTag.lists(journalId));
      const a = placed(c.id);
      // Not in the view (created by this write, before it is applied): the state after names it.
      if (a) article(a);
    } else if (c.t === 'issue') {
      tags.add(cacheTag.head(journalId));
      tags.add(cacheTag.lists(journalId));
      const i = view?.issues.get(c.id);
      if (i) {
        tags.add(cacheTag.issue(journalId, i));
        for (const e of view!.adminIndex.values()) if (e.order.year === i.year && e.order.volume === i.volume && e.order.issue === i.issue) article(e.order);
      }
    } else tags.add(cacheTag.journal(journalId));
  }
  return [...tags];
}

/**
 * Until the change publisher names each write's tags, every change the read model publishes is
 * passed to the listener as the tags of the documents it names, read from this replica's view
 * before and after the change is applied (an article moved to another issue or given another
 * reference number purges both). The listener is told after the change is applied here.
 */
export function bridgeContentChanges(cache: PublicCache, listener: ChangeListener): void {
  const changed = cache.changed.bind(cache);
  cache.changed = async (journalId, changes) => {
    const before = tagsOfContentChanges(journalId, changes, cache.model.peek(journalId));
    await changed(journalId, changes);
    const after = tagsOfContentChanges(journalId, changes, cache.model.peek(journalId));
    await listener({ journalId, tags: [...new Set([...before, ...after])] });
  };
}

import { isPublicArticle, type Article, type ArticleRepo } from '../archives/article.repo';
import type { ArticleTombstone } from '../archives/article-tombstone.repo';
import { buildOaiIndex, patchOaiIndex, type OaiChunk, type OaiDirectory, type OaiEntry } from './oai-index';
import { viewId } from './view-docs';
import { indexViews, indexWrites, type ViewLoader } from './index-views';

/**
 * The OAI-PMH index's entries from the stored documents (docs/product.md#oai-pmh), and its views:
 * written whole by the views rebuild (or on a first read), moved entry by entry by the change
 * publisher under the journal's lock.
 */

const time = (d: Date | string | undefined | null) => (d ? new Date(d).getTime() || 0 : 0);

export type OaiArticle = Pick<Article, 'refnumber' | 'status' | 'withdrawal' | 'modification' | 'year' | 'volume' | 'issue'>;

/**
 * An article's entry: a public one is a record dated by its last change; any other (disabled,
 * withdrawn) is a deleted record dated by the later of its last change and its withdrawal. None
 * without a reference number.
 */
export function oaiEntryOf(a: OaiArticle): OaiEntry | null {
  if (!a.refnumber) return null;
  const at = { r: a.refnumber, y: a.year, v: a.volume, i: a.issue };
  if (isPublicArticle(a)) return { t: new Date(a.modification ?? 0).getTime() || 0, ...at };
  return { t: Math.max(time(a.modification), time(a.withdrawal?.at)), ...at, d: 1 };
}

/** A removed article's deleted record (shown only while no article holds its reference number). */
export const tombstoneEntry = (t: ArticleTombstone): OaiEntry => ({ t: t.removedAt.getTime(), r: t.refnumber, y: t.year, v: t.volume, i: t.issue, d: 1 });

/** Every entry of a journal: its articles', and the tombstones of reference numbers no article holds. */
export function oaiEntries(articles: readonly OaiArticle[], tombstones: readonly ArticleTombstone[]): OaiEntry[] {
  const out: OaiEntry[] = [];
  const refs = new Set<string>();
  for (const a of articles) {
    const e = oaiEntryOf(a);
    if (e) {
      out.push(e);
      refs.add(e.r);
    }
  }
  for (const t of tombstones) if (!refs.has(t.refnumber)) out.push(tombstoneEntry(t));
  return out;
}

/** The index's views (directory and chunks) made from a journal's entries. */
export function oaiViews(journalId: string, entries: OaiEntry[]): { id: string; view: unknown }[] {
  const { dir, chunks } = buildOaiIndex(entries);
  return indexViews(viewId.oai(journalId), dir, chunks, (c) => viewId.oaiChunk(journalId, c));
}

/** One article's entry before a write (its locator: reference number and datestamp) and after it. */
export interface OaiMove {
  before: { ref: string; o?: number } | null;
  after: OaiEntry | null;
}

/**
 * The views a write's moves change: the directory and the chunks touched (to put), and chunks left
 * empty (to remove). Null when the journal has no index stored (its first read builds one from the
 * documents, this write included). Reads by `_id` only, straight from the database.
 */
export async function patchOaiViews(
  store: ViewLoader & { src: { articles: Pick<ArticleRepo, 'tombstones'> } },
  journalId: string,
  moves: OaiMove[],
  /** The directory, as the caller has already started reading it (under the same lock). */
  reading?: Promise<{ view: OaiDirectory } | null>,
): Promise<ReturnType<typeof indexWrites> | null> {
  const stored = await (reading ?? store.load('oai', journalId, viewId.oai(journalId)));
  if (!stored) return null;
  const dir = stored.view;
  const read = new Map<number, OaiChunk>();
  const load = async (c: number) => {
    let ch = read.get(c);
    if (!ch) read.set(c, (ch = (await store.load('oaiChunk', journalId, viewId.oaiChunk(journalId, c)))?.view ?? { entries: [] }));
    return ch;
  };
  const remove: { t: number; r: string }[] = [];
  const add: OaiEntry[] = [];
  const tombstone = (ref: string) => store.src.articles.tombstones.find(journalId, ref);
  for (const { before, after } of moves) {
    if (before?.ref && before.o !== undefined) remove.push({ t: before.o, r: before.ref });
    else if (before?.ref) {
      // A locator stored before it carried the datestamp: the entry is looked for chunk by chunk (once).
      for (const ch of dir.chunks) {
        const e = (await load(ch.c)).entries.find((x) => x.r === before.ref);
        if (e) {
          remove.push(e);
          break;
        }
      }
    }
    if (after) add.push(after);
    // A reference number taken: a removed article's record under it goes; one given up: it comes back.
    if (after && after.r !== before?.ref) {
      const t = await tombstone(after.r);
      if (t) remove.push(tombstoneEntry(t));
    }
    if (before?.ref && before.ref !== after?.r) {
      const t = await tombstone(before.ref);
      if (t) add.push(tombstoneEntry(t));
    }
  }
  const { put, drop } = await patchOaiIndex(dir, load, remove, add);
  return indexWrites(viewId.oai(journalId), dir, put, drop, (c) => viewId.oaiChunk(journalId, c));
}

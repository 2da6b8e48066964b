import { publishedFileUrl } from '@journal/contracts';
import { pagePath } from '../seo/public-url';
import { buildSitemapIndex, patchSitemapIndex, type SitemapChunk, type SitemapIssue } from './sitemap-index';
import { issueKeyOf, viewId, type IssueView } from './view-docs';
import { indexViews, indexWrites, type ViewLoader } from './index-views';

/**
 * The sitemap index's views (sitemap-index.ts): written whole by the views rebuild (or on a first
 * read) from the issue views, an issue replaced by the change publisher each time its view is.
 */

const DAY_MS = 86_400_000;

/**
 * An issue view's URLs; null when it lists no article (then it is in no sitemap). Its latest
 * change is kept to the day (UTC), as the sitemap shows it: a second edit of an article the same
 * day leaves the issue's sitemap entry as it was, and the index is not rewritten.
 */
export function sitemapIssueOf(v: IssueView): SitemapIssue | null {
  if (!v.articles.length) return null;
  let m = 0;
  const a = v.articles.map((e): [string, string, string] => {
    m = Math.max(m, Date.parse(e.modification) || 0);
    // PDF paths are the store's (never absolute): the published URL is the origin followed by this.
    return [pagePath.article(e), e.pdf_url ? publishedFileUrl('', e.pdf_url) : '', e.modification.slice(0, 10)];
  });
  return { k: issueKeyOf(v.key), a, m: Math.floor(m / DAY_MS) * DAY_MS };
}

/** An issue's sitemap entry as JSON: an issue whose entry a write leaves the same leaves the sitemap index as it was. */
export const sitemapEntryJson = (v: IssueView): string => JSON.stringify(sitemapIssueOf(v));

/** The index's views (directory first, then its chunks) made from a journal's issue views. */

export function sitemapViews(journalId: string, issues: Iterable<IssueView>): { id: string; view: unknown }[] {
  const listed = [...issues].map(sitemapIssueOf).filter((s): s is SitemapIssue => s !== null);
  const { dir, chunks } = buildSitemapIndex(listed);
  return indexViews(viewId.sitemap(journalId), dir, chunks, (c) => viewId.sitemapChunk(journalId, c));
}

/**
 * The views a write's changed issue views change: the directory and the chunks touched (to put)
 * and those left empty (to remove). Null when the journal has no index stored (its first read
 * builds one, this write included). Reads by `_id` only, straight from the database.
 */
export async function patchSitemapViews(store: ViewLoader, journalId: string, issues: IssueView[]): Promise<ReturnType<typeof indexWrites> | null> {
  const stored = await store.load('sitemap', journalId, viewId.sitemap(journalId));
  if (!stored) return null;
  const dir = stored.view;
  const load = async (c: number): Promise<SitemapChunk> => (await store.load('sitemapChunk', journalId, viewId.sitemapChunk(journalId, c)))?.view ?? { issues: [] };
  const { put, drop } = await patchSitemapIndex(dir, load, new Map(issues.map((v) => [issueKeyOf(v.key), sitemapIssueOf(v)])));
  return indexWrites(viewId.sitemap(journalId), dir, put, drop, (c) => viewId.sitemapChunk(journalId, c));
}

import type { AdminSearchHit } from '@journal/contracts';
import { ADMIN_SEARCH_FIELDS, adminHaystack, adminHitOf, adminMatcher, byIssueThenPage, type Article, type ArticleRepo } from '../archives/article.repo';
import type { ViewCache } from '../views/view-cache';

interface AdminEntry {
  hay: string;
  order: Pick<Article, 'year' | 'volume' | 'issue' | 'pageStart' | 'refnumber'>;
  hit: AdminSearchHit;
}

const FIELDS = [...new Set([...ADMIN_SEARCH_FIELDS, 'year', 'volume', 'issue', 'pagenumber', 'status', 'pageStart'] as const)] as (keyof Article)[];

/**
 * The staff search over every article of a journal (any status): one read of the journal's
 * articles, held in the budgeted cache until the journal changes. A simple stand-in for a
 * persisted per-journal search store.
 */
export class AdminSearchIndex {
  constructor(
    private readonly cache: ViewCache,
    private readonly articles: Pick<ArticleRepo, 'list'>,
  ) {}

  private entries(journalId: string): Promise<AdminEntry[]> {
    return this.cache.get(
      journalId,
      'admin-index',
      async () =>
        (await this.articles.list(journalId, FIELDS)).map((a) => {
          const hit = adminHitOf(a);
          return { hay: adminHaystack(a), order: { year: a.year, volume: a.volume, issue: a.issue, pageStart: a.pageStart ?? 0, refnumber: hit.refnumber }, hit };
        }),
      (list) => list.reduce((n, e) => n + e.hay.length * 2 + 400, 0),
    );
  }

  /** Newest issue first, then page order, at most `limit` (docs/product.md#admin-area). */
  async search(journalId: string, q: string, limit: number): Promise<AdminSearchHit[]> {
    const match = adminMatcher(q);
    return (await this.entries(journalId))
      .filter((e) => match(e.hit.refnumber, e.hay))
      .sort((x, y) => byIssueThenPage(x.order, y.order))
      .slice(0, limit)
      .map((e) => e.hit);
  }
}

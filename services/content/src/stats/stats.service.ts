import { AppError } from '@journal/server-kit';
import { ARTICLE_REF_RE as REF_RE } from '@journal/contracts';
import type { ArticleRepo } from '../archives/article.repo';
import type { PublicService } from '../public/public.service';
import { issueOfPdfPath, type IssueKey } from '../views/view-docs';
import type { HitTarget } from './hit-target';
import type { MonthCount, StatsRepo } from './stats.repo';
import { articleDescriber } from './title-rollup';

const sum = (ms: MonthCount[]) => ms.reduce((t, m) => ({ views: t.views + m.views, downloads: t.downloads + m.downloads }), { views: 0, downloads: 0 });

/** Months added up over several articles, oldest first. */
function byMonth(lists: MonthCount[][]): MonthCount[] {
  const m = new Map<string, MonthCount>();
  for (const list of lists) {
    for (const c of list) {
      const t = m.get(c.month) ?? { month: c.month, views: 0, downloads: 0 };
      t.views += c.views;
      t.downloads += c.downloads;
      m.set(c.month, t);
    }
  }
  return [...m.values()].sort((a, b) => a.month.localeCompare(b.month));
}

/** Usage counts (docs/product.md#usage-counting): what the routes answer, and what the recorder asks of the articles. */
export class StatsService {
  constructor(
    private readonly stats: Pick<StatsRepo, 'totals' | 'byArticles'>,
    private readonly articles: Pick<ArticleRepo, 'findById' | 'listByIssue'>,
    private readonly publicService: PublicService,
  ) {}

  /** The public counts of one article, when the journal shows them (404 otherwise). */
  async articleTotals(journalId: string, ref: string): Promise<{ views: number; downloads: number }> {
    const j = await this.publicService.journal(journalId);
    if (!j?.flags.showUsageStats || !REF_RE.test(ref)) throw new AppError(404, 'not_found', 'Not found');
    const a = await this.publicService.findByRef(journalId, ref);
    if (!a) throw new AppError(404, 'not_found', 'Article not found!');
    return this.stats.totals(journalId, a.id);
  }

  /** Per-article and per-month counts of one issue (all statuses), for the admin. */
  async issueReport(journalId: string, key: IssueKey) {
    const articles = await this.articles.listByIssue(journalId, key, { fields: ['title', 'refnumber', 'status'] });
    const counts = await this.stats.byArticles(journalId, articles.map((a) => a.id));
    const rows = articles.map((a) => {
      const months = counts.get(a.id) ?? [];
      return { id: a.id, refnumber: a.refnumber, title: a.title, status: a.status, ...sum(months), months };
    });
    const months = byMonth(rows.map((x) => x.months));
    return { ...key, ...sum(months), months, articles: rows };
  }

  /** The article a logged hit is for: a page by its reference, a PDF by its path in its issue's list. */
  async articleOfHit(journalId: string, t: Exclude<HitTarget, { kind: 'search' }>): Promise<string | null> {
    if (t.kind === 'view') return (await this.publicService.findByRef(journalId, t.ref))?.id ?? null;
    // File URLs carry a version query that the logged path no longer has: the PDF's issue view
    // lists the article pointing at the bare path.
    const key = issueOfPdfPath(t.path);
    if (!key) return null;
    const list = await this.publicService.issueArticles(journalId, key);
    return list.find((a) => a.pdf_url?.split('?')[0] === t.path)?.id ?? null;
  }

  /** Each counted article's year of publication and access type, for the title roll-up. */
  readonly describe = articleDescriber(
    (journalId, id) => this.articles.findById(journalId, id),
    async (journalId) => (await this.publicService.journal(journalId))?.license,
  );
}

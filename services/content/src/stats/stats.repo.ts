import { Schema, type Connection, type Model } from 'mongoose';
import { buildIndexes } from '@journal/server-kit';
import { jid } from '../shared/plain';

/** Counts of one article in one month (COUNTER-style: robots and double clicks left out). */
export interface MonthCount {
  month: string;
  views: number;
  downloads: number;
}

interface StatDoc {
  journalId: string;
  articleId: string;
  month: string;
  views: number;
  downloads: number;
  /** Sessions that investigated the article (viewed or downloaded it): COUNTER's Unique_Item_Investigations. */
  uii?: number;
  /** Sessions that downloaded it: Unique_Item_Requests. */
  uir?: number;
}

/** COUNTER's Access_Type of an article: an open licence is Open (Gold OA), anything else free to read. */
export type AccessType = 'Open' | 'Free_To_Read';

/**
 * One journal's usage in one month, for one year of publication and access type: the sums of its
 * articles' counts, kept beside them as they are written, so the title and platform reports read a
 * few documents a month however many articles the journal holds.
 */
export interface TitleMonth {
  journalId: string;
  month: string;
  yop: number;
  access: AccessType;
  views: number;
  downloads: number;
  uii: number;
  uir: number;
}

const titleSchema = new Schema<TitleMonth>(
  {
    journalId: { type: String, required: true },
    month: { type: String, required: true },
    yop: { type: Number, required: true },
    access: { type: String, required: true },
    views: { type: Number, default: 0 },
    downloads: { type: Number, default: 0 },
    uii: { type: Number, default: 0 },
    uir: { type: Number, default: 0 },
  },
  { collection: 'title_stats', versionKey: false },
);
titleSchema.index({ journalId: 1, month: 1, yop: 1, access: 1 }, { unique: true, name: 'uniq_title_month' });

/** The four counts every stored aggregate carries. */
export interface UsageCounts {
  views: number;
  downloads: number;
  uii: number;
  uir: number;
}
/** One article's counts in one month. */
export type ArticleMonth = UsageCounts & { articleId: string; month: string };

const statSchema = new Schema<StatDoc>(
  {
    journalId: { type: String, required: true },
    articleId: { type: String, required: true },
    month: { type: String, required: true },
    views: { type: Number, default: 0 },
    downloads: { type: Number, default: 0 },
    uii: { type: Number, default: 0 },
    uir: { type: Number, default: 0 },
  },
  { collection: 'article_stats', versionKey: false },
);
statSchema.index({ journalId: 1, articleId: 1, month: 1 }, { unique: true, name: 'uniq_article_month' });

export interface StatIncrement {
  journalId: string;
  articleId: string;
  month: string;
  views: number;
  downloads: number;
  uii: number;
  uir: number;
}

export type TitleIncrement = TitleMonth;

const counts = (d: Partial<UsageCounts>): UsageCounts => ({ views: d.views ?? 0, downloads: d.downloads ?? 0, uii: d.uii ?? 0, uir: d.uir ?? 0 });

export class StatsRepo {
  readonly model: Model<StatDoc>;
  readonly titles: Model<TitleMonth>;
  constructor(conn: Connection) {
    this.model = conn.models.ArticleStat ?? conn.model<StatDoc>('ArticleStat', statSchema);
    this.titles = conn.models.TitleStat ?? conn.model<TitleMonth>('TitleStat', titleSchema);
  }

  async init() {
    await buildIndexes(() => Promise.all([this.model.syncIndexes(), this.titles.syncIndexes()]));
  }

  /** Adds a batch of a journal-month rollup's counts in one round trip. */
  async addTitles(incs: TitleIncrement[]): Promise<void> {
    if (!incs.length) return;
    await this.titles.bulkWrite(
      incs.map((i) => ({
        updateOne: {
          filter: { journalId: jid(i.journalId), month: i.month, yop: i.yop, access: i.access },
          update: { $inc: { views: i.views, downloads: i.downloads, uii: i.uii, uir: i.uir } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  /** The rollups of these journals (every journal: null) for the months from..to (YYYY-MM, inclusive). */
  async titleMonths(journalIds: string[] | null, from: string, to: string): Promise<TitleMonth[]> {
    const q = { month: { $gte: from, $lte: to }, ...(journalIds ? { journalId: { $in: journalIds.map(jid) } } : {}) };
    const ds = await this.titles.find(q).lean();
    return ds.map((d) => ({ journalId: String(d.journalId), month: d.month, yop: d.yop, access: d.access, ...counts(d) }));
  }

  /** Every article's counts of one journal in the months from..to: the item reports. */
  async articleMonths(journalId: string, from: string, to: string): Promise<ArticleMonth[]> {
    const ds = await this.model.find({ journalId: jid(journalId), month: { $gte: from, $lte: to } }).lean();
    return ds.map((d) => ({ articleId: d.articleId, month: d.month, ...counts(d) }));
  }

  /** Every article's counts of one journal, all months (a rebuild of its rollup). */
  async allArticleMonths(journalId: string): Promise<ArticleMonth[]> {
    const ds = await this.model.find({ journalId: jid(journalId) }).lean();
    return ds.map((d) => ({ articleId: d.articleId, month: d.month, ...counts(d) }));
  }

  /** The months that have a rollup for the journal. */
  async titleMonthsPresent(journalId: string): Promise<Set<string>> {
    return new Set((await this.titles.find({ journalId: jid(journalId) }).select({ month: 1 }).lean()).map((d) => d.month));
  }

  /** The months with any usage of these journals (every journal: null), oldest and newest. */
  async monthSpan(journalIds: string[] | null): Promise<{ first: string; last: string } | null> {
    const q = journalIds ? { journalId: { $in: journalIds.map(jid) } } : {};
    // One read of the months (a few hundred rollups a decade): FerretDB sorts in the process anyway.
    const months = (await this.titles.find(q).select({ month: 1, _id: 0 }).lean()).map((d) => d.month).sort();
    return months.length ? { first: months[0]!, last: months[months.length - 1]! } : null;
  }

  /** Adds a batch of counts in one round trip. */
  async add(incs: StatIncrement[]): Promise<void> {
    if (!incs.length) return;
    await this.model.bulkWrite(
      incs.map((i) => ({
        updateOne: {
          filter: { journalId: jid(i.journalId), articleId: i.articleId, month: i.month },
          update: { $inc: { views: i.views, downloads: i.downloads, uii: i.uii, uir: i.uir } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  /** Per-article monthly counts of these articles, oldest month first. */
  async byArticles(journalId: string, articleIds: string[]): Promise<Map<string, MonthCount[]>> {
    const out = new Map<string, MonthCount[]>(articleIds.map((id) => [id, []]));
    if (!articleIds.length) return out;
    const ds = await this.model.find({ journalId: jid(journalId), articleId: { $in: articleIds } }).lean();
    for (const d of ds) out.get(d.articleId)?.push({ month: d.month, views: d.views ?? 0, downloads: d.downloads ?? 0 });
    for (const list of out.values()) list.sort((a, b) => a.month.localeCompare(b.month));
    return out;
  }

  async totals(journalId: string, articleId: string): Promise<{ views: number; downloads: number }> {
    const ds = await this.model.find({ journalId: jid(journalId), articleId }).select({ views: 1, downloads: 1 }).lean();
    return ds.reduce((t, d) => ({ views: t.views + (d.views ?? 0), downloads: t.downloads + (d.downloads ?? 0) }), { views: 0, downloads: 0 });
  }
}

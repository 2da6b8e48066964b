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
}

const statSchema = new Schema<StatDoc>(
  {
    journalId: { type: String, required: true },
    articleId: { type: String, required: true },
    month: { type: String, required: true },
    views: { type: Number, default: 0 },
    downloads: { type: Number, default: 0 },
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
}

export class StatsRepo {
  readonly model: Model<StatDoc>;
  constructor(conn: Connection) {
    this.model = conn.models.ArticleStat ?? conn.model<StatDoc>('ArticleStat', statSchema);
  }

  async init() {
    await buildIndexes(() => this.model.syncIndexes());
  }

  /** Adds a batch of counts in one round trip. */
  async add(incs: StatIncrement[]): Promise<void> {
    if (!incs.length) return;
    await this.model.bulkWrite(
      incs.map((i) => ({
        updateOne: {
          filter: { journalId: jid(i.journalId), articleId: i.articleId, month: i.month },
          update: { $inc: { views: i.views, downloads: i.downloads } },
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

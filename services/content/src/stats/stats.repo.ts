import { gunzipSync, gzipSync } from 'node:zlib';
import { Schema, Types, type Connection, type Model } from 'mongoose';
import { buildIndexes, crossJournal } from '@journal/server-kit';
import { jid } from '../shared/plain';
import { BUSY, UniqueTakes, untilFree } from '../shared/unique-take';
import { SettledReads } from './settled-reads';

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
  /** The institution's customer ID, in the institutions' collection only. */
  inst?: string;
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

/** A rollup as stored: the institution's customer ID in the institutions' collection only. */
type TitleDoc = TitleMonth & { inst?: string };

/** What a report reads of a rollup: FerretDB's cost follows the fields it hands over. */
const TITLE_FIELDS = { _id: 0, journalId: 1, month: 1, yop: 1, access: 1, views: 1, downloads: 1, uii: 1, uir: 1 } as const;

const titleSchema = new Schema<TitleDoc>(
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
  /** The institution (SUSHI customer ID) the counts are attributed to; absent: the world's counts. */
  inst?: string;
}

export type TitleIncrement = TitleMonth & { inst?: string };

/** A journal's searches in one month (COUNTER's Searches_Platform), the world's or an institution's. */
export interface SearchIncrement {
  journalId: string;
  month: string;
  searches: number;
  inst?: string;
}

/*
 * An institution's usage is kept beside the world's, in collections of its own with the same
 * shape and the institution's customer ID: the world's counts (and every page that shows them)
 * stay as they are, and an institution's report reads only its own documents.
 */
const withInst = <T>(base: Schema<T>, collection: string): Schema<T> => {
  const s = base.clone();
  s.add(new Schema({ inst: { type: String, required: true } }));
  s.set('collection', collection);
  return s.clearIndexes();
};
const instArticleSchema = withInst(statSchema, 'institution_article_stats');
instArticleSchema.index({ journalId: 1, inst: 1, articleId: 1, month: 1 }, { unique: true, name: 'uniq_inst_article_month' });
instArticleSchema.index({ journalId: 1, inst: 1, month: 1 }, { name: 'inst_month' });

const instTitleSchema = withInst(titleSchema, 'institution_title_stats');
instTitleSchema.index({ journalId: 1, inst: 1, month: 1, yop: 1, access: 1 }, { unique: true, name: 'uniq_inst_title_month' });

interface SearchDoc {
  journalId: string;
  /** '' for the world's searches. */
  inst: string;
  month: string;
  searches: number;
}
const searchSchema = new Schema<SearchDoc>(
  {
    journalId: { type: String, required: true },
    inst: { type: String, default: '' },
    month: { type: String, required: true },
    searches: { type: Number, default: 0 },
  },
  { collection: 'search_stats', versionKey: false },
);
searchSchema.index({ journalId: 1, inst: 1, month: 1 }, { unique: true, name: 'uniq_search_month' });

const counts = (d: Partial<UsageCounts>): UsageCounts => ({ views: d.views ?? 0, downloads: d.downloads ?? 0, uii: d.uii ?? 0, uir: d.uir ?? 0 });

/**
 * One complete month of a journal's article counts (the world's, inst '', or an institution's) in
 * one document, as the item reports read it: a month of a large journal is thousands of
 * article-months, which FerretDB reads far slower than one document of them. Stored an hour after
 * the month ends (every month with usage, by one replica: StatsRecorder.storeItemMonths), or
 * when a report first reads it; counting a late hit of it marks it stale (`stale`, `gen` moved on),
 * and it is stored again from the article-months within minutes.
 */
interface ItemMonthDoc {
  journalId: string;
  inst: string;
  month: string;
  /**
   * The gzipped JSON of [articleId, views, downloads, uii, uir] per article with usage: FerretDB
   * stores no arrays of arrays and decodes one field faster than thousands; gzipped, a month of
   * 10,000 articles is 54 kB instead of 377 kB, and twelve of them read 3 to 5 times faster
   * (FerretDB on PostgreSQL). Documents of an older form (no `gz`) are read again and replaced.
   */
  gz?: Buffer;
  /** Counts were added to the month after `gz` was read: it is read again. */
  stale?: boolean;
  /**
   * Moves on with each mark and each store, each taken at the generation it read (`item_month_takes`):
   * `gz` is written only if it has not moved since the article-months were read, so counts added
   * meanwhile are never hidden under an older copy.
   */
  gen?: number;
}
type ItemRow = [string, number, number, number, number];
const itemMonthSchema = new Schema<ItemMonthDoc>(
  {
    journalId: { type: String, required: true },
    inst: { type: String, default: '' },
    month: { type: String, required: true },
    gz: { type: Buffer },
    stale: { type: Boolean },
    gen: { type: Number },
  },
  { collection: 'item_month_stats', versionKey: false },
);
itemMonthSchema.index({ journalId: 1, inst: 1, month: 1 }, { unique: true, name: 'uniq_item_month' });
// The sweep's one question: which months are to be stored again (a top-level equality).
itemMonthSchema.index({ stale: 1 }, { name: 'stale_item_months' });

/**
 * Where a stored month stands (absent: never stored): its document and its generation when read
 * (null: stored before generations).
 */
export interface ItemMonthGen {
  doc: Types.ObjectId;
  gen: number | null;
}

type ItemMonthKey = Pick<ItemMonthDoc, 'journalId' | 'inst' | 'month'>;
/** The filter of a stored month still at the generation read. */
const atGen = (g: ItemMonthGen) => ({ _id: g.doc, ...(g.gen === null ? { gen: { $exists: false } } : { gen: g.gen }) });
/**
 * The take of one change of a stored month from a generation (a store or a mark):
 * `<its document>:<gen>`, so a month stored anew (another document) never meets an old take.
 */
const genTake = (g: ItemMonthGen) => `${String(g.doc)}:${g.gen ?? 0}`;
/** How long a take of a stored month may stay without its write (its writer stopped between the two). */
const ITEM_MONTH_TAKE_LEASE_MS = 60_000;

/** Adds each increment's four counts to its document (made when missing), in one round trip. */
async function addCounts<D, I extends UsageCounts & { journalId: string; inst?: string }>(model: Model<D>, incs: I[], key: (i: I) => object): Promise<void> {
  if (!incs.length) return;
  await model.bulkWrite(
    incs.map((i) => ({
      updateOne: {
        filter: { journalId: jid(i.journalId), ...(i.inst ? { inst: i.inst } : {}), ...key(i) },
        update: { $inc: { views: i.views, downloads: i.downloads, uii: i.uii, uir: i.uir } },
        upsert: true,
      },
      // One shape for both kinds of documents: the filter's fields are the model's own.
    })) as never,
    { ordered: false },
  );
}

/**
 * These journals as a filter: one journal as an equality, which FerretDB on PostgreSQL answers
 * from an index (an `$in` reads the whole collection).
 */
const journalFilter = (journalIds: string[]) => ({ journalId: journalIds.length === 1 ? jid(journalIds[0]!) : { $in: journalIds.map(jid) } });

/** How long after a month ends its item counts are stored: hits are counted within seconds, after an outage within minutes. */
export const ITEM_MONTH_SETTLE_MS = 3600_000;

export class StatsRepo {
  readonly model: Model<StatDoc>;
  readonly titles: Model<TitleDoc>;
  readonly instArticles: Model<StatDoc>;
  readonly instTitles: Model<TitleDoc>;
  readonly searches: Model<SearchDoc>;
  readonly itemMonths: Model<ItemMonthDoc>;
  /**
   * A store and a mark of one month are each taken at the generation they read, and each moves it:
   * FerretDB writes an updated document back whole, so a store could write its older counts over a
   * mark made meanwhile (docs/architecture.md#exactly-once-changes).
   */
  private readonly genTakes: UniqueTakes;
  /** The reports' reads of complete months, dropped when this repository adds to a journal's rollups. */
  readonly settled = new SettledReads();
  constructor(conn: Connection) {
    this.itemMonths = conn.models.ItemMonthStat ?? conn.model<ItemMonthDoc>('ItemMonthStat', itemMonthSchema);
    this.genTakes = new UniqueTakes(conn, 'ItemMonthTake', 'item_month_takes');
    this.model = conn.models.ArticleStat ?? conn.model<StatDoc>('ArticleStat', statSchema);
    this.titles = conn.models.TitleStat ?? conn.model<TitleDoc>('TitleStat', titleSchema);
    this.instArticles = conn.models.InstitutionArticleStat ?? conn.model<StatDoc>('InstitutionArticleStat', instArticleSchema);
    this.instTitles = conn.models.InstitutionTitleStat ?? conn.model<TitleDoc>('InstitutionTitleStat', instTitleSchema);
    this.searches = conn.models.SearchStat ?? conn.model<SearchDoc>('SearchStat', searchSchema);
  }

  async init() {
    await buildIndexes(() =>
      Promise.all([this.model.syncIndexes(), this.titles.syncIndexes(), this.instArticles.syncIndexes(), this.instTitles.syncIndexes(), this.searches.syncIndexes(), this.itemMonths.syncIndexes()]),
    );
  }

  /** Adds a batch of journal-month rollups' counts (the world's and institutions') in a round trip each. */
  async addTitles(incs: TitleIncrement[]): Promise<void> {
    const key = (i: TitleIncrement) => ({ month: i.month, yop: i.yop, access: i.access });
    try {
      await addCounts(this.titles, incs.filter((i) => !i.inst), key);
      await addCounts(this.instTitles, incs.filter((i) => i.inst), key);
    } finally {
      this.settled.forget(incs.map((i) => i.journalId));
    }
  }

  /** Adds a batch of searches in one round trip. */
  async addSearches(incs: SearchIncrement[]): Promise<void> {
    if (!incs.length) return;
    try {
      await this.searches.bulkWrite(
        incs.map((i) => ({
          updateOne: { filter: { journalId: jid(i.journalId), inst: i.inst ?? '', month: i.month }, update: { $inc: { searches: i.searches } }, upsert: true },
        })),
        { ordered: false },
      );
    } finally {
      this.settled.forget(incs.map((i) => i.journalId));
    }
  }

  /**
   * The rollups of these journals (every journal: null) for the months from..to (YYYY-MM,
   * inclusive): the world's, or one institution's.
   */
  async titleMonths(journalIds: string[] | null, from: string, to: string, inst: string | null = null): Promise<TitleMonth[]> {
    const q = { month: { $gte: from, $lte: to }, ...(journalIds ? journalFilter(journalIds) : {}), ...(inst ? { inst } : {}) };
    const ds = await (inst ? this.instTitles : this.titles).find(q).select(TITLE_FIELDS).lean();
    return ds.map((d) => ({ journalId: String(d.journalId), month: d.month, yop: d.yop, access: d.access, ...counts(d) }));
  }

  /** The searches of these journals (every journal: null) by month, the world's or one institution's. */
  async searchMonths(journalIds: string[] | null, from: string, to: string, inst: string | null = null): Promise<{ journalId: string; month: string; searches: number }[]> {
    const q = { month: { $gte: from, $lte: to }, inst: inst ?? '', ...(journalIds ? journalFilter(journalIds) : {}) };
    const ds = await this.searches.find(q).lean();
    return ds.map((d) => ({ journalId: String(d.journalId), month: d.month, searches: d.searches ?? 0 }));
  }

  /**
   * Every article's counts of one journal in the months from..to (the item reports), the world's
   * or one institution's; only the fields a report reads.
   */
  async articleMonths(journalId: string, months: { from: string; to: string } | string[], inst: string | null = null): Promise<ArticleMonth[]> {
    // One month as an equality: FerretDB on PostgreSQL uses indexes for top-level equalities only.
    const month = Array.isArray(months) ? (months.length === 1 ? months[0] : { $in: months }) : { $gte: months.from, $lte: months.to };
    const q = { journalId: jid(journalId), month, ...(inst ? { inst } : {}) };
    const ds = await (inst ? this.instArticles : this.model).find(q).select({ _id: 0, articleId: 1, month: 1, views: 1, downloads: 1, uii: 1, uir: 1 }).lean();
    return ds.map((d) => ({ articleId: d.articleId, month: d.month, ...counts(d) }));
  }

  /**
   * The stored item months of a journal among these (the world's or one institution's): the
   * current ones' counts, and the generation of every one found, current or not.
   */
  async storedItemMonths(journalId: string, months: string[], inst: string | null = null): Promise<{ rows: Map<string, ArticleMonth[]>; gens: Map<string, ItemMonthGen> }> {
    const ds = await this.itemMonths.find({ journalId: jid(journalId), inst: inst ?? '', month: months.length === 1 ? months[0] : { $in: months } }).lean();
    const rowsOf = (gz: Buffer | { buffer: Uint8Array }) => JSON.parse(gunzipSync(Buffer.isBuffer(gz) ? gz : Buffer.from(gz.buffer)).toString('utf8')) as ItemRow[];
    return {
      rows: new Map(
        ds
          .filter((d) => d.gz && !d.stale)
          .map((d) => [d.month, rowsOf(d.gz!).map(([articleId, views, downloads, uii, uir]) => ({ articleId, month: d.month, views, downloads, uii, uir }))]),
      ),
      gens: new Map(ds.map((d) => [d.month, { doc: d._id, gen: d.gen ?? null }])),
    };
  }

  /**
   * Keeps a complete month's article counts in one document, unless it was marked since they were
   * read (`gen`: what storedItemMonths found, undefined when there was none): then counts were
   * added meanwhile, and the month is left to the next sweep. Answers whether it was stored.
   */
  async storeItemMonth(journalId: string, month: string, counts: ArticleMonth[], inst: string | null, gen: ItemMonthGen | undefined): Promise<boolean> {
    const gz = gzipSync(JSON.stringify(counts.map((c): ItemRow => [c.articleId, c.views, c.downloads, c.uii, c.uir])));
    const key = { journalId: jid(journalId), inst: inst ?? '', month };
    if (gen === undefined) {
      try {
        await this.itemMonths.create({ ...key, gz, stale: false, gen: 0 });
        return true;
      } catch (err) {
        // Stored or marked by another meanwhile.
        if ((err as { code?: number }).code === 11000) return false;
        throw err;
      }
    }
    const stored = await this.genTakes.once(key.journalId, genTake(gen), { leaseMs: ITEM_MONTH_TAKE_LEASE_MS }, async () => {
      const r = await this.itemMonths.updateOne({ ...key, ...atGen(gen) }, { $set: { gz, stale: false, gen: (gen.gen ?? 0) + 1 } });
      return r.matchedCount === 1 || null;
    });
    return stored === true;
  }

  /** Reads a month's article counts and stores them (the world's or one institution's); answers whether it was stored. */
  async refreshItemMonth(journalId: string, month: string, inst: string | null): Promise<boolean> {
    const gen = (await this.storedItemMonths(journalId, [month], inst)).gens.get(month);
    return this.storeItemMonth(journalId, month, await this.articleMonths(journalId, [month], inst), inst, gen);
  }

  /**
   * Stores the month's item counts of every journal and institution with usage in it that has
   * none stored yet; answers how many were stored.
   */
  async storeItemMonthsOf(month: string): Promise<number> {
    const every = crossJournal('the month of every journal with usage is stored at once');
    const [world, institutions, stored] = await Promise.all([
      this.titles.find({ month }).setOptions(every).select({ journalId: 1, _id: 0 }).lean(),
      this.instTitles.find({ month }).setOptions(every).select({ journalId: 1, inst: 1, _id: 0 }).lean(),
      this.itemMonths.find({ month }).setOptions(every).select({ journalId: 1, inst: 1, _id: 0 }).lean(),
    ]);
    const have = new Set(stored.map((d) => `${d.journalId}|${d.inst ?? ''}`));
    let n = 0;
    for (const owner of new Set([...world.map((d) => `${d.journalId}|`), ...institutions.map((d) => `${d.journalId}|${d.inst ?? ''}`)])) {
      if (have.has(owner)) continue;
      const [journalId = '', inst = ''] = owner.split('|');
      if (await this.refreshItemMonth(journalId, month, inst || null)) n++;
    }
    return n;
  }

  /** Stores again the months marked stale, up to `last` (later ones are still counting); answers how many. */
  async refreshStaleItemMonths(last: string): Promise<number> {
    const stale = await this.itemMonths
      .find({ stale: true })
      .setOptions(crossJournal('the stale months of every journal are stored again at once'))
      .select({ journalId: 1, inst: 1, month: 1, _id: 0 })
      .lean();
    let n = 0;
    for (const d of stale.filter((x) => x.month <= last)) if (await this.refreshItemMonth(d.journalId, d.month, d.inst || null)) n++;
    return n;
  }

  /**
   * Marks the stored item months these counts added to as stale (made when none is stored yet, so
   * the sweep stores them): the world's, and the institution's when the counts are one's.
   */
  async markItemMonths(changed: { journalId: string; month: string; inst?: string }[]): Promise<void> {
    const keys = [...new Map(changed.map((c) => [`${c.journalId}|${c.inst ?? ''}|${c.month}`, c])).values()];
    // Late hits (of a month already over) are few: a read and a take each, side by side.
    await Promise.all(keys.map((c) => this.markItemMonth({ journalId: jid(c.journalId), inst: c.inst ?? '', month: c.month })));
  }

  /** One month marked stale from the generation read, once it holds that generation's take (a store holding it first: read again). */
  private async markItemMonth(key: ItemMonthKey): Promise<void> {
    const marked = await untilFree(async () => {
      const d = await this.itemMonths.findOne(key).select({ gen: 1 }).lean<{ _id: Types.ObjectId; gen?: number }>();
      if (!d) {
        try {
          await this.itemMonths.create({ ...key, stale: true, gen: 1 });
          return true;
        } catch (err) {
          // Stored or marked by another meanwhile.
          if ((err as { code?: number }).code === 11000) return BUSY;
          throw err;
        }
      }
      const at: ItemMonthGen = { doc: d._id, gen: d.gen ?? null };
      const done = await this.genTakes.once(key.journalId, genTake(at), { leaseMs: ITEM_MONTH_TAKE_LEASE_MS }, async () => {
        const r = await this.itemMonths.updateOne({ ...key, ...atGen(at) }, { $set: { stale: true, gen: (at.gen ?? 0) + 1 } });
        return r.matchedCount === 1 || null;
      });
      return done ?? BUSY;
    });
    // The flush step fails and is tried again with the batch.
    if (!marked) throw new Error(`item month ${key.month} of journal ${key.journalId} (${key.inst || 'world'}) held past the waits`);
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
    const q = journalIds ? journalFilter(journalIds) : {};
    // One read of the months (a few hundred rollups a decade): FerretDB sorts in the process anyway.
    const every = journalIds ? {} : crossJournal('the months with usage of the whole platform');
    const months = (await this.titles.find(q).setOptions(every).select({ month: 1, _id: 0 }).lean()).map((d) => d.month).sort();
    return months.length ? { first: months[0]!, last: months[months.length - 1]! } : null;
  }

  /** Adds a batch of counts (the world's and institutions') in a round trip each. */
  async add(incs: StatIncrement[]): Promise<void> {
    const key = (i: StatIncrement) => ({ articleId: i.articleId, month: i.month });
    await addCounts(this.model, incs.filter((i) => !i.inst), key);
    await addCounts(this.instArticles, incs.filter((i) => i.inst), key);
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

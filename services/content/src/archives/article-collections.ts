import { mongo, type Connection, type Model, type Schema } from 'mongoose';
import { buildIndexes, fnv1a, storedCount } from '@journal/server-kit';

/** Where the articles' layout is kept: the bucket count they were first written with. */
export const CONTENT_LAYOUT_COLLECTION = 'content_layout';
const LAYOUT_ID = 'articles';

/**
 * The collections articles live in: one per journal bucket (FNV-1a of the journal id), so that a
 * journal's queries read its own bucket. FerretDB 1.24 pushes no filter but a lone `_id` down to
 * SQLite: `{journalId, …}` on one collection of every journal's articles reads all of them (about
 * 4 ms per stored megabyte, seconds at 100,000 articles), and on a bucket only that journal's (and
 * the few sharing its bucket). MongoDB answers from its indexes: with a count of 1 there is one
 * collection, `articles`, as before.
 *
 * The count is the database's, not the process's: the first process to open a database stores the
 * configured count, and every process after reads it, so processes configured apart still read
 * where the others wrote. A database holding articles from before the layout keeps its one
 * collection.
 */
export class ArticleCollections<D> {
  /** Collections whose indexes this process has built (or is building), by bucket. */
  private readonly ready = new Map<number, Promise<Model<D>>>();

  private constructor(
    private readonly conn: Connection,
    private readonly schema: Schema<D>,
    readonly prefix: string,
    readonly count: number,
  ) {}

  static async open<D>(conn: Connection, schema: Schema<D>, prefix: string, configured: number): Promise<ArticleCollections<D>> {
    const state = conn.db!.collection<{ _id: string; buckets: number }>(CONTENT_LAYOUT_COLLECTION);
    let layout = await state.findOne({ _id: LAYOUT_ID });
    if (!layout) {
      // Storage statistics only (no document read): a database written before the layout keeps its collection.
      const legacy = await storedCount(conn.db!, prefix);
      await state.insertOne({ _id: LAYOUT_ID, buckets: legacy > 0 ? 1 : configured }).catch((err: unknown) => {
        if (!(err instanceof mongo.MongoServerError && err.code === 11000)) throw err;
      });
      layout = await state.findOne({ _id: LAYOUT_ID });
    }
    const count = layout?.buckets;
    if (!Number.isInteger(count) || count! < 1) {
      throw new Error(`${CONTENT_LAYOUT_COLLECTION} holds an article bucket count of ${String(count)}: repair its \`${LAYOUT_ID}\` document (docs/operations.md)`);
    }
    return new ArticleCollections(conn, schema, prefix, count!);
  }

  bucketOf(journalId: string): number {
    return bucketOf(this.count, journalId);
  }

  name(bucket: number): string {
    return bucketName(this.prefix, this.count, bucket);
  }

  /** The model of the collection holding the journal's articles, to read (no index needed). */
  of(journalId: string): Model<D> {
    return this.model(this.bucketOf(journalId));
  }

  /** The same, to write: its unique indexes built first (once per process and collection). */
  forWrite(journalId: string): Promise<Model<D>> {
    return this.indexed(this.bucketOf(journalId));
  }

  /** Journal ids grouped by the collection they live in: one query per group. */
  group(journalIds: string[]): [Model<D>, string[]][] {
    const by = new Map<number, string[]>();
    for (const id of journalIds) {
      const b = this.bucketOf(id);
      const list = by.get(b);
      if (list) list.push(id);
      else by.set(b, [id]);
    }
    return [...by].map(([b, ids]) => [this.model(b), ids]);
  }

  /** The models of every collection that holds articles (cross-journal tools and migrations). */
  async existing(): Promise<Model<D>[]> {
    if (this.count === 1) return [this.model(0)];
    const names = new Set((await this.conn.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
    const out: Model<D>[] = [];
    for (let b = 0; b < this.count; b++) if (names.has(this.name(b))) out.push(this.model(b));
    return out;
  }

  /** Articles stored in all of them (storage statistics, no document read). */
  async estimatedCount(): Promise<number> {
    let n = 0;
    for (const m of await this.existing()) n += await storedCount(this.conn.db!, m.collection.collectionName);
    return n;
  }

  /**
   * One collection: its indexes made to match the schema at start, as for every other model. Many:
   * each gets them before its first write (a start never walks hundreds of collections).
   */
  async init(): Promise<void> {
    if (this.count === 1) {
      const m = this.model(0);
      await buildIndexes(() => m.syncIndexes());
      this.ready.set(0, Promise.resolve(m));
    }
  }

  private indexed(bucket: number): Promise<Model<D>> {
    let m = this.ready.get(bucket);
    if (!m) {
      const model = this.model(bucket);
      m = buildIndexes(() => model.createIndexes()).then(() => model);
      m.catch(() => this.ready.delete(bucket));
      this.ready.set(bucket, m);
    }
    return m;
  }

  private model(bucket: number): Model<D> {
    const modelName = this.count === 1 ? 'Article' : `Article_${bucket}`;
    return (this.conn.models[modelName] as Model<D> | undefined) ?? this.conn.model<D>(modelName, this.schema, this.name(bucket));
  }
}

/** The collection holding a journal's articles in this database (tools and tests that write documents directly). */
export async function articleCollectionOf(db: mongo.Db, journalId: string, prefix = 'articles'): Promise<string> {
  const layout = await db.collection<{ _id: string; buckets: number }>(CONTENT_LAYOUT_COLLECTION).findOne({ _id: LAYOUT_ID });
  const count = layout?.buckets ?? 1;
  return bucketName(prefix, count, bucketOf(count, journalId));
}

const bucketOf = (count: number, journalId: string) => (count === 1 ? 0 : fnv1a(journalId) % count);
const bucketName = (prefix: string, count: number, bucket: number) => (count === 1 ? prefix : `${prefix}_${bucket}`);

/** Every collection of articles in this database, whatever its layout. */
export async function articleCollectionsIn(db: mongo.Db, prefix = 'articles'): Promise<string[]> {
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  return names.filter((n) => n === prefix || new RegExp(`^${prefix}_\\d+$`).test(n)).sort();
}

import type { Connection, Model, Schema, mongo } from 'mongoose';
import { buildIndexes, storedCount } from '@journal/server-kit';

/** Where a database written by an older release kept the bucket count of its articles' layout. */
export const CONTENT_LAYOUT_COLLECTION = 'content_layout';
const LAYOUT_ID = 'articles';
export const ARTICLE_COLLECTION = 'articles';

/**
 * The collection of every journal's articles, `articles`, found by its indexes (journal first) on
 * MongoDB and on the local FerretDB on PostgreSQL alike. Older releases could spread a database's
 * articles over key buckets (`articles_<n>`, for FerretDB on SQLite, which scanned): such a
 * database is refused at start with the way to move it (`jp db backup`, then `jp db restore`,
 * which writes the one layout; docs/operations.md#the-database).
 */
export class ArticleCollections<D> {
  private ready?: Promise<Model<D>>;
  private readonly model: Model<D>;

  private constructor(conn: Connection, schema: Schema<D>) {
    this.model = (conn.models.Article as Model<D> | undefined) ?? conn.model<D>('Article', schema, ARTICLE_COLLECTION);
  }

  static async open<D>(conn: Connection, schema: Schema<D>): Promise<ArticleCollections<D>> {
    const layout = await conn.db!.collection<{ _id: string; buckets?: number }>(CONTENT_LAYOUT_COLLECTION).findOne({ _id: LAYOUT_ID });
    if (layout && layout.buckets !== 1) throw new Error(oldLayoutMessage(`its articles over ${String(layout.buckets)} key buckets`));
    return new ArticleCollections(conn, schema);
  }

  /** The model of the articles, to read. */
  of(_journalId?: string): Model<D> {
    return this.model;
  }

  /** The same, to write: its indexes made first (once per process). */
  forWrite(_journalId?: string): Promise<Model<D>> {
    if (!this.ready) {
      const m = buildIndexes(() => this.model.createIndexes()).then(() => this.model);
      m.catch(() => (this.ready = undefined));
      this.ready = m;
    }
    return this.ready;
  }

  /** The models that hold articles (cross-journal tools and migrations): the one. */
  existing(): Promise<Model<D>[]> {
    return Promise.resolve([this.model]);
  }

  /** Articles stored (storage statistics, no document read). */
  estimatedCount(): Promise<number> {
    return storedCount(this.model.db.db!, ARTICLE_COLLECTION);
  }

  /** Its indexes made to match the schema at start, as for every other model. */
  async init(): Promise<void> {
    await buildIndexes(() => this.model.syncIndexes());
    this.ready = Promise.resolve(this.model);
  }
}

/** The error a database in the key-bucket layout of older releases gets at start: how to move it. */
export const oldLayoutMessage = (what: string) =>
  `This database keeps ${what}, the layout of older releases: move it into the one layout with \`jp db backup\`, then \`jp db restore\` into a new database (docs/operations.md#the-database)`;

/** The collection holding a journal's articles (tools and tests that write documents directly). */
export async function articleCollectionOf(_db: mongo.Db, _journalId: string): Promise<string> {
  return Promise.resolve(ARTICLE_COLLECTION);
}

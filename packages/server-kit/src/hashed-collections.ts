import { mongo, type Connection } from 'mongoose';

/** FNV-1a, 32 bits: fast, stable across processes and releases (a bucket is where a key was written). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * Documents found by `_id` alone, spread over `count` collections by a hash of the key. FerretDB
 * 1.24 answers `{_id: key}` by scanning its collection (its SQLite `_id` index is built on another
 * expression than the one it queries with), so a read costs the bytes of the collection it is in:
 * about 4 ms per stored megabyte. Many small collections keep that to a few hundred documents at a
 * million articles. MongoDB reads its `_id` index: with a count of 1 there is one collection named
 * `prefix`, as before.
 */
export class HashedCollections<T extends { _id: string }> {
  private readonly cols: mongo.Collection<T>[] = [];

  constructor(
    private readonly conn: Connection,
    readonly prefix: string,
    readonly count: number,
  ) {
    if (!Number.isInteger(count) || count < 1) throw new Error(`bucket count must be a positive integer (got ${count})`);
  }

  name(bucket: number): string {
    return this.count === 1 ? this.prefix : `${this.prefix}_${bucket}`;
  }

  bucketOf(key: string): number {
    return this.count === 1 ? 0 : fnv1a(key) % this.count;
  }

  of(key: string): mongo.Collection<T> {
    return this.at(this.bucketOf(key));
  }

  /** Keys (or items carrying one) grouped by the collection they live in: one round trip per group. */
  group<I>(items: I[], keyOf: (item: I) => string): [mongo.Collection<T>, I[]][] {
    const by = new Map<number, I[]>();
    for (const item of items) {
      const b = this.bucketOf(keyOf(item));
      const list = by.get(b);
      if (list) list.push(item);
      else by.set(b, [item]);
    }
    return [...by].map(([b, list]) => [this.at(b), list]);
  }

  /** Every collection's name (whether or not it holds documents yet). */
  names(): string[] {
    return Array.from({ length: this.count }, (_, b) => this.name(b));
  }

  /** Documents stored in all of them (collections never written count 0). */
  async estimatedCount(): Promise<number> {
    const existing = new Set((await this.conn.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
    let n = 0;
    for (const name of this.names()) if (existing.has(name)) n += await storedCount(this.conn.db!, name);
    return n;
  }

  /** Removes every document of every collection that exists (tests and resets). */
  async clear(): Promise<void> {
    const existing = new Set((await this.conn.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
    for (const name of this.names()) if (existing.has(name)) await this.conn.db!.collection(name).deleteMany({});
  }

  private at(bucket: number): mongo.Collection<T> {
    return (this.cols[bucket] ??= this.conn.db!.collection<T>(this.name(bucket)));
  }
}

/**
 * Scalar fields of the document with this `_id`, each read by a `distinct` of its own, in parallel;
 * null when no document holds `fields[0]` (a field every such document has). Why: FerretDB 1.24
 * starts every `find` by copying the metadata of every collection in the database (about 1.3 µs
 * each, 2.7 ms per read at 2,000 collections), where `distinct` goes to the collection's table
 * alone. The fields may come from two versions of a document replaced meanwhile, so this is only
 * for fields that are read together safely that way (one written once with the `_id`).
 */
export async function readFields<T extends { _id: string }, K extends keyof T & string>(
  col: mongo.Collection<T>,
  id: string,
  fields: readonly [K, ...K[]],
): Promise<Partial<Pick<T, K>> | null> {
  const filter = { _id: id } as mongo.Filter<T>;
  const values = await Promise.all(fields.map((f) => col.distinct(f, filter) as Promise<unknown[]>));
  if (!values[0]!.length) return null;
  const out: Partial<Record<K, unknown>> = {};
  fields.forEach((f, i) => {
    if (values[i]!.length) out[f] = values[i]![0];
  });
  return out as Partial<Pick<T, K>>;
}

/**
 * Documents in a collection, from its storage statistics (the `collStats` command: metadata on
 * MongoDB, SQLite's page statistics or PostgreSQL's, freshly analysed, on FerretDB). Not
 * `estimatedDocumentCount` where the collection may be large: FerretDB 1.24 answers `count` by
 * decoding every document (about 0.3 s per 1,000 articles). The statistics are no free lunch there
 * either (30–400 ms a call, growing with the database's size), so nothing on a start or a request
 * path counts. A collection that does not exist holds 0.
 */
export async function storedCount(db: mongo.Db, name: string): Promise<number> {
  try {
    const stats = await db.command({ collStats: name });
    return Math.max(0, Number(stats.count ?? 0));
  } catch (err) {
    if (err instanceof mongo.MongoServerError && (err.code === 26 || /does not exist|not found/i.test(err.message))) return 0;
    throw err;
  }
}

import { mongo } from 'mongoose';

/** FNV-1a, 32 bits: fast, stable across processes and releases (a search chunk is where an entry was written). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
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

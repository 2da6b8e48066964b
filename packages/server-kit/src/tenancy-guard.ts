import mongoose, { type Aggregate, type MongooseQueryMiddleware, type Query, type Schema } from 'mongoose';

/**
 * docs/security.md#tenancy-guard: every query on a journal-owned collection (a schema with a
 * `journalId` path) must name the journal in its filter. With the guard on, a query that does
 * not throws, so a forgotten filter fails the tests instead of reaching another journal's data.
 * The few queries that are cross-journal by design say so with `crossJournal(reason)`.
 */

/** The query option that lets one query through; its value is the reason, for the reader. */
export const CROSS_JOURNAL_OPTION = 'crossJournal';
export const crossJournal = (reason: string) => ({ [CROSS_JOURNAL_OPTION]: reason });

export class TenancyError extends Error {
  constructor(collection: string, op: string) {
    super(`Tenancy guard: ${collection}.${op} without a journalId in its filter (add one, or mark the query crossJournal(reason))`);
    this.name = 'TenancyError';
  }
}

/** On with TENANCY_GUARD=on, or under NODE_ENV=test unless TENANCY_GUARD=off. */
export function tenancyGuardEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.TENANCY_GUARD === 'on') return true;
  if (env.TENANCY_GUARD === 'off') return false;
  return env.NODE_ENV === 'test';
}

const FIELD = 'journalId';
// Operators that do not pin one journal (`{journalId: {$exists: true}}` matches them all).
const UNPINNED = new Set(['$exists', '$ne', '$nin', '$not', '$gt', '$gte', '$lt', '$lte', '$regex', '$type']);

/** Whether a filter restricts the query to named journals (directly or in every branch of `$and`). */
export function filterCarriesJournal(filter: unknown): boolean {
  if (!filter || typeof filter !== 'object') return false;
  const f = filter as Record<string, unknown>;
  if (FIELD in f) {
    const v = f[FIELD];
    if (v === undefined || v === null) return false;
    if (typeof v === 'object' && !Array.isArray(v) && Object.keys(v).some((k) => k.startsWith('$'))) {
      return !Object.keys(v).some((k) => UNPINNED.has(k));
    }
    return true;
  }
  if (Array.isArray(f.$and)) return f.$and.some(filterCarriesJournal);
  if (Array.isArray(f.$or) && f.$or.length) return f.$or.every(filterCarriesJournal);
  return false;
}

const QUERY_OPS: MongooseQueryMiddleware[] = [
  'find', 'findOne', 'countDocuments', 'distinct',
  'updateOne', 'updateMany', 'replaceOne', 'deleteOne', 'deleteMany',
  'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace',
];

/** The mongoose plugin; applies itself only to schemas with a `journalId` path. */
export function tenancyGuardPlugin(schema: Schema): void {
  if (!schema.path(FIELD)) return;
  schema.pre(QUERY_OPS, function (this: Query<unknown, unknown>) {
    if (this.getOptions()[CROSS_JOURNAL_OPTION]) return;
    if (!filterCarriesJournal(this.getFilter())) throw new TenancyError(this.model.collection.collectionName, String((this as { op?: unknown }).op ?? 'query'));
  });
  schema.pre('aggregate', function (this: Aggregate<unknown>) {
    if ((this.options as Record<string, unknown>)[CROSS_JOURNAL_OPTION]) return;
    const first = this.pipeline()[0] as { $match?: unknown } | undefined;
    if (!filterCarriesJournal(first?.$match)) throw new TenancyError(this.model().collection.collectionName, 'aggregate');
  });
  schema.pre('estimatedDocumentCount', function (this: Query<unknown, unknown>) {
    if (!this.getOptions()[CROSS_JOURNAL_OPTION]) throw new TenancyError(this.model.collection.collectionName, 'estimatedDocumentCount');
  });
}

let installed = false;
/**
 * Installs the guard for every model compiled afterwards (mongoose's global plugins reach the
 * models of every connection). `connectMongo` calls it when the guard is enabled.
 */
export function installTenancyGuard(): void {
  if (installed) return;
  installed = true;
  mongoose.plugin(tenancyGuardPlugin);
}

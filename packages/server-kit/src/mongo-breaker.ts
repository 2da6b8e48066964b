import mongoose, { type CallbackWithoutResultAndOptionalError, type Connection, type MongooseQueryMiddleware, type Schema } from 'mongoose';
import { BreakerOpenError, CircuitBreaker, isMongoDownError, type BreakerOptions, type Dependency } from './dependencies';

/*
 * The database's circuit breaker, apart from dependencies.ts: a process without MongoDB (the
 * gateway) loads the health and breaker code without loading mongoose (docs/architecture.md#gateway-memory).
 */

const QUERY_OPS: MongooseQueryMiddleware[] = [
  'find', 'findOne', 'countDocuments', 'estimatedDocumentCount', 'distinct', 'updateOne', 'updateMany',
  'deleteOne', 'deleteMany', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace', 'replaceOne',
];

const breakers = new WeakMap<Connection, CircuitBreaker>();

/** The breaker `connectMongo` put on a connection. */
export const mongoBreakerOf = (conn: Connection) => breakers.get(conn);

/** The connection a query, aggregate, document or model runs on (what `this` is in its hook). */
type HookThis = { model?: unknown; db?: unknown; constructor?: unknown; $isSubdocument?: boolean };
function connectionOf(self: HookThis): Connection | undefined {
  const dbOf = (c: unknown): Connection | undefined => {
    const db = (c as { db?: unknown } | undefined)?.db;
    return db && typeof db === 'object' && breakers.has(db as Connection) ? (db as Connection) : undefined;
  };
  // A Model (insertMany, bulkWrite) and a document's constructor carry `db`; a query's `model` is its Model.
  const direct = dbOf(self) ?? dbOf(self.constructor) ?? dbOf(self.model);
  if (direct || typeof self.model !== 'function' || 'db' in self.model) return direct;
  // An aggregate's `model` is a method returning its Model.
  try {
    return dbOf((self.model as () => unknown).call(self));
  } catch {
    return undefined;
  }
}

const breakerOf = (self: HookThis) => {
  const conn = connectionOf(self);
  return conn ? breakers.get(conn) : undefined;
};

/**
 * The hooks, on every schema (schemas are shared by the connections of a process, so the hooks
 * find the breaker of the connection each call runs on).
 */
function breakerPlugin(schema: Schema): void {
  const refuse = function (this: HookThis) {
    // A subdocument's save is part of its parent's, which already asked the breaker.
    if (this.$isSubdocument) return;
    const b = breakerOf(this);
    if (b && !b.allow()) throw new BreakerOpenError();
  };
  const ok = function (this: HookThis) {
    breakerOf(this)?.success();
  };
  // An error post hook (three parameters) sees the failure and passes it on unchanged. Any other
  // error (a duplicate key, a validation) means the database answered.
  const failed = function (this: HookThis, err: Error, _res: unknown, next: CallbackWithoutResultAndOptionalError) {
    const b = breakerOf(this);
    if (b && isMongoDownError(err)) b.failure();
    else if (b && !(err instanceof BreakerOpenError)) b.success();
    next(err);
  };
  schema.pre(QUERY_OPS, refuse);
  schema.post(QUERY_OPS, ok);
  schema.post(QUERY_OPS, failed);
  schema.pre('aggregate', refuse);
  schema.post('aggregate', ok);
  schema.post('aggregate', failed);
  schema.pre('save', refuse);
  schema.post('save', ok);
  schema.post('save', failed);
  schema.pre('insertMany', refuse);
  schema.post('insertMany', ok);
  schema.post('insertMany', failed);
}
let pluginInstalled = false;

/**
 * Puts a circuit breaker in front of every model compiled after this call (queries, aggregates,
 * saves, insertMany) on `conn`, and keeps it in step with the driver: a lost connection opens
 * it, a regained one closes it. Raw collection calls (GridFS) are not guarded: they fail within
 * the server selection timeout, and the error handler answers 503 either way.
 */
export function guardMongo(conn: Connection, opts?: BreakerOptions): CircuitBreaker {
  const existing = breakers.get(conn);
  if (existing) return existing;
  if (!pluginInstalled) {
    mongoose.plugin(breakerPlugin);
    pluginInstalled = true;
  }
  const breaker = new CircuitBreaker('mongo', opts);
  breakers.set(conn, breaker);
  conn.on('disconnected', () => breaker.open());
  conn.on('connected', () => breaker.success());
  conn.on('reconnected', () => breaker.success());
  return breaker;
}

export const mongoDependency = (conn: Connection): Dependency => ({ up: () => conn.readyState === 1, breaker: guardMongo(conn) });

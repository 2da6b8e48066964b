import { setTimeout as sleep } from 'node:timers/promises';
import mongoose, { type Connection, type Model, type Schema } from 'mongoose';
import { installTenancyGuard, tenancyGuardEnabled } from './tenancy-guard';
import { guardMongo } from './mongo-breaker';

/** How long a starting process keeps trying to reach the database before it gives up. */
const STARTUP_WAIT_MS = 30_000;

/**
 * One connection per service. Commands are not buffered and server selection is short, so a
 * database outage turns into a 503 within about two seconds instead of a hanging request.
 * At start the first connection is retried for a while: the database and the services start
 * together (a fresh stack, a rolled cluster), and a busy database that answers late must not cost
 * a crash and a restart.
 * Indexes are built by each repository's `init()` (see `buildIndexes`), not behind its back when a
 * model compiles: two builds of the same index at once is the race `buildIndexes` absorbs.
 * Every model compiled on the connection sits behind its circuit breaker (`guardMongo`).
 */
/** Socket timeout of a tool's connection (seeds, the operator CLI): one scan of a large collection on FerretDB can take minutes. */
export const TOOL_SOCKET_TIMEOUT_MS = 600_000;

/**
 * `minPoolSize`: connections the driver opens at once and keeps open (again after an outage), for a
 * process whose requests use several side by side: the pool otherwise opens them as requests need
 * them, two at a time, and the first such request pays for them.
 */
export async function connectMongo(url: string, dbName: string, opts: { waitMs?: number; socketTimeoutMs?: number; minPoolSize?: number } = {}): Promise<Connection> {
  // Before any model compiles: the guard is a global plugin (docs/security.md#tenancy-guard).
  if (tenancyGuardEnabled()) installTenancyGuard();
  const until = Date.now() + (opts.waitMs ?? STARTUP_WAIT_MS);
  for (;;) {
    const conn = mongoose.createConnection(url, {
      dbName,
      bufferCommands: false,
      autoIndex: false,
      serverSelectionTimeoutMS: 1500,
      connectTimeoutMS: 2000,
      socketTimeoutMS: opts.socketTimeoutMs ?? 30_000,
      maxPoolSize: 20,
      minPoolSize: opts.minPoolSize ?? 0,
    });
    try {
      await conn.asPromise();
      guardMongo(conn);
      return conn;
    } catch (err) {
      await conn.close().catch(() => undefined);
      const unreachable = /ServerSelection|ECONNREFUSED|timed out/i.test(`${(err as Error)?.name} ${(err as Error)?.message}`);
      if (!unreachable || Date.now() + 500 >= until) throw err;
      await sleep(500);
    }
  }
}

export const isMongoReady = (conn: Connection | undefined) => conn?.readyState === 1;

/** Escapes user text for use inside a RegExp so it matches literally. */
export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const INDEX_RACE = /already exists|IndexBuildAlreadyInProgress|index .* already|index not found/i;

/**
 * Builds indexes (`model.syncIndexes()`, `collection.createIndex(...)`). Replicas that start
 * together build the same index at once; MongoDB settles that itself, while FerretDB's SQLite
 * backend fails the loser with "index ... already exists" (or, when both drop an index the schema no
 * longer has, "index not found"). The loser waits and builds again, which then finds the indexes in place.
 */
export async function buildIndexes<T>(build: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await build();
    } catch (err) {
      if (i >= attempts || !INDEX_RACE.test(String((err as Error)?.message ?? err))) throw err;
      await sleep(50 * i + Math.floor(Math.random() * 50));
    }
  }
}

/**
 * The connection's model of this name, compiled on first use: several repositories (and the
 * replicas a test starts in one process) share a connection, and mongoose refuses a second compile.
 */
export function modelOn<T>(conn: Connection, name: string, schema: Schema<T>, collection?: string): Model<T> {
  return (conn.models[name] as Model<T> | undefined) ?? conn.model<T>(name, schema, collection);
}

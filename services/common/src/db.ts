import mongoose, { type Connection } from 'mongoose';

/**
 * One connection per service. Commands are not buffered and server selection is short, so a
 * database outage turns into a 503 within about two seconds instead of a hanging request.
 */
export async function connectMongo(url: string, dbName: string): Promise<Connection> {
  const conn = mongoose.createConnection(url, {
    dbName,
    bufferCommands: false,
    autoIndex: true,
    serverSelectionTimeoutMS: 1500,
    connectTimeoutMS: 2000,
    socketTimeoutMS: 30_000,
    maxPoolSize: 20,
  });
  await conn.asPromise();
  return conn;
}

export const isMongoReady = (conn: Connection | undefined) => conn?.readyState === 1;

/** Escapes user text for use inside a RegExp so it matches literally. */
export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Starts the whole platform for the browser suites: the built web behind nginx, the gateway and
 * every service, on their own ports and a fresh database, seeded with the two demo journals.
 */
import mongoose from 'mongoose';
import { E2E } from './e2e.config';

export default async function setup() {
  // The global setup of the root config has chosen MONGO_URL / REDIS_URL by now.
  const { serverEnv, startStack } = await import('../scripts/stack');
  const { seedDemo } = await import('../scripts/seed');
  const servers = serverEnv();
  const conn = await mongoose.createConnection(servers.MONGO_URL, { dbName: E2E.db }).asPromise();
  await conn.dropDatabase();
  await conn.close();
  await seedDemo({ mongoUrl: servers.MONGO_URL, dbName: E2E.db });
  const stack = await startStack({
    portBase: E2E.portBase,
    nginxPort: E2E.nginxPort,
    mongoDb: E2E.db,
    redisPrefix: `e2e${Date.now().toString(36)}:`,
    name: 'e2e',
    logLevel: 'warn',
  });
  (globalThis as Record<string, unknown>).__E2E_STACK__ = stack;
  process.env.E2E_JWT_SECRET = stack.env.JWT_SECRET;
  process.env.E2E_REDIS_PREFIX = stack.env.REDIS_PREFIX;
}

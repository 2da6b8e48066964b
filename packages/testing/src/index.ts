import { createHmac, randomBytes } from 'node:crypto';
import { mongo, Types } from 'mongoose';
import Redis from 'ioredis';
import { authKeys, signToken, verifyToken } from '@journal/server-kit';
import type { StaffRole } from '@journal/contracts';

/** Servers chosen by the jest global setup (env, testcontainers, or the local ones). */
export function testServers(): { mongoUrl: string; redisUrl: string } {
  const mongoUrl = process.env.MONGO_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!mongoUrl || !redisUrl) throw new Error('MONGO_URL and REDIS_URL must be set (the jest global setup provides them)');
  return { mongoUrl, redisUrl };
}

/** A name no other test file uses, so suites can share one server and run in parallel. */
export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;

export const newObjectId = () => new Types.ObjectId().toString();

/**
 * A database of one test file's own on the test server: `open()` it before the tests
 * (`beforeAll`), `drop()` it after them (`afterAll`); `db()` in between.
 */
export function scratchDatabase(prefix: string) {
  const name = uniqueName(prefix);
  let client: mongo.MongoClient | undefined;
  return {
    name,
    async open(): Promise<mongo.Db> {
      client ??= await mongo.MongoClient.connect(testServers().mongoUrl);
      return client.db(name);
    },
    db(): mongo.Db {
      if (!client) throw new Error(`scratch database ${name} is not open`);
      return client.db(name);
    },
    async drop(): Promise<void> {
      if (!client) return;
      await client.db(name).dropDatabase();
      await client.close();
      client = undefined;
    },
  };
}

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

/** A staff member's bearer token for `journalId`, signed with the test secret (`ttlSeconds` < 0: already expired). */
export const staffToken = (journalId: string, name = 'admin', ttlSeconds?: number, role: StaffRole = 'manager') =>
  signToken(TEST_JWT_SECRET, { id: newObjectId(), name, journalId, role }, ttlSeconds).token;

/**
 * Marks the token's session as having just confirmed its password (what `POST /auth/reauth`
 * caches in Redis), for services tested without the auth service.
 */
export async function markRecentAuth(redisPrefix: string, token: string): Promise<void> {
  const redis = new Redis(testServers().redisUrl);
  try {
    await redis.set(authKeys(redisPrefix).reauth(verifyToken(TEST_JWT_SECRET, token).jti), String(Math.floor(Date.now() / 1000)), 'EX', 600);
  } finally {
    redis.disconnect();
  }
}

/**
 * A staff token whose claims carry extra fields (a `role`), signed with the test secret: for
 * suites that need a role on the request before the token format carries one.
 */
export function staffTokenWith(journalId: string, name: string, extra: Record<string, unknown>, id = newObjectId()): string {
  const { claims } = signToken(TEST_JWT_SECRET, { id, name, journalId });
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ ...claims, ...extra })}`;
  return `${body}.${createHmac('sha256', TEST_JWT_SECRET).update(body).digest('base64url')}`;
}

/** The whole second a JWT was issued in (its `iat`), read without checking the signature. */
export const tokenIssuedSecond = (token: string): number =>
  Math.floor((JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iat: number }).iat);

/** The headers of a staff call to a service: its journal (as the gateway sets it) and the bearer token. */
export const staffHeaders = (journalId: string, token: string) => ({ 'x-journal-id': journalId, authorization: `Bearer ${token}` });

export * from './processes';
export * from './zip';
export * from './raw-body';
export * from './latency';
export * from './waiting';
export * from './secrets';
export * from './pods';
export * from './mailpit';
export * from './cuttable-proxy';

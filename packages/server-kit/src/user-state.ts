import { Types, type Connection } from 'mongoose';
import { roleOrManager, type StaffRole } from '@journal/contracts';
import { ttlReads } from './cache';

/** What every service needs to know about a signed-in user on each request. */
export interface UserState {
  journalId: string;
  status: 'enabled' | 'disabled';
  /** Tokens issued before this time (seconds since the epoch) are no longer accepted. */
  validAfter: number;
  /** Users stored before roles existed are managers. */
  role: StaffRole;
}

/** One token's session as the auth service stores it (collection `sessions`, keyed by the token id). */
export interface SessionState {
  revoked: boolean;
  /** When (seconds) the session last confirmed its user's password; 0 never. */
  reauthAt: number;
}

export interface UserStateSource {
  /** `fresh` reads the database and refreshes the cache. */
  get(userId: string, opts?: { fresh?: boolean }): Promise<UserState | null>;
  /** The session's stored state; `fresh` skips the cache (sensitive acts). */
  session(journalId: string, jti: string, opts?: { fresh?: boolean }): Promise<SessionState | null>;
  /** Drops the cached answer so the next request reads the database again. */
  forget(userId: string): void;
  forgetSession(journalId: string, jti: string): void;
  /** Redis's current data generation (auth `generation` key): a change drops every cached answer. */
  sync(generation: string): void;
}

/** The collection the auth service writes a session's logout and password re-checks to. */
export const SESSIONS_COLLECTION = 'sessions';

const MAX_ENTRIES = 10_000;

/**
 * Reads a user's status, role and `validAfter` from the users collection and a token's session
 * (logout, password re-check) from the sessions collection, which the auth service owns and
 * alone writes. Every authenticating service reads them so that a deleted or disabled user, a
 * logged-out session or one whose sessions were ended, is refused even after Redis has lost its
 * revocation keys. Answers are cached for `ttlMs` to keep this off the hot path, and dropped
 * whenever Redis's data generation changes (a flush), so the database decides at once then.
 */
export function userStateReader(conn: Connection, ttlMs: number): UserStateSource {
  const users = ttlReads<UserState | null>({ ttlMs, max: MAX_ENTRIES });
  const sessions = ttlReads<SessionState | null>({ ttlMs, max: MAX_ENTRIES });
  let generation: string | undefined;
  return {
    sync(g) {
      if (g === generation) return;
      generation = g;
      users.clear();
      sessions.clear();
    },
    get: (userId, opts) => {
      if (opts?.fresh) users.forget(userId);
      return users.get(userId, () => readUser(conn, userId));
    },
    session: (journalId, jti, opts) =>
      opts?.fresh ? readSession(conn, journalId, jti) : sessions.get(`${journalId}:${jti}`, () => readSession(conn, journalId, jti)),
    forget: (userId) => users.forget(userId),
    forgetSession: (journalId, jti) => sessions.forget(`${journalId}:${jti}`),
  };
}


async function readSession(conn: Connection, journalId: string, jti: string): Promise<SessionState | null> {
  if (!Types.ObjectId.isValid(journalId)) return null;
  const d = await conn
    .collection<{ _id: string; journalId: Types.ObjectId; revoked?: boolean; reauthAt?: number }>(SESSIONS_COLLECTION)
    .findOne({ _id: jti, journalId: new Types.ObjectId(journalId) }, { projection: { revoked: 1, reauthAt: 1 } });
  if (!d) return null;
  return { revoked: d.revoked === true, reauthAt: typeof d.reauthAt === 'number' ? d.reauthAt : 0 };
}

async function readUser(conn: Connection, userId: string): Promise<UserState | null> {
  if (!Types.ObjectId.isValid(userId)) return null;
  const d = await conn
    .collection('users')
    .findOne({ _id: new Types.ObjectId(userId) }, { projection: { journalId: 1, status: 1, validAfter: 1, role: 1 } });
  if (!d) return null;
  return {
    journalId: String(d.journalId),
    status: d.status === 'disabled' ? 'disabled' : 'enabled',
    validAfter: typeof d.validAfter === 'number' ? d.validAfter : 0,
    role: roleOrManager(d.role),
  };
}

/** The stored-user check a service's auth middleware uses, per its config (off only in its own API tests). */
export function storedUserCheck(conn: Connection, config: { USER_STATE_CACHE_MS: number; AUTH_CHECK_STORED_USER: 'on' | 'off' }): UserStateSource | undefined {
  return config.AUTH_CHECK_STORED_USER === 'off' ? undefined : userStateReader(conn, config.USER_STATE_CACHE_MS);
}

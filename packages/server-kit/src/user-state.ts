import { Types, type Connection } from 'mongoose';

/** What every service needs to know about a signed-in user on each request. */
export interface UserState {
  journalId: string;
  status: 'enabled' | 'disabled';
  /** Tokens issued before this time (seconds since the epoch) are no longer accepted. */
  validAfter: number;
}

export interface UserStateSource {
  get(userId: string): Promise<UserState | null>;
  /** Drops the cached answer so the next request reads the database again. */
  forget(userId: string): void;
}

const MAX_ENTRIES = 10_000;

/**
 * Reads a user's status and `validAfter` from the users collection, which the auth service owns
 * and alone writes. Every authenticating service reads it so that a deleted or disabled user, or
 * one whose sessions were ended, is refused even after Redis has lost its revocation keys; the
 * answer is cached for `ttlMs` to keep this off the hot path.
 */
export function userStateReader(conn: Connection, ttlMs: number): UserStateSource {
  const cache = new Map<string, { at: number; value: Promise<UserState | null> }>();
  const read = async (userId: string): Promise<UserState | null> => {
    if (!Types.ObjectId.isValid(userId)) return null;
    const d = await conn
      .collection('users')
      .findOne({ _id: new Types.ObjectId(userId) }, { projection: { journalId: 1, status: 1, validAfter: 1 } });
    if (!d) return null;
    return {
      journalId: String(d.journalId),
      status: d.status === 'disabled' ? 'disabled' : 'enabled',
      validAfter: typeof d.validAfter === 'number' ? d.validAfter : 0,
    };
  };
  return {
    get(userId) {
      const now = Date.now();
      const hit = cache.get(userId);
      if (hit && now - hit.at < ttlMs) return hit.value;
      if (cache.size >= MAX_ENTRIES) cache.clear();
      const value = read(userId);
      cache.set(userId, { at: now, value });
      // A failed read must not be remembered: the next request tries again.
      value.catch(() => cache.delete(userId));
      return value;
    },
    forget(userId) {
      cache.delete(userId);
    },
  };
}

/** The stored-user check a service's auth middleware uses, per its config (off only in its own API tests). */
export function storedUserCheck(conn: Connection, config: { USER_STATE_CACHE_MS: number; AUTH_CHECK_STORED_USER: 'on' | 'off' }): UserStateSource | undefined {
  return config.AUTH_CHECK_STORED_USER === 'off' ? undefined : userStateReader(conn, config.USER_STATE_CACHE_MS);
}

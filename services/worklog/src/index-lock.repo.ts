import { KeyedLock, type Redis } from '@journal/server-kit';

export const indexLockKey = (prefix: string, journalId: string) => `${prefix}worklog:lock:${journalId}`;

/**
 * One writer of a journal's work-log index at a time across all replicas: the server kit's
 * keyed Redis lock, one key per journal. Without Redis (a seed run alone) only this process's
 * writers are kept apart.
 */
export class IndexLock extends KeyedLock {
  constructor(redis: Redis | undefined, prefix: string, opts: { ttlMs?: number; waitMs?: number } = {}) {
    super(redis, (journalId) => indexLockKey(prefix, journalId), { ...opts, busyMessage: 'The work log is busy, try again' });
  }
}

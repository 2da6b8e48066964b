/**
 * The journal's view-writer lock: held while a write patches the views. Its expiry is long, as a
 * replace on FerretDB reads the whole view collection (seconds at a hundred thousand articles) and
 * a lock expiring mid-write would let a second writer patch the same views; a writer waits 10 s
 * at most before answering 503 `busy`.
 */
export const VIEWS_LOCK = { ttlMs: 120_000, waitMs: 10_000, busyMessage: 'The journal is busy, try again' };

/** The Redis key of a journal's view-writer lock (the content service and the tools share it). */
export const viewsLockKey = (prefix: string, journalId: string) => `${prefix}content:views-lock:${journalId}`;

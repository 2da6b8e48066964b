import { createHash } from 'node:crypto';

/**
 * The one strong ETag of an answer: a hash of its bytes (or of the text it is made from), so
 * every replica gives the same validator for the same answer. The `etag` package would prefix the
 * length and use base64 with `/`; the format here is kept so validators already held by readers
 * and caches stay good.
 */
export const etagOf = (body: Buffer | string): string => `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

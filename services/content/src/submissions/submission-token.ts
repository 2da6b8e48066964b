import { createHash, randomBytes } from 'node:crypto';
import { SUBMISSION_TOKEN_BYTES, SUBMISSION_TOKEN_RE } from '@journal/contracts';

/**
 * docs/security.md#submission-links: a status link's token is 256 random bits, shown to the author
 * once (the confirmation page, the e-mail) and stored only as its SHA-256: a copy of the database
 * opens no submission. A plain hash is enough for so long a random secret (no guessing to slow).
 */
export function newStatusToken(): { token: string; hash: string } {
  const token = randomBytes(SUBMISSION_TOKEN_BYTES).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Only a token of the form a link carries is looked up; anything else is unknown without a query. */
export const isTokenShaped = (token: unknown): token is string => typeof token === 'string' && SUBMISSION_TOKEN_RE.test(token);

import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A link that opens one thing of one journal without an account: the signature is an HMAC keyed
 * by a key derived from a secret the services share and the link's purpose, so it cannot be made
 * for another journal, another record or another kind of link, and changing any of them breaks it.
 * 32 base64url characters (192 bits).
 */
export function linkSignature(secret: string, purpose: string, journalId: string, id: string): string {
  const key = createHmac('sha256', secret).update(`signed-link\0${purpose}`).digest();
  return createHmac('sha256', key).update(`${journalId}\0${id}`).digest('base64url').slice(0, 32);
}

/** Compares in constant time; anything that is not the link's signature is false. */
export function isLinkSignature(secret: string, purpose: string, journalId: string, id: string, signature: unknown): boolean {
  if (typeof signature !== 'string') return false;
  const given = Buffer.from(signature);
  const wanted = Buffer.from(linkSignature(secret, purpose, journalId, id));
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

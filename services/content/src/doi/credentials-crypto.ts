import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A secret sealed with AES-256-GCM: nonce, tag and ciphertext, base64. */
export interface Sealed {
  iv: string;
  tag: string;
  data: string;
}

/** The 32-byte key of CROSSREF_CREDENTIALS_KEY (64 hex digits or base64); null when unset. */
export function credentialsKey(configured: string): Buffer | null {
  if (!configured) return null;
  const key = /^[0-9a-fA-F]{64}$/.test(configured) ? Buffer.from(configured, 'hex') : Buffer.from(configured, 'base64');
  return key.length === 32 ? key : null;
}

/**
 * Seals `plain` for one journal: the journal id is the authenticated data, so a sealed password
 * copied to another journal's record does not open.
 */
export function seal(key: Buffer, journalId: string, plain: string): Sealed {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(Buffer.from(journalId));
  const data = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return { iv: iv.toString('base64'), tag: c.getAuthTag().toString('base64'), data: data.toString('base64') };
}

/** Opens a sealed secret; throws when the key, the journal or the bytes differ from the sealing. */
export function open(key: Buffer, journalId: string, s: Sealed): string {
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(s.iv, 'base64'));
  d.setAAD(Buffer.from(journalId));
  d.setAuthTag(Buffer.from(s.tag, 'base64'));
  return Buffer.concat([d.update(Buffer.from(s.data, 'base64')), d.final()]).toString('utf8');
}

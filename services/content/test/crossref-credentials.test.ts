import { randomBytes } from 'node:crypto';
import { credentialsKey, open, seal } from '../src/doi/credentials-crypto';

describe('sealed Crossref credentials (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('opens what it sealed, and the sealed form does not contain the secret', () => {
    const s = seal(key, 'journal-a', 'pässword 1');
    expect(open(key, 'journal-a', s)).toBe('pässword 1');
    expect(JSON.stringify(s)).not.toContain('word');
    // A fresh nonce each time: the same secret never seals to the same bytes.
    expect(seal(key, 'journal-a', 'pässword 1').data).not.toBe(s.data);
  });

  it('refuses another journal, another key and altered bytes', () => {
    const s = seal(key, 'journal-a', 'secret');
    expect(() => open(key, 'journal-b', s)).toThrow();
    expect(() => open(randomBytes(32), 'journal-a', s)).toThrow();
    const bytes = Buffer.from(s.data, 'base64');
    bytes[0] = bytes[0]! ^ 1;
    expect(() => open(key, 'journal-a', { ...s, data: bytes.toString('base64') })).toThrow();
  });

  it('reads the key as 64 hex digits or base64 of 32 bytes; anything else is no key', () => {
    const hex = key.toString('hex');
    expect(credentialsKey(hex)).toEqual(key);
    expect(credentialsKey(key.toString('base64'))).toEqual(key);
    expect(credentialsKey('')).toBeNull();
    expect(credentialsKey('short')).toBeNull();
  });
});

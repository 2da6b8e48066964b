/**
 * What a production secret must be: long, random-looking, and not a value anyone can read in the
 * repository (examples, the dev overlay, test keys). Development and tests accept anything the
 * config schema accepts.
 */

export const SECRET_MIN_LENGTH = 32;
/** An estimate of the bits in the value, from its own character frequencies. */
export const SECRET_MIN_BITS = 128;
export const MAKE_SECRET_HINT = 'make one with `openssl rand -base64 48`';

/** Values the repository itself has shipped as secrets; never accepted, however they look. */
const KNOWN_REPOSITORY_VALUES = new Set([
  'dev-only-jwt-secret-change-me-0123456789abcdef',
  'replace-with-at-least-32-random-characters-0000',
  'test-secret-that-is-long-enough-for-hs256-0123456789',
  'another-secret-another-secret-another-secret',
  'dev-only-mongo-password',
]);

// Words and runs people type when a value is a placeholder; long enough that a random key
// practically never contains one by chance.
const PLACEHOLDER = /change[-_ .]?me|replace|example|placeholder|secret|passw(or)?d|dummy|sample|default|insecure|dev[-_]only|\btest|test[-_]|do[-_]?not[-_]?use|0123456|123456|abcdef|qwerty|xxxxxx|\.\.\./i;

/** Shannon entropy of the value's characters times its length: a rough upper bound of its randomness. */
export function estimatedBits(value: string): number {
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const n = [...value].length;
  let perChar = 0;
  for (const c of counts.values()) perChar -= (c / n) * Math.log2(c / n);
  return perChar * n;
}

/** Why `value` is not good enough for production, or null when it is. */
export function secretProblem(value: string): string | null {
  if (value.length < SECRET_MIN_LENGTH) return `it is shorter than ${SECRET_MIN_LENGTH} characters`;
  if (KNOWN_REPOSITORY_VALUES.has(value)) return 'it is a value written in the repository';
  if (PLACEHOLDER.test(value)) return 'it looks like a placeholder or an example';
  if (new Set(value).size < 12 || estimatedBits(value) < SECRET_MIN_BITS) return 'it is not random enough';
  return null;
}

const SECRET_KEY = /(SECRET|PASSWORD)$/;
/** Connection URLs whose password is checked too (docs/security.md#secrets). */
const URL_KEY = /_URL$/;

/**
 * A database or Redis password is often made by the service that hosts it and is typed into a
 * URL, so it is held to a lower bar than a signing key: long enough and random-looking, and
 * never a value from the repository or a placeholder.
 */
export const URL_PASSWORD_MIN_LENGTH = 20;
export const URL_PASSWORD_MIN_BITS = 64;
export const MAKE_URL_PASSWORD_HINT = 'make one with `openssl rand -hex 32` (URL-safe)';

/** The password inside `scheme://user:password@host...`, decoded; null when the URL carries none. */
export function urlPassword(url: string): string | null {
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)@/i.exec(url)?.[1];
  if (userinfo === undefined) return null;
  const colon = userinfo.indexOf(':');
  if (colon < 0) return null;
  const raw = userinfo.slice(colon + 1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Why the password inside a connection URL is not good enough for production, or null. */
export function urlPasswordProblem(url: string): string | null {
  const password = urlPassword(url);
  if (password === null) return null;
  if (password.length < URL_PASSWORD_MIN_LENGTH) return `its password is shorter than ${URL_PASSWORD_MIN_LENGTH} characters`;
  if (KNOWN_REPOSITORY_VALUES.has(password)) return 'its password is a value written in the repository';
  if (PLACEHOLDER.test(password)) return 'its password looks like a placeholder or an example';
  if (new Set(password).size < 8 || estimatedBits(password) < URL_PASSWORD_MIN_BITS) return 'its password is not random enough';
  return null;
}

/**
 * With NODE_ENV=production, refuses every config value whose name ends in SECRET or PASSWORD
 * and that fails `secretProblem`, and every `*_URL` (MONGO_URL, REDIS_URL) whose password fails
 * `urlPasswordProblem`; the message says how to make a good one and never repeats the value.
 */
export function assertProductionSecrets(config: Record<string, unknown>): void {
  if (config.NODE_ENV !== 'production') return;
  const problems: string[] = [];
  for (const [key, value] of Object.entries(config)) {
    if (!SECRET_KEY.test(key) || typeof value !== 'string') continue;
    const problem = secretProblem(value);
    if (problem) problems.push(`${key}: not safe for production: ${problem}; ${MAKE_SECRET_HINT} and put it in the journal-secrets Secret`);
  }
  for (const [key, value] of Object.entries(config)) {
    if (!URL_KEY.test(key) || typeof value !== 'string') continue;
    const problem = urlPasswordProblem(value);
    if (problem) problems.push(`${key}: not safe for production: ${problem}; ${MAKE_URL_PASSWORD_HINT} and put the URL in the journal-secrets Secret`);
  }
  if (config.AUTH_CHECK_STORED_USER === 'off') problems.push('AUTH_CHECK_STORED_USER: must be on in production');
  if (problems.length) throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
}

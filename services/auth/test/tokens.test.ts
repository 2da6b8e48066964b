import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { estimatedBits, loadConfig, secretProblem, signToken, verifyToken } from '@journal/server-kit';
import { repositorySecrets, TEST_JWT_SECRET } from '@journal/testing';
import { authConfigSchema } from '../src/config';

const ROOT = path.resolve(__dirname, '../../..');

describe('tokens', () => {
  it('round-trips the claims and refuses another key', () => {
    const { token, claims } = signToken(TEST_JWT_SECRET, { id: 'u1', name: 'ed', journalId: 'j1' });
    expect(verifyToken(TEST_JWT_SECRET, token)).toEqual(claims);
    expect(() => verifyToken(`${TEST_JWT_SECRET}x`, token)).toThrow('Invalid or expired token');
  });
});

describe('production secrets', () => {
  const base = { MONGO_URL: 'mongodb://127.0.0.1:1/', REDIS_URL: 'redis://127.0.0.1:1', PORT: '0' };
  const prodStart = (secret: string) => () => loadConfig(authConfigSchema, { ...base, NODE_ENV: 'production', JWT_SECRET: secret });

  const found = repositorySecrets(ROOT);
  const values = [...new Map([...found, { file: 'packages/testing/src', key: 'TEST_JWT_SECRET', value: TEST_JWT_SECRET }].map((f) => [f.value, f])).values()];

  it('finds the secrets the repository ships (the dev overlay at least; prod has none)', () => {
    expect(found.some((f) => f.file.startsWith('k8s/overlays/dev') && f.key === 'JWT_SECRET')).toBe(true);
    expect(found.some((f) => f.file.startsWith('k8s/overlays/dev') && f.key.endsWith('PASSWORD'))).toBe(true);
  });

  it.each(values.map((v) => [`${v.file} ${v.key}`, v.value]))('refuses %s under NODE_ENV=production', (_where, value) => {
    expect(secretProblem(value)).not.toBeNull();
    expect(prodStart(value)).toThrow(/openssl rand -base64 48/);
  });

  it.each([
    ['short', 'Zx8!kq'],
    ['long but repetitive', 'ab'.repeat(30)],
    ['a placeholder', 'please-change-me-before-going-live-0000000'],
  ])('refuses a %s secret', (_name, value) => {
    expect(prodStart(value)).toThrow(/JWT_SECRET: .*openssl rand -base64 48/);
  });

  it('accepts a freshly made key, and anything long enough outside production', () => {
    for (let i = 0; i < 200; i++) {
      const key = randomBytes(48).toString('base64');
      expect([key, secretProblem(key)]).toEqual([key, null]);
    }
    expect(estimatedBits(randomBytes(48).toString('base64'))).toBeGreaterThan(256);
    expect(() => loadConfig(authConfigSchema, { ...base, NODE_ENV: 'development', JWT_SECRET: TEST_JWT_SECRET })).not.toThrow();
  });
});

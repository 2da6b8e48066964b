import { randomBytes } from 'node:crypto';
import { assertProductionSecrets, urlPassword, urlPasswordProblem } from '../src';

const JWT_SECRET = randomBytes(48).toString('base64');
const prod = (extra: Record<string, unknown>) => () => assertProductionSecrets({ NODE_ENV: 'production', JWT_SECRET, ...extra });

describe('passwords inside MONGO_URL and REDIS_URL', () => {
  it('reads the password out of a URL, decoded, with several hosts and options', () => {
    expect(urlPassword('mongodb://journal:s%40cret@a:27017,b:27017/?replicaSet=rs0')).toBe('s@cret');
    expect(urlPassword('rediss://:abc@redis:6380')).toBe('abc');
    expect(urlPassword('redis://redis:6379')).toBeNull();
    expect(urlPassword('mongodb://user@host/')).toBeNull();
  });

  it.each([
    ['the dev overlay password', 'mongodb://journal:dev-only-mongo-password@mongodb-0.mongodb:27017/?authSource=admin'],
    ['a short password', 'redis://:hunter2@redis:6379'],
    ['a placeholder', 'mongodb://journal:please-change-me-right-now-123@db:27017/'],
    ['a well-known word', 'redis://default:letmein@redis:6379'],
    ['a repetitive password', `rediss://:${'ab'.repeat(15)}@redis:6380`],
  ])('refuses %s in production, without repeating it', (_name, url) => {
    expect(urlPasswordProblem(url)).not.toBeNull();
    const key = url.startsWith('mongo') ? 'MONGO_URL' : 'REDIS_URL';
    let message = '';
    try {
      prod({ [key]: url })();
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(new RegExp(`${key}: not safe for production: its password .*openssl rand -hex 32`));
    expect(message).not.toContain(urlPassword(url)!);
  });

  it('accepts made passwords and URLs without one; outside production anything goes', () => {
    for (let i = 0; i < 100; i++) {
      const mongo = `mongodb://journal:${randomBytes(16).toString('hex')}@db:27017/?authSource=admin`;
      const redis = `rediss://:${randomBytes(12).toString('hex')}@redis:6380`;
      expect(prod({ MONGO_URL: mongo, REDIS_URL: redis })).not.toThrow();
    }
    expect(prod({ MONGO_URL: 'mongodb://db:27017/', REDIS_URL: 'redis://redis:6379' })).not.toThrow();
    expect(() => assertProductionSecrets({ NODE_ENV: 'development', MONGO_URL: 'mongodb://u:pw@db/' })).not.toThrow();
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import { DEFAULT_JOURNAL_FLAGS, emptySettingsText } from '@journal/contracts';
import { TEST_JWT_SECRET, testServers, uniqueName } from '@journal/testing';
import { start as startContent, type ContentApp } from '../../services/content/src/app';
import { contentConfigSchema } from '../../services/content/src/config';
import { start as startAuth, type AuthApp } from '../../services/auth/src/app';
import { authConfigSchema } from '../../services/auth/src/config';
import { start as startGateway, type GatewayApp } from '../src/app';
import { gatewayConfigSchema } from '../src/config';

export interface Fixture {
  gateway: GatewayApp;
  content: ContentApp;
  auth: AuthApp;
  slow: http.Server;
  journals: { a: string; b: string };
  redisPrefix: string;
  dbName: string;
  close(): Promise<void>;
}

/** The platform's own host: the platform-wide COUNTER_SUSHI API and nothing else (docs/product.md#counter-platform). */
export const PLATFORM_HOST = 'usage.localhost';

/** Content, auth and the gateway on port 0 against the real database, two journals seeded. */
export async function startFixture(opts: { proxyTimeoutMs?: number; authEnv?: Record<string, string> } = {}): Promise<Fixture> {
  const { mongoUrl, redisUrl } = testServers();
  const dbName = uniqueName('gw');
  const redisPrefix = `${uniqueName('t')}:`;
  const common = { MONGO_URL: mongoUrl, MONGO_DB: dbName, REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix, JWT_SECRET: TEST_JWT_SECRET, PORT: '0', LOG_LEVEL: 'silent' };
  const content = await startContent(contentConfigSchema.parse({ ...common }));
  const auth = await startAuth(authConfigSchema.parse({ ...common, ...opts.authEnv }));
  const a = await content.journals.upsert(journalFixture('alpha', ['alpha.localhost', 'localhost']));
  const b = await content.journals.upsert(journalFixture('beta', ['beta.localhost']));

  // An upstream that never answers, to show the proxy timeout.
  const slow = http.createServer(() => undefined);
  await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
  const slowPort = (slow.address() as AddressInfo).port;

  const gateway = await startGateway(
    gatewayConfigSchema.parse({
      PORT: '0',
      LOG_LEVEL: 'silent',
      CONTENT_URL: content.url,
      AUTH_URL: auth.url,
      WORKLOG_URL: 'http://127.0.0.1:1', // nothing listens: upstream down
      PDF_URL: `http://127.0.0.1:${slowPort}`,
      RENDER_URL: 'http://127.0.0.1:1', // no render process in these tests
      PDF_PROXY_TIMEOUT_MS: String(opts.proxyTimeoutMs ?? 800),
      TENANT_CACHE_MS: '1000',
      COUNTER_PLATFORM_HOST: PLATFORM_HOST,
    }),
  );
  return {
    gateway,
    content,
    auth,
    slow,
    journals: { a: a.id, b: b.id },
    redisPrefix,
    dbName,
    async close() {
      await gateway.stop();
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
      await auth.stop();
      const conn = await mongoose.createConnection(mongoUrl, { dbName }).asPromise();
      await conn.dropDatabase();
      await conn.close();
      await content.stop();
    },
  };
}

export function journalFixture(slug: string, hosts: string[]) {
  return {
    slug,
    hosts,
    ...emptySettingsText(),
    websitename: `${slug} journal`,
    domain: hosts[0]!,
    formatted_journal_name: `<b>${slug}</b> journal`,
    websiteemail: `${slug}@example.org`,
    year_started: '2020',
    journal_frequency: 'quarterly',
    journal_type: 'Online',
    journal_language: 'English',
    issn: '1234-5678',
    impactfactor: 'Impact Factor: 5.2',
    fee_rupee: '2000',
    fee_dollar: '50',
    home_content: '<p>Welcome</p>',
    flags: { ...DEFAULT_JOURNAL_FLAGS },
  };
}

/** fetch through the gateway with a chosen Host header (fetch itself forbids setting Host). */
export function gw(
  f: Fixture,
  path: string,
  init: { method?: string; host?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; json: () => any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: f.gateway.port, path, method: init.method ?? 'GET', headers: { host: init.host ?? 'alpha.localhost', ...init.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode!, headers: res.headers, text, json: () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    if (init.body !== undefined) req.end(init.body);
    else req.end();
  });
}

export const jsonBody = (body: unknown, headers: Record<string, string> = {}) => {
  const s = typeof body === 'string' ? body : JSON.stringify(body);
  return { body: s, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(s)), ...headers } };
};

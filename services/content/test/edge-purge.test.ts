/** Cache tags of public answers, and the purger: its nginx and CDN targets, retries, its queue, and that a write never fails or waits for it. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { EdgeKeyMap, type Logger } from '@journal/server-kit';
import { eventually } from '@journal/testing/waiting';
import { newObjectId, staffHeaders, staffToken, uniqueName } from '@journal/testing';
import { makeJournal, startContent, stopContent, type TestContentApp } from './helpers';
import { cacheTag } from '../src/views/cache-tags';
import { EdgePurger, type PurgeTarget } from '../src/edge/purger';
import { NginxPurgeTarget } from '../src/edge/nginx-purge';
import { AkamaiPurgeTarget, CloudflarePurgeTarget, edgeGridAuthorization, FastlyPurgeTarget } from '../src/edge/cdn-purge';
import { cdnTarget } from '../src/edge/edge-purge.setup';

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A stand-in CDN API: records each call and answers with the next status of `statuses` (then 200). */
async function fakeApi(statuses: number[] = []) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(statuses.shift() ?? 200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { seen, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** A logger that keeps what was logged at warn and error (the purger's retries and give-ups). */
function keptLogger() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (_o: unknown, msg?: string) => void lines.push({ level, msg: msg ?? '' });
  const logger = { warn: at('warn'), error: at('error'), info: () => {}, debug: () => {} } as unknown as Logger;
  return { lines, logger };
}

beforeAll(async () => {
  app = await startContent({ EDGE_NGINX_PURGE_URLS: ['http://127.0.0.1:9/purge'], EDGE_PURGE_ATTEMPTS: 3, EDGE_PURGE_RETRY_MS: 10, EDGE_REPURGE_MS: 0 });
  J = await makeJournal(app, 'edge1');
});
afterAll(() => stopContent(app));

/** The journal's status as the admin reads it. */
const liveStatus = async (a: TestContentApp, jid: string) => {
  const r = await request(a.url).get('/api/admin/edge-status').set(staffHeaders(jid, staffToken(jid)));
  expect(r.status).toBe(200);
  return r.body as { published: number; live: number; failed: number };
};
/** Waits until every change of the journal handed to the caches is over (the admin's "live everywhere"). */
const settled = (a: TestContentApp, jid: string, tries = 100) =>
  eventually(async () => {
    const s = await liveStatus(a, jid);
    expect(s.live).toBe(s.published);
    return s;
  }, tries);

const pub = (path: string) => request(app.url).get(path).set({ 'x-journal-id': J });
const publicSettings = async (a: TestContentApp, jid: string) => (await request(a.url).get('/api/settings/').set({ 'x-journal-id': jid })).body as { websitename: string };

describe('cache tags of public answers', () => {
  it('each public read names what it is made of; usage counts name nothing', async () => {
    const j = cacheTag.journal(J);
    const cases: [string, string[]][] = [
      ['/api/settings/', [j, cacheTag.head(J)]],
      ['/api/editors', [j, cacheTag.head(J)]],
      ['/api/archives/', [j, cacheTag.index(J)]],
      ['/api/archives/2024/1/2', [j, cacheTag.issue(J, { year: 2024, volume: 1, issue: 2 })]],
      ['/api/search?keyword=soil', [j, cacheTag.lists(J)]],
      ['/feed.atom', [j, cacheTag.head(J), cacheTag.lists(J)]],
      ['/sitemap.xml', [j, cacheTag.lists(J)]],
    ];
    for (const [path, tags] of cases) {
      const r = await pub(path);
      expect([path, r.status]).toEqual([path, 200]);
      expect([path, r.headers['surrogate-key']]).toEqual([path, tags.join(' ')]);
    }
    // A 404 names the article it is about: publishing it purges the "not found".
    const missing = await pub('/api/archives/ref/NOPE-1');
    expect(missing.status).toBe(404);
    expect(missing.headers['surrogate-key']).toBe(`${j} ${cacheTag.article(J, 'NOPE-1')}`);
    expect((await pub('/api/archives/ref/NOPE-1/stats')).headers['surrogate-key']).toBeUndefined();
    // An issue with no article (made-up numbers are endless) is marked a miss: the gateway records no key for it.
    expect((await pub('/api/archives/2099/1/1')).headers['x-jp-edge-miss']).toBe('1');
    expect((await pub('/api/archives/x/y/z')).headers['x-jp-edge-miss']).toBe('1');
    // No tenant, no tags.
    expect((await request(app.url).get('/api/settings/')).headers['surrogate-key']).toBeUndefined();
  });
});

describe('a purge that fails', () => {
  it('is retried with backoff and logged, and the write it follows succeeds', async () => {
    // nginx holds an answer of the journal (as the gateway records it); nginx itself is down.
    await new EdgeKeyMap(app.deps.redis, { prefix: app.config.REDIS_PREFIX, ttlSeconds: 3600 }).record(`gzip|edge1.test/api/settings`, [cacheTag.journal(J), cacheTag.head(J)]);
    const before = { ...app.edge.purger.stats };
    const r = await request(app.url)
      .post('/api/settings')
      .set(staffHeaders(J, staffToken(J)))
      .send({ websitename: 'Edge Journal' });
    expect(r.status).toBe(200);
    expect((await pub('/api/settings/')).body.websitename).toBe('Edge Journal');
    await eventually(() => expect(app.edge.purger.stats.failures).toBe(before.failures + 1));
    expect(app.edge.purger.stats.retries).toBe(before.retries + 2);
    // The admin is told: the change is over, and it failed.
    const s = await settled(app, J);
    expect(s.failed).toBe(s.published);
  });

  it('logs each retry and the give-up; a later try that succeeds ends it', async () => {
    const { lines, logger } = keptLogger();
    let calls = 0;
    const flaky: PurgeTarget = {
      name: 'flaky',
      purge: async () => {
        if (++calls < 3) throw new Error('down');
      },
    };
    const purger = new EdgePurger({ targets: [flaky], logger, attempts: 5, retryMs: 5 });
    expect(await purger.purge({ journalId: J, tags: ['x'] })).toBe(true);
    expect(calls).toBe(3);
    expect(purger.stats).toEqual({ purges: 1, failures: 0, retries: 2 });
    expect(lines.map((l) => l.level)).toEqual(['warn', 'warn']);

    const dead: PurgeTarget = { name: 'dead', purge: () => Promise.reject(new Error('down')) };
    const giving = new EdgePurger({ targets: [dead], logger, attempts: 2, retryMs: 5 });
    // Never rejects: the give-up is reported.
    await expect(giving.purge({ journalId: J, tags: ['x'] })).resolves.toBe(false);
    expect(giving.stats.failures).toBe(1);
    expect(lines.at(-1)!.level).toBe('error');
  });
});

describe('CDN targets', () => {
  const change = { journalId: 'j1', tags: Array.from({ length: 40 }, (_, i) => `t${i}`) };

  it('Fastly: surrogate keys in one call, with the API token', async () => {
    const api = await fakeApi();
    try {
      await new FastlyPurgeTarget({ apiUrl: api.url, serviceId: 'svc1', token: 'tok' }).purge(change);
      expect(api.seen).toHaveLength(1);
      expect(api.seen[0]).toMatchObject({ method: 'POST', url: '/service/svc1/purge' });
      expect(api.seen[0]!.headers['fastly-key']).toBe('tok');
      expect(JSON.parse(api.seen[0]!.body)).toEqual({ surrogate_keys: change.tags });
    } finally {
      await api.close();
    }
  });

  it('Cloudflare: cache tags, 30 a call, with the bearer token', async () => {
    const api = await fakeApi();
    try {
      await new CloudflarePurgeTarget({ apiUrl: api.url, zoneId: 'z1', token: 'tok' }).purge(change);
      expect(api.seen.map((s) => s.url)).toEqual(['/client/v4/zones/z1/purge_cache', '/client/v4/zones/z1/purge_cache']);
      expect(api.seen[0]!.headers.authorization).toBe('Bearer tok');
      expect(api.seen.flatMap((s) => (JSON.parse(s.body) as { tags: string[] }).tags)).toEqual(change.tags);
    } finally {
      await api.close();
    }
  });

  it('Akamai: Fast Purge by tag, signed with EdgeGrid', async () => {
    const api = await fakeApi();
    const creds = { host: api.url, clientToken: 'ct', clientSecret: 'cs', accessToken: 'at', network: 'production' as const };
    try {
      await new AkamaiPurgeTarget(creds).purge(change);
      const s = api.seen[0]!;
      expect(s.url).toBe('/ccu/v3/invalidate/tag/production');
      expect(JSON.parse(s.body)).toEqual({ objects: change.tags });
      expect(s.headers.authorization).toMatch(/^EG1-HMAC-SHA256 client_token=ct;access_token=at;timestamp=\d{8}T\d\d:\d\d:\d\d\+0000;nonce=[^;]+;signature=[A-Za-z0-9+/=]+$/);
      // The signature covers the body: another body, another signature.
      const at = new Date('2026-01-02T03:04:05Z');
      const sign = (body: string) => edgeGridAuthorization(creds, { method: 'POST', url: `${api.url}/ccu/v3/invalidate/tag/production`, body }, at, 'n1');
      expect(sign('{"objects":["a"]}')).toContain('timestamp=20260102T03:04:05+0000;nonce=n1;signature=');
      expect(sign('{"objects":["a"]}')).toBe(sign('{"objects":["a"]}'));
      expect(sign('{"objects":["a"]}')).not.toBe(sign('{"objects":["b"]}'));
    } finally {
      await api.close();
    }
  });

  it('a CDN answering 503 is retried until it takes the purge', async () => {
    const api = await fakeApi([503, 503]);
    const { logger } = keptLogger();
    try {
      const purger = new EdgePurger({ targets: [new FastlyPurgeTarget({ apiUrl: api.url, serviceId: 's', token: 't' })], logger, attempts: 5, retryMs: 5 });
      await purger.purge({ journalId: 'j1', tags: ['a'] });
      expect(api.seen).toHaveLength(3);
      expect(purger.stats).toMatchObject({ purges: 1, retries: 2, failures: 0 });
    } finally {
      await api.close();
    }
  });

  it('is off by default, and a CDN named without credentials stops the start', () => {
    const base = { ...app.config, EDGE_CDN: 'none' as const };
    expect(cdnTarget(base)).toBeNull();
    expect(() => cdnTarget({ ...base, EDGE_CDN: 'cloudflare' })).toThrow(/credentials/);
    expect(cdnTarget({ ...base, EDGE_CDN: 'cloudflare', CLOUDFLARE_ZONE_ID: 'z', CLOUDFLARE_API_TOKEN: 't' })?.name).toBe('cloudflare');
  });
});

describe('what each kind of write purges from nginx', () => {
  it('an article, an issue, an editor, indexing, settings, a file: exactly the keys of the tags each changed', async () => {
    // A stand-in nginx purge server: records the keys it is told to remove.
    const purged: string[] = [];
    const server = http.createServer((req, res) => {
      purged.push(String(req.headers['purge-key']));
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
    const other = await startContent({ EDGE_NGINX_PURGE_URLS: [url], EDGE_REPURGE_MS: 0 });
    try {
      const jid = await makeJournal(other, 'edge2');
      const issue = await other.repos.issues.create(jid, { year: 2025, volume: 3, issue: 1 });
      const art = await other.repos.articles.create(jid, { year: 2025, volume: 3, issue: 1, refnumber: 'R-77', title: 'T', txnid: 'x', status: 'enabled' } as Parameters<typeof other.repos.articles.create>[1]);
      await other.publisher.changed(jid, [{ t: 'issue', id: issue.id }, { t: 'article', id: art.id }]);
      const keys = new EdgeKeyMap(other.deps.redis, { prefix: other.config.REDIS_PREFIX, ttlSeconds: 3600 });
      const tags = {
        head: cacheTag.head(jid),
        index: cacheTag.index(jid),
        lists: cacheTag.lists(jid),
        issue: cacheTag.issue(jid, { year: 2025, volume: 3, issue: 1 }),
        otherIssue: cacheTag.issue(jid, { year: 2024, volume: 1, issue: 1 }),
        article: cacheTag.article(jid, 'R-77'),
        otherArticle: cacheTag.article(jid, 'R-1'),
        file: cacheTag.file(jid, '/assets/site/logo.png'),
      };
      // Readers fill every key again before each write (a purged key's record goes with it).
      const fill = async () => {
        for (const [name, tag] of Object.entries(tags)) await keys.record(`k-${name}`, [tag]);
      };
      const after = async (changes: Parameters<typeof other.publisher.changed>[1]) => {
        await fill();
        purged.length = 0;
        await other.publisher.changed(jid, changes);
        await settled(other, jid);
        return [...new Set(purged)].sort();
      };
      expect(await after([{ t: 'article', id: art.id }])).toEqual(['k-article', 'k-issue', 'k-lists']);
      // An issue saved as it was shows nothing new; its month moved, its articles show it (and the
      // archive index, its first article's month), not the layout of every page.
      expect(await after([{ t: 'issue', id: issue.id }])).toEqual([]);
      await other.repos.issues.update(jid, issue.id, { frequency: 'march' });
      expect(await after([{ t: 'issue', id: issue.id }])).toEqual(['k-article', 'k-index', 'k-issue', 'k-lists']);
      expect(await after([{ t: 'editor', id: newObjectId() }])).toEqual(['k-head']);
      expect(await after([{ t: 'indexing', id: newObjectId() }])).toEqual(['k-head']);
      expect(await after([{ t: 'journal' }])).toEqual(['k-head']);
      // A site image's versioned URL is in every page's layout: the file and the layout go.
      expect(await after([{ t: 'file', path: '/assets/site/logo.png' }])).toEqual(['k-file', 'k-head']);
      // Settings through the admin API: nginx is told after the write answered.
      await fill();
      purged.length = 0;
      const r = await request(other.url).post('/api/settings').set(staffHeaders(jid, staffToken(jid))).send({ websitename: 'Edge 2' });
      expect(r.status).toBe(200);
      await settled(other, jid);
      expect([...new Set(purged)]).toEqual(['k-head']);
    } finally {
      await stopContent(other);
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('files a write takes out of service', () => {
  it("a withdrawn or disabled article's PDF, a replaced file's old version: purged from the asset cache on every host", async () => {
    const calls: string[] = [];
    const server = http.createServer((req, res) => {
      if (req.url === '/purge-assets') calls.push(String(req.headers['purge-key']));
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const other = await startContent({ EDGE_NGINX_PURGE_URLS: [`http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`], EDGE_REPURGE_MS: 0 });
    try {
      const slug = uniqueName('edgef');
      const jid = await makeJournal(other, slug, { hosts: [`${slug}.test`, `www.${slug}.test`] });
      await other.repos.issues.create(jid, { year: 2025, volume: 2, issue: 1 });
      const art = await other.repos.articles.create(jid, { year: 2025, volume: 2, issue: 1, refnumber: '41', title: 'Files', txnid: 'f41', pagenumber: '1-2' } as Parameters<typeof other.repos.articles.create>[1]);
      const path = '/assets/archives/2025/vol2issue1/41.pdf';
      const put = async (text: string, p = path) => (await other.files.put(jid, p, Buffer.from(text))).etag.replace(/"/g, '').slice(0, 12);
      const v1 = await put('%PDF-1 first');
      await other.publisher.changed(jid, [{ t: 'all' }]);
      const keysOf = (p: string, v: string) => [`${slug}.test${p}?v=${v}`, `www.${slug}.test${p}?v=${v}`];
      const after = async (write: () => Promise<unknown>) => {
        calls.length = 0;
        await write();
        await settled(other, jid);
        return [...calls].sort();
      };
      const admin = (action: string, body: object) => request(other.url).post(`/api/admin/articles/${art.id}/${action}`).set(staffHeaders(jid, staffToken(jid))).send(body);

      expect(await after(() => admin('withdraw', { kind: 'withdrawn', reason: 'Privacy' }))).toEqual(keysOf(path, v1));
      // Withdrawn again (another reason) or restored: nothing was served meanwhile, nothing to purge.
      expect(await after(() => admin('withdraw', { kind: 'withdrawn', reason: 'Privacy, again' }))).toEqual([]);
      expect(await after(() => admin('restore', {}))).toEqual([]);
      // A retraction keeps the file.
      expect(await after(() => admin('withdraw', { kind: 'retracted', reason: 'Error' }))).toEqual([]);
      expect(await after(() => admin('restore', {}))).toEqual([]);
      // A new PDF: the old version goes, the new one stays.
      const v2 = await put('%PDF-1 second');
      expect(v2).not.toBe(v1);
      expect(await after(() => other.publisher.changed(jid, [{ t: 'article', id: art.id }, { t: 'file', path }]))).toEqual(keysOf(path, v1));
      // Disabled: its current version.
      await other.repos.articles.update(jid, art.id, { status: 'disabled' } as never);
      expect(await after(() => other.publisher.changed(jid, [{ t: 'article', id: art.id }]))).toEqual(keysOf(path, v2));
      // A site image replaced: its old version.
      const logo = '/assets/site/logo.png';
      const l1 = await put('png one', logo);
      await other.publisher.changed(jid, [{ t: 'file', path: logo }]);
      await put('png two', logo);
      expect(await after(() => other.publisher.changed(jid, [{ t: 'file', path: logo }]))).toEqual(keysOf(logo, l1));
    } finally {
      await stopContent(other);
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('keys refreshed in place', () => {
  it('the most recently filled keys, up to the budget, are fetched anew; the rest, failed refreshes and other keys are purged', async () => {
    // A stand-in nginx purge server: a refresh of a key naming `/down` answers 502, one naming
    // `/cookie` sets a cookie (nginx would not store either); every other refresh is stored.
    const calls: string[] = [];
    const server = http.createServer((req, res) => {
      const key = String(req.headers['purge-key']);
      calls.push(`${req.url} ${key}`);
      if (req.url === '/refresh' && key.endsWith('/down')) res.writeHead(502).end();
      else if (req.url === '/refresh' && key.endsWith('/cookie')) res.writeHead(200, { 'set-cookie': 'a=b' }).end();
      else res.writeHead(200).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const prefix = `${uniqueName('edge')}:`;
    const tag = cacheTag.issue(J, { year: 2025, volume: 1, issue: 1 });
    try {
      const keys = new EdgeKeyMap(app.deps.redis, { prefix, ttlSeconds: 3600 });
      // Oldest fill first: the budget of 3 refreshes goes to the three newest refreshable keys.
      const filled = ['gzip|j.test/oldest', 'gzip|j.test/old', 'br|j.test/down', 'gzip|j.test/cookie', 'gzip|j.testhttp://j.test/abs', 'gzip|j.test/new'];
      for (const [i, k] of filled.entries()) await keys.record(k, [tag], Date.now() - 10_000 + i);
      const target = new NginxPurgeTarget(keys, [`http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`], { refreshKeys: 3 });
      await target.purge({ journalId: J, tags: [tag] });
      expect(calls.sort()).toEqual(
        [
          '/refresh gzip|j.test/new',
          '/refresh gzip|j.test/cookie',
          '/purge gzip|j.test/cookie',
          '/refresh br|j.test/down',
          '/purge br|j.test/down',
          // An absolute-form request's key names no path to fetch: purged, not counted in the budget.
          '/purge gzip|j.testhttp://j.test/abs',
          '/purge gzip|j.test/old',
          '/purge gzip|j.test/oldest',
        ].sort(),
      );
      // The purged keys hold nothing on any nginx now: only the refreshed one is left to purge.
      expect(await keys.keysOf([tag])).toEqual(['gzip|j.test/new']);
      calls.length = 0;
      await target.purge({ journalId: J, tags: [tag] });
      expect(calls).toEqual(['/refresh gzip|j.test/new']);
    } finally {
      await app.deps.redis.del(`${prefix}edge:tag:${tag}`);
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('a purge does not wait on a busy render', () => {
  it('a refresh still under way when the purge\'s wait is over is overtaken by a purge of its key, whose record stays', async () => {
    // The refresh of `/slow` is held until the purge is over (a render behind readers' work).
    const calls: string[] = [];
    const held: http.ServerResponse[] = [];
    const server = http.createServer((req, res) => {
      const key = String(req.headers['purge-key']);
      calls.push(`${req.url} ${key}`);
      if (req.url === '/refresh' && key.endsWith('/slow')) held.push(res);
      else res.writeHead(200).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const prefix = `${uniqueName('edge')}:`;
    const tag = cacheTag.issue(J, { year: 2025, volume: 1, issue: 2 });
    try {
      const keys = new EdgeKeyMap(app.deps.redis, { prefix, ttlSeconds: 3600 });
      // The newest key gets the one refresh of the budget; the other is purged.
      for (const [i, k] of ['gzip|j.test/other', 'gzip|j.test/slow'].entries()) await keys.record(k, [tag], Date.now() - 10_000 + i);
      const target = new NginxPurgeTarget(keys, [`http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`], { refreshKeys: 1, refreshTimeoutMs: 30_000, refreshWaitMs: 50 });
      await target.purge({ journalId: J, tags: [tag] });
      expect(held).toHaveLength(1);
      expect(calls.sort()).toEqual(['/refresh gzip|j.test/slow', '/purge gzip|j.test/slow', '/purge gzip|j.test/other'].sort());
      // The held refresh may still store the new answer: its key stays recorded for the next write.
      expect(await keys.keysOf([tag])).toEqual(['gzip|j.test/slow']);
    } finally {
      for (const res of held) res.writeHead(200).end();
      await app.deps.redis.del(`${prefix}edge:tag:${tag}`);
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('records of purged keys', () => {
  it('go once the key is purged from every nginx, unless a reader filled it again meanwhile; a page under endless query strings is purged once', async () => {
    // Two stand-in nginx: the second fails its first purge of `/b`. While the first is told to
    // purge `/refilled`, a reader fills that key again (the gateway records it anew).
    const prefix = `${uniqueName('edgeforget')}:`;
    const keys = new EdgeKeyMap(app.deps.redis, { prefix, ttlSeconds: 3600, batchMs: 1 });
    const tag = cacheTag.article(J, 'F-1');
    const purged: string[][] = [[], []];
    let failB = true;
    let refills = 0;
    const servers = [0, 1].map((n) =>
      http.createServer((req, res) => {
        const key = String(req.headers['purge-key']);
        purged[n]!.push(key);
        if (n === 1 && key.endsWith('/b') && failB) {
          failB = false;
          res.writeHead(500).end();
          return;
        }
        if (n === 0 && key.endsWith('/refilled')) {
          void keys.record(key, [tag], Date.now() + 5_000 + refills++).then(() => res.writeHead(200).end());
          return;
        }
        res.writeHead(200).end();
      }),
    );
    for (const server of servers) await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const urls = servers.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`);
    try {
      const at = Date.now() - 60_000;
      const variants = Array.from({ length: 1000 }, (_, i) => `gzip|j.test/page?m=${i}`);
      await Promise.all(['gzip|j.test/a', 'gzip|j.test/b', 'gzip|j.test/refilled', ...variants].map((k, i) => keys.record(k, [tag], at + i)));
      const target = new NginxPurgeTarget(keys, urls);
      // The second nginx fails on `/b`: the whole try fails (the purger tries it again), nothing is forgotten.
      await expect(target.purge({ journalId: J, tags: [tag] })).rejects.toThrow(/500/);
      expect(await keys.keysOf([tag])).toHaveLength(1003);
      await target.purge({ journalId: J, tags: [tag] });
      expect(await keys.keysOf([tag])).toEqual(['gzip|j.test/refilled']);
      // The next write of the article purges only what readers filled since.
      purged[0]!.length = 0;
      await target.purge({ journalId: J, tags: [tag] });
      expect(purged[0]).toEqual(['gzip|j.test/refilled']);
    } finally {
      await app.deps.redis.del(`${prefix}edge:tag:${tag}`);
      for (const server of servers) await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

/**
 * Runs `body` against a stand-in nginx purge server that records each key it purged, holding the
 * purges `holds` names until the test calls `release` (a slow tail), with a key map of its own and
 * a purger of nginx alone.
 */
async function withHeldNginx(
  name: string,
  tag: string,
  holds: (key: string) => boolean,
  body: (t: { keys: EdgeKeyMap; purger: EdgePurger; purged: string[]; release: () => void }) => Promise<void>,
) {
  const prefix = `${uniqueName(name)}:`;
  const keys = new EdgeKeyMap(app.deps.redis, { prefix, ttlSeconds: 3600 });
  const purged: string[] = [];
  let release = () => {};
  const gate = new Promise<void>((r) => (release = r));
  const server = http.createServer((req, res) => {
    const key = String(req.headers['purge-key']);
    void (holds(key) ? gate : Promise.resolve()).then(() => {
      purged.push(key);
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
  const purger = new EdgePurger({ targets: [new NginxPurgeTarget(keys, [url])], logger: keptLogger().logger, attempts: 3, retryMs: 10 });
  try {
    await body({ keys, purger, purged, release: () => release() });
  } finally {
    release();
    await app.deps.redis.del(`${prefix}edge:tag:${tag}`);
    await new Promise<void>((r) => server.close(() => r()));
  }
}

describe('a change with many keys to purge', () => {
  it("the pages links lead to and the newest others go first, up to 256 keys; a later change does not wait for an earlier one's tail", async () => {
    const tag = cacheTag.article(J, 'H-1');
    const page = 'gzip|j.test/archives/2025/vol1/issue1/H-1';
    // The first purge of each of the ten oldest query-string keys waits until the test lets it go
    // (a slow tail); any later purge of them answers at once.
    const held = new Set<string>();
    const holds = (key: string) => {
      const first = /\?m=[0-9]$/.test(key) && !held.has(key);
      if (first) held.add(key);
      return first;
    };
    await withHeldNginx('edgehead', tag, holds, async ({ keys, purger, purged, release }) => {
      const at = Date.now() - 60_000;
      // The article's page, filled long ago, then 400 variants under query strings (?m=0 the oldest).
      await keys.record(page, [tag], at);
      await Promise.all(Array.from({ length: 400 }, (_, i) => keys.record(`${page}?m=${i}`, [tag], at + 1 + i)));
      const first = purger.purge({ journalId: J, tags: [tag] });
      // The head before any key of the tail: the page and the 255 newest variants.
      const variant = (k: string) => Number(/\?m=([0-9]+)$/.exec(k)?.[1] ?? -1);
      await eventually(() => expect(purged.length).toBeGreaterThanOrEqual(256));
      const head = purged.slice(0, 256);
      expect(head).toContain(page);
      expect(Math.min(...head.map(variant).filter((m) => m >= 0))).toBe(145);
      // The tail goes on; its ten oldest wait.
      await eventually(() => expect(purged).toHaveLength(256 + 135));
      // A second change while that tail waits: its own head (the 145 keys left) goes at once, and
      // its tail, after the first one, finds nothing left to purge.
      const mark = purged.length;
      const second = purger.purge({ journalId: J, tags: [tag] });
      const left = Array.from({ length: 145 }, (_, i) => `${page}?m=${i}`);
      await eventually(() => expect(left.filter((k) => !purged.slice(mark).includes(k))).toEqual([]));
      release();
      expect(await Promise.all([first, second])).toEqual([true, true]);
      expect(new Set(purged).size).toBe(401);
      expect(purged.length).toBeLessThanOrEqual(401 + 145);
      expect(await keys.keysOf([tag])).toEqual([]);
    });
  });
});

describe('a change after a flood of absolute-form requests', () => {
  it('purges the page links lead to first: keys naming a port in their target go after it', async () => {
    const tag = cacheTag.article(J, 'A-1');
    const page = 'gzip|j.test/archives/2025/vol1/issue1/A-1';
    // Every purge of an absolute-form key waits until the test lets it go.
    await withHeldNginx('edgeabs', tag, (key) => key.includes('http://'), async ({ keys, purger, purged, release }) => {
      // The page filled long ago, then 300 requests naming it with another port each.
      await keys.record(page, [tag], Date.now() - 60_000);
      await Promise.all(Array.from({ length: 300 }, (_, i) => keys.record(`gzip|j.testhttp://j.test:${20000 + i}/archives/2025/vol1/issue1/A-1`, [tag], Date.now() - 30_000 + i)));
      const done = purger.purge({ journalId: J, tags: [tag] });
      await eventually(() => expect(purged).toEqual([page]));
      release();
      await done;
      await purger.idle();
      expect(new Set(purged).size).toBe(301);
    });
  });
});

describe('a save and its purge', () => {
  it('the save answers before any cache is told, even under a flood of unique query strings; the purge follows from the queue and the status says when it is live', async () => {
    // A stand-in nginx that holds every purge until the test lets them go.
    const purged: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const server = http.createServer((req, res) => {
      void gate.then(() => {
        purged.push(String(req.headers['purge-key']));
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
    const other = await startContent({ EDGE_NGINX_PURGE_URLS: [url], EDGE_REPURGE_MS: 0, EDGE_REFRESH_KEYS: 0 });
    try {
      const jid = await makeJournal(other, 'edgeflood');
      const headers = staffHeaders(jid, staffToken(jid));
      expect(await liveStatus(other, jid)).toEqual({ published: 0, live: 0, failed: 0 });
      // Readers came to the home page from 3,000 links, each with its own tracking parameter:
      // every page carries the layout's tag, so a settings save has them all to purge.
      const keys = new EdgeKeyMap(other.deps.redis, { prefix: other.config.REDIS_PREFIX, ttlSeconds: 3600, maxOther: 5000, scopeOf: () => jid });
      const tags = [cacheTag.journal(jid), cacheTag.head(jid)];
      await keys.record('gzip|edgeflood.test/', tags, Date.now() - 60_000);
      for (let i = 0; i < 3000; i += 500) {
        await Promise.all(Array.from({ length: 500 }, (_, k) => keys.record(`gzip|edgeflood.test/?fbclid=f${i + k}`, tags)));
      }
      const r = await request(other.url).post('/api/settings').set(headers).send({ websitename: 'Flooded' });
      expect(r.status).toBe(200);
      // Answered while nginx has taken no purge: stored, announced, logged, and pending at the edge.
      expect(purged).toEqual([]);
      expect((await publicSettings(other, jid)).websitename).toBe('Flooded');
      expect(await liveStatus(other, jid)).toEqual({ published: 1, live: 0, failed: 0 });
      release();
      // 3,001 keys to purge one by one: more time than a page's few.
      expect(await settled(other, jid, 1200)).toEqual({ published: 1, live: 1, failed: 0 });
      expect(purged).toContain('gzip|edgeflood.test/');
      expect(new Set(purged).size).toBe(3001);
    } finally {
      release();
      await stopContent(other);
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it("the status is the caller's journal's, for content staff only", async () => {
    const otherJournal = await makeJournal(app, 'edgestatus2');
    await request(app.url).post('/api/settings').set(staffHeaders(J, staffToken(J))).send({ websitename: 'Edge Journal again' });
    expect((await liveStatus(app, J)).published).toBeGreaterThan(0);
    expect(await liveStatus(app, otherJournal)).toEqual({ published: 0, live: 0, failed: 0 });
    const worklog = await request(app.url).get('/api/admin/edge-status').set(staffHeaders(J, staffToken(J, 'w', undefined, 'worklog')));
    expect([worklog.status, worklog.body.error]).toEqual([403, 'role_forbidden']);
    expect((await request(app.url).get('/api/admin/edge-status').set({ 'x-journal-id': J })).status).toBe(401);
    // Another journal's token on this journal's host.
    expect((await request(app.url).get('/api/admin/edge-status').set(staffHeaders(J, staffToken(otherJournal)))).status).toBe(401);
  });
});

describe('cache keys recorded by the gateway', () => {
  it('fills that come together are written together, each under its tags, and a journal keeps only its newest keys', async () => {
    const prefix = `${uniqueName('edgebatch')}:`;
    const keys = new EdgeKeyMap(app.deps.redis, { prefix, ttlSeconds: 3600, maxLinked: 100, batchMs: 20, scopeOf: () => J });
    const journalTag = cacheTag.journal(J);
    const issueTag = cacheTag.issue(J, { year: 2025, volume: 1, issue: 1 });
    const now = Date.now();
    try {
      // 300 fills at once: more than one write's worth (256), the rest in the next.
      await Promise.all(Array.from({ length: 300 }, (_, i) => keys.record(`gzip|j.test/p${i}`, i % 2 ? [journalTag, issueTag] : [journalTag], now + i)));
      const ofJournal = await keys.keysOf([journalTag]);
      const ofIssue = await keys.keysOf([issueTag]);
      expect(ofJournal).toHaveLength(100);
      expect(ofJournal[0]).toBe('gzip|j.test/p299');
      expect(ofJournal.at(-1)).toBe('gzip|j.test/p200');
      // The records the journal's cap dropped are gone from the issue's tag too.
      expect(ofIssue).toHaveLength(50);
      expect(ofIssue.every((k) => Number(k.slice('gzip|j.test/p'.length)) % 2 === 1)).toBe(true);
      // A single fill is written after the short wait, on its own.
      await keys.record('gzip|j.test/alone', [issueTag], now + 1000);
      expect((await keys.keysOf([issueTag]))[0]).toBe('gzip|j.test/alone');
    } finally {
      await app.deps.redis.del(`${prefix}edge:tag:${journalTag}`, `${prefix}edge:tag:${issueTag}`, ...['linked', 'other', 'tags'].map((k) => `${prefix}edge:scope:${J}:${k}`));
    }
  });
});

/**
 * Readers served by nginx's cache: long-lived answers purged by tag after each write, stored
 * compressed once, conditional requests, one upstream request for a crowd, and purges only from
 * inside.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Redis from 'ioredis';
import { createLogger, EdgeKeyMap } from '@journal/server-kit';
import { until } from '@journal/testing';
import { E2E } from './e2e.config';
import { apiOf, BASE, onHost, untilLive, type HostAnswer } from './harness';
import { edgeRedisUrl, purgePortOf, serverEnv } from '../scripts/stack';
import { cacheTag } from '../services/content/src/views/cache-tags';
import { EdgePurger } from '../services/content/src/edge/purger';
import { NginxPurgeTarget } from '../services/content/src/edge/nginx-purge';
import { journalOfTags } from '../services/content/src/edge/edge-purge.setup';

interface Listed {
  refnumber: string;
  year: number;
  volume: number;
  issue: number;
}
interface Year {
  year: number;
  issues: { volume: number; issue: number }[];
}

const PURGE_URL = `http://127.0.0.1:${purgePortOf(E2E.nginxPort)}/purge`;
const GATEWAY = `http://127.0.0.1:${E2E.portBase}`;
let redis: Redis;
let purger: EdgePurger;
let J: string;
let issue1: { year: number; volume: number; issue: number };
let issue2: { year: number; volume: number; issue: number };
let a1: Listed;
let a2: Listed;

const gz = { 'accept-encoding': 'gzip' };
/** The readers' content service (the stack's port after the gateway's). */
const CONTENT = `http://127.0.0.1:${E2E.portBase + 1}`;
/**
 * Search requests the content service itself answered (its duration histogram's counts for the
 * search route, whatever the status). The gateway's shared-answers counter is no measure of one
 * key: it also counts each refresh of a write's second purge (EDGE_REPURGE_MS after the first)
 * handed an answer the gateway holds, of any key, and an earlier suite's last write may still
 * have its second purge under way here.
 */
const searchesAnswered = async () => {
  const text = await (await fetch(`${CONTENT}/metrics`)).text();
  const counts = [...text.matchAll(/^http_request_duration_seconds_count\{[^}]*route="\/api\/search[^"]*"[^}]*\} (\d+)$/gm)];
  return counts.reduce((n, m) => n + Number(m[1]), 0);
};
const read = (path: string, headers: Record<string, string> = gz) => onHost(BASE, path, headers);
const cacheOf = (r: HostAnswer) => r.headers['x-cache'];
const issuePath = (i: typeof issue1) => `/archives/${i.year}/vol${i.volume}/issue${i.issue}`;
const articlePage = (a: Listed) => `${issuePath(a)}/${encodeURIComponent(a.refnumber)}`;

/** The body as the client would see it after undoing its Content-Encoding. */
const decoded = (r: HostAnswer) => {
  const enc = r.headers['content-encoding'];
  return enc === 'br' ? brotliDecompressSync(r.body) : enc === 'gzip' ? gunzipSync(r.body) : r.body;
};

beforeAll(async () => {
  const prefix = process.env.E2E_REDIS_PREFIX!;
  // The Redis the stack's gateway records nginx's keys in (its own, or the main one).
  redis = new Redis(edgeRedisUrl() || serverEnv().REDIS_URL);
  purger = new EdgePurger({
    targets: [new NginxPurgeTarget(new EdgeKeyMap(redis, { prefix, ttlSeconds: 0, scopeOf: journalOfTags }), [PURGE_URL])],
    logger: createLogger('edge-e2e', 'silent'),
    attempts: 3,
    retryMs: 20,
  });
  J = (await apiOf<{ journalId: string }>(BASE, '/api/settings/')).journalId;
  const years = await apiOf<Year[]>(BASE, '/api/archives/');
  const issues = years.flatMap((y) => y.issues.map((i) => ({ year: y.year, volume: i.volume, issue: i.issue })));
  const lists = await Promise.all(issues.map(async (i) => ({ i, list: await apiOf<Listed[]>(BASE, `/api/archives/${i.year}/${i.volume}/${i.issue}`) })));
  // Issues large enough to be compressed (other suites add issues of one short article, sent as they are).
  const full = lists.filter((l) => l.list.length > 0 && JSON.stringify(l.list).length >= 2048);
  [issue1, issue2] = [full[0]!.i, full[1]!.i];
  [a1, a2] = [full[0]!.list[0]!, full[1]!.list[0]!];
}, 60_000);
afterAll(() => {
  redis?.disconnect();
});

describe('purged by tag', () => {
  // What readers ask for, each naming what it is made of.
  const urls = () => ({
    settings: '/api/settings/',
    editors: '/api/editors/',
    archives: '/api/archives/',
    issueList1: `/api/archives/${issue1.year}/${issue1.volume}/${issue1.issue}`,
    issueList2: `/api/archives/${issue2.year}/${issue2.volume}/${issue2.issue}`,
    article1: `/api/archives/ref/${a1.refnumber}`,
    article2: `/api/archives/ref/${a2.refnumber}`,
    articlePage1: articlePage(a1),
    articlePage2: articlePage(a2),
    issuePage2: issuePath(issue2),
    search: '/api/search?keyword=study',
    feed: '/feed.atom',
    board: '/board',
  });
  type Name = keyof ReturnType<typeof urls>;

  /** Reads every URL twice (the second from the cache), then purges `tags`: which URLs were purged. */
  async function purgedBy(tags: string[]): Promise<Name[]> {
    const all = urls();
    for (const p of Object.values(all)) await read(p);
    for (const [name, p] of Object.entries(all)) expect([name, cacheOf(await read(p))]).toEqual([name, 'HIT']);
    await purger.purge({ journalId: J, tags });
    const purged: Name[] = [];
    for (const [name, p] of Object.entries(all) as [Name, string][]) if (cacheOf(await read(p)) !== 'HIT') purged.push(name);
    return purged.sort();
  }

  it('an article write reaches its answers, its issue and the lists, nothing else', async () => {
    const tags = [cacheTag.article(J, a1.refnumber), cacheTag.issue(J, issue1), cacheTag.lists(J)];
    expect(await purgedBy(tags)).toEqual(['article1', 'articlePage1', 'feed', 'issueList1', 'search']);
  });

  it('an issue write reaches that issue\'s list and page only', async () => {
    expect(await purgedBy([cacheTag.issue(J, issue2)])).toEqual(['issueList2', 'issuePage2']);
  });

  it('an editor, settings or indexing write reaches the layout: every page and the head reads, not the article and issue reads', async () => {
    expect(await purgedBy([cacheTag.head(J)])).toEqual(['articlePage1', 'articlePage2', 'board', 'editors', 'feed', 'issuePage2', 'settings']);
  });

  it('an issue entering, leaving or renaming the archive index reaches the archive\'s pages and the index, not the journal\'s others', async () => {
    expect(await purgedBy([cacheTag.index(J)])).toEqual(['archives', 'articlePage1', 'articlePage2', 'issuePage2']);
  });

  it('a stored file\'s tag reaches no cached answer (files have versioned URLs); the journal tag reaches all', async () => {
    expect(await purgedBy([cacheTag.file(J, '/assets/site/logo.png')])).toEqual([]);
    expect(await purgedBy([cacheTag.journal(J)])).toEqual(Object.keys(urls()).sort());
  });

  it('another journal\'s tags reach nothing of this one', async () => {
    expect(await purgedBy([cacheTag.journal('0123456789abcdef01234567'), cacheTag.head('0123456789abcdef01234567')])).toEqual([]);
  });
});

describe('compressed once', () => {
  it('brotli, gzip and plain clients get the same bytes after decoding; nginx stores the compressed copy', async () => {
    for (const p of [articlePage(a1), `/api/archives/${issue1.year}/${issue1.volume}/${issue1.issue}`, '/feed.rss']) {
      const br = await read(p, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await read(p, { 'accept-encoding': 'gzip' });
      const plain = await read(p, {});
      const none = await read(p, { 'accept-encoding': 'identity' });
      expect([p, br.headers['content-encoding'], gzip.headers['content-encoding'], plain.headers['content-encoding'], none.headers['content-encoding']]).toEqual([p, 'br', 'gzip', undefined, undefined]);
      expect(decoded(br).equals(plain.body)).toBe(true);
      expect(decoded(gzip).equals(plain.body)).toBe(true);
      expect(none.body.equals(plain.body)).toBe(true);
      // The plain client is answered from the gzip copy: one stored entry serves both.
      expect(cacheOf(plain)).toBe('HIT');
      expect(br.headers['cache-tag']).toContain(cacheTag.journal(J));
      expect(br.headers['cdn-cache-control']).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+, stale-if-error=\d+/);
    }
  });
});

describe('conditional requests', () => {
  it('a client holding the answer gets 304 from nginx, and the same ETag from the gateway behind it', async () => {
    for (const p of [articlePage(a1), `/api/archives/ref/${a1.refnumber}`]) {
      const first = await read(p);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^(W\/)?"/);
      const again = await read(p, { ...gz, 'if-none-match': etag });
      expect([p, again.status, cacheOf(again)]).toEqual([p, 304, 'HIT']);
      // Any replica makes the same validator: it comes from the content, not from the process.
      const direct = await onHost(GATEWAY.replace('127.0.0.1', 'localhost'), p, { ...gz, 'if-none-match': etag });
      expect([p, direct.status]).toEqual([p, 304]);
      expect(direct.headers.etag).toBe(etag);
    }
  });
});

describe('never waiting, never bypassed', () => {
  it('forty readers of a key not yet cached make one upstream request, and none waits on a lock', async () => {
    const p = `/api/search?keyword=crowd${Date.now().toString(36)}`;
    const before = await searchesAnswered();
    const answers = await Promise.all(Array.from({ length: 40 }, () => read(p)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // Those nginx sent on (no cache lock) got the gateway's one request's answer: content answered
    // one search (none counted, as with a route missing from its metrics, fails too).
    expect((await searchesAnswered()) - before).toBe(1);
    expect(new Set(answers.map((a) => decoded(a).toString())).size).toBe(1);
  });

  it('a reader\'s Cache-Control or Pragma does not bypass the shared cache', async () => {
    await read('/api/settings/');
    const asks: Record<string, string>[] = [{ 'cache-control': 'no-cache' }, { pragma: 'no-cache' }, { 'cache-control': 'no-store, max-age=0' }];
    for (const h of asks) {
      expect(cacheOf(await read('/api/settings/', { ...gz, ...h }))).toBe('HIT');
    }
  });

  it('huge or malformed Accept-Encoding and If-None-Match headers never get a 5xx', async () => {
    const odd: Record<string, string>[] = [
      { 'accept-encoding': 'x'.repeat(6000) },
      { 'accept-encoding': ';;,,br;q=abc, gzip;q=' },
      { 'accept-encoding': 'br;q=0, gzip;q=0' },
      { 'if-none-match': `"${'a'.repeat(6000)}"` },
      { 'if-none-match': 'W/, "", *, ,,' },
      { 'if-none-match': 'W/"x" garbage ;;; "unterminated' },
    ];
    for (const h of odd) {
      for (const p of ['/api/settings/', articlePage(a1)]) {
        const r = await read(p, h);
        expect([p, Object.keys(h)[0], r.status < 500]).toEqual([p, Object.keys(h)[0], true]);
      }
    }
  });
});

describe('one cache key per answer', () => {
  const TRACKING = ['fbclid=IwAR0e2e', 'utm_source=newsletter&utm_medium=email&utm_campaign=may', 'gclid=Cj0KCQ&fbclid=x&utm_term=y', 'unknown=1&empty=', '&&=&x'];
  /** The keys nginx's answers of the journal are recorded under. */
  const journalKeys = () => redis.zrange(`${process.env.E2E_REDIS_PREFIX!}edge:tag:${cacheTag.journal(J)}`, 0, -1);

  it('links with tracking, unknown, empty or reordered parameters get the page nginx holds, and record no key', async () => {
    const p = articlePage(a2);
    await read(p);
    const held = await read(p);
    expect(cacheOf(held)).toBe('HIT');
    for (const q of TRACKING) {
      const r = await read(`${p}?${q}`);
      expect([q, r.status, cacheOf(r)]).toEqual([q, 200, 'HIT']);
      expect(decoded(r).equals(decoded(held))).toBe(true);
    }
    // A route that reads a parameter keeps it, whatever surrounds it, in whatever order.
    const search = await read('/search?keyword=study');
    for (const q of ['utm_source=x&keyword=study', 'keyword=study&fbclid=1', 'KEYWORD=study&keyword=other', 'keyword=study&keyword=other&gclid=2']) {
      const r = await read(`/search?${q}`);
      expect([q, r.status, cacheOf(r)]).toEqual([q, 200, 'HIT']);
      expect(decoded(r).equals(decoded(search))).toBe(true);
    }
    await new Promise((done) => setTimeout(done, 100));
    expect((await journalKeys()).filter((k) => /[?&](fbclid|utm_|gclid|unknown|empty)/i.test(k))).toEqual([]);
  });

  it('a flood of unique query strings makes no cache entry or record beyond the canonical ones', async () => {
    const pages = ['/board', articlePage(a1), '/api/settings/', `/api/archives/${issue1.year}/${issue1.volume}/${issue1.issue}`];
    for (const p of pages) await read(p);
    // Their records reach Redis in batches after the answers: counted once all four are there.
    await until(async () => {
      const keys = await journalKeys();
      return pages.every((p) => keys.includes(`gzip|localhost${p}`));
    }, 'the four pages recorded');
    const before = (await journalKeys()).length;
    const salt = Date.now().toString(36);
    for (let i = 0; i < 50; i++) {
      const answers = await Promise.all(pages.map((p) => read(`${p}?fbclid=${salt}${i}&utm_source=s${i}&q${i}=${i}`)));
      for (const a of answers) expect([a.status, cacheOf(a)]).toEqual([200, 'HIT']);
    }
    await new Promise((done) => setTimeout(done, 100));
    expect((await journalKeys()).length).toBe(before);
  });

  it('a parameter repeated a thousand times, a 6 kB query string, invalid percent-encoding: the normal answer, 400 or 414, never a 5xx', async () => {
    const p = articlePage(a1);
    const page = await read(p);
    const odd = [
      `${p}?${'utm_source=x&'.repeat(500)}`,
      `${p}?u=${'x'.repeat(6000)}`,
      `${p}?%zz=%&fbclid=%E0%A4`,
      `/search?${'keyword=study&'.repeat(400)}`,
      `/search?keyword=%zz%E0%A4&fbclid=%`,
      `/api/search?keyword=${'k'.repeat(6000)}`,
      `/api/search?keyword=%ff%fe%`,
      `/pdf?refno=%%%&refno=1`,
    ];
    for (const q of odd) {
      const r = await read(q);
      expect([q.slice(0, 60), [200, 400, 404, 414].includes(r.status)]).toEqual([q.slice(0, 60), true]);
    }
    // Repeats and noise on a page: the page itself, from the cache.
    const repeated = await read(`${p}?${'utm_source=x&'.repeat(500)}`);
    expect([repeated.status, cacheOf(repeated)]).toEqual([200, 'HIT']);
    expect(decoded(repeated).equals(decoded(page))).toBe(true);
    // The first keyword counts, as nginx's key names it.
    expect(decoded(await read(`/search?${'keyword=study&'.repeat(400)}`)).equals(decoded(await read('/search?keyword=study')))).toBe(true);
    // Past nginx's header buffer: 414 from nginx itself.
    expect((await read(`${p}?${'utm_source=x&'.repeat(1000)}`)).status).toBe(414);
    await new Promise((done) => setTimeout(done, 100));
    expect((await journalKeys()).filter((k) => /[?&](u|utm_source|fbclid|%zz)=/.test(k))).toEqual([]);
  });
});

describe('purges only from inside', () => {
  const raw = (opts: http.RequestOptions): Promise<number> =>
    new Promise((resolve, reject) => {
      const req = http.request({ agent: false, ...opts }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });

  it('the public port has no purge, and the purge port refuses other addresses', async () => {
    await read('/api/settings/');
    const key = 'gzip|localhost/api/settings/';
    const pub = new URL(BASE);
    expect(await raw({ host: '127.0.0.1', port: pub.port, path: '/purge', headers: { host: pub.host, 'purge-key': key } })).not.toBe(200);
    expect(await raw({ host: '127.0.0.1', port: pub.port, method: 'PURGE', path: '/api/settings/', headers: { host: pub.host } })).toBeGreaterThanOrEqual(400);
    // Another address than loopback's own (as a reader's would be): refused.
    const purgePort = purgePortOf(E2E.nginxPort);
    expect(await raw({ host: '127.0.0.1', localAddress: '127.0.0.2', port: purgePort, path: '/purge', headers: { 'purge-key': key } })).toBe(403);
    expect(cacheOf(await read('/api/settings/'))).toBe('HIT');
    // From inside it works.
    expect(await raw({ host: '127.0.0.1', port: purgePort, path: '/purge', headers: { 'purge-key': key } })).toBe(200);
    expect(cacheOf(await read('/api/settings/'))).not.toBe('HIT');
  });
});

describe('refreshed in place', () => {
  it('a key a write refreshes is never a miss: the next reader gets the new answer from the cache', async () => {
    const refresher = new NginxPurgeTarget(new EdgeKeyMap(redis, { prefix: process.env.E2E_REDIS_PREFIX!, ttlSeconds: 0, scopeOf: journalOfTags }), [PURGE_URL], { refreshKeys: 100 });
    const p = issuePath(issue2);
    await read(p);
    const before = await read(p);
    expect(cacheOf(before)).toBe('HIT');
    await refresher.purge({ journalId: J, tags: [cacheTag.issue(J, issue2)] });
    const after = await read(p);
    // Stored anew (another request made it), and found in the cache by the reader's key.
    expect(cacheOf(after)).toBe('HIT');
    expect(after.headers['x-request-id']).not.toBe(before.headers['x-request-id']);
    expect(decoded(after).toString()).toBe(decoded(before).toString());
  });

  it('a refresh sends none of its caller\'s headers: a token sent with it still stores the readers\' answer', async () => {
    const p = issuePath(issue2);
    const r = await fetch(`http://127.0.0.1:${purgePortOf(E2E.nginxPort)}/refresh`, { headers: { 'purge-key': `gzip|localhost${p}`, authorization: 'Bearer x', cookie: 'a=b' } });
    expect(r.status).toBe(200);
    const after = await read(p);
    expect(cacheOf(after)).toBe('HIT');
    // The gateway's edge headers (given only to answers of token-less requests) and its day-long lifetime.
    expect(after.headers['cdn-cache-control']).toMatch(/s-maxage=/);
  });

  it('the refresh port is the purge port: readers cannot reach it, and other addresses are refused', async () => {
    const key = `gzip|localhost${issuePath(issue2)}`;
    expect((await onHost(BASE, '/refresh', { 'purge-key': key })).status).not.toBe(200);
    const purgePort = purgePortOf(E2E.nginxPort);
    const refused = await new Promise<number>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', localAddress: '127.0.0.2', port: purgePort, path: '/refresh', headers: { 'purge-key': key } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect(refused).toBe(403);
    // From inside, a key naming no host and path of a public request (an absolute-form one) is refused.
    const odd = await fetch(`http://127.0.0.1:${purgePort}/refresh`, { headers: { 'purge-key': 'gzip|localhosthttp://localhost/' } });
    expect(odd.status).toBe(400);
  });
});

// Last: the write's purges (the second one half a second later included) reach the whole journal.
describe('read your writes', () => {
  it('the writer and every reader see a write once the admin shows it live, without any cookie', async () => {
    const login = await fetch(`${BASE}/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin12345' }) });
    expect(login.headers.get('set-cookie')).toBeNull();
    const { token } = (await login.json()) as { token: string };
    const before = (await apiOf<{ websitename: string }>(BASE, '/api/settings/')).websitename;
    expect(cacheOf(await read('/'))).toMatch(/HIT|MISS/);
    const write = (websitename: string) =>
      fetch(`${BASE}/api/settings/`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ websitename }) });
    try {
      const w = await write(`${before} (edge)`);
      expect(w.status).toBe(200);
      expect(w.headers.get('set-cookie')).toBeNull();
      // A save answers once stored; the caches follow from a queue (docs/operations.md#edge-caches).
      await untilLive(BASE, token);
      expect((await apiOf<{ websitename: string }>(BASE, '/api/settings/')).websitename).toBe(`${before} (edge)`);
      expect(decoded(await read('/')).toString()).toContain(`${before} (edge)`);
    } finally {
      expect((await write(before)).status).toBe(200);
    }
    await untilLive(BASE, token);
    expect(decoded(await read('/')).toString()).not.toContain(`${before} (edge)`);
  });
});

/**
 * nginx against the route table: the template's generated block is the table's, and a real nginx
 * rendered from the template keys every cached location on the parameters its route reads and
 * nothing else, exactly as the gateway checks the key (packages/contracts/src/edge-routes.ts).
 * The gateway here is a stand-in that shows what nginx sent it.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EDGE_CACHED_READ_PATTERNS, EDGE_ROUTES, edgeTarget } from '@journal/contracts/edge-routes';
import { until } from '@journal/testing';
import { edgeKeyBlock, TEMPLATE } from '../../scripts/edge-nginx';
import { PLATFORM_HOST } from '../../scripts/stack';
import { startNginx, type TestNginx } from './nginx.fixture';

const template = readFileSync(TEMPLATE, 'utf8');

describe('the template', () => {
  test('holds the block generated from the route table (npx tsx scripts/edge-nginx.ts)', () => {
    expect(template).toContain(edgeKeyBlock());
  });

  test('caches the content reads the gateway treats as cached, under the one key', () => {
    for (const p of EDGE_CACHED_READ_PATTERNS) expect(template).toContain(`location ~ ${p} {`);
    const keys = [...template.matchAll(/proxy_cache_key (\S+);/g)].map((m) => m[1]);
    // The public cache (pages and reads) and the refresh server's; the asset cache keys on the version alone.
    expect(keys.filter((k) => k === '$jp_cache_key')).toHaveLength(3);
    expect(template).toContain('proxy_set_header X-JP-Cache-Key $jp_cache_key;');
    expect(template).not.toMatch(/proxy_cache_key[^;]*\$request_uri/);
  });
});

interface Seen {
  key: string;
  url: string;
  refresh?: string;
}

describe('a real nginx from the template', () => {
  const HOST = 'journal.test';
  let nginx: TestNginx;
  let gateway: http.Server;
  const seen: Seen[] = [];
  /** What the stand-in says a missing page shows now (a journal's settings a write changes). */
  let missingShows = 'before';
  const ask = (target: string, headers: Record<string, string> = {}) => nginx.ask(target, headers);

  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      const key = String(req.headers['x-jp-cache-key'] ?? '');
      seen.push({ key, url: req.url ?? '', refresh: req.headers['x-jp-refresh'] as string | undefined });
      // A missing page, API read or sitemap: kept a second, as the gateway keeps a 404 no purge can find.
      if (/^\/(missing|api\/archives\/ref\/missing|sitemap-missing)/.test(req.url ?? '')) {
        res.writeHead(404, { 'content-type': 'application/json', 'x-accel-expires': '1' });
        res.end(JSON.stringify({ shows: missingShows }));
        return;
      }
      // /board is kept (a tagged page); everything else is looked at only.
      const keep = (req.url ?? '').startsWith('/board');
      res.writeHead(200, { 'content-type': 'application/json', 'x-accel-expires': keep ? '60' : '0' });
      res.end(JSON.stringify({ key }));
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    nginx = await startNginx({ gatewayPort: (gateway.address() as AddressInfo).port, name: `edge-keys-test-${process.pid}`, host: HOST });
  }, 30_000);

  afterAll(async () => {
    await nginx?.stop();
    await new Promise<void>((resolve) => gateway?.close(() => resolve()));
  });

  test('serves the operators\' usage screen on the platform\'s host alone, and no journal\'s admin or work-log shell there', async () => {
    const cases: [string, string, number][] = [
      [HOST, '/admin', 200], [HOST, '/webdata/entries', 200], [HOST, '/platform', 404], [HOST, '/platform/login', 404],
      [PLATFORM_HOST, '/platform', 200], [PLATFORM_HOST, '/platform/login', 200], [PLATFORM_HOST, '/admin', 404], [PLATFORM_HOST, '/admin/usage', 404],
      [PLATFORM_HOST, '/webdata', 404], [`${PLATFORM_HOST.toUpperCase()}:8080`, '/admin', 404], [`${PLATFORM_HOST}.`, '/admin', 404],
    ];
    seen.length = 0;
    for (const [host, path, status] of cases) {
      const r = await ask(path, { host });
      expect([host, path, r.status, r.headers['cache-control']]).toEqual([host, path, status, 'no-store']);
      if (status === 200) expect(r.body).toContain('<div id="root"');
    }
    // Answered by nginx itself: nothing reached the gateway.
    expect(seen).toEqual([]);
  });

  /** The key nginx sent for a target, and the one the gateway expects for it. */
  const keyOf = async (target: string) => {
    seen.length = 0;
    await ask(target);
    expect(seen).toHaveLength(1);
    return seen[0]!.key;
  };
  const expected = (target: string) => `gzip|${HOST}${edgeTarget(target)}`;

  const TRACKING = 'fbclid=IwAR2x&utm_source=news&utm_medium=email&utm_campaign=may&gclid=Cj0&unknown=1&empty=';
  const valueOf = (p: string) => `${p}-v%C3%A9+1`;
  const cases: string[] = [];
  for (const r of EDGE_ROUTES) {
    const path = r.pattern.replace(/^\^/, '').replace(/\(\/\[\^\/\?\]\*\)\?/, '/tok').replace(/\/\?\$$/, '');
    const all = r.params.map((p) => `${p}=${valueOf(p)}`);
    cases.push(
      path,
      `${path}?${TRACKING}`,
      `${path}?${[...all].reverse().join('&')}&${TRACKING}`,
      `${path}?${TRACKING}&${all.join('&')}`,
      `${path}/?${all.map((a) => a.toUpperCase()).join('&')}`,
      `${path}?${r.params.map((p) => `${p}=`).join('&')}&${TRACKING}`,
      `${path}?${r.params[0]}=first&${r.params[0]}=second`,
    );
  }
  cases.push(
    '/',
    `/?${TRACKING}`,
    `/about?${TRACKING}`,
    `/archives/2024/vol1/issue1/IJ%2D1?${TRACKING}`,
    `/api/settings/?${TRACKING}`,
    `/api/archives/2024/1/1?keyword=x&${TRACKING}`,
    `/sitemap.xml?${TRACKING}`,
    // A parameter repeated a thousand times, a 6 kB query string.
    `/about?${'u=x&'.repeat(1000)}`,
    `/search?${'keyword=x&'.repeat(600)}`,
    `/search?keyword=${'k'.repeat(20)}&${'fbclid=y'.repeat(700)}`,
    '/search?keyword=%zz%&fbclid=%%',
    `/about?${Array.from({ length: 200 }, (_, i) => `p${i}=${i}`).join('&')}`,
  );

  test.each(cases.map((c) => [c.length > 120 ? `${c.slice(0, 120)}… (${c.length} chars)` : c, c]))('%s', async (_label, target) => {
    expect(await keyOf(target)).toBe(expected(target));
  });

  test('a request line past nginx\'s 8 kB buffer is answered 414 and never reaches the gateway', async () => {
    seen.length = 0;
    expect((await ask(`/board?${'utm_source=x&'.repeat(1000)}`)).status).toBe(414);
    expect(seen).toHaveLength(0);
  });

  test('a reader\'s request never reaches the gateway marked as a write\'s refresh', async () => {
    const before = seen.length;
    await ask(`/never-kept-${process.pid}`, { 'X-JP-Refresh': '1' });
    expect(seen.length).toBe(before + 1);
    expect(seen.at(-1)!.refresh).toBeUndefined();
  });

  test('an answer no purge can find (a 404 kept a second) is never served past its lifetime, not even once', async () => {
    const targets = [`/missing-page-${process.pid}`, `/api/archives/ref/missing-${process.pid}`, `/sitemap-missing-${process.pid}.xml`];
    // Taken as it is (nginx compresses JSON for a client that takes gzip).
    const plain = (t: string) => ask(t, { 'accept-encoding': 'identity' });
    missingShows = 'before';
    for (const t of targets) {
      expect([t, (await plain(t)).status]).toEqual([t, 404]);
      await until(() => nginx.stores(expected(t)), `nginx stored ${t}`);
      const kept = await plain(t);
      expect([t, kept.cache, JSON.parse(kept.body)]).toEqual([t, 'HIT', { shows: 'before' }]);
    }
    // A write changes what the pages show; nothing purges these copies, and their second ends.
    missingShows = 'after';
    await new Promise((resolve) => setTimeout(resolve, 2100));
    for (const t of targets) {
      const later = await plain(t);
      // Before: STALE, { shows: 'before' } (served while nginx refilled it in the background).
      expect([t, later.cache, JSON.parse(later.body)]).toEqual([t, 'EXPIRED', { shows: 'after' }]);
    }
  });

  test('an absolute-form target is keyed on its path', async () => {
    expect(await keyOf(`http://${HOST}/search?fbclid=1&keyword=cells`)).toBe(`gzip|${HOST}/search?keyword=cells`);
  });

  test('a page asked for under endless tracking variants is kept once: one request to the gateway', async () => {
    seen.length = 0;
    const first = await ask(`/board?fbclid=${Date.now()}`);
    expect(first.status).toBe(200);
    for (let i = 0; i < 20; i++) {
      // Taken as it is (nginx compresses JSON for a client that takes gzip).
      const again = await ask(`/board?utm_source=s${i}&fbclid=f${i}&utm_campaign=c${i}`, { 'accept-encoding': 'identity' });
      expect(again.cache).toBe('HIT');
      expect(JSON.parse(again.body)).toEqual({ key: `gzip|${HOST}/board` });
    }
    expect(seen).toHaveLength(1);
  });
});

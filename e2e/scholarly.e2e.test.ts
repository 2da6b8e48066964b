/**
 * DOIs, citation files, feeds and usage counting through the whole stack behind nginx: what a
 * reference manager, a feed reader and a reader's browser get, and what the admin then sees.
 */
import http from 'node:http';
import mongoose from 'mongoose';
import Parser from 'rss-parser';
import type { Browser } from 'puppeteer-core';
import { until } from '@journal/testing';
import { serverEnv } from '../scripts/stack';
import { PlatformCustomerService } from '../services/content/src/counter/platform-customer.service';
import { SushiCustomerRepo } from '../services/content/src/counter/sushi-customer.repo';
import { E2E } from './e2e.config';
import { BASE, DEMO_USER, launchBrowser, newPage } from './harness';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const get = (path: string, init: RequestInit = {}) => {
  const url = path.startsWith('http') ? path : `${BASE}${path}`;
  return fetch(url, { redirect: 'manual', ...init }).catch((err: unknown) => {
    throw new Error(`${url}: ${String((err as Error & { cause?: unknown }).cause ?? err)}`);
  });
};

interface Summary { refnumber: string; year: number; volume: number; issue: number; pdf_url: string | null; doi: string }

let browser: Browser;
let articles: Summary[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  const years = (await (await get('/api/archives/')).json()) as { year: number; issues: { volume: number; issue: number }[] }[];
  for (const y of years) {
    for (const i of y.issues) articles.push(...((await (await get(`/api/archives/${y.year}/vol${i.volume}/issue${i.issue}`)).json()) as Summary[]));
  }
  articles = articles.filter((a) => a.pdf_url);
}, 60_000);
afterAll(() => browser?.close());

describe('feeds', () => {
  const parser = new Parser();
  it.each(['/feed.atom', '/feed.rss'])('%s lists the newest articles, and every link resolves through nginx', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const feed = await parser.parseString(await res.text());
    expect(feed.items.length).toBe(Math.min(50, (await (await get('/sitemap.xml')).text()).split('/archives/').filter((s) => /^\d+\/vol\d+\/issue\d+\/\w+</.test(s)).length));
    // Absolute URLs carry the origin the feed was read on; they are followed on the stack's.
    const local = (u: string) => {
      expect(new URL(u).origin).toBe(new URL(BASE).origin);
      return new URL(u).pathname + new URL(u).search;
    };
    for (const it of feed.items) {
      const r = await get(local(it.link!));
      expect([it.link, r.status]).toEqual([it.link, 200]);
      if (it.enclosure) expect((await get(local(it.enclosure.url), { method: 'HEAD' })).status).toBe(200);
    }
  }, 120_000);
});

describe('DOIs and citation files', () => {
  it('the article page shows the DOI, the citation line and the three citation files; the head has citation_doi', async () => {
    const a = articles[0]!;
    expect(a.doi).toMatch(/^10\.5555\//);
    const page = await newPage(browser);
    await page.goto(`${BASE}/archives/${a.year}/vol${a.volume}/issue${a.issue}/${a.refnumber}`, { waitUntil: 'networkidle0' });
    const info = await page.evaluate(() => ({
      doi: document.querySelector('.article-meta .doi a')?.getAttribute('href'),
      files: [...document.querySelectorAll('.cite-downloads a')].map((x) => [x.textContent, x.getAttribute('download')]),
      cite: document.querySelector('#citation p')?.textContent ?? '',
      meta: document.querySelector('meta[name=citation_doi]')?.getAttribute('content'),
    }));
    expect(info.doi).toBe(`https://doi.org/${a.doi}`);
    expect(info.files).toEqual([
      ['BibTeX', `${a.refnumber}.bib`],
      ['RIS', `${a.refnumber}.ris`],
      ['CSL-JSON', `${a.refnumber}.json`],
    ]);
    expect(info.cite).toContain(`Volume`);
    expect(info.meta).toBe(a.doi);
    expect(page.errors).toEqual([]);
    for (const ext of ['bib', 'ris', 'json']) {
      const r = await get(`/api/archives/ref/${a.refnumber}/cite.${ext}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-disposition')).toBe(`attachment; filename="${a.refnumber}.${ext}"`);
      expect(await r.text()).toContain(a.doi);
    }
    await page.close();
  }, 60_000);
});

describe('usage counting through nginx', () => {
  it('counts downloads and views per reader once within 30 s, never robots, HEADs or 404s', async () => {
    // A real sign-in: staff routes check the stored user and session behind every token.
    const login = await fetch(`${BASE}/auth/login/`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_USER.name, password: DEMO_USER.password }),
    });
    const { token } = (await login.json()) as { token: string };
    // The oldest article with a PDF: the one other suites are least likely to open.
    const a = articles[articles.length - 1]!;
    const stats = async () => {
      const r = await get(`/api/admin/stats/${a.year}/${a.volume}/${a.issue}`, { headers: { authorization: `Bearer ${token}` } });
      expect(r.status).toBe(200);
      const body = (await r.json()) as { articles: { refnumber: string; views: number; downloads: number }[] };
      return body.articles.find((x) => x.refnumber === a.refnumber)!;
    };
    const before = await stats();
    const stamp = Date.now();
    const readers = [`${CHROME} e2e-reader-a/${stamp}`, `${CHROME} e2e-reader-b/${stamp}`];
    for (const ua of readers) {
      for (let i = 0; i < 4; i++) expect((await get(a.pdf_url!, { headers: { 'user-agent': ua } })).status).toBe(200);
    }
    for (let i = 0; i < 3; i++) expect((await get(a.pdf_url!, { headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' } })).status).toBe(200);
    expect((await get(a.pdf_url!, { method: 'HEAD', headers: { 'user-agent': `${CHROME} e2e-head/${stamp}` } })).status).toBe(200);
    expect((await get(a.pdf_url!.split('?')[0]!.replace(/\.pdf$/, '-missing.pdf'), { headers: { 'user-agent': `${CHROME} e2e-404/${stamp}` } })).status).toBe(404);
    // One reader opens the page and the app reads the article: one view.
    const page = `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${a.refnumber}`;
    expect((await get(page, { headers: { 'user-agent': readers[0]! } })).status).toBe(200);
    expect((await get(`/api/archives/ref/${a.refnumber}`, { headers: { 'user-agent': readers[0]! } })).status).toBe(200);

    // Counters reach MongoDB on the next flush (10 s).
    let now = await stats();
    await until(async () => {
      now = await stats();
      return now.downloads >= before.downloads + 2 && now.views >= before.views + 1;
    }, 'the counters to reach MongoDB', 30_000, 500);
    expect(now.downloads - before.downloads).toBe(2);
    expect(now.views - before.views).toBe(1);
  }, 90_000);
});

describe('COUNTER over SUSHI and the preservation manifests, through nginx', () => {
  it('a manager adds a SUSHI customer; its harvester gets the reports, another key gets 2020; nothing is kept by nginx', async () => {
    expect(await (await get('/counter/r51/status')).json()).toEqual([expect.objectContaining({ Service_Active: true })]);
    const login = await fetch(`${BASE}/auth/login/`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_USER.name, password: DEMO_USER.password }),
    });
    const { token } = (await login.json()) as { token: string };
    // Adding a customer makes an API key: it asks for the password again (docs/security.md#recent-authentication).
    const reauth = await get('/auth/reauth', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ password: DEMO_USER.password }) });
    expect(reauth.status).toBe(200);
    const customerId = `e2e-${Date.now()}`;
    const made = await get('/api/admin/counter/customers', {
      method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'E2E Library', customerId }),
    });
    expect(made.status).toBe(201);
    const { apiKey } = (await made.json()) as { apiKey: string };
    const q = (extra: Record<string, string>) => new URLSearchParams({ customer_id: customerId, api_key: apiKey, ...extra }).toString();
    const list = await get(`/counter/r51/reports?${q({})}`);
    expect(list.status).toBe(200);
    expect(((await list.json()) as { Report_ID: string }[]).map((r) => r.Report_ID)).toContain('TR_J1');
    // This month is not complete: it is not reported yet (3031), whatever was counted in it.
    const month = new Date().toISOString().slice(0, 7);
    for (let i = 0; i < 2; i++) {
      const r = await get(`/counter/r51/reports/tr_j3?${q({ begin_date: month, end_date: month })}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('x-cache')).toBeNull();
      expect(r.headers.get('cache-control')).toBe('no-store');
      const body = (await r.json()) as { Report_Header: { Report_ID: string; Institution_ID: { Proprietary: string[] }; Exceptions: { Code: number }[] } };
      expect([body.Report_Header.Report_ID, body.Report_Header.Institution_ID.Proprietary]).toEqual(['TR_J3', ['jp:0000000000000000', `jp:${customerId}`]]);
      expect(body.Report_Header.Exceptions.map((e) => e.Code)).toContain(3031);
    }
    const wrong = await get(`/counter/r51/reports/tr_j3?${new URLSearchParams({ customer_id: customerId, api_key: 'x'.repeat(32), begin_date: month, end_date: month })}`);
    expect([wrong.status, ((await wrong.json()) as { Code: number }).Code]).toEqual([401, 2020]);
  }, 60_000);

  it('the platform\'s own host serves the platform-wide SUSHI API to a platform customer, and nothing else', async () => {
    // As nginx gets it on the platform's host (the local stack's COUNTER_PLATFORM_HOST).
    const onPlatform = (path: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: E2E.nginxPort, path, headers: { host: `usage.localhost:${E2E.nginxPort}` } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
        });
        req.on('error', reject);
        req.end();
      });
    const status = await onPlatform('/counter/r51/status');
    expect([status.status, JSON.parse(status.body)]).toEqual([200, [{ Description: 'COUNTER Release 5.1 usage reports of Journal platform', Service_Active: true }]]);
    // The operator's customer (`jp counter customer add`), made here with the same service.
    const conn = await mongoose.createConnection(serverEnv().MONGO_URL, { dbName: E2E.db }).asPromise();
    const customerId = `e2e-platform-${Date.now()}`;
    let apiKey: string;
    try {
      const journals = { findBySlug: async () => null, findById: async () => null };
      apiKey = (await new PlatformCustomerService(new SushiCustomerRepo(conn), journals).create({ name: 'E2E Consortium', customerId, journals: ['*'], allUsage: true })).apiKey;
    } finally {
      await conn.close();
    }
    const q = (extra: Record<string, string> = {}) => new URLSearchParams({ customer_id: customerId, api_key: apiKey, ...extra }).toString();
    const month = new Date().toISOString().slice(0, 7);
    const r = await onPlatform(`/counter/r51/reports/pr?${q({ begin_date: '2020-01', end_date: month })}`);
    expect([r.status, r.headers['cache-control'], r.headers['x-cache']]).toEqual([200, 'no-store', undefined]);
    const pr = JSON.parse(r.body) as { Report_Header: { Created_By: string; Institution_ID: { Proprietary: string[] } } };
    expect([pr.Report_Header.Created_By, pr.Report_Header.Institution_ID.Proprietary]).toEqual(['Journal platform', ['jp:0000000000000000', `jp:${customerId}`]]);
    const wrong = await onPlatform(`/counter/r51/members?${new URLSearchParams({ customer_id: customerId, api_key: 'x'.repeat(32) })}`);
    expect([wrong.status, JSON.parse(wrong.body).Code]).toEqual([401, 2020]);
    // A journal's host does not know the platform's customer; the platform's host serves nothing but the API.
    expect(((await (await get(`/counter/r51/members?${q()}`)).json()) as { Code: number }).Code).toBe(2010);
    for (const path of ['/', '/api/settings/', '/counter/platform/r51/status']) expect([path, (await onPlatform(path)).status]).toEqual([path, 404]);
  }, 60_000);

  it('the archives link to the LOCKSS and CLOCKSS manifests, one page per year with the permission statements', async () => {
    const archives = await (await get(`/archives/${articles[0]!.year}/vol${articles[0]!.volume}/issue${articles[0]!.issue}`)).text();
    expect(archives).toContain('href="/lockss"');
    const index = await get('/lockss');
    expect(index.status).toBe(200);
    const year = /\/lockss\/(\d{4})"/.exec(await index.text())![1]!;
    const manifest = await (await get(`/lockss/${year}`)).text();
    expect(manifest).toContain('LOCKSS system has permission to collect, preserve, and serve this Archival Unit.');
    expect(manifest).toContain('CLOCKSS system has permission to ingest, preserve, and serve this Archival Unit.');
    const issue = /href="(https?:\/\/[^"]+\/archives\/[^"]+)"/.exec(manifest)![1]!;
    expect((await get(new URL(issue).pathname)).status).toBe(200);
  }, 60_000);
});

describe('structured authors, licences and references on the article page', () => {
  it('the served page names each ORCID iD, affiliation, the licence and the references, for readers and for machines', async () => {
    // The demo articles carry ORCID iDs, affiliations with ROR ids, the journal's licence and
    // references (other suites add articles of their own, so the first demo one is looked for).
    let a: Summary | undefined;
    for (const c of articles) {
      const d = (await (await get(`/api/archives/ref/${encodeURIComponent(c.refnumber)}`)).json()) as { authors?: { orcid?: string }[]; references?: unknown[] };
      if (d.authors?.some((x) => x.orcid) && d.references?.length) {
        a = c;
        break;
      }
    }
    if (!a) throw new Error('no demo article with ORCID iDs and references');
    const path = `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${a.refnumber}`;
    const html = await (await get(path)).text();
    // What a crawler reads without running JavaScript.
    expect(html).toMatch(/<meta name="citation_author_orcid" content="https:\/\/orcid\.org\/\d{4}-\d{4}-\d{4}-\d{3}[\dX]"/);
    expect(html).toMatch(/<meta name="citation_author_institution" content="[^"]+"/);
    expect(html).toMatch(/<meta name="citation_reference" content="[^"]+"/);
    expect(html).toContain('<link rel="license" href="https://creativecommons.org/licenses/by/4.0/"');
    expect(html).toContain('<meta name="DC.rights" content="https://creativecommons.org/licenses/by/4.0/"');
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as { author: Record<string, unknown>[]; license: string; citation: unknown[] };
    expect(ld.author[0]).toEqual(expect.objectContaining({ '@type': 'Person', givenName: expect.any(String), familyName: expect.any(String), affiliation: expect.any(Array) }));
    expect(ld.license).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(ld.citation.length).toBeGreaterThanOrEqual(3);

    const page = await newPage(browser);
    await page.goto(`${BASE}${path}`, { waitUntil: 'networkidle0' });
    const seen = await page.evaluate(() => ({
      orcid: document.querySelector('#authors .author-details a')?.getAttribute('href') ?? '',
      license: document.querySelector('.article-meta .license a')?.textContent ?? '',
      references: document.querySelectorAll('#references li').length,
      afterAbstract: !!(document.querySelector('#abstract')!.compareDocumentPosition(document.querySelector('#references')!) & Node.DOCUMENT_POSITION_FOLLOWING),
    }));
    expect(seen.orcid).toMatch(/^https:\/\/orcid\.org\/\d{4}-\d{4}-\d{4}-\d{3}[\dX]$/);
    expect(seen.license).toBe('CC BY 4.0');
    expect(seen.references).toBeGreaterThanOrEqual(3);
    expect(seen.afterAbstract).toBe(true);
    expect(page.errors).toEqual([]);
    await page.close();
    // The same metadata in the JATS and the OAI jats record.
    const jats = await (await get(`/api/archives/ref/${a.refnumber}/jats.xml`)).text();
    expect(jats).toContain('<contrib-id contrib-id-type="orcid"');
    expect(jats).toContain('<ref-list>');
    const oai = await (await get(`/oai?verb=GetRecord&metadataPrefix=jats&identifier=oai:${new URL(BASE).hostname}:${a.refnumber}`)).text();
    expect(oai).toContain('<article ');
  }, 60_000);
});

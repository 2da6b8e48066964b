/**
 * Server-rendered public pages on both demo journals: every public route carries its content in
 * the HTML (JavaScript off), the browser hydrates it without errors or refetching and navigates
 * client-side, the article's citation tags survive hydration unchanged, crawlers get real 404s and
 * redirects, hostile input never reflects markup, and a failing content service gives a 503 page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import { E2E } from './e2e.config';
import { machineAuthors, type ArticleSummary } from '@journal/contracts';
import { until } from '@journal/testing';
import { apiOf, BASE, CHEM, DEMO_USER, launchBrowser, newPage, onHost, untilLive } from './harness';

type Article = ArticleSummary;

/** One request to a journal host, its body as text. */
const raw = async (base: string, p: string, headers: Record<string, string> = {}) => {
  const r = await onHost(base, p, headers);
  return { ...r, body: r.text };
};
const json = apiOf;

const plain = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const headOf = (html: string) => html.slice(0, html.indexOf('</head>'));
const citationTags = (html: string) =>
  [...headOf(html).matchAll(/<meta name="(citation_[a-z_]+)" content="([^"]*)"\/?>/g)].map((m) => [m[1]!, decode(m[2]!)]);

interface Journal {
  base: string;
  name: string;
  issn: string;
  essn: string;
  issuePath: string;
  article: Article;
  articlePath: string;
  disabledPath: string;
  editor: string;
  partner: string;
  word: string;
}

async function journal(base: string, refBase: number): Promise<Journal> {
  const settings = await json<{ websitename: string; issn: string; journal_essn: string }>(base, '/api/settings/');
  const years = await json<{ year: number; volume: number; issues: { volume: number; issue: number }[] }[]>(base, '/api/archives/');
  const y = years[0]!;
  const newest = [...y.issues].sort((a, b) => b.volume - a.volume || b.issue - a.issue)[0]!;
  const articles = await json<Article[]>(base, `/api/archives/${y.year}/${newest.volume}/${newest.issue}`);
  const article = await json<Article>(base, `/api/archives/ref/${articles[0]!.refnumber}`);
  const editors = await json<{ name: string }[]>(base, '/api/editors/');
  const indexing = await json<{ title: string }[]>(base, '/api/indexing/');
  const issuePath = `/archives/${y.year}/vol${newest.volume}/issue${newest.issue}`;
  const first = years[years.length - 1]!;
  return {
    base,
    name: settings.websitename,
    issn: settings.issn,
    essn: settings.journal_essn,
    issuePath,
    article,
    articlePath: `${issuePath}/${article.refnumber}`,
    // The seed's withdrawn article sits in issue 1 of the current year.
    disabledPath: `/archives/${new Date().getUTCFullYear()}/vol${first.volume + (new Date().getUTCFullYear() - first.year)}/issue1/${refBase + 999}`,
    editor: editors[0]!.name,
    partner: indexing[0]!.title,
    word: plain(article.title).split(' ').find((w) => w.length > 4)!,
  };
}

let browser: Browser;
const journals: Record<string, Journal> = {};
beforeAll(async () => {
  browser = await launchBrowser();
  journals.demo = await journal(BASE, 1000);
  journals.chem = await journal(CHEM, 5000);
});
afterAll(async () => {
  await browser?.close();
});

/** Every public route with what its served HTML must show. */
const routes = (j: Journal): [string, string, string[]][] => [
  ['/', 'h1', [j.name, 'Journal Information', j.partner]],
  ['/board', 'h1', ['EDITORIAL BOARD', j.editor]],
  ['/indexing', 'h1', ['INDEXING', j.partner]],
  ['/indexing-and-abstracting', 'h1', ['Indexing and Abstracting', j.partner]],
  [j.issuePath, '.article-table tbody tr', ['ARCHIVES', 'VOL. ', plain(j.article.title)]],
  [j.articlePath, 'article #article-title', [plain(j.article.title), 'Abstract', 'How to cite this article:']],
  [`/search?keyword=${encodeURIComponent(j.word)}`, '.article-table tbody tr', ['Search', 'found for']],
  [`/pdf?refno=${j.article.refnumber}`, 'h1', ['Download your Artcle, Certificate, Cover Page, Editorial Board', 'Download Certificate']],
  ['/instructions', 'h1', ['INSTRUCTIONS TO AUTHORS']],
  ['/about', 'h1', ['About Us']],
  ['/contact', 'h1', ['CONTACT US']],
  ['/privacy-policy', 'h1', ['Privacy Policy']],
  ['/terms-and-conditions', 'h1', ['Terms and Conditions']],
];

describe.each([['demo'], ['chem']] as const)('server-rendered pages on %s', (key) => {
  const j = () => journals[key]!;

  it('every public route shows its content with JavaScript disabled, with its own title', async () => {
    const page = await newPage(browser);
    await page.setJavaScriptEnabled(false);
    const titles = new Set<string>();
    for (const [p, selector, texts] of routes(j())) {
      const res = await page.goto(j().base + p, { waitUntil: 'load' });
      expect({ p, status: res?.status() }).toEqual({ p, status: 200 });
      expect({ p, found: !!(await page.$(selector)) }).toEqual({ p, found: true });
      const text = await page.evaluate(() => document.body.innerText);
      for (const t of texts) expect({ p, has: t, ok: text.includes(t) }).toEqual({ p, has: t, ok: true });
      const title = await page.title();
      expect(title).toContain(j().name);
      titles.add(title);
      const description = await page.$eval('head meta[name=description]', (m) => m.getAttribute('content'));
      expect(description).toBeTruthy();
      const alternates = await page.$$eval('head link[rel=alternate]', (ls) => ls.map((l) => `${l.getAttribute('type')} ${l.getAttribute('href')}`));
      expect(alternates).toEqual(['application/atom+xml /feed.atom', 'application/rss+xml /feed.rss']);
    }
    expect(titles.size).toBe(routes(j()).length);
    await page.close();
  });

  it('nginx caches pages like public reads; no cookie skips the cache (writes purge it), a token does', async () => {
    // An unknown parameter is not part of the key (one key per answer), so the page may already be held.
    const p = `/board?cache-probe=${Date.now()}`;
    expect(['MISS', 'HIT', 'EXPIRED']).toContain((await raw(j().base, p)).headers['x-cache']);
    expect((await raw(j().base, p)).headers['x-cache']).toBe('HIT');
    expect((await raw(j().base, p, { cookie: 'jp_fresh=1' })).headers['x-cache']).toBe('HIT');
    expect((await raw(j().base, p, { authorization: 'Bearer x' })).headers['x-cache']).toBe('BYPASS');
  });

  it("a page's ETag stands for what it shows: its own gets a 304 without a body, another page or journal has another", async () => {
    // Through nginx's cache: the validator the render process made (weak for the compressed copy).
    const fresh = {};
    const first = await raw(j().base, j().articlePath, fresh);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?"[\w-]{27}"$/);
    expect((await raw(j().base, j().articlePath, fresh)).headers.etag).toBe(etag);
    const held = await raw(j().base, j().articlePath, { ...fresh, 'if-none-match': etag });
    expect([held.status, held.body.length, held.headers.etag]).toEqual([304, 0, etag]);
    expect((await raw(j().base, j().articlePath, { ...fresh, 'if-none-match': '"another"' })).status).toBe(200);
    const other = journals[key === 'demo' ? 'chem' : 'demo']!;
    const tags = await Promise.all([raw(j().base, '/board', fresh), raw(other.base, '/board', fresh), raw(j().base, j().issuePath, fresh)]);
    expect(new Set([etag, ...tags.map((t) => t.headers.etag)]).size).toBe(4);
  });

  it('sitemap and robots carry the origin the reader used, port included', async () => {
    expect((await raw(j().base, '/sitemap.xml')).body).toContain(`<loc>${j().base}/board</loc>`);
    expect((await raw(j().base, '/robots.txt')).body).toContain(`Sitemap: ${j().base}/sitemap.xml`);
  });

  it('/archives is a real redirect to the newest issue', async () => {
    const r = await raw(j().base, '/archives');
    expect([301, 302]).toContain(r.status);
    expect(new URL(r.headers.location!, j().base).pathname).toBe(j().issuePath);
  });

  it('hydrates without console errors or refetching, then navigates client-side', async () => {
    const page = await newPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warn') consoleErrors.push(`${m.type()}: ${m.text()}`);
    });
    const apiCalls: string[] = [];
    page.on('request', (r) => {
      // The article's live view and download counts are fetched after load by design (they are
      // not part of the rendered page); every rendered read must come from the served state.
      const { pathname } = new URL(r.url());
      if (pathname.startsWith('/api/') && !/^\/api\/archives\/ref\/[^/]+\/stats$/.test(pathname)) apiCalls.push(r.url());
    });
    for (const [p] of routes(j())) {
      await page.goto(j().base + p, { waitUntil: 'networkidle0' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 15_000 });
      // Hydrated from the served state: a page rendered from scratch would have asked the API.
      expect({ p, apiCalls }).toEqual({ p, apiCalls: [] });
      expect({ p, consoleErrors }).toEqual({ p, consoleErrors: [] });
    }
    await page.goto(j().base + j().articlePath, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', { timeout: 15_000 });
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await Promise.all([page.waitForSelector('.issue-heading'), page.click('.article-issue a')]);
    await Promise.all([page.waitForSelector('.editor-grid'), page.click('nav[aria-label=Main] a[href="/board"]')]);
    expect(await page.title()).toBe(`Editorial Board - ${j().name}`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    expect(await page.$$eval('head meta[name^=citation_]', (m) => m.length)).toBe(0);
    expect(page.errors).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  it("the article's served HTML carries complete citation tags, and the DOM keeps them after hydration", async () => {
    const { article: a, base, articlePath } = j();
    const served = await raw(base, articlePath);
    expect(served.status).toBe(200);
    const tags = citationTags(served.body);
    const one = (n: string) => tags.filter(([k]) => k === n).map(([, v]) => v);
    expect(one('citation_title')).toEqual([plain(a.title)]);
    expect(one('citation_author')).toEqual(machineAuthors(a.authorname));
    expect(one('citation_author').some((n) => /^(Dr|Prof)\b/i.test(n))).toBe(false);
    expect(one('citation_publication_date')[0]).toMatch(/^\d{4}(\/\d{2}\/\d{2})?$/);
    expect(one('citation_volume')).toEqual([String(a.volume)]);
    expect(one('citation_issue')).toEqual([String(a.issue)]);
    expect(one('citation_firstpage')).toEqual([String(a.pageStart)]);
    expect(one('citation_lastpage')).toEqual([String(a.pageEnd)]);
    // Absolute: the journal's configured origin (locally nginx's port).
    // The PDF's one published URL: bare, without the version its download link carries.
    expect(one('citation_pdf_url')).toEqual([`${base}${a.pdf_url!.split('?')[0]}`]);
    expect(one('citation_issn').sort()).toEqual([j().issn, j().essn].filter(Boolean).sort());
    expect(one('citation_journal_title')).toEqual([j().name]);
    // Dublin Core in the same served head, from the same article (docs/product.md#machine-readable-output).
    const dc = [...headOf(served.body).matchAll(/<meta name="(DC\.[A-Za-z.]+)" content="([^"]*)"\/?>/g)].map((m) => [m[1]!, decode(m[2]!)]);
    const dcOne = (n: string) => dc.filter(([k]) => k === n).map(([, v]) => v);
    expect(dcOne('DC.title')).toEqual([plain(a.title)]);
    expect(dcOne('DC.creator')).toHaveLength(machineAuthors(a.authorname).length);
    expect(dcOne('DC.identifier')).toContain(`${base}${articlePath}`);
    expect(dcOne('DC.source')).toEqual([j().name]);
    expect(dcOne('DC.source.volume')).toEqual([String(a.volume)]);
    expect(dcOne('DC.source.issue')).toEqual([String(a.issue)]);
    expect(served.body).toContain(`<link rel="canonical" href="${base}${articlePath}"/>`);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(served.body)![1]!);
    expect(ld['@type']).toBe('ScholarlyArticle');
    expect(ld.url).toBe(`${base}${articlePath}`);

    const page = await newPage(browser);
    await page.goto(base + articlePath, { waitUntil: 'networkidle0' });
    const dom = await page.$$eval('head meta[name^=citation_]', (ms) => ms.map((m) => [m.getAttribute('name'), m.getAttribute('content')]));
    expect(dom).toEqual(tags);
    expect(await page.$$eval('title', (t) => t.length)).toBe(1);
    await page.close();
  });

  it('answers 404 with the error screen for an unknown route, ref, issue and a disabled article', async () => {
    const { base, issuePath, disabledPath } = j();
    for (const p of ['/no-such-page', `${issuePath}/999999999`, disabledPath, '/archives/1900/vol1/issue1', '/archives/2026/volx/issue']) {
      const r = await raw(base, p);
      expect({ p, status: r.status }).toEqual({ p, status: 404 });
      expect(r.body).toContain('<h1>Oops!</h1>');
      expect(r.body).toContain('<meta name="robots" content="noindex"/>');
      expect(r.body).not.toContain('citation_title');
    }
    expect((await raw(base, `${issuePath}/999999999`)).body).toContain('Article not found!');
  });

  it('hostile paths and queries give 4xx or escaped output, never a 500 or reflected markup', async () => {
    const { base } = j();
    const hostile = [
      '/archives/abc/volx/issue-1/..%2f',
      '/archives/2026/vol7/issue4/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
      `/search?keyword=${encodeURIComponent('<script>alert(1)</script>')}`,
      `/search?keyword=${'k'.repeat(10_000)}`,
      `/search?keyword=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`,
      '/pdf?refno=%3Cscript%3Ealert(1)%3C/script%3E',
      '/archives/%E0%A4%A',
      `/archives/${'x'.repeat(300)}`,
      '/board?keyword[]=1&a=%00',
      '//evil.example/x',
    ];
    for (const p of hostile) {
      const r = await raw(base, p);
      expect({ p, ok: r.status < 500 }).toEqual({ p, ok: true });
      expect({ p, reflected: /<script>alert|<img src=x/i.test(r.body) }).toEqual({ p, reflected: false });
    }
    const s = await raw(base, `/search?keyword=${encodeURIComponent('<script>alert(1)</script>')}`);
    expect(s.status).toBe(200);
    expect(s.body).toContain('Sorry, nothing matched your search terms.');
  });
});

describe('the render process without a content service', () => {
  let child: ChildProcess;
  const port = E2E.portBase + 9;
  afterAll(() => {
    child?.kill('SIGTERM');
  });

  it('answers 503 with the error screen and stays up', async () => {
    child = spawn(process.execPath, [path.join(__dirname, '../web/dist-ssr/server.js')], {
      env: { ...process.env, PORT: String(port), CONTENT_URL: 'http://127.0.0.1:9', LOG_LEVEL: 'silent', NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    const url = `http://127.0.0.1:${port}`;
    // Bounded wait for a busy machine; the process's own errors explain a failure.
    const started = child;
    await until(async () => {
      if (started.exitCode !== null) throw new Error(`render process exited: ${stderr}`);
      return fetch(`${url}/readyz`).then((r) => r.ok).catch(() => false);
    }, 'the render process to be ready', 60_000, 200).catch((err: Error) => {
      throw new Error(`${err.message}; its errors: ${stderr}`);
    });
    for (const p of ['/', '/board', '/archives/2026/vol7/issue4/1019']) {
      const r = await fetch(url + p, { headers: { 'x-journal-id': 'a'.repeat(24), 'x-journal-host': 'localhost' } });
      expect({ p, status: r.status }).toEqual({ p, status: 503 });
      expect(await r.text()).toContain('Oops!');
    }
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    expect(child.exitCode).toBeNull();
  }, 120_000);
});

describe("an article page's text for machines", () => {
  it('serves an abstract with < and & once escaped in the meta description and as plain text in JSON-LD', async () => {
    const login = await fetch(`${BASE}/auth/login/`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: DEMO_USER.name, password: DEMO_USER.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const { article } = journals.demo!;
    // Another article than the one the other checks read (the newest issue may be one another suite
    // made with a single article, so look through the year's issues), restored afterwards.
    const years = await json<{ year: number; issues: { volume: number; issue: number }[] }[]>(BASE, '/api/archives/');
    let other: Article | undefined;
    for (const i of years.find((y) => y.year === article.year)?.issues ?? []) {
      other ??= (await json<Article[]>(BASE, `/api/archives/${article.year}/${i.volume}/${i.issue}`)).find((x) => x.refnumber !== article.refnumber);
    }
    if (!other) throw new Error('no second article in the demo journal');
    const a = other;
    const auth = { authorization: `Bearer ${token}` };
    const stored = (await (await fetch(`${BASE}/api/admin/articles/${a.id}`, { headers: auth })).json()) as Record<string, unknown>;
    const save = async (abstract: string) => {
      const form = new FormData();
      for (const k of ['year', 'volume', 'issue', 'frequency', 'refnumber', 'title', 'authorname', 'keywords', 'pagenumber', 'subject', 'country', 'email', 'mobile', 'txnid', 'ptype', 'publishdate', 'doi'])
        form.append(k, String(stored[k] ?? ''));
      form.append('abstract', abstract);
      const r = await fetch(`${BASE}/api/archives/${a.id}`, { method: 'POST', headers: auth, body: form });
      expect(r.status).toBe(200);
    };
    await save('<p>x &lt; y &amp; z</p>');
    try {
      // Once the admin shows the save live everywhere, through nginx: the page was purged.
      await untilLive(BASE, token);
      const page = await raw(BASE, `/archives/${a.year}/vol${a.volume}/issue${a.issue}/${a.refnumber}`);
      expect(page.status).toBe(200);
      const head = headOf(page.body);
      expect(head).toContain('<meta name="description" content="x &lt; y &amp; z"/>');
      const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)![1]!) as Record<string, unknown>;
      expect(ld.description).toBe('x < y & z');
      expect(ld.abstract).toBe('x < y & z');
      expect(ld.inLanguage).toBe('en');
      expect(ld.publisher).toEqual({ '@type': 'Organization', name: journals.demo!.name, url: BASE });
      expect((ld.author as { name: string }[]).map((p) => p.name)).toEqual(machineAuthors(a.authorname));
    } finally {
      await save(String(stored.abstract ?? ''));
    }
  });
});

describe.each([['demo'], ['chem']] as const)('every machine-readable output of an article on %s names its canonical URL', (key) => {
  it('citation tags, JSON-LD, OAI, the feeds, the citation files and the sitemap agree with the page', async () => {
    const { base, article: a, articlePath } = journals[key]!;
    const page = await raw(base, articlePath);
    const canonical = /<link rel="canonical" href="([^"]+)"\/>/.exec(page.body)![1]!;
    expect(canonical).toBe(`${base}${articlePath}`);
    const tags = citationTags(page.body);
    expect(tags.filter(([n]) => n === 'citation_abstract_html_url').map(([, v]) => v)).toEqual([canonical]);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page.body)![1]!) as { url: string; encoding?: { contentUrl: string } };
    expect(ld.url).toBe(canonical);
    const pdf = tags.find(([n]) => n === 'citation_pdf_url')?.[1];
    if (pdf) expect(ld.encoding?.contentUrl).toBe(pdf);
    const host = new URL(base).hostname;
    const oai = (await raw(base, `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${host}:${a.refnumber}`)).body;
    expect(oai).toContain(`<dc:identifier>${canonical}</dc:identifier>`);
    if (pdf) expect(oai).toContain(`<dc:identifier>${pdf.replace(/&/g, '&amp;')}</dc:identifier>`);
    const bib = (await raw(base, `/api/archives/ref/${a.refnumber}/cite.bib`)).body;
    expect(bib).toContain(`url = {${canonical}}`);
    const csl = JSON.parse((await raw(base, `/api/archives/ref/${a.refnumber}/cite.json`)).body) as { URL: string }[];
    expect(csl[0]!.URL).toBe(canonical);
    for (const feed of ['/feed.rss', '/feed.atom']) {
      const body = (await raw(base, feed)).body;
      if (body.includes(`/${a.refnumber}<`) || body.includes(`/${a.refnumber}"`)) expect(body).toContain(canonical);
    }
    expect((await raw(base, '/sitemap.xml')).body).toContain(`<loc>${canonical}</loc>`);
  });
});

import request from 'supertest';
import { eventually, newObjectId, staffToken, trackCalls } from '@journal/testing';
import { SearchIndex } from '../src/search/search-index';
import { seedDemoContent } from '../src/seed/demo';
import { startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let demo: string;
let chem: string;
const year = new Date().getUTCFullYear();

const get = (path: string, jid = demo) => request(app.url).get(path).set('x-journal-id', jid);

beforeAll(async () => {
  app = await startContent();
  const r = await seedDemoContent({ mongoUrl: app.config.MONGO_URL, dbName: app.config.MONGO_DB });
  demo = r.journals.find((j) => j.slug === 'demo')!.id;
  chem = r.journals.find((j) => j.slug === 'chem')!.id;
});
afterAll(() => stopContent(app));

describe('tenancy', () => {
  test('a request without a valid journal id is refused with 400', async () => {
    for (const p of ['/api/settings/', '/api/editors/', '/api/archives/', '/api/search?keyword=a']) {
      const r = await request(app.url).get(p);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('unknown_journal');
      expect((await request(app.url).get(p).set('x-journal-id', 'zzz')).status).toBe(400);
    }
  });
  test('an unknown journal id has no settings and empty lists', async () => {
    const other = newObjectId();
    expect((await get('/api/settings/', other)).status).toBe(404);
    expect((await get('/api/editors/', other)).body).toEqual([]);
    expect((await get('/api/archives/', other)).body).toEqual([]);
  });
});

describe('GET /api/settings/', () => {
  test('answers the journal settings and flags, sanitised, without hosts', async () => {
    const r = await get('/api/settings/');
    expect(r.status).toBe(200);
    expect(r.body.websitename).toBe('International Journal of Applied Research and Studies');
    expect(r.body.flags).toMatchObject({ showSubject: true, showEditorContacts: true, showJournalList: true, hideOwnerNotice: false });
    expect(r.body.hosts).toBeUndefined();
    expect(r.body.home_content).toContain('<h3>About the Journal</h3>');
    const c = await get('/api/settings/', chem);
    expect(c.body.flags).toMatchObject({ showSubject: false, showEditorContacts: false, showJournalList: false, hideOwnerNotice: true });
    expect(c.body.websitename).not.toBe(r.body.websitename);
  });
  test('the NAAS banner is a flag of its own, kept beside the header image', async () => {
    const d = await get('/api/settings/');
    expect(d.body.flags).toMatchObject({ showNaas: true, banner: 'header' });
    const c = await get('/api/settings/', chem);
    expect(c.body.flags).toMatchObject({ showNaas: false, banner: 'sitename' });
  });
  test('home content is sanitised on output', async () => {
    await app.journals.update(chem, { home_content: '&lt;p onclick="x()"&gt;Hi&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;' });
    await app.publisher.invalidate(chem);
    const r = await get('/api/settings/', chem);
    expect(r.body.home_content).toBe('<p>Hi</p>');
  });
});

describe('GET /api/editors/', () => {
  test('lists enabled editors only, pinned first, in all three categories', async () => {
    const r = await get('/api/editors/');
    expect(r.status).toBe(200);
    const names = r.body.map((e: { name: string }) => e.name);
    expect(names).not.toContain('Dr. Kiran Bedi Rao');
    expect(r.body[0].is_pinned).toBe(1);
    expect(new Set(r.body.map((e: { category: string }) => e.category))).toEqual(new Set(['chief editor', 'associate editor', 'assistant editor']));
    for (const e of r.body) {
      expect(e.status).toBe('enabled');
      expect(e.picture_url).toMatch(new RegExp(`^/assets/editors/${e.picture.replace('.', '\\.')}\\?v=[\\w-]{12}$`));
      expect(e.id).toMatch(/^[a-f0-9]{24}$/);
    }
  });
  test('GET /api/editors/:id: enabled one found; disabled, unknown, malformed and other journal → 404', async () => {
    const all = await app.repos.editors.list(demo);
    const enabled = all.find((e) => e.status === 'enabled')!;
    const disabled = all.find((e) => e.status === 'disabled')!;
    const r = await get(`/api/editors/${enabled.id}`);
    expect(r.status).toBe(200);
    expect(r.body.name).toBe(enabled.name);
    expect((await get(`/api/editors/${disabled.id}`)).status).toBe(404);
    expect((await get(`/api/editors/${newObjectId()}`)).status).toBe(404);
    expect((await get('/api/editors/not-an-id')).status).toBe(404);
    expect((await get(`/api/editors/${enabled.id}`, chem)).status).toBe(404);
  });
  test("contacts (email, phone, website) are in demo's answer and left out of chem's, which hides them", async () => {
    const CONTACTS = ['email', 'phone', 'editor_website'];
    const d = await get('/api/editors/');
    expect(d.body.length).toBeGreaterThan(0);
    for (const e of d.body) for (const k of CONTACTS) expect(e).toHaveProperty(k);
    expect(d.body.some((e: { email: string }) => e.email.includes('@'))).toBe(true);
    const c = await get('/api/editors/', chem);
    expect(c.body.length).toBeGreaterThan(0);
    for (const e of c.body) {
      for (const k of CONTACTS) expect(e).not.toHaveProperty(k);
      expect(e.name).toBeTruthy();
    }
    // The same for one editor, and nothing of the stored contact leaks anywhere in the bytes.
    const stored = (await app.repos.editors.listEnabled(chem))[0]!;
    expect(stored.email).toContain('@');
    const one = await get(`/api/editors/${stored.id}`, chem);
    expect(one.status).toBe(200);
    for (const k of CONTACTS) expect(one.body).not.toHaveProperty(k);
    expect(c.text).not.toContain(stored.email);
    expect(one.text).not.toContain(stored.email);
  });
  test('turning the journal flag on in the admin settings shows the contacts at once, turning it off hides them', async () => {
    const token = staffToken(chem);
    const settings = (await get('/api/settings/', chem)).body;
    const save = (showEditorContacts: boolean) =>
      request(app.url)
        .post('/api/settings')
        .set({ 'x-journal-id': chem, authorization: `Bearer ${token}` })
        .send({ websitename: settings.websitename, websiteemail: settings.websiteemail, impactfactor: settings.impactfactor, issn: settings.issn, whatsup_number: settings.whatsup_number, domain: settings.domain, flags: { showEditorContacts } })
        .expect(200);
    await save(true);
    const shown = await get('/api/editors/', chem);
    expect(shown.body[0]).toEqual(expect.objectContaining({ email: expect.stringContaining('@'), phone: expect.any(String), editor_website: expect.any(String) }));
    await save(false);
    const hidden = await get('/api/editors/', chem);
    expect(hidden.body[0]).not.toHaveProperty('email');
  });
});

describe('GET /api/indexing/', () => {
  test('enabled items by sortnumber ascending, with image urls', async () => {
    const r = await get('/api/indexing/');
    expect(r.status).toBe(200);
    expect(r.body.map((i: { title: string }) => i.title)).toEqual(['Google Scholar', 'Crossref', 'ResearchGate', 'Index Copernicus', 'Scientific Journal Impact Factor']);
    expect(r.body[0].image_url).toMatch(/^\/assets\/indexing\/google-scholar\.svg\?v=[\w-]{12}$/);
  });
});

describe('GET /api/archives/', () => {
  test('year summaries, newest first, with volume, total_issues and issue_month', async () => {
    const r = await get('/api/archives/');
    expect(r.status).toBe(200);
    expect(r.body.map((y: { year: number }) => y.year)).toEqual([year, year - 1, year - 2]);
    const cur = r.body[0];
    expect(cur).toMatchObject({ year, volume: year - 2020 + 1, total_issues: 4 });
    expect(cur.issue_month).toEqual({ '1': 'january-march', '2': 'april-june', '3': 'july-september', '4': 'october-december' });
    expect(cur.issues[0]).toMatchObject({ issue: 4, articles: 6 });
    expect(r.body[2].total_issues).toBe(2);
  });
  test('an issue without public articles is not listed', async () => {
    await app.repos.issues.create(chem, { year: 1999, volume: 1, issue: 1, frequency: 'january' });
    await app.repos.articles.create(chem, { year: 1999, volume: 1, issue: 1, refnumber: '19991', txnid: 'T19991', title: 'Hidden 1999', status: 'disabled' });
    await app.publisher.invalidate(chem);
    const r = await get('/api/archives/', chem);
    expect(r.body.map((y: { year: number }) => y.year)).not.toContain(1999);
  });
});

describe('GET /api/archives/:year/:vol/:issue', () => {
  const vol = year - 2020 + 1;
  test('public articles of the issue sorted by numeric page start; params take the first number', async () => {
    const r = await get(`/api/archives/${year}/vol${vol}/issue1`);
    expect(r.status).toBe(200);
    expect(r.body).toHaveLength(6);
    const starts = r.body.map((a: { pageStart: number }) => a.pageStart);
    expect(starts).toEqual([...starts].sort((a: number, b: number) => a - b));
    expect(r.body.map((a: { refnumber: string }) => a.refnumber)).not.toContain('1999');
    const a = r.body[0];
    expect(a).toMatchObject({ year, volume: vol, issue: 1, frequency: 'january-march' });
    expect(a.pdf_url).toMatch(new RegExp(`^/assets/archives/${year}/vol${vol}issue1/${a.refnumber}\\.pdf\\?v=[\\w-]{12}$`));
    expect(a).not.toHaveProperty('email');
    expect(a).not.toHaveProperty('txnid');
    expect(a).not.toHaveProperty('mobile');
    const same = await get(`/api/archives/${year}/${vol}/1`);
    expect(same.body).toEqual(r.body);
    const prefixed = await get(`/api/archives/y${year}x/volume-${vol}/no.1`);
    expect(prefixed.body).toEqual(r.body);
  });
  test('numeric, not lexical, page order', async () => {
    const key = { year: 2001, volume: 1, issue: 1 };
    for (const [ref, pages] of [['9001', '100-110'], ['9002', '9-20'], ['9003', '21-30'], ['9004', '1-8']]) {
      await app.repos.articles.create(chem, { ...key, refnumber: ref, txnid: `TX${ref}`, title: `Order ${ref}`, pagenumber: pages });
    }
    await app.repos.articles.create(chem, { ...key, refnumber: '9005', txnid: 'TX9005', title: 'Order disabled', pagenumber: '0-1', status: 'disabled' });
    await app.publisher.invalidate(chem);
    const r = await get('/api/archives/2001/vol1/issue1', chem);
    expect(r.body.map((a: { pagenumber: string }) => a.pagenumber)).toEqual(['1-8', '9-20', '21-30', '100-110']);
  });
  test('an article without a file has no pdf_url', async () => {
    const r = await get(`/api/archives/${year}/vol${vol}/issue4`);
    expect(r.body[r.body.length - 1].pdf_url).toBeNull();
    expect(r.body[r.body.length - 1].file).toBe('');
  });
  test('bad params: empty results, never 5xx', async () => {
    for (const p of ['abc/def/ghi', `${year}/vol/issue`, '99999999999/1/1', '1e309/1/1', `${year}/${'9'.repeat(400)}/1`, '-1/-1/-1', '%20/%00/x', `${year}/vol${vol}/issue999`]) {
      const r = await get(`/api/archives/${p}`);
      expect(r.status).toBeLessThan(500);
      if (r.status === 200) expect(r.body).toEqual([]);
    }
  });
  test("another journal's issue is not visible", async () => {
    const r = await get('/api/archives/2001/vol1/issue1', demo);
    expect(r.body).toEqual([]);
  });
});

describe('GET /api/archives/ref/:ref and /api/archives/:id', () => {
  test('finds a public article by ref with a sanitised abstract', async () => {
    const r = await get('/api/archives/ref/1001');
    expect(r.status).toBe(200);
    expect(r.body.refnumber).toBe('1001');
    expect(r.body.abstract).toMatch(/^<p>The present investigation/);
    expect(r.body).not.toHaveProperty('txnid');
    const byId = await get(`/api/archives/${r.body.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(r.body);
  });
  test('unknown, disabled, malformed and other journal → 404 Article not found!', async () => {
    const hidden = await app.repos.articles.findByRef(demo, '1999');
    for (const p of ['/api/archives/ref/424242', '/api/archives/ref/1999', '/api/archives/ref/..%2F..', `/api/archives/ref/${'1'.repeat(500)}`, `/api/archives/${hidden!.id}`, `/api/archives/${newObjectId()}`, '/api/archives/nope']) {
      const r = await get(p);
      expect(r.status).toBe(404);
      expect(r.body.message).toBe('Article not found!');
    }
    expect((await get('/api/archives/ref/5001', demo)).status).toBe(404);
    expect((await get('/api/archives/ref/5001', chem)).status).toBe(200);
  });
  test('titles and abstracts are sanitised with the allow-list', async () => {
    await app.repos.articles.create(chem, {
      year: 2002, volume: 1, issue: 1, refnumber: '7001', txnid: 'X7001', pagenumber: '1-2',
      title: '&lt;i&gt;E.  coli&lt;/i&gt; &lt;script&gt;alert(1)&lt;/script&gt;&lt;b onclick=x&gt;growth&lt;/b&gt;',
      abstract: '<p onclick="x()">Text <a href="javascript:alert(1)">link</a> <img src=x onerror=alert(1)><em>ok</em></p><script>evil()</script>',
    });
    await app.publisher.invalidate(chem);
    const r = await get('/api/archives/ref/7001', chem);
    expect(r.body.title).toBe('<i>E. coli</i> growth');
    expect(r.body.abstract).not.toMatch(/script|onclick|onerror|javascript|<img/);
    expect(r.body.abstract).toContain('<em>ok</em>');
  });
});

describe('GET /api/search', () => {
  test('case-insensitive match in title, authors, keywords and abstract; enabled only', async () => {
    const t = await get('/api/search?keyword=DRIP IRRIGATION');
    expect(t.status).toBe(200);
    expect(t.body).toHaveLength(1);
    expect(t.body[0].title).toContain('drip irrigation');
    const au = await get(`/api/search?keyword=${encodeURIComponent('priya verma')}`);
    expect(au.body.length).toBeGreaterThan(0);
    for (const a of au.body) expect(a.authorname.toLowerCase()).toContain('priya verma');
    const ab = await get('/api/search?keyword=randomised%20block');
    expect(ab.body.length).toBeGreaterThan(20);
    const kw = await get('/api/search?keyword=horticulture');
    expect(kw.body.length).toBeGreaterThan(0);
    expect((await get('/api/search?keyword=withdrawn')).body).toEqual([]);
    expect((await get('/api/search?keyword=drip%20irrigation', chem)).body).toEqual([]);
  });
  test('regex metacharacters, huge keywords, arrays and empty keywords: 200 with a list', async () => {
    for (const q of ['(a+)+$', '.*', '[', '\\', '^$', encodeURIComponent('(a+)+$'), 'a'.repeat(10_240), '%00', '']) {
      const r = await get(`/api/search?keyword=${q}`);
      expect(r.status).toBe(200);
      expect(Array.isArray(r.body)).toBe(true);
    }
    expect((await get('/api/search?keyword=.*')).body).toEqual([]);
    expect((await get('/api/search')).body).toEqual([]);
    expect((await get('/api/search?keyword=a&keyword=b')).status).toBe(200);
    expect((await get('/api/search?keyword[$ne]=x')).status).toBe(200);
  });
  test('a replica that answers from the search index answers what the scan answers', async () => {
    const indexed = await startContent({ MONGO_DB: app.config.MONGO_DB, SEARCH_INDEX_MIN_ARTICLES: 1 });
    try {
      const search = (base: string, k: string) => request(base).get(`/api/search?keyword=${encodeURIComponent(k)}`).set('x-journal-id', demo);
      // The first search starts the index build; the comparison waits until it is done.
      const builds = trackCalls(SearchIndex, 'build');
      try {
        await search(indexed.url, 'warm-up');
        expect(builds.calls).toHaveLength(1);
        expect(await Promise.all(builds.calls)).toEqual([expect.any(SearchIndex)]);
      } finally {
        builds.restore();
      }
      for (const k of ['DRIP IRRIGATION', 'priya verma', 'randomised block', 'horticulture', 'ion', 'a', 'e', 'soil, ', 'withdrawn', '(a+)+$', 'verma p']) {
        const [viaIndex, viaScan] = await Promise.all([search(indexed.url, k), search(app.url, k)]);
        expect({ k, body: viaIndex.body }).toEqual({ k, body: viaScan.body });
      }
    } finally {
      // Not stopContent: the database is the other replica's too.
      const keys = await indexed.deps.redis.keys(`${indexed.config.REDIS_PREFIX}*`).catch(() => [] as string[]);
      if (keys.length) await indexed.deps.redis.del(...keys).catch(() => undefined);
      await indexed.stop();
    }
  });
});

describe('caching', () => {
  test('ETag and 304; Cache-Control; invalidation makes writes visible at once', async () => {
    const r1 = await get('/api/indexing/');
    expect(r1.headers.etag).toBeTruthy();
    expect(r1.headers['cache-control']).toContain('must-revalidate');
    const r2 = await get('/api/indexing/').set('If-None-Match', r1.headers.etag!);
    expect(r2.status).toBe(304);
    const item = (await app.repos.indexing.list(demo)).find((i) => i.title === 'Crossref')!;
    await app.repos.indexing.update(demo, item.id, { sortnumber: 99 });
    await app.publisher.invalidate(demo);
    const r3 = await get('/api/indexing/').set('If-None-Match', r1.headers.etag!);
    expect(r3.status).toBe(200);
    expect(r3.body[r3.body.length - 1].title).toBe('Crossref');
    await app.repos.indexing.update(demo, item.id, { sortnumber: 2 });
    await app.publisher.invalidate(demo);
  });
  test('a second replica sees the invalidation through Redis', async () => {
    const other = await startContent({ MONGO_DB: app.config.MONGO_DB, REDIS_PREFIX: app.config.REDIS_PREFIX });
    try {
      const first = await request(other.url).get('/api/editors/').set('x-journal-id', demo);
      const e = (await app.repos.editors.list(demo)).find((x) => x.name === 'Dr. Anita Desai')!;
      await app.repos.editors.update(demo, e.id, { status: 'disabled' });
      await app.publisher.invalidate(demo);
      expect(first.body.map((x: { name: string }) => x.name)).toContain('Dr. Anita Desai');
      await eventually(async () => {
        const r = await request(other.url).get('/api/editors/').set('x-journal-id', demo);
        expect(r.body.map((x: { name: string }) => x.name)).not.toContain('Dr. Anita Desai');
      });
      await app.repos.editors.update(demo, e.id, { status: 'enabled' });
      await app.publisher.invalidate(demo);
    } finally {
      await other.stop();
    }
  });
});

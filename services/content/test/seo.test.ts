import request from 'supertest';
import { Types } from 'mongoose';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import robotsParser from 'robots-parser';
import { oaiTokenKey } from '../src/seo/oai';
import { firstMatchAllowed } from './first-match-robots';
import { seedDemoContent } from '../src/seed/demo';
import { expectValid } from './xml-schema';
import { startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let small: Awaited<ReturnType<typeof startContent>> | undefined;
let demo: string;
let chem: string;
const year = new Date().getUTCFullYear();
const vol = year - 2020 + 1;

// The Host a client sent (its port, or another host altogether) plays no part in absolute URLs:
// they are the journal's primary host (the gateway's header) with the configured port, 8080 here.
const get = (path: string, jid = demo, host = 'localhost') =>
  request(app.url).get(path).set('x-journal-id', jid).set('x-journal-host', host).set('Host', `evil.example:9999`);


const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, parseAttributeValue: false, isArray: (n) => ['url', 'sitemap', 'record', 'header', 'set', 'dc:creator', 'setSpec'].includes(n) });

/** How many `<article>` elements of an answer are in no namespace, as libxml2 (xmllint) reads it. */
function articlesInNoNamespace(doc: string): number {
  const out = spawnSync('xmllint', ['--xpath', 'count(//*[local-name()="article"][namespace-uri()=""])', '-'], { input: doc, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`xmllint failed: ${out.stderr}`);
  return Number(out.stdout.trim());
}

beforeAll(async () => {
  app = await startContent({ PUBLIC_PORT: '8080' });
  const r = await seedDemoContent({ mongoUrl: app.config.MONGO_URL, dbName: app.config.MONGO_DB });
  demo = r.journals.find((j) => j.slug === 'demo')!.id;
  chem = r.journals.find((j) => j.slug === 'chem')!.id;
});
afterAll(async () => {
  await stopContent(small).catch(() => undefined);
  await stopContent(app);
});

describe('sitemap and robots', () => {
  test('sitemap.xml is valid and lists issue pages, article pages and PDFs with absolute URLs', async () => {
    const r = await get('/sitemap.xml');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/xml/);
    expect(XMLValidator.validate(r.text)).toBe(true);
    const doc = parser.parse(r.text);
    const locs: string[] = doc.urlset.url.map((u: { loc: string }) => u.loc);
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(locs).toContain(`http://localhost:8080/archives/${year}/vol${vol}/issue1`);
    expect(locs).toContain(`http://localhost:8080/archives/${year}/vol${vol}/issue1/1001`);
    // One URL per file: the bare path, never the version the site's own links carry.
    expect(locs).toContain(`http://localhost:8080/assets/archives/${year}/vol${vol}issue1/1001.pdf`);
    expect(locs.filter((l) => l.includes('?'))).toEqual([]);
    expect(locs.some((l) => l.includes('/1999'))).toBe(false);
    // 10 issues, 36 articles, 35 PDFs, 7 fixed pages
    expect(locs).toHaveLength(10 + 36 + 35 + 7);
    expect((await get('/sitemap-1.xml')).status).toBe(404);
  });

  test('past the URL limit /sitemap.xml becomes an index of child sitemaps', async () => {
    small = await startContent({ MONGO_DB: app.config.MONGO_DB, REDIS_PREFIX: app.config.REDIS_PREFIX, SITEMAP_MAX_URLS: 30, PUBLIC_PORT: '' });
    const g = (p: string) => request(small!.url).get(p).set('x-journal-id', demo).set('x-journal-host', 'localhost');
    const idx = await g('/sitemap.xml');
    expect(XMLValidator.validate(idx.text)).toBe(true);
    const doc = parser.parse(idx.text);
    const children: string[] = doc.sitemapindex.sitemap.map((s: { loc: string }) => s.loc);
    expect(children).toEqual(['http://localhost/sitemap-1.xml', 'http://localhost/sitemap-2.xml', 'http://localhost/sitemap-3.xml']);
    let total = 0;
    for (let i = 1; i <= 3; i++) {
      const c = await g(`/sitemap-${i}.xml`);
      expect(c.status).toBe(200);
      expect(XMLValidator.validate(c.text)).toBe(true);
      total += parser.parse(c.text).urlset.url.length;
    }
    expect(total).toBe(88);
    expect((await g('/sitemap-4.xml')).status).toBe(404);
  });

  test('robots.txt names the sitemap', async () => {
    const r = await get('/robots.txt', chem, 'chem.localhost');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/text\/plain/);
    expect(r.text).toContain('Sitemap: http://chem.localhost:8080/sitemap.xml');
    expect(r.text).toContain('Disallow: /admin');
  });

  test('robots.txt reads the same to a first-match and a longest-match reader', async () => {
    const text = (await get('/robots.txt')).text;
    const url = (p: string) => `http://localhost:8080${p}`;
    const longest = robotsParser(url('/robots.txt'), text);
    const cases: [string, boolean][] = [
      ['/', true],
      [`/archives/${year}/vol${vol}/issue1/1001`, true],
      [`/assets/archives/${year}/vol${vol}issue1/1001.pdf`, true],
      ['/sitemap.xml', true],
      ['/oai?verb=Identify', true],
      ['/admin', false],
      ['/admin/archives', false],
      ['/webdata', false],
      ['/webdata/login', false],
      ['/counter/r51/reports/tr_j1', false],
    ];
    for (const [path, allowed] of cases) {
      expect([path, firstMatchAllowed(text, 'ExampleBot/1.0', path)]).toEqual([path, allowed]);
      expect([path, longest.isAllowed(url(path), 'ExampleBot/1.0')]).toEqual([path, allowed]);
    }
  });
});

/** A token as the repository signs it, for the checks made past the signature. */
const tokenOf = (o: unknown, jid = demo) => {
  const body = Buffer.from(JSON.stringify(o)).toString('base64url');
  const mac = createHmac('sha256', oaiTokenKey(app.config.JWT_SECRET, jid)).update(body).digest().subarray(0, 16).toString('base64url');
  return `${body}.${mac}`;
};

describe('OAI-PMH', () => {
  const oai = (q: string, jid = demo) => get(`/oai?${q}`, jid);
  const parse = (xml: string) => {
    expect(XMLValidator.validate(xml)).toBe(true);
    return parser.parse(xml)['OAI-PMH'];
  };

  test('Identify', async () => {
    const r = await oai('verb=Identify');
    expect(r.headers['content-type']).toMatch(/xml/);
    const d = parse(r.text);
    expect(d.Identify.repositoryName).toBe('International Journal of Applied Research and Studies');
    expect(d.Identify.baseURL).toBe('http://localhost:8080/oai');
    expect(d.Identify.protocolVersion).toBe('2.0');
    expect(d.Identify.granularity).toBe('YYYY-MM-DDThh:mm:ssZ');
    expect(d.Identify.deletedRecord).toBe('persistent');
    expect(d.Identify.earliestDatestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(d.responseDate).toMatch(/Z$/);
    expect(d.request['@_verb']).toBe('Identify');
  });

  test('ListMetadataFormats and ListSets', async () => {
    const f = parse((await oai('verb=ListMetadataFormats')).text);
    expect(f.ListMetadataFormats.metadataFormat.map((m: { metadataPrefix: string }) => m.metadataPrefix)).toEqual(['oai_dc', 'jats']);
    const s = parse((await oai('verb=ListSets')).text);
    const specs = s.ListSets.set.map((x: { setSpec: string[] }) => x.setSpec[0]);
    expect(specs).toContain(String(year));
    expect(specs).toContain(`${year}:vol${vol}issue1`);
  });

  test('ListIdentifiers, ListRecords with sets and dates, GetRecord', async () => {
    const li = parse((await oai('verb=ListIdentifiers&metadataPrefix=oai_dc')).text);
    // 36 public articles and the seed's disabled one, reported as deleted.
    expect(li.ListIdentifiers.header).toHaveLength(37);
    expect(li.ListIdentifiers.header.filter((h: { '@_status'?: string }) => h['@_status'] === 'deleted').map((h: { identifier: string }) => h.identifier)).toEqual(['oai:localhost:1999']);
    expect(li.ListIdentifiers.header[0].identifier).toMatch(/^oai:localhost:\d+$/);
    const lr = parse((await oai(`verb=ListRecords&metadataPrefix=oai_dc&set=${year}:vol${vol}issue2`)).text);
    expect(lr.ListRecords.record).toHaveLength(6);
    const dc = lr.ListRecords.record[0].metadata['oai_dc:dc'];
    expect(dc['dc:title']).toBeTruthy();
    expect(dc['dc:creator'].length).toBeGreaterThanOrEqual(1);
    // Machines get bare names (the seed's authors include 'Dr. ...') and the language as a code.
    const all = parse((await oai('verb=ListRecords&metadataPrefix=oai_dc')).text).ListRecords.record.filter((r: { metadata?: unknown }) => r.metadata);
    const creators: string[] = all.flatMap((r: { metadata: Record<string, Record<string, string[]>> }) => r.metadata['oai_dc:dc']!['dc:creator']!);
    expect(creators.length).toBeGreaterThan(36);
    expect(creators.filter((c) => /^(Dr|Prof)\b/.test(c))).toEqual([]);
    // docs/product.md#oai-pmh: "Family, Given".
    expect(creators).toContain('Sharma, Anil Kumar');
    // Keywords and the subject field, each subject once per record.
    for (const r of all as { metadata: Record<string, Record<string, string | string[]>> }[]) {
      const subjects = [r.metadata['oai_dc:dc']!['dc:subject'] ?? []].flat().map((x) => x.toLowerCase());
      expect(new Set(subjects).size).toBe(subjects.length);
    }
    expect(dc['dc:language']).toBe('en');
    const future = parse((await oai('verb=ListRecords&metadataPrefix=oai_dc&from=2999-01-01')).text);
    expect(future.error['@_code']).toBe('noRecordsMatch');
    const past = parse((await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&from=2000-01-01&until=2999-12-31T00:00:00Z')).text);
    expect(past.error['@_code']).toBe('badArgument');
    const gr = parse((await oai('verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:localhost:1001')).text);
    expect(gr.GetRecord.record[0].header[0].identifier).toBe('oai:localhost:1001');
    expect(gr.GetRecord.record[0].metadata['oai_dc:dc']['dc:identifier']).toContain(`http://localhost:8080/archives/${year}/vol${vol}/issue1/1001`);
    // docs/product.md#licences: the journal's default licence.
    expect(gr.GetRecord.record[0].metadata['oai_dc:dc']['dc:rights']).toBe('https://creativecommons.org/licenses/by/4.0/');
  });

  test('the jats metadata format: the article\'s JATS front matter, valid against the JATS schema', async () => {
    const r = await oai('verb=GetRecord&metadataPrefix=jats&identifier=oai:localhost:1001');
    const d = parse(r.text);
    expect(d.GetRecord.record[0].header[0].identifier).toBe('oai:localhost:1001');
    const article = /<article [\s\S]*<\/article>/.exec(r.text)![0];
    // As served: the record's <article> is JATS's, in no namespace, not OAI-PMH's (read by libxml2).
    expect(article.startsWith('<article xmlns="" ')).toBe(true);
    expect(articlesInNoNamespace(r.text)).toBe(1);
    expect(article).toContain('<ali:license_ref>https://creativecommons.org/licenses/by/4.0/</ali:license_ref>');
    expect(article).toContain('<contrib-id contrib-id-type="orcid" authenticated="false">https://orcid.org/');
    expect(article).toContain('<institution-id institution-id-type="ror">https://ror.org/');
    expect(article).toContain('<license license-type="open-access" xlink:href="https://creativecommons.org/licenses/by/4.0/">');
    expect(article).toContain('<ref-list><ref id="ref1"><mixed-citation>');
    const listed = (await oai(`verb=ListRecords&metadataPrefix=jats&set=${year}:vol${vol}issue2`)).text;
    const list = parse(listed);
    expect(list.ListRecords.record).toHaveLength(6);
    expect(articlesInNoNamespace(listed)).toBe(6);
    // Every record taken out of the answer as served, in one xmllint run (loading the JATS schema is the slow part).
    const records = [article, ...[...listed.matchAll(/<article [\s\S]*?<\/article>/g)].map((m) => m[0])];
    await expectValid('jats', records.map((a) => `<?xml version="1.0" encoding="UTF-8"?>\n${a}`));
    const bad = parse((await oai('verb=GetRecord&metadataPrefix=marc&identifier=oai:localhost:1001')).text);
    expect(bad.error['@_code']).toBe('cannotDisseminateFormat');
  }, 180_000);

  test('resumption tokens page through large lists', async () => {
    const key = { year: 2010, volume: 1, issue: 1 };
    await app.repos.articles.insertMany(
      chem,
      Array.from({ length: 130 }, (_, i) => ({ ...key, refnumber: String(60000 + i), txnid: `R${i}`, title: `Paged ${i}`, pagenumber: `${i * 2 + 1}-${i * 2 + 2}` })),
    );
    await app.publisher.invalidate(chem);
    const seen = new Set<string>();
    let q = `verb=ListIdentifiers&metadataPrefix=oai_dc&set=2010`;
    let pages = 0;
    for (;;) {
      const d = parse((await oai(q, chem)).text);
      if (!d.ListIdentifiers) throw new Error(JSON.stringify(d));
      pages++;
      for (const h of d.ListIdentifiers.header) seen.add(h.identifier);
      const tok = d.ListIdentifiers.resumptionToken;
      const value = typeof tok === 'object' ? tok['#text'] : tok;
      if (!value) break;
      expect(tok['@_completeListSize']).toBe('130');
      q = `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(value)}`;
    }
    expect(pages).toBe(2);
    expect(seen.size).toBe(130);
    // POST form works too.
    const post = await request(app.url).post('/oai').set('x-journal-id', chem).set('x-journal-host', 'chem.localhost').type('form').send({ verb: 'Identify' });
    expect(parse(post.text).Identify.repositoryName).toBe('International Journal of Chemical Science Research');
  });

  test('a harvest across resumption tokens sees every record once while articles are added and disabled, the disabled one as deleted', async () => {
    const key = { year: 2011, volume: 2, issue: 1 };
    await app.repos.articles.insertMany(
      chem,
      Array.from({ length: 150 }, (_, i) => ({ ...key, refnumber: String(70000 + i), txnid: `H${i}`, title: `Harvested ${i}`, pagenumber: `${i * 2 + 1}-${i * 2 + 2}` })),
    );
    await app.publisher.invalidate(chem);
    const seen = new Map<string, number>();
    const statuses = new Map<string, string>();
    const datestamps: string[] = [];
    let q = 'verb=ListRecords&metadataPrefix=oai_dc&set=2011';
    let pages = 0;
    for (;;) {
      const d = parse((await oai(q, chem)).text);
      if (!d.ListRecords) throw new Error(JSON.stringify(d));
      pages++;
      for (const r of d.ListRecords.record as { header: { identifier: string; datestamp: string; '@_status'?: string }[]; metadata?: unknown }[]) {
        const h = r.header[0]!;
        seen.set(h.identifier, (seen.get(h.identifier) ?? 0) + 1);
        statuses.set(h.identifier, h['@_status'] ?? 'live');
        datestamps.push(h.datestamp);
        expect(r.metadata === undefined).toBe(h['@_status'] === 'deleted');
      }
      const tok = d.ListRecords.resumptionToken;
      const value = typeof tok === 'object' ? tok['#text'] : tok;
      if (pages === 1) {
        // Oldest first: the cursor is past the first page, the list is the whole set.
        expect(tok['@_completeListSize']).toBe('150');
        expect(tok['@_cursor']).toBe('0');
        expect(Date.parse(tok['@_expirationDate'])).toBeGreaterThan(Date.now());
        // Meanwhile: two articles are added and one the harvester has not reached is disabled.
        for (const ref of ['70500', '70501']) {
          await app.repos.articles.create(chem, { ...key, refnumber: ref, txnid: `H${ref}`, title: `Added ${ref}`, pagenumber: '1-2' });
        }
        const late = await app.repos.articles.findByRef(chem, '70120');
        await app.repos.articles.update(chem, late!.id, { status: 'disabled' });
        await app.publisher.invalidate(chem);
      } else if (value) {
        expect(tok['@_cursor']).toBe(String((pages - 1) * 100));
      }
      if (!value) break;
      q = `verb=ListRecords&resumptionToken=${encodeURIComponent(value)}`;
    }
    expect(pages).toBe(2);
    expect(seen.size).toBe(152);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    expect(statuses.get('oai:localhost:70120')).toBe('deleted');
    expect([...statuses.entries()].filter(([, s]) => s === 'deleted').map(([id]) => id)).toEqual(['oai:localhost:70120']);
    expect(statuses.get('oai:localhost:70501')).toBe('live');
    expect([...datestamps].sort()).toEqual(datestamps);

    // The disabled article is a deleted record for GetRecord too, and for a from/until window of
    // its own second, followed across its pages as a harvester does (on a quick run the 150 added
    // above share that second, and the disabled one, changed last, is on the second page).
    const gr = parse((await oai('verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:localhost:70120', chem)).text);
    const header = gr.GetRecord.record[0].header[0];
    expect(header['@_status']).toBe('deleted');
    expect(gr.GetRecord.record[0].metadata).toBeUndefined();
    const inSecond: string[] = [];
    let w = `verb=ListIdentifiers&metadataPrefix=oai_dc&set=2011&from=${header.datestamp}&until=${header.datestamp}`;
    for (;;) {
      const list = parse((await oai(w, chem)).text).ListIdentifiers;
      inSecond.push(...list.header.map((h: { identifier: string }) => h.identifier));
      const tok = list.resumptionToken;
      const value = typeof tok === 'object' ? tok['#text'] : tok;
      if (!value) break;
      w = `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(value)}`;
    }
    expect(inSecond).toContain('oai:localhost:70120');
  });

  test('removed and withdrawn articles stay deleted records; a retracted one stays a record', async () => {
    const key = { year: 2012, volume: 3, issue: 1 };
    const made = await Promise.all(
      ['71000', '71001', '71002'].map((ref, i) => app.repos.articles.create(chem, { ...key, refnumber: ref, txnid: `W${ref}`, title: `Gone ${ref}`, pagenumber: `${i + 1}-${i + 1}` })),
    );
    await app.repos.articles.remove(chem, made[0]!.id);
    const at = new Date();
    await app.repos.articles.collections.of(chem).collection.updateOne({ _id: new Types.ObjectId(made[1]!.id) }, { $set: { withdrawal: { kind: 'withdrawn', reason: 'Duplicate', at } } });
    await app.repos.articles.collections.of(chem).collection.updateOne({ _id: new Types.ObjectId(made[2]!.id) }, { $set: { withdrawal: { kind: 'retracted', reason: 'Error', at } } });
    await app.publisher.invalidate(chem);
    const li = parse((await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&set=2012', chem)).text);
    const status = Object.fromEntries(li.ListIdentifiers.header.map((h: { identifier: string; '@_status'?: string }) => [h.identifier, h['@_status'] ?? 'live']));
    expect(status).toEqual({ 'oai:localhost:71000': 'deleted', 'oai:localhost:71001': 'deleted', 'oai:localhost:71002': 'live' });
    // A new article under a removed one's number replaces its tombstone.
    await app.repos.articles.create(chem, { ...key, refnumber: '71000', txnid: 'W71000b', title: 'Back 71000', pagenumber: '9-9' });
    await app.publisher.invalidate(chem);
    const again = parse((await oai('verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:localhost:71000', chem)).text);
    expect(again.GetRecord.record[0].header[0]['@_status']).toBeUndefined();
    // Another journal does not see them.
    const other = parse((await oai('verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:localhost:71001')).text);
    expect(other.error['@_code']).toBe('idDoesNotExist');
  });

  test('a resumption token edited by hand, or from another journal, is badResumptionToken', async () => {
    const key = { year: 2013, volume: 4, issue: 1 };
    await app.repos.articles.insertMany(
      chem,
      Array.from({ length: 101 }, (_, i) => ({ ...key, refnumber: String(72000 + i), txnid: `T${i}`, title: `Token ${i}`, pagenumber: `${i + 1}-${i + 1}` })),
    );
    await app.publisher.invalidate(chem);
    const d = parse((await oai('verb=ListIdentifiers&metadataPrefix=oai_dc&set=2013', chem)).text);
    const tok = d.ListIdentifiers.resumptionToken;
    const value: string = typeof tok === 'object' ? tok['#text'] : tok;
    expect(value).toMatch(/^[\w-]+\.[\w-]{22}$/);
    expect(parse((await oai(`verb=ListIdentifiers&resumptionToken=${value}`, chem)).text).ListIdentifiers).toBeTruthy();
    const [body, mac] = value.split('.') as [string, string];
    const o = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const edited = (over: Record<string, unknown>) => `${Buffer.from(JSON.stringify({ ...o, ...over })).toString('base64url')}.${mac}`;
    const flip = (c: string) => (c === 'A' ? 'B' : 'A');
    const tampered = [
      edited({ r: '1' }),
      edited({ x: (o.x as number) + 86_400_000 }),
      edited({ s: '1999' }),
      `${body}.${flip(mac[0]!)}${mac.slice(1)}`,
      body,
      `${body}.`,
    ];
    for (const t of tampered) {
      const e = parse((await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(t)}`, chem)).text);
      expect([t, e.error?.['@_code']]).toEqual([t, 'badResumptionToken']);
    }
    // Signed for chem: refused by demo.
    expect(parse((await oai(`verb=ListIdentifiers&resumptionToken=${value}`)).text).error['@_code']).toBe('badResumptionToken');
  });

  test('the indexes a write patches answer byte for byte as a rebuild of the views does, and a token taken before the write still pages', async () => {
    const key = { year: 2014, volume: 5, issue: 1 };
    const changed = (id: string) => app.publisher.changed(chem, [{ t: 'article', id }]);
    await app.publisher.invalidate(chem);
    const made = [];
    for (const ref of ['73000', '73001', '73002', '73003']) {
      const a = await app.repos.articles.create(chem, { ...key, refnumber: ref, txnid: `P${ref}`, title: `Patched ${ref}`, pagenumber: `${ref.slice(-1)}-${ref.slice(-1)}` });
      await changed(a.id);
      made.push(a);
    }
    const first = parse((await oai('verb=ListIdentifiers&metadataPrefix=oai_dc', chem)).text);
    const token = first.ListIdentifiers.resumptionToken['#text'] as string;
    await app.repos.articles.update(chem, made[0]!.id, { title: 'Patched again' });
    await changed(made[0]!.id);
    await app.repos.articles.update(chem, made[1]!.id, { status: 'disabled' });
    await changed(made[1]!.id);
    await app.repos.articles.remove(chem, made[2]!.id);
    await changed(made[2]!.id);
    await app.repos.articles.update(chem, made[3]!.id, { year: 2014, volume: 5, issue: 2 });
    await changed(made[3]!.id);
    // A removed number taken again: its tombstone's record goes.
    const back = await app.repos.articles.create(chem, { ...key, refnumber: '73002', txnid: 'P73002b', title: 'Patched back', pagenumber: '8-8' });
    await changed(back.id);
    const next = parse((await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`, chem)).text);
    expect(next.error).toBeUndefined();
    expect(next.ListIdentifiers.resumptionToken['@_cursor']).toBe('100');

    const queries = [
      'verb=Identify',
      'verb=ListSets',
      'verb=ListIdentifiers&metadataPrefix=oai_dc',
      'verb=ListIdentifiers&metadataPrefix=oai_dc&set=2014',
      'verb=ListRecords&metadataPrefix=oai_dc&set=2014',
      'verb=ListRecords&metadataPrefix=jats&set=2014:vol5issue2',
      `verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`,
      ...['73000', '73001', '73002', '73003'].map((r) => `verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:localhost:${r}`),
    ];
    // The time of the answer and of its token's expiry aside.
    const answers = async () => {
      const out = await Promise.all(queries.map(async (q) => (await oai(q, chem)).text.replace(/<responseDate>[^<]*<\/responseDate>|expirationDate="[^"]*"|>[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}</g, '')));
      out.push((await get('/sitemap.xml', chem)).text);
      return out;
    };
    const patched = await answers();
    expect(patched.join('\n')).toContain('73003');
    await app.publisher.invalidate(chem);
    expect(await answers()).toEqual(patched);
  });

  test('OAI error codes for bad arguments', async () => {
    const cases: [string, string][] = [
      ['', 'badVerb'],
      ['verb=Nope', 'badVerb'],
      ['verb=Identify&verb=Identify', 'badVerb'],
      ['verb=Identify&extra=1', 'badArgument'],
      ['verb=ListRecords', 'badArgument'],
      ['verb=ListRecords&metadataPrefix=marc', 'cannotDisseminateFormat'],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=yesterday', 'badArgument'],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=2020-02-30', 'badArgument'],
      ['verb=ListRecords&resumptionToken=garbage', 'badResumptionToken'],
      ['verb=ListRecords&resumptionToken=x&metadataPrefix=oai_dc', 'badArgument'],
      ['verb=ListRecords&metadataPrefix=oai_dc&set=1800', 'noRecordsMatch'],
      ['verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:localhost:424242', 'idDoesNotExist'],
      ['verb=ListRecords&resumptionToken=%E2%82%AC', 'badResumptionToken'],
      [`verb=ListRecords&resumptionToken=${tokenOf({ v: 'ListRecords', m: 'oai_dc', t: 0, r: '1', x: Date.now() - 1000 })}`, 'badResumptionToken'],
      [`verb=ListRecords&resumptionToken=${tokenOf({ v: 'ListIdentifiers', m: 'oai_dc', t: 0, r: '1', x: Date.now() + 60_000 })}`, 'badResumptionToken'],
      [`verb=ListRecords&resumptionToken=${tokenOf({ v: 'ListRecords', m: 'oai_dc', t: 'x', r: '1', x: Date.now() + 60_000 })}`, 'badResumptionToken'],
      [`verb=ListRecords&resumptionToken=${tokenOf([1, 2])}`, 'badResumptionToken'],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-02-02&until=2026-02-01', 'badArgument'],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-02-01T00:00:01Z&until=2026-02-01T00:00:00Z', 'badArgument'],
      ['verb=ListRecords&metadataPrefix=oai_dc&from=2026-02-01T00:00:00.5Z', 'badArgument'],
      ['verb=GetRecord&metadataPrefix=oai_dc', 'badArgument'],
      ['verb=ListMetadataFormats&identifier=oai:other:1', 'idDoesNotExist'],
      [`verb=ListRecords&metadataPrefix=oai_dc&set=${'(a+)+$'.repeat(2000)}`, 'noRecordsMatch'],
    ];
    for (const [q, code] of cases) {
      const r = await oai(q);
      expect(r.status).toBe(200);
      const d = parse(r.text);
      expect([q, d.error['@_code']]).toEqual([q, code]);
    }
    // Another journal's identifiers do not exist here.
    const other = parse((await oai('verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:localhost:5001')).text);
    expect(other.error['@_code']).toBe('idDoesNotExist');
  });
});

describe('pages', () => {
  test('are not served here: the render process owns them', async () => {
    expect((await get(`/archives/${year}/vol${vol}/issue1/1001`)).status).toBe(404);
  });
});

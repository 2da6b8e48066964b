import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { XMLParser } from 'fast-xml-parser';
import { staffToken } from '@journal/testing';
import { jatsArticle, type JatsArticle } from '../src/cite/jats-xml';
import { doajRecords } from '../src/doi/doaj-xml';
import { crossrefDeposit } from '../src/doi/crossref-xml';
import { expectValid, schemaErrors } from './xml-schema';
import { makeJournal, startContent, stopContent } from './helpers';

const article = (over: Partial<JatsArticle> = {}): JatsArticle => ({
  refnumber: '11',
  title: 'H<sub>2</sub>O and <i>E. coli</i> &amp; <b>soil</b> <span>x</span>',
  authorname: 'Dr. Asha Rao, Vikram Kumar Singh, Li',
  abstract: '<p>Summary &amp; more</p><p>Second <i>part</i>.</p>',
  keywords: 'soil; water, microbes',
  year: 2026,
  volume: 4,
  issue: 2,
  pagenumber: '1-6',
  publishdate: '2026-04-15',
  doi: '10.12345/cr.11',
  url: 'https://j.test/archives/2026/vol4/issue2/11',
  pdfUrl: 'https://j.test/assets/archives/2026/vol4issue2/11.pdf',
  ...over,
});
const journal = { id: 'j', title: 'Journal of <Things> & Stuff', issn: '1234-5678', eissn: '2345-678x', publisher: 'Journal of Things', language: 'en' };
const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => ['contrib', 'kwd', 'self-uri', 'record', 'author', 'keyword', 'article-id'].includes(n) });

describe('schema validation of the exports (xmllint against the shipped schemas)', () => {
  it('catches an invalid document, so a pass means something', async () => {
    const errs = await schemaErrors('doaj', ['<?xml version="1.0"?><records><record><title>x</title></record></records>']);
    expect(errs.join('\n')).toMatch(/validity error/);
  });

  it('JATS: front matter with markup, one-name author, no DOI, no PDF, no pages, no keywords, no date', async () => {
    const docs = [
      jatsArticle(journal, article()),
      jatsArticle({ ...journal, eissn: '', language: undefined, publisher: '' }, article({ doi: '', pdfUrl: '', pagenumber: '', keywords: '', abstract: '', authorname: 'Li', publishdate: '' })),
      jatsArticle({ ...journal, issn: 'bad' }, article({ authorname: '', title: '<i>open <sub>never closed', pagenumber: '12' })),
    ];
    await expectValid('jats', docs);
    const a = parser.parse(docs[0]!).article;
    expect(a['@dtd-version']).toBe('1.3');
    const meta = a.front['article-meta'];
    expect(meta['article-id']).toEqual([{ '#text': 11, '@pub-id-type': 'publisher-id' }, { '#text': '10.12345/cr.11', '@pub-id-type': 'doi' }]);
    expect(meta['contrib-group'].contrib.map((c: { name: Record<string, string> }) => [c.name['given-names'], c.name.surname])).toEqual([
      ['Asha', 'Rao'],
      ['Vikram Kumar', 'Singh'],
      [undefined, 'Li'],
    ]);
    expect(meta['pub-date']).toEqual(expect.objectContaining({ day: 15, month: 4, year: 2026 }));
    expect(docs[0]).toContain('<day>15</day><month>04</month><year>2026</year>');
    expect([meta.volume, meta.issue, meta.fpage, meta.lpage]).toEqual([4, 2, 1, 6]);
    expect(meta['self-uri'].map((s: Record<string, string>) => s['@xlink:href'])).toEqual([article().url, article().pdfUrl]);
    expect(meta['kwd-group'].kwd).toEqual(['soil', 'water', 'microbes']);
    expect(meta.abstract.p).toEqual(['Summary & more', 'Second part.']);
    expect(docs[0]).toContain('<article-title>H<sub>2</sub>O and <italic>E. coli</italic> &amp; <bold>soil</bold> x</article-title>');
    expect(a.front['journal-meta']['journal-title-group']['journal-title']).toBe('Journal of <Things> & Stuff');
  }, 60_000);

  it('DOAJ: an issue of records, with and without PDF, DOI, pages and language', async () => {
    const xml = doajRecords(journal, [article(), article({ refnumber: '12', doi: '', pdfUrl: '', pagenumber: '', keywords: '', abstract: '', publishdate: '' })]);
    const bare = doajRecords({ title: 'J', publisher: '', issn: '', eissn: '1234-5678' }, [article({ authorname: '' })]);
    await expectValid('doaj', [xml, bare]);
    const [r1, r2] = parser.parse(xml).records.record;
    expect(r1).toEqual(
      expect.objectContaining({
        language: 'eng',
        journalTitle: 'Journal of <Things> & Stuff',
        issn: '1234-5678',
        eissn: '2345-678X',
        publicationDate: '2026-04-15',
        startPage: 1,
        endPage: 6,
        doi: '10.12345/cr.11',
        publisherRecordId: 11,
        fullTextUrl: { '#text': article().pdfUrl, '@format': 'pdf' },
      }),
    );
    expect(r1.authors.author.map((x: { name: string }) => x.name)).toEqual(['Asha Rao', 'Vikram Kumar Singh', 'Li']);
    expect(r1.keywords.keyword).toEqual(['soil', 'water', 'microbes']);
    expect(r1.abstract).toEqual({ '#text': 'Summary & more Second part.', '@language': 'eng' });
    expect(r2.publicationDate).toBe(2026);
    expect(r2.fullTextUrl).toEqual({ '#text': article().url, '@format': 'html' });
  }, 60_000);

  it('Crossref: today\'s deposit is valid against 5.3.1, with and without optional parts', async () => {
    const j = { title: 'J & K', issn: '1234-5678', eissn: '2345-678x', language: 'en', depositorName: 'J', depositorEmail: 'j@x.org', registrant: 'J' };
    const docs = [
      crossrefDeposit(j, { year: 2026, volume: 4, issue: 2 }, [article(), article({ refnumber: '12', doi: '10.12345/cr.12', pagenumber: '7', abstract: '', authorname: 'Li', publishdate: '' })], { batchId: 'j-2026-v4-i2-1', now: new Date(0) }),
      crossrefDeposit({ ...j, issn: '', language: undefined }, { year: 2026, volume: 4, issue: 2 }, [article({ authorname: '', pagenumber: 'e12' })], { batchId: 'j-2026-2', now: new Date() }),
    ];
    await expectValid('crossref', docs);
  }, 60_000);
});

/**
 * The Crossref, DOAJ and JATS writers, byte for byte: the files under fixtures/xml-writers were
 * written by the string-built writers these replaced, over inputs that reach every branch (inline
 * markup badly nested, characters XML forbids, quotes, no DOI, no pages, no authors, references
 * with and without a DOI). UPDATE_XML_FIXTURES=1 writes them anew from the current writers.
 */
describe('XML writers give the same bytes as before', () => {
  const DIR = path.join(__dirname, 'fixtures', 'xml-writers');
  const tricky = (over: Partial<JatsArticle> = {}) =>
    article({
      title: 'H<sub>2</sub>O and <i>E. coli</i> &amp; <b>soil</b> <span>x</span> \u0001 it\'s "q" > <em>a <strong>b</em> c</strong>',
      url: 'https://j.test/archives/2026/vol4/issue2/11?a=1&b=2',
      references: [
        { text: 'A & B. x <y>. doi:10.12345/r.1 end', doi: '10.12345/r.1' },
        { text: 'No doi', doi: '' },
        { text: 'bad doi', doi: 'nope' },
      ],
      license: 'https://creativecommons.org/licenses/by/4.0/',
      ...over,
    });
  const articles = [
    tricky(),
    tricky({ doi: '', pdfUrl: '', pagenumber: '', keywords: '', abstract: '', authorname: 'Li', publishdate: '', references: [], license: '' }),
    tricky({ authorname: '', title: ' <i>open <sub>never closed ', pagenumber: '12', license: 'https://creativecommons.org/licenses/by-nc-nd/4.0/' }),
  ];
  // Crossref registers DOIs: every article it is given has one.
  const withDoi = articles.map((a, i) => ({ ...a, doi: a.doi || `10.12345/cr.x${i}` }));
  const cj = { title: 'J & <x>', issn: '1234-5678', eissn: 'bad', language: 'en', depositorName: 'D & d', depositorEmail: 'd@x', registrant: 'R' };
  const key = { year: 2026, volume: 4, issue: 2 };
  const opts = { batchId: 'b1', now: new Date(0) };
  const outputs: Record<string, () => string> = {
    'jats-0.xml': () => jatsArticle(journal, articles[0]!),
    'jats-1.xml': () => jatsArticle({ ...journal, eissn: '', language: undefined, publisher: '' }, articles[1]!),
    'jats-2.xml': () => jatsArticle(journal, articles[2]!),
    'doaj.xml': () => doajRecords(journal, articles),
    'doaj-bare.xml': () => doajRecords({ title: 'J', publisher: '', issn: '', eissn: '1234-5678' }, articles),
    'doaj-empty.xml': () => doajRecords(journal, []),
    'crossref.xml': () => crossrefDeposit(cj, key, withDoi, opts),
    'crossref-bare.xml': () => crossrefDeposit({ ...cj, language: undefined, issn: '' }, key, [withDoi[1]!], opts),
  };

  it.each(Object.keys(outputs))('%s', (name) => {
    const out = outputs[name]!();
    const file = path.join(DIR, name);
    if (process.env.UPDATE_XML_FIXTURES) fs.writeFileSync(file, out);
    expect(out).toBe(fs.readFileSync(file, 'utf8'));
  });
});

describe('GET /api/archives/ref/:ref/jats.xml and GET /api/admin/archives/:year/:vol/:issue/doaj.xml', () => {
  let app: Awaited<ReturnType<typeof startContent>>;
  let J: string;
  let other: string;
  const host = { 'x-journal-host': 'sx.test', host: 'sx.test' };
  const as = (jid = J) => ({ 'x-journal-id': jid, authorization: `Bearer ${staffToken(jid)}`, ...host });
  const key = { year: 2026, volume: 4, issue: 2 };

  beforeAll(async () => {
    app = await startContent();
    J = await makeJournal(app, 'sx', { issn: '1234-5678', journal_essn: '2345-678x' });
    other = await makeJournal(app, 'sy');
    await app.repos.issues.create(J, { ...key, frequency: 'april' });
    const base = { ...key, txnid: '', abstract: '<p>Summary &amp; more</p>', publishdate: '2026-04-15', keywords: 'a, b' };
    await app.repos.articles.create(J, { ...base, status: 'enabled', refnumber: '11', txnid: 't11', title: 'First <i>Bacillus</i> paper', authorname: 'Dr. Asha Rao, Li', pagenumber: '1-6', doi: '10.12345/sx.11', file: '11.pdf' });
    await app.repos.articles.create(J, { ...base, status: 'enabled', refnumber: '12', txnid: 't12', title: 'Second paper', authorname: 'Mira Das', pagenumber: '7-9' });
    await app.repos.articles.create(J, { ...base, status: 'disabled', refnumber: '13', txnid: 't13', title: 'Withdrawn paper', authorname: 'Omar Ali', pagenumber: '10-12' });
  });
  afterAll(() => stopContent(app));

  it('serves a public article as valid JATS, with absolute page and PDF links; hidden and unknown ones are 404', async () => {
    const r = await request(app.url).get('/api/archives/ref/11/jats.xml').set({ 'x-journal-id': J, ...host });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(r.text).toContain('<self-uri xlink:href="http://sx.test/archives/2026/vol4/issue2/11"/>');
    expect(r.text).toContain('<self-uri content-type="pdf" xlink:href="http://sx.test/assets/archives/2026/vol4issue2/11.pdf"/>');
    expect(r.text).toContain('<article-id pub-id-type="doi">10.12345/sx.11</article-id>');
    const j12 = await request(app.url).get('/api/archives/ref/12/jats.xml').set({ 'x-journal-id': J, ...host });
    await expectValid('jats', [r.text, j12.text]);
    for (const ref of ['13', 'nope', '..%2F11']) {
      const n = await request(app.url).get(`/api/archives/ref/${ref}/jats.xml`).set({ 'x-journal-id': J, ...host });
      expect([n.status, n.body.error]).toEqual([404, 'not_found']);
    }
    // Another journal's host never sees this journal's article.
    const x = await request(app.url).get('/api/archives/ref/11/jats.xml').set({ 'x-journal-id': other, 'x-journal-host': 'sy.test', host: 'sy.test' });
    expect(x.status).toBe(404);
  }, 60_000);

  it('gives staff the issue\'s public articles as a valid DOAJ file; strangers get 401, other journals nothing', async () => {
    const r = await request(app.url).get('/api/admin/archives/2026/4/2/doaj.xml').set(as());
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="doaj-sx-2026-v4-i2.xml"');
    expect(r.headers['cache-control']).toBe('no-store');
    const records = parser.parse(r.text).records.record;
    expect(records.map((x: { publisherRecordId: number }) => x.publisherRecordId)).toEqual([11, 12]);
    await expectValid('doaj', [r.text]);
    expect((await request(app.url).get('/api/admin/archives/2026/4/2/doaj.xml').set({ 'x-journal-id': J })).status).toBe(401);
    // A token of another journal, or this journal's path from another journal: no records of J.
    expect((await request(app.url).get('/api/admin/archives/2026/4/2/doaj.xml').set({ ...as(other), 'x-journal-id': J })).status).toBe(401);
    const o = await request(app.url).get('/api/admin/archives/2026/4/2/doaj.xml').set(as(other));
    expect([o.status, o.body.error]).toEqual([404, 'not_found']);
    const bad = await request(app.url).get('/api/admin/archives/2026/x/2/doaj.xml').set(as());
    expect(bad.status).toBe(400);
  }, 60_000);
});

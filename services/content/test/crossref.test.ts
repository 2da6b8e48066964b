import request from 'supertest';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { markRecentAuth, staffToken } from '@journal/testing';
import { crossrefDeposit, crossrefTitle } from '../src/doi/crossref-xml';
import { xmlOrdered } from '../src/seo/xml';
import { makeJournal, startContent, stopContent } from './helpers';

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (name) => ['journal_article', 'person_name', 'issn'].includes(name) });
/** The XML's title element back to markup, through a real parser keeping the element order. */
const ordered = new XMLParser({ preserveOrder: true, ignoreAttributes: true, trimValues: false });
type Node = Record<string, Node[] | string>;
const serialise = (nodes: Node[]): string =>
  nodes
    .map((n) => {
      const [tag] = Object.keys(n).filter((k) => k !== ':@');
      if (tag === '#text') return String(n[tag]).replace(/&/g, '&amp;').replace(/</g, '&lt;');
      return `<${tag}>${serialise(n[tag!] as Node[])}</${tag}>`;
    })
    .join('');
function titlesOf(xml: string): string[] {
  const out: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const n of nodes) {
      for (const [k, v] of Object.entries(n)) {
        if (k === 'title' && Array.isArray(v)) out.push(serialise(v));
        else if (Array.isArray(v)) walk(v);
      }
    }
  };
  walk(ordered.parse(xml) as Node[]);
  return out;
}

describe('crossref title markup', () => {
  it.each([
    ['H<sub>2</sub>O and <i>E. coli</i> at 10<sup>-3</sup> M', 'H<sub>2</sub>O and <i>E. coli</i> at 10<sup>-3</sup> M'],
    ['<em>Bacillus</em> &amp; <strong>soil</strong>', '<i>Bacillus</i> &amp; <b>soil</b>'],
    ['<span class="x">plain</span> <a href="x">link</a>', 'plain link'],
    ['<i>open <sub>never closed', '<i>open <sub>never closed</sub></i>'],
    ['bad </i> close and <i>a <b>b</i> c</b>', 'bad  close and <i>a <b>b</b></i> c'],
  ])('%s', (input, expected) => {
    const out = xmlOrdered(crossrefTitle(input));
    expect(out).toBe(expected);
    // Round trip: what a parser reads back is the same markup.
    const xml = crossrefDeposit(
      { title: 'J', issn: '1234-5678', eissn: '', depositorName: 'J', depositorEmail: 'j@x.org', registrant: 'J' },
      { year: 2026, volume: 1, issue: 1 },
      [{ refnumber: '1', title: input, authorname: 'A B', abstract: '', year: 2026, volume: 1, issue: 1, pagenumber: '1-2', publishdate: '', doi: '10.1234/x', url: 'https://j.org/x' }],
      { batchId: 'b', now: new Date(0) },
    );
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(titlesOf(xml)).toEqual([expected]);
  });
});

describe('POST /api/admin/archives/:year/:vol/:issue/crossref', () => {
  let app: Awaited<ReturnType<typeof startContent>>;
  let J: string;
  let T: string;
  const as = () => ({ 'x-journal-id': J, authorization: `Bearer ${T}`, 'x-journal-host': 'cr.test', host: 'cr.test' });
  const key = { year: 2026, volume: 4, issue: 2 };

  beforeAll(async () => {
    app = await startContent();
    J = await makeJournal(app, 'cr', { issn: '1234-5678', journal_essn: '2345-678x', doi_prefix: '10.12345', doi_suffix_pattern: 'cr.{year}.{volume}.{issue}.{refnumber}' });
    T = staffToken(J);
    await markRecentAuth(app.config.REDIS_PREFIX, T);
    await app.repos.issues.create(J, { ...key, frequency: 'april' });
    const base = { ...key, txnid: '', abstract: '<p>Summary &amp; more</p>', publishdate: '2026-04-15', status: 'enabled' };
    await app.repos.articles.create(J, { ...base, refnumber: '11', txnid: 't11', title: 'First <i>Bacillus</i> paper', authorname: 'Dr. Asha Rao, Vikram Kumar Singh, Li', pagenumber: '1-6', doi: '10.12345/typed.11' });
    await app.repos.articles.create(J, { ...base, refnumber: '12', txnid: 't12', title: 'Second paper', authorname: 'Mira Das', pagenumber: '7-9' });
    await app.repos.articles.create(J, { ...base, refnumber: '13', txnid: 't13', title: 'Third paper', authorname: 'Omar Ali', pagenumber: '10-12' });
  });
  afterAll(() => stopContent(app));

  it('exports the selected articles in order, with journal, issue, contributors, dates, pages, DOI and URL', async () => {
    const r = await request(app.url).post('/api/admin/archives/2026/4/2/crossref').set(as()).send({ refs: ['12', '11'] });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/xml/);
    expect(r.headers['content-disposition']).toBe('attachment; filename="crossref-cr-2026-v4-i2.xml"');
    expect(r.headers['x-dois-assigned']).toBe('12');
    const xml = r.text;
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = parser.parse(xml).doi_batch;
    expect(doc['@xmlns']).toBe('http://www.crossref.org/schema/5.3.1');
    expect(doc['@version']).toBe('5.3.1');
    expect(String(doc.head.timestamp)).toMatch(/^\d{17}$/);
    expect(doc.head.depositor).toEqual({ depositor_name: 'Journal cr', email_address: 'cr@example.org' });
    const journal = doc.body.journal;
    expect(journal.journal_metadata.full_title).toBe('Journal cr');
    expect(journal.journal_metadata.issn).toEqual([
      { '#text': '1234-5678', '@media_type': 'print' },
      { '#text': '2345-678X', '@media_type': 'electronic' },
    ]);
    expect(journal.journal_issue.journal_volume.volume).toBe(4);
    expect(journal.journal_issue.issue).toBe(2);
    const [second, first] = journal.journal_article;
    expect(second.doi_data).toEqual({ doi: '10.12345/cr.2026.4.2.12', resource: 'http://cr.test/archives/2026/vol4/issue2/12' });
    expect(first.doi_data.doi).toBe('10.12345/typed.11');
    expect(first.contributors.person_name.map((p: Record<string, string>) => [p['@sequence'], p.given_name, p.surname])).toEqual([
      ['first', 'Asha', 'Rao'],
      ['additional', 'Vikram Kumar', 'Singh'],
      ['additional', undefined, 'Li'],
    ]);
    expect(first.pages).toEqual({ first_page: 1, last_page: 6 });
    expect(first.publication_date).toEqual({ month: 4, day: 15, year: 2026, '@media_type': 'online' });
    expect(first['jats:abstract']['jats:p']).toBe('Summary & more');
    expect(titlesOf(xml)).toEqual(['Second paper', 'First <i>Bacillus</i> paper']);
    // The DOI given by the export is stored.
    expect((await app.repos.articles.findByRef(J, '12'))!.doi).toBe('10.12345/cr.2026.4.2.12');
  });

  it('refuses articles of another issue, an empty selection and a missing token', async () => {
    const r = await request(app.url).post('/api/admin/archives/2026/4/3/crossref').set(as()).send({ refs: ['11'] });
    expect(r.status).toBe(400);
    expect(r.body).toEqual(expect.objectContaining({ error: 'not_in_issue' }));
    const e = await request(app.url).post('/api/admin/archives/2026/4/2/crossref').set(as()).send({ refs: [] });
    expect(e.status).toBe(400);
    const n = await request(app.url).post('/api/admin/archives/2026/4/2/crossref').set({ 'x-journal-id': J }).send({ refs: ['11'] });
    expect(n.status).toBe(401);
  });

  it('says what is missing when an article has no DOI and the journal no pattern', async () => {
    await request(app.url).post('/api/admin/doi-settings').set(as()).send({ doi_prefix: '', doi_suffix_pattern: '' }).expect(200);
    const r = await request(app.url).post('/api/admin/archives/2026/4/2/crossref').set(as()).send({ refs: ['13'] });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ error: 'missing_doi', message: 'These articles have no DOI and the journal has no DOI pattern: 13' });
  });
});

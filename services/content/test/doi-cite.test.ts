import request from 'supertest';
import bibtex from 'bibtex-parse';
import { Cite } from '@citation-js/core';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-bibtex';
import { markRecentAuth, staffHeaders, staffToken } from '@journal/testing';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let J2: string;
let T: string;
let pdf: Buffer;

const tok = (jid: string) => staffToken(jid);
const as = staffHeaders;
const pub = (jid: string) => ({ 'x-journal-id': jid, 'x-journal-host': 'doi.test', host: 'evil.example:8080' });

const fields = (over: Record<string, string> = {}): Record<string, string> => ({
  year: '2026', volume: '4', issue: '2', refnumber: '1001',
  title: 'Soil <i>Bacillus</i> diversity & yield',
  authorname: 'Dr. Asha Rao, Vikram Kumar Singh',
  abstract: '<p>We studied soil <b>bacteria</b>.</p>',
  keywords: 'soil, bacteria', pagenumber: '1-6', subject: 'Agriculture', country: 'India',
  email: 'asha@example.org', mobile: '', txnid: 'TXN1001', ptype: 'paid', publishdate: '2026-02-10',
  ...over,
});
function add(f: Record<string, string>, jid = J, token = T) {
  let r = request(app.url).post('/api/admin/archives/').set(as(jid, token));
  for (const [k, v] of Object.entries(f)) r = r.field(k, v);
  return r.attach('pdfFile', pdf, { filename: 'p.pdf', contentType: 'application/pdf' });
}
function edit(id: string, f: Record<string, string>) {
  let r = request(app.url).post(`/api/archives/${id}`).set(as(J, T));
  for (const [k, v] of Object.entries(f)) r = r.field(k, v);
  return r;
}

beforeAll(async () => {
  app = await startContent();
  J = await makeJournal(app, 'doij', { journal_essn: '2456-1002' });
  J2 = await makeJournal(app, 'doij2');
  T = tok(J);
  await markRecentAuth(app.config.REDIS_PREFIX, T);
  pdf = await makePdf('doi');
  await app.repos.issues.create(J, { year: 2026, volume: 4, issue: 2, frequency: 'april' });
  await app.repos.issues.create(J2, { year: 2026, volume: 4, issue: 2, frequency: 'april' });
});
afterAll(() => stopContent(app));

describe('DOI settings', () => {
  it('rejects a bad prefix, a pattern without {refnumber} and one without the other', async () => {
    for (const body of [
      { doi_prefix: '11.1234', doi_suffix_pattern: 'x.{refnumber}' },
      { doi_prefix: '10.1234', doi_suffix_pattern: 'x.{year}' },
      { doi_prefix: '10.1234', doi_suffix_pattern: 'x y.{refnumber}' },
      { doi_prefix: '10.1234', doi_suffix_pattern: '' },
    ]) {
      const r = await request(app.url).post('/api/admin/doi-settings').set(as(J, T)).send(body);
      expect(r.status).toBe(400);
      expect(r.body.error).toBe('validation_error');
    }
  });
  it('needs a token of the journal', async () => {
    const r = await request(app.url).post('/api/admin/doi-settings').set({ 'x-journal-id': J }).send({ doi_prefix: '', doi_suffix_pattern: '' });
    expect(r.status).toBe(401);
  });
  it('stores prefix and pattern and shows them in the public settings', async () => {
    const r = await request(app.url)
      .post('/api/admin/doi-settings')
      .set(as(J, T))
      .send({ doi_prefix: '10.12345', doi_suffix_pattern: 'ijars.{year}.v{volume}.i{issue}.{refnumber}' });
    expect(r.status).toBe(200);
    const s = await request(app.url).get('/api/settings/').set(pub(J));
    expect(s.body.doi_prefix).toBe('10.12345');
    expect(s.body.doi_suffix_pattern).toBe('ijars.{year}.v{volume}.i{issue}.{refnumber}');
  });
});

describe('article DOIs', () => {
  let id: string;
  it('makes the DOI from the pattern when none is given', async () => {
    const r = await add(fields());
    expect(r.status).toBe(201);
    expect(r.body.doi).toBe('10.12345/ijars.2026.v4.i2.1001');
    id = r.body.id;
  });
  it('takes a typed DOI (a pasted resolver link too) and refuses one another article holds, case-insensitively', async () => {
    const r = await add(fields({ refnumber: '1002', txnid: 'TXN1002', title: 'Second', pagenumber: '7-9', doi: 'https://doi.org/10.12345/Custom.7' }));
    expect(r.status).toBe(201);
    expect(r.body.doi).toBe('10.12345/Custom.7');
    const dup = await add(fields({ refnumber: '1003', txnid: 'TXN1003', title: 'Third', pagenumber: '10-12', doi: '10.12345/custom.7' }));
    expect(dup.status).toBe(409);
    expect(dup.body).toEqual(expect.objectContaining({ error: 'duplicate_doi', message: 'DOI already used by another article of this journal' }));
    // The same DOI in another journal is that journal's business.
    const other = await add(fields({ doi: '10.12345/custom.7' }), J2, tok(J2));
    expect(other.status).toBe(201);
  });
  it('refuses a malformed DOI with a clear message', async () => {
    const r = await add(fields({ refnumber: '1004', txnid: 'TXN1004', title: 'Fourth', pagenumber: '13-14', doi: '10.12345/has space' }));
    expect(r.status).toBe(400);
    expect(r.body.message).toContain('DOI must look like 10.12345/suffix');
  });
  it('keeps the DOI when an edit does not send it, changes it when typed, remakes it when emptied', async () => {
    const { doi: _d, ...noDoi } = fields();
    void _d;
    let r = await edit(id, noDoi);
    expect(r.status).toBe(200);
    expect(r.body.doi).toBe('10.12345/ijars.2026.v4.i2.1001');
    r = await edit(id, fields({ doi: '10.12345/edited.1' }));
    expect(r.body.doi).toBe('10.12345/edited.1');
    const dup = await edit(id, fields({ doi: '10.12345/CUSTOM.7' }));
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe('duplicate_doi');
    r = await edit(id, fields({ doi: '' }));
    expect(r.body.doi).toBe('10.12345/ijars.2026.v4.i2.1001');
  });
  it('is in the public article, the issue list and OAI dc:identifier (the page head: e2e)', async () => {
    const a = await request(app.url).get('/api/archives/ref/1001').set(pub(J));
    expect(a.body.doi).toBe('10.12345/ijars.2026.v4.i2.1001');
    const list = await request(app.url).get('/api/archives/2026/vol4/issue2').set(pub(J));
    expect(list.body.map((x: { doi: string }) => x.doi)).toEqual(['10.12345/ijars.2026.v4.i2.1001', '10.12345/Custom.7']);
    const oai = await request(app.url).get('/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:doi.test:1001').set(pub(J));
    expect(oai.text).toContain('<dc:identifier>https://doi.org/10.12345/ijars.2026.v4.i2.1001</dc:identifier>');
  });
});

describe('citation downloads', () => {
  const get = (path: string) => request(app.url).get(path).set(pub(J)).buffer(true).parse((res, cb) => {
    let s = '';
    res.setEncoding('utf8');
    res.on('data', (c: string) => (s += c));
    res.on('end', () => cb(null, s));
  });
  const expectSame = (authors: { family: string; given?: string }[], title: string) => {
    expect(authors.map((p) => p.family)).toEqual(['Rao', 'Singh']);
    expect(authors.map((p) => p.given)).toEqual(['Asha', 'Vikram Kumar']);
    expect(title).toBe('Soil Bacillus diversity & yield');
  };

  it('BibTeX: a maintained parser reads the fields the page shows', async () => {
    const r = await get('/api/archives/ref/1001/cite.bib');
    expect(r.status).toBe(200);
    expect(r.headers['content-disposition']).toBe('attachment; filename="1001.bib"');
    const [e] = bibtex.entries(r.body as unknown as string);
    expect(e.type).toBe('article');
    expect(e.AUTHOR).toBe('Rao, Asha and Singh, Vikram Kumar');
    // citation-js turns the LaTeX back into the title's markup.
    const [d] = new Cite(r.body as unknown as string).data as Record<string, unknown>[];
    expect(d!.title).toBe('Soil <i>Bacillus</i> diversity & yield');
    expectSame(d!.author as never, String(d!.title).replace(/<[^>]+>/g, ''));
    expect([e.JOURNAL, e.VOLUME, e.NUMBER, e.PAGES, String(e.YEAR), e.DOI]).toEqual(['Journal doij', '4', '2', '1--6', '2026', '10.12345/ijars.2026.v4.i2.1001']);
  });

  it('RIS: citation-js reads the same authors, title, journal, volume, issue, pages and year', async () => {
    const r = await get('/api/archives/ref/1001/cite.ris');
    expect(r.headers['content-disposition']).toBe('attachment; filename="1001.ris"');
    const [d] = new Cite(r.body as unknown as string).data as Record<string, unknown>[];
    expectSame(d!.author as never, d!.title as string);
    expect([d!['container-title'], d!.volume, d!.issue, d!.page, (d!.issued as { 'date-parts': number[][] })['date-parts'][0]![0], d!.DOI]).toEqual([
      'Journal doij', '4', '2', '1-6', 2026, '10.12345/ijars.2026.v4.i2.1001',
    ]);
  });

  it('CSL-JSON: citeproc renders it with the page\'s authors, title, journal, volume, issue, pages and year', async () => {
    const r = await get('/api/archives/ref/1001/cite.json');
    expect(r.headers['content-disposition']).toBe('attachment; filename="1001.json"');
    const items = JSON.parse(r.body as unknown as string);
    const text = new Cite(items).format('bibliography', { format: 'text', template: 'apa' }) as string;
    expect(text).toContain('Rao, A., & Singh, V. K. (2026)');
    expect(text).toContain('Soil Bacillus diversity & yield');
    expect(text).toContain('Journal Doij, 4(2), 1–6'); // APA capitalises the journal's words
    expect(text).toContain('https://doi.org/10.12345/ijars.2026.v4.i2.1001');
  });

  it('answers 404 for an unknown article and a bad ref', async () => {
    expect((await get('/api/archives/ref/999999/cite.bib')).status).toBe(404);
    expect((await get('/api/archives/ref/a%20b/cite.ris')).status).toBe(404);
  });
});

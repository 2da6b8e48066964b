import fs from 'node:fs';
import path from 'node:path';
import { jatsArticle, type JatsArticle } from '../src/cite/jats-xml';
import { doajRecords } from '../src/doi/doaj-xml';
import { crossrefDeposit } from '../src/doi/crossref-xml';

/**
 * The Crossref, DOAJ and JATS writers, byte for byte: the files under fixtures/xml-writers were
 * written by the string-built writers these replaced, over inputs that reach every branch (inline
 * markup badly nested, characters XML forbids, quotes, no DOI, no pages, no authors, references
 * with and without a DOI). UPDATE_XML_FIXTURES=1 writes them anew from the current writers.
 */

const DIR = path.join(__dirname, 'fixtures', 'xml-writers');

const article = (over: Partial<JatsArticle> = {}): JatsArticle => ({
  refnumber: '11',
  title: 'H<sub>2</sub>O and <i>E. coli</i> &amp; <b>soil</b> <span>x</span> \u0001 it\'s "q" > <em>a <strong>b</em> c</strong>',
  authorname: 'Dr. Asha Rao, Vikram Kumar Singh, Li',
  abstract: '<p>Summary &amp; more</p><p>Second <i>part</i>.</p>',
  keywords: 'soil; water, microbes',
  year: 2026,
  volume: 4,
  issue: 2,
  pagenumber: '1-6',
  publishdate: '2026-04-15',
  doi: '10.12345/cr.11',
  url: 'https://j.test/archives/2026/vol4/issue2/11?a=1&b=2',
  pdfUrl: 'https://j.test/assets/archives/2026/vol4issue2/11.pdf',
  references: [
    { text: 'A & B. x <y>. doi:10.12345/r.1 end', doi: '10.12345/r.1' },
    { text: 'No doi', doi: '' },
    { text: 'bad doi', doi: 'nope' },
  ],
  license: 'https://creativecommons.org/licenses/by/4.0/',
  ...over,
});
const journal = { id: 'j', title: 'Journal of <Things> & Stuff', issn: '1234-5678', eissn: '2345-678x', publisher: 'Journal of Things', language: 'en' };
const articles = [
  article(),
  article({ doi: '', pdfUrl: '', pagenumber: '', keywords: '', abstract: '', authorname: 'Li', publishdate: '', references: [], license: '' }),
  article({ authorname: '', title: ' <i>open <sub>never closed ', pagenumber: '12', license: 'https://creativecommons.org/licenses/by-nc-nd/4.0/' }),
];
// Crossref registers DOIs: every article it is given has one.
const withDoi = articles.map((a, i) => ({ ...a, doi: a.doi || `10.12345/cr.x${i}` }));
const crossrefJournal = { title: 'J & <x>', issn: '1234-5678', eissn: 'bad', language: 'en', depositorName: 'D & d', depositorEmail: 'd@x', registrant: 'R' };
const key = { year: 2026, volume: 4, issue: 2 };
const opts = { batchId: 'b1', now: new Date(0) };

const outputs: Record<string, () => string> = {
  'jats-0.xml': () => jatsArticle(journal, articles[0]!),
  'jats-1.xml': () => jatsArticle({ ...journal, eissn: '', language: undefined, publisher: '' }, articles[1]!),
  'jats-2.xml': () => jatsArticle(journal, articles[2]!),
  'doaj.xml': () => doajRecords(journal, articles),
  'doaj-bare.xml': () => doajRecords({ title: 'J', publisher: '', issn: '', eissn: '1234-5678' }, articles),
  'doaj-empty.xml': () => doajRecords(journal, []),
  'crossref.xml': () => crossrefDeposit(crossrefJournal, key, withDoi, opts),
  'crossref-bare.xml': () => crossrefDeposit({ ...crossrefJournal, language: undefined, issn: '' }, key, [withDoi[1]!], opts),
};

describe('XML writers give the same bytes as before', () => {
  it.each(Object.keys(outputs))('%s', (name) => {
    const out = outputs[name]!();
    const file = path.join(DIR, name);
    if (process.env.UPDATE_XML_FIXTURES) fs.writeFileSync(file, out);
    expect(out).toBe(fs.readFileSync(file, 'utf8'));
  });
});

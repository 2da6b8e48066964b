import { dublinCoreTags } from './dublin-core';

const article = {
  title: 'Growth of <i>Oryza</i> sativa',
  authorname: 'Dr. Ravi Kumar, Anita Verma',
  abstract: '<p>Grown <i>in vitro</i>; Núñez &amp; Li.</p>',
  keywords: 'rice, growth; Rice; yield',
  publishdate: '2026-05-15',
  year: 2026,
  volume: 7,
  issue: 2,
  pagenumber: '12-18',
  doi: '10.12345/demo.1001',
  pdf_url: '/assets/archives/2026/vol7issue2/a b.pdf?v=abcdefabcdef',
};
const journal = { name: 'Demo Journal', issn: '1111-2222', essn: '3333-4444', language: 'English' };
const origin = 'http://localhost:8080';
const url = `${origin}/archives/2026/vol7/issue2/1001`;
const license = { url: 'https://creativecommons.org/licenses/by/4.0/', label: 'CC BY 4.0', line: 'x' };

describe('Dublin Core tags of an article page', () => {
  it('carries title, creators, subjects, description, publisher, date, type, format, identifiers, source, language and rights', () => {
    expect(dublinCoreTags(article, journal, url, origin, license)).toEqual([
      ['DC.title', 'Growth of Oryza sativa'],
      ['DC.creator', 'Ravi Kumar'],
      ['DC.creator', 'Anita Verma'],
      ['DC.subject', 'rice'],
      ['DC.subject', 'growth'],
      ['DC.subject', 'yield'],
      ['DC.description', 'Grown in vitro; Núñez & Li.'],
      ['DC.publisher', 'Demo Journal'],
      ['DC.date', '2026-05-15'],
      ['DC.type', 'Text'],
      ['DC.type', 'article'],
      ['DC.format', 'application/pdf'],
      ['DC.identifier', url],
      ['DC.identifier', 'doi:10.12345/demo.1001'],
      ['DC.identifier.DOI', '10.12345/demo.1001'],
      ['DC.identifier.pageNumber', '12-18'],
      ['DC.source', 'Demo Journal'],
      ['DC.source.ISSN', '1111-2222'],
      ['DC.source.ISSN', '3333-4444'],
      ['DC.source.volume', '7'],
      ['DC.source.issue', '2'],
      ['DC.source.URI', origin],
      ['DC.language', 'en'],
      ['DC.rights', 'https://creativecommons.org/licenses/by/4.0/'],
    ]);
  });
  it('names structured authors Family, Given and leaves out what is unknown', () => {
    const a = {
      ...article,
      doi: '',
      pdf_url: null,
      pagenumber: '',
      keywords: '',
      authors: [{ given: 'Meena', family: 'Gupta', affiliations: [], orcid: '', corresponding: false }],
    };
    const tags = dublinCoreTags(a, { name: 'J' }, url, origin, null);
    expect(tags.filter(([n]) => n === 'DC.creator')).toEqual([['DC.creator', 'Gupta, Meena']]);
    const names = tags.map(([n]) => n);
    for (const n of ['DC.identifier.DOI', 'DC.source.ISSN', 'DC.language', 'DC.rights', 'DC.subject', 'DC.identifier.pageNumber']) expect(names).not.toContain(n);
    expect(tags).toContainEqual(['DC.format', 'text/html']);
  });
});

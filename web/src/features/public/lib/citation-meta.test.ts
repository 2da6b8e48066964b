import { articleJsonLd, citationMetaTags, plainText, scriptJson } from './citation-meta';

const article = {
  title: 'Growth of <i>Oryza</i> sativa',
  authorname: 'Dr. Ravi Kumar, Anita Verma',
  abstract: '<p>Short abstract.</p>',
  keywords: 'rice, growth; yield',
  publishdate: '2026-05-15',
  year: 2026,
  volume: 7,
  issue: 2,
  pagenumber: '12-18',
  pdf_url: '/assets/archives/2026/vol7issue2/a b.pdf',
};
const journal = { name: 'Demo Journal', issn: '1111-2222', essn: '3333-4444', language: 'English' };
const origin = 'http://localhost:8080';
const url = `${origin}/archives/2026/vol7/issue2/1001`;

describe('citation tags of an article page', () => {
  it('carries every field Scholar reads, with absolute URLs on the reader origin', () => {
    expect(citationMetaTags(article, journal, url, origin)).toEqual([
      ['citation_title', 'Growth of Oryza sativa'],
      ['citation_author', 'Ravi Kumar'],
      ['citation_author', 'Anita Verma'],
      ['citation_publication_date', '2026/05/15'],
      ['citation_journal_title', 'Demo Journal'],
      ['citation_issn', '1111-2222'],
      ['citation_issn', '3333-4444'],
      ['citation_volume', '7'],
      ['citation_issue', '2'],
      ['citation_firstpage', '12'],
      ['citation_lastpage', '18'],
      ['citation_pdf_url', 'http://localhost:8080/assets/archives/2026/vol7issue2/a%20b.pdf'],
      ['citation_abstract_html_url', url],
      ['citation_keywords', 'rice; growth; yield'],
      ['citation_language', 'en'],
    ]);
  });
  it('leaves out what is unknown', () => {
    const tags = citationMetaTags({ ...article, pdf_url: null, keywords: '', pagenumber: '' }, { name: 'J' }, url, origin).map(([n]) => n);
    expect(tags).not.toContain('citation_pdf_url');
    expect(tags).not.toContain('citation_issn');
    expect(tags).not.toContain('citation_firstpage');
  });
  it('describes the article as a ScholarlyArticle in JSON-LD that cannot close its script element', () => {
    const ld = articleJsonLd({ ...article, title: '</script><script>alert(1)</script>' }, journal, url, origin);
    expect(ld['@type']).toBe('ScholarlyArticle');
    const json = scriptJson(ld);
    expect(json).not.toContain('</script');
    expect(JSON.parse(json).url).toBe(url);
  });
  it('carries the DOI in citation_doi and in JSON-LD identifier and sameAs', () => {
    const a = { title: 'T', authorname: 'Asha Rao', year: 2026, volume: 4, issue: 2, doi: '10.12345/x.1' };
    const j = { name: 'J' };
    expect(citationMetaTags(a, j, 'https://j.org/a', 'https://j.org')).toContainEqual(['citation_doi', '10.12345/x.1']);
    const ld = articleJsonLd(a, j, 'https://j.org/a', 'https://j.org');
    expect(ld.identifier).toEqual({ '@type': 'PropertyValue', propertyID: 'DOI', value: '10.12345/x.1' });
    expect(ld.sameAs).toBe('https://doi.org/10.12345/x.1');
    expect(citationMetaTags({ ...a, doi: '' }, j, 'https://j.org/a', 'https://j.org').some(([n]) => n === 'citation_doi')).toBe(false);
    expect(articleJsonLd({ ...a, doi: '' }, j, 'https://j.org/a', 'https://j.org')).not.toHaveProperty('identifier');
  });
  it('gives machines bare author names, the language code, the publisher and the abstract as plain text', () => {
    const a = { ...article, authorname: 'Prof. Dr. Meena Gupta, Dr Ravi Kumar', abstract: '<p>x &lt; y &amp; z</p>' };
    const ld = JSON.parse(scriptJson(articleJsonLd(a, { ...journal, language: 'Hindi' }, url, origin))) as Record<string, unknown>;
    expect(ld.author).toEqual([{ '@type': 'Person', name: 'Meena Gupta' }, { '@type': 'Person', name: 'Ravi Kumar' }]);
    expect(ld.abstract).toBe('x < y & z');
    expect(ld.description).toBe('x < y & z');
    expect(ld.inLanguage).toBe('hi');
    expect(ld.publisher).toEqual({ '@type': 'Organization', name: 'Demo Journal', url: origin });
    expect(citationMetaTags(a, { ...journal, language: 'Klingon' }, url, origin).map(([n]) => n)).not.toContain('citation_language');
    expect(citationMetaTags(a, journal, url, origin).filter(([n]) => n === 'citation_author').map(([, v]) => v)).toEqual(['Meena Gupta', 'Ravi Kumar']);
  });
  it('decodes entities once: a typed entity stays text', () => {
    expect(plainText('<p>x &lt; y &amp; z</p>')).toBe('x < y & z');
    expect(plainText('a &amp;lt; b')).toBe('a &lt; b');
  });
  it('leaves no space before punctuation after inline markup, and one between blocks', () => {
    expect(plainText('<p>Grown <i>in vitro</i>; Núñez <b>et al.</b>, 2020 (<sub>2</sub>).</p><p>Next</p>')).toBe('Grown in vitro; Núñez et al., 2020 (2). Next');
    expect(plainText('a<br>b<br/>c')).toBe('a b c');
  });
  it('names a PDF by its one bare URL, whatever version the site links it with', () => {
    const tags = citationMetaTags({ ...article, pdf_url: '/assets/archives/2026/vol7issue2/x.pdf?v=abcdefabcdef' }, journal, url, origin);
    expect(tags).toContainEqual(['citation_pdf_url', 'http://localhost:8080/assets/archives/2026/vol7issue2/x.pdf']);
    const ld = articleJsonLd({ ...article, pdf_url: '/assets/archives/2026/vol7issue2/x.pdf?v=abcdefabcdef' }, journal, url, origin) as { encoding: { contentUrl: string } };
    expect(ld.encoding.contentUrl).toBe('http://localhost:8080/assets/archives/2026/vol7issue2/x.pdf');
  });
});

describe('structured authors, licence and references in the head (docs/product.md#structured-authors)', () => {
  const structured = {
    ...article,
    authors: [
      { given: 'Ravi', family: 'Kumar', affiliations: [{ name: 'Indian Institute of Science', ror: 'https://ror.org/04dese585' }, { name: 'Field Station', ror: '' }], orcid: '0000-0002-1825-0097', corresponding: true },
      { given: '', family: 'Li', affiliations: [], orcid: '', corresponding: false },
    ],
    references: [
      { text: 'Rao A. Soil. 2020. doi:10.5555/s.1', doi: '10.5555/s.1' },
      { text: 'Li. Notes. 2019.', doi: '' },
    ],
  };
  it('each author with the institution and ORCID tags after the name; a citation_reference per reference', () => {
    const tags = citationMetaTags(structured, journal, url, origin);
    expect(tags.slice(0, 6)).toEqual([
      ['citation_title', 'Growth of Oryza sativa'],
      ['citation_author', 'Ravi Kumar'],
      ['citation_author_institution', 'Indian Institute of Science'],
      ['citation_author_institution', 'Field Station'],
      ['citation_author_orcid', 'https://orcid.org/0000-0002-1825-0097'],
      ['citation_author', 'Li'],
    ]);
    expect(tags.filter(([n]) => n === 'citation_reference').map(([, v]) => v)).toEqual(['Rao A. Soil. 2020. doi:10.5555/s.1', 'Li. Notes. 2019.']);
  });
  it('JSON-LD: Person with given and family names, affiliations and the ORCID iD; the licence; the citations', () => {
    const licence = { url: 'https://creativecommons.org/licenses/by/4.0/', label: 'CC BY 4.0', line: '' };
    const ld = articleJsonLd(structured, journal, url, origin, licence);
    expect(ld.author).toEqual([
      {
        '@type': 'Person',
        name: 'Ravi Kumar',
        givenName: 'Ravi',
        familyName: 'Kumar',
        affiliation: [
          { '@type': 'Organization', name: 'Indian Institute of Science', sameAs: 'https://ror.org/04dese585' },
          { '@type': 'Organization', name: 'Field Station' },
        ],
        sameAs: 'https://orcid.org/0000-0002-1825-0097',
      },
      { '@type': 'Person', name: 'Li', familyName: 'Li' },
    ]);
    expect(ld.license).toBe(licence.url);
    expect(ld.citation).toEqual([
      { '@type': 'CreativeWork', name: 'Rao A. Soil. 2020. doi:10.5555/s.1', sameAs: 'https://doi.org/10.5555/s.1' },
      { '@type': 'CreativeWork', name: 'Li. Notes. 2019.' },
    ]);
    expect(articleJsonLd(article, journal, url, origin).license).toBeUndefined();
  });
});

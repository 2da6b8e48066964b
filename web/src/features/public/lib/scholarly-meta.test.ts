import { articleJsonLd, citationMetaTags } from './scholarly-meta';

const a = { title: 'Soil <i>Bacillus</i>', authorname: 'Asha Rao, Vikram Singh', year: 2026, volume: 4, issue: 2, pagenumber: '1-6', publishdate: '2026-02-10', doi: '10.12345/x.1' };
const j = { name: 'Journal', issn: '1234-5678' };

describe('scholarly metadata builders', () => {
  it('citation_doi and the other citation_* tags', () => {
    const tags = citationMetaTags(a, j, { pdf: 'https://j.org/a.pdf', page: 'https://j.org/a' });
    expect(tags).toContainEqual(['citation_doi', '10.12345/x.1']);
    expect(tags.filter(([n]) => n === 'citation_author').map(([, v]) => v)).toEqual(['Asha Rao', 'Vikram Singh']);
    expect(tags).toContainEqual(['citation_title', 'Soil Bacillus']);
    expect(tags).toContainEqual(['citation_publication_date', '2026/02/10']);
    expect(citationMetaTags({ ...a, doi: '' }, j, {}).some(([n]) => n === 'citation_doi')).toBe(false);
  });
  it('JSON-LD identifier and sameAs carry the DOI', () => {
    const ld = articleJsonLd(a, j, { page: 'https://j.org/a' });
    expect(ld.identifier).toEqual({ '@type': 'PropertyValue', propertyID: 'DOI', value: '10.12345/x.1' });
    expect(ld.sameAs).toBe('https://doi.org/10.12345/x.1');
    expect(articleJsonLd({ ...a, doi: undefined }, j, {})).not.toHaveProperty('identifier');
  });
});

import { XMLValidator } from 'fast-xml-parser';
import { buildSitemaps, sitemapIndex } from '../src/seo/sitemap';
import { parseRange } from '../src/files/asset.routes';
import { citationDate } from '@journal/contracts';
import { searchText } from '../src/shared/text';
import { normaliseKeyword } from '../src/search/search-keyword';

describe('sitemap splitting', () => {
  const urls = Array.from({ length: 1000 }, (_, i) => ({ loc: `http://x.test/archives/2026/vol1/issue1/${i}?a=1&b=<2>`, lastmod: '2026-01-01' }));
  test('one file within the limits, escaped and well-formed', () => {
    const files = buildSitemaps(urls);
    expect(files).toHaveLength(1);
    expect(XMLValidator.validate(files[0]!)).toBe(true);
    expect(files[0]).toContain('&amp;b=&lt;2&gt;');
  });
  test('split by URL count and by bytes', () => {
    expect(buildSitemaps(urls, { maxUrls: 300, maxBytes: 10_000_000 })).toHaveLength(4);
    const byBytes = buildSitemaps(urls, { maxUrls: 50_000, maxBytes: 20_000 });
    expect(byBytes.length).toBeGreaterThan(1);
    for (const f of byBytes) {
      expect(Buffer.byteLength(f)).toBeLessThanOrEqual(20_000);
      expect(XMLValidator.validate(f)).toBe(true);
    }
    expect(byBytes.join('').match(/<url>/g)).toHaveLength(1000);
    expect(XMLValidator.validate(sitemapIndex('http://x.test', 3))).toBe(true);
  });
});

describe('HTTP ranges', () => {
  test.each([
    ['bytes=0-4', 100, { start: 0, end: 4 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=50-1000', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=5-1', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, null],
    ['items=0-1', 100, null],
    [undefined, 100, null],
  ])('%s of %d', (h, size, want) => expect(parseRange(h, size)).toEqual(want));
});

describe('text helpers', () => {
  // decodeEntities and firstNumber are the contracts' rules, tested there (packages/contracts/test/rules.test.ts).
  test('search text, keywords', () => {
    expect(searchText(['&lt;i&gt;E. Coli&lt;/i&gt;', 'A,  B', undefined])).toBe('e. coli \u0001 a, b \u0001');
    expect(normaliseKeyword('  Drip   IRRIGATION ')).toBe('drip irrigation');
    expect(normaliseKeyword(['a'])).toBe('');
    expect(normaliseKeyword('x'.repeat(10_000))).toHaveLength(200);
  });
  test('citation dates', () => {
    expect(citationDate('2026-05-15', 2026)).toBe('2026/05/15');
    expect(citationDate('15/5/2026', 2026)).toBe('2026/05/15');
    expect(citationDate('', 2026)).toBe('2026');
  });
});

import { publishedFileUrl } from '@journal/contracts';
import { buildSitemaps, type SitemapLimits, type SitemapUrl } from '../src/seo/sitemap';
import { pagePath } from '../src/seo/public-url';
import { buildSitemapIndex, FIXED_PAGES, patchSitemapIndex, sitemapFile, type SitemapChunk, type SitemapIssue } from '../src/views/sitemap-index';
import { parseIssueKey } from '../src/views/view-docs';

const ORIGIN = 'https://journal.example.org';

/** A listed issue of `n` articles, some without a PDF. */
function issue(year: number, no: number, n: number, day = 1): SitemapIssue {
  const key = { year, volume: year - 2000, issue: no };
  const a = Array.from({ length: n }, (_, i): [string, string, string] => {
    const ref = `${year}${no}${i}`;
    const pdf = i % 3 ? publishedFileUrl('', `/assets/archives/${year}/vol${key.volume}issue${no}/paper ${ref}.pdf?v=abc`) : '';
    return [pagePath.article({ ...key, refnumber: ref }), pdf, `${year}-01-${String(day).padStart(2, '0')}`];
  });
  return { k: `${year}/${key.volume}/${no}`, a, m: Date.parse(`${year}-01-${String(day).padStart(2, '0')}T10:00:00Z`) };
}

/** The files as the sitemap made them from every URL at once. */
function expected(issues: SitemapIssue[], limits: SitemapLimits): string[] {
  const urls: SitemapUrl[] = FIXED_PAGES.map((p) => ({ loc: ORIGIN + p }));
  for (const s of issues) {
    urls.push({ loc: ORIGIN + pagePath.issue(parseIssueKey(s.k)!) });
    for (const [page, pdf, lastmod] of s.a) {
      urls.push({ loc: ORIGIN + page, lastmod });
      if (pdf) urls.push({ loc: ORIGIN + pdf, lastmod });
    }
  }
  return buildSitemaps(urls, limits);
}

function stored(issues: SitemapIssue[], max: number) {
  const { dir, chunks } = buildSitemapIndex(issues, max);
  let reads = 0;
  const load = (c: number): Promise<SitemapChunk> => {
    reads++;
    return Promise.resolve(chunks.get(c) ?? { issues: [] });
  };
  return { dir, chunks, load, reads: () => reads };
}

async function filesOf(ix: ReturnType<typeof stored>, limits: SitemapLimits): Promise<string[]> {
  const { count } = await sitemapFile(ix.dir, ix.load, ORIGIN, limits);
  const out: string[] = [];
  for (let n = 1; n <= count; n++) out.push((await sitemapFile(ix.dir, ix.load, ORIGIN, limits, n)).file!);
  return out;
}

// Newest first, as the archive lists them.
const issues = [2024, 2023, 2022, 2021].flatMap((y) => [4, 3, 2, 1].map((no) => issue(y, no, 3 + ((y + no) % 7))));

describe('the stored sitemap index', () => {
  test.each([
    ['one file', { maxUrls: 50_000, maxBytes: 5 * 1024 * 1024 }],
    ['split by URLs', { maxUrls: 9, maxBytes: 5 * 1024 * 1024 }],
    ['split by bytes', { maxUrls: 50_000, maxBytes: 1500 }],
    ['split by both', { maxUrls: 13, maxBytes: 1800 }],
  ] as const)('makes the files the whole list makes: %s', async (_name, limits) => {
    expect(await filesOf(stored(issues, 10), limits)).toEqual(expected(issues, limits));
  });

  test('a file reads the chunks it lists and those where earlier files end, not the index', async () => {
    const many = Array.from({ length: 200 }, (_, i) => issue(2100 - Math.floor(i / 4), 4 - (i % 4), 20));
    const ix = stored(many, 100);
    const limits = { maxUrls: 500, maxBytes: 5 * 1024 * 1024 };
    const { count } = await sitemapFile(ix.dir, ix.load, ORIGIN, limits);
    expect(count).toBeGreaterThan(10);
    const before = ix.reads();
    await sitemapFile(ix.dir, ix.load, ORIGIN, limits, 2);
    // File 2 spans about 5 chunks of 5 issues; each earlier or later file boundary reads one.
    expect(ix.reads() - before).toBeLessThanOrEqual(6 + count);
    expect(ix.dir.chunks.length).toBe(40);
  });

  test('issues replaced, added and removed keep the files those of the list as it is now', async () => {
    const ix = stored(issues, 10);
    const now = new Map(issues.map((s) => [s.k, s]));
    const steps: [string, SitemapIssue | null][] = [
      ['2025/25/1', issue(2025, 1, 12, 3)],
      ['2022/22/3', issue(2022, 3, 9, 5)],
      ['2023/23/2', null],
      ['2021/21/1', null],
      ['2020/20/9', issue(2020, 9, 2)],
      ['2024/24/4', issue(2024, 4, 15, 7)],
    ];
    for (const [k, s] of steps) {
      const { put, drop } = await patchSitemapIndex(ix.dir, ix.load, new Map([[k, s]]), 10);
      for (const [c, ch] of put) ix.chunks.set(c, ch);
      for (const c of drop) ix.chunks.delete(c);
      if (s) now.set(k, s);
      else now.delete(k);
    }
    const list = [...now.values()].sort((x, y) => {
      const [a, b] = [parseIssueKey(x.k)!, parseIssueKey(y.k)!];
      return b.year - a.year || b.volume - a.volume || b.issue - a.issue;
    });
    for (const limits of [{ maxUrls: 50_000, maxBytes: 5 * 1024 * 1024 }, { maxUrls: 11, maxBytes: 1700 }]) {
      expect(await filesOf(ix, limits)).toEqual(expected(list, limits));
    }
  });
});

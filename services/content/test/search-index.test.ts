import { searchText } from '../src/shared/text';
import { etagOf } from '../src/views/view-cache';
import { jsonList as listBytes, type CorpusArticle } from '../src/public/public.service';
import { normaliseKeyword } from '../src/search/search-keyword';
import { SearchIndex } from '../src/search/search-index';

/** The answer the index must give: the plain scan of every search text. */
const scan = (hay: string[], k: string, max: number) => hay.flatMap((h, i) => (h.includes(k) ? [i] : [])).slice(0, max);

const WORDS = ['drip', 'irrigation', 'yield', 'wheat', 'soil', 'nitrogen', 'randomised', 'block', 'verma', 'priya', 'kumar', 'x-ray', '12.5%', 'δ-toxin', 'co2'];
function corpus(n: number, seed = 7): string[] {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  return Array.from({ length: n }, (_, i) => {
    const words = Array.from({ length: 5 + Math.floor(rnd() * 30) }, () => WORDS[Math.floor(rnd() * WORDS.length)]!);
    return searchText([`Study ${i} of <i>${words[0]}</i>`, `${words[1]} A., ${words[2]} B.`, words.slice(3, 6).join(', '), `<p>${words.join(' ')}</p>`]);
  });
}

describe('public search index', () => {
  const hay = corpus(1500);
  const index = SearchIndex.buildNow(hay);

  it('answers what scanning every text answers: words, parts of words, phrases, across fields and punctuation', () => {
    const keywords = [
      'drip', 'rip', 'irrigation yield', 'gation yie', 'study 12', 'study 12 of', 'verma a.', 'a., ', '12.5%', 'δ-tox', 'x-ray', 'co2',
      's', 'i', 'of drip', ', wheat', 'nothing here', 'wheatwheat', 'study 1499 of', 'study', '\u0001', 'drip \u0001 verma',
    ].map(normaliseKeyword);
    for (const k of keywords) {
      for (const max of [1000, 5]) expect({ k, max, hits: index.search(k, max) }).toEqual({ k, max, hits: scan(hay, k, max) });
    }
  });

  it('answers what scanning answers for pieces of the texts themselves: parts of words, across spaces and fields', () => {
    let s = 11;
    const rnd = (n: number) => (s = (s * 1103515245 + 12345) & 0x7fffffff) % n;
    for (let k = 0; k < 400; k++) {
      const text = hay[rnd(hay.length)]!;
      const from = rnd(text.length);
      const keyword = normaliseKeyword(text.slice(from, from + 1 + rnd(24)));
      if (!keyword) continue;
      expect({ keyword, hits: index.search(keyword, 1000) }).toEqual({ keyword, hits: scan(hay, keyword, 1000) });
    }
  });

  it('answers the same when asked again after other keywords: the unions it keeps and its scratch array leave no trace', () => {
    const keywords = ['i', 'rip', 'at', 'gation yie', 'o', 'ee', 'study 1 of', 'a'].map(normaliseKeyword);
    const first = keywords.map((k) => index.search(k, 1000));
    for (let round = 0; round < 3; round++) {
      for (const [n, k] of [...keywords].reverse().entries()) expect({ k, hits: index.search(k, 1000) }).toEqual({ k, hits: first[keywords.length - 1 - n] });
    }
    for (const [n, k] of keywords.entries()) expect({ k, hits: first[n] }).toEqual({ k, hits: scan(hay, k, 1000) });
  });

  it('answers nothing for an empty keyword', () => {
    expect(index.search('', 1000)).toEqual([]);
  });

  it('builds the same index a slice at a time, and gives up when its corpus is replaced', async () => {
    const sliced = await SearchIndex.build(hay, () => false, 100);
    expect(sliced!.search('irrigation', 1000)).toEqual(index.search('irrigation', 1000));
    let calls = 0;
    expect(await SearchIndex.build(hay, () => ++calls > 2, 100)).toBeNull();
  });
});

describe('public list answers', () => {
  // The answer as the public cache keeps it: the bytes and the ETag made from them.
  const jsonList = (list: CorpusArticle[]) => {
    const body = listBytes(list);
    return { body, etag: etagOf(body) };
  };
  const entry = (n: number, title = `Study ${n}`): CorpusArticle => ({
    id: `id${n}`, year: 2024, volume: 5, issue: 1, frequency: 'monthly', refnumber: String(100 + n), title, authorname: 'Rao P.', keywords: 'soil',
    pagenumber: '1-4', pageStart: 1, pageEnd: 4, subject: 'Soil', country: 'India', file: '', pdf_url: null, publishdate: '2024-06-01', doi: '', modification: 'x',
  });

  it('is the summaries as JSON, and its ETag is the same for the same entries on another replica and changes with any entry', () => {
    const list = [entry(1), entry(2), entry(3)];
    const a = jsonList(list);
    expect(JSON.parse(a.body.toString())).toEqual(list.map(({ modification: _m, ...s }) => s));
    // Another replica holds equal entries as objects of its own.
    expect(jsonList([entry(1), entry(2), entry(3)]).etag).toBe(a.etag);
    expect(jsonList([entry(1), entry(2, 'Study 2 edited'), entry(3)]).etag).not.toBe(a.etag);
    expect(jsonList([entry(1), entry(3), entry(2)]).etag).not.toBe(a.etag);
    expect(jsonList([entry(1), entry(2)]).etag).not.toBe(a.etag);
    expect(jsonList([]).body.toString()).toBe('[]');
    expect(jsonList([]).etag).not.toBe(jsonList([entry(1)]).etag);
  });
});

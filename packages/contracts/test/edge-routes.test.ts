import { EDGE_ROUTES, edgeArg, edgeParamsOf, edgeQuery, edgeTarget } from '../src/edge-routes';

/** What readers' links add: none of it is read by any route. */
const TRACKING = 'fbclid=IwAR0x&utm_source=newsletter&utm_medium=email&utm_campaign=may&gclid=Cj0K&_ga=1.2&unknown=x&empty=';

describe('the route table', () => {
  test('every route lists its parameters sorted, lower case, once', () => {
    for (const r of EDGE_ROUTES) {
      expect([...r.params].sort()).toEqual(r.params);
      expect(new Set(r.params).size).toBe(r.params.length);
      for (const p of r.params) expect(p).toMatch(/^[a-z0-9_]+$/);
      expect(r.pattern.startsWith('^') && r.pattern.endsWith('$')).toBe(true);
    }
  });

  test.each([
    ['/api/search', ['keyword']],
    ['/api/search/', ['keyword']],
    ['/search', ['keyword']],
    ['/search/', ['keyword']],
    ['/pdf', ['refno']],
    ['/submit', ['error', 'field']],
    ['/submission', ['done', 'error', 'field']],
    ['/submission/AbC_12', ['done', 'error', 'field']],
    ['/review/AbC_12', ['done', 'error']],
    ['/review', []],
    ['/', []],
    ['/archives', []],
    ['/archives/2024/vol1/issue1/IJ-1', []],
    ['/board', []],
    ['/api/settings/', []],
    ['/api/archives/2024/1/1', []],
    ['/api/archives/ref/IJ-1', []],
    ['/sitemap.xml', []],
    ['/feed.atom', []],
    // A path spelt otherwise (encoded, doubled slash) is not the route's: it reads nothing.
    ['/s%65arch', []],
    ['//search', []],
    ['/search/x', []],
    ['/searching', []],
  ])('%s reads %j', (path, params) => {
    expect(edgeParamsOf(path)).toEqual(params);
  });
});

describe("nginx's $arg_<name>", () => {
  test.each([
    ['keyword=a', 'a'],
    ['x=1&keyword=a+b%20c', 'a+b%20c'],
    ['KEYWORD=a', 'a'],
    ['Keyword=a&keyword=b', 'a'],
    ['keyword=a&keyword=b', 'a'],
    ['xkeyword=a&keyword=b', 'b'],
    ['keyword', ''],
    ['keyword=', ''],
    ['keywords=a', ''],
    ['x=keyword=a', ''],
    ['a;keyword=b', ''],
    ['keyword=%zz%', '%zz%'],
    ['', ''],
  ])('%s → %j', (query, value) => {
    expect(edgeArg(query, 'keyword')).toBe(value);
  });
});

describe('the canonical query of each route', () => {
  test.each([
    // Tracking, unknown and empty parameters and their order leave the key.
    ['/archives/2024/vol1/issue1/IJ-1', TRACKING, ''],
    ['/', TRACKING, ''],
    ['/api/settings/', TRACKING, ''],
    ['/search', `${TRACKING}&keyword=cells`, '?keyword=cells'],
    ['/search', `keyword=cells&${TRACKING}`, '?keyword=cells'],
    ['/search', `keyword=&${TRACKING}`, ''],
    ['/api/search/', `utm_source=x&keyword=cells`, '?keyword=cells'],
    ['/pdf', `fbclid=1&refno=IJ-9`, '?refno=IJ-9'],
    ['/submit', `field=title&fbclid=1&error=missing`, '?error=missing&field=title'],
    ['/submission/tok', `error=x&done=submitted&utm_source=y`, '?done=submitted&error=x'],
  ])('%s?%s', (path, query, canonical) => {
    expect(edgeQuery(path, query)).toBe(canonical);
  });

  test('a parameter repeated a thousand times: the first', () => {
    expect(edgeQuery('/search', Array.from({ length: 1000 }, (_, i) => `keyword=k${i}`).join('&'))).toBe('?keyword=k0');
    expect(edgeQuery('/board', 'utm_source=x&'.repeat(1000))).toBe('');
  });

  test('a target keeps its raw path', () => {
    expect(edgeTarget('/archives/2024/vol1/issue1/IJ%2D1?fbclid=1')).toBe('/archives/2024/vol1/issue1/IJ%2D1');
    expect(edgeTarget('/search?utm_source=a&keyword=%E0%A4%95')).toBe('/search?keyword=%E0%A4%95');
    expect(edgeTarget('/search')).toBe('/search');
    expect(edgeTarget('/?')).toBe('/');
  });
});

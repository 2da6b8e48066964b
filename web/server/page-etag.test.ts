import { hydration, pageEtag } from './page-etag';

const site = { origin: 'http://localhost:8080' };
const article = (title: string) => ({ refnumber: '1019', title, year: 2026 });
const etagOf = (reads: [string, unknown][], opts: { href?: string; status?: number; build?: string; errors?: unknown } = {}) =>
  pageEtag(opts.build ?? 'b1', opts.status ?? 200, opts.href ?? 'http://localhost:8080/archives/2026/vol7/issue4/1019', hydration(site, reads, (opts.errors ?? null) as never).digest);

describe('a page ETag taken from what the page is rendered from', () => {
  const key = '["public","article","1019"]';

  test('the same answers give the same ETag, whether or not they are the same objects', () => {
    expect(etagOf([[key, article('Neem')]])).toBe(etagOf([[key, article('Neem')]]));
  });

  test('a changed answer, another URL, status, build or error changes it', () => {
    const base = etagOf([[key, article('Neem')]]);
    const others = [
      etagOf([[key, article('Neem extracts')]]),
      etagOf([[key, article('Neem')], ['["public","settings"]', { websitename: 'J' }]]),
      etagOf([[key, article('Neem')]], { href: 'http://chem.localhost:8080/archives/2026/vol7/issue4/1019' }),
      etagOf([[key, article('Neem')]], { status: 404 }),
      etagOf([[key, article('Neem')]], { build: 'b2' }),
      etagOf([[key, article('Neem')]], { errors: { root: { __type: 'RouteErrorResponse', status: 404, statusText: 'Not Found' } } }),
    ];
    expect(new Set([base, ...others]).size).toBe(others.length + 1);
    for (const e of [base, ...others]) expect(e).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
  });

  test('the payload is the JSON the browser reads back, escaped for a script element', () => {
    const reads: [string, unknown][] = [[key, article('</script><b>x</b>')], ['["public","search","x"]', null]];
    const { json } = hydration(site, reads, null);
    expect(json).not.toMatch(/<\/script/i);
    expect(JSON.parse(json)).toEqual({ site, reads, errors: null });
  });
});

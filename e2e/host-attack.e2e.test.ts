/**
 * One host per request, tried as an attacker would against the whole stack behind nginx: for every
 * location nginx caches (API reads, pages, assets) and every one that writes absolute URLs (feeds,
 * sitemap, robots, OAI, citation files), requests with absolute-form targets naming another
 * journal, mixed case, trailing dots, ports and unknown hosts; after each, both journals are read
 * normally and must give exactly their own answers, with no absolute URL carrying the attacker's
 * host or port. fetch cannot send an absolute-form target, so requests go on a raw socket.
 */
import net from 'node:net';
import { E2E } from './e2e.config';
import { DEMO_USER } from './harness';

const PORT = E2E.nginxPort;
const JOURNALS = { demo: 'localhost', chem: 'chem.localhost' } as const;
type Slug = keyof typeof JOURNALS;
const ORIGIN: Record<Slug, string> = { demo: `http://localhost:${PORT}`, chem: `http://chem.localhost:${PORT}` };
/** Ports an attacker puts in its Host header or target; none may appear in any answer. */
const EVIL_PORTS = ['9999', '1234'];
/**
 * The attacker's host and ports as an answer would carry them: as a host name, not as letters or
 * digits anywhere (a file's `?v=` content hash is random base64url and may spell "evil").
 */
const ATTACKER_HOST = /evil\.localhost/i;
const hostWithPort = (port: string) => new RegExp(`(localhost|127\\.0\\.0\\.1)\\.?:${port}(?![0-9])`, 'i');

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request on its own connection, `target` sent as it is (origin- or absolute-form). */
function raw(target: string, host: string | null, method = 'GET', extra: { headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(PORT, '127.0.0.1');
    const chunks: Buffer[] = [];
    sock.setTimeout(30_000, () => sock.destroy(new Error(`no answer for ${target} on ${host}`)));
    sock.on('connect', () => {
      const body = extra.body ?? '';
      const more = Object.entries({ ...extra.headers, ...(extra.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }) }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
      sock.write(`${method} ${target} HTTP/1.1\r\n${host === null ? '' : `Host: ${host}\r\n`}User-Agent: host-attack\r\n${more}Connection: close\r\n\r\n${body}`);
    });
    sock.on('data', (c: Buffer) => chunks.push(c));
    sock.on('error', reject);
    sock.on('end', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const [statusLine, ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers: Record<string, string> = {};
      for (const l of lines) {
        const i = l.indexOf(':');
        const k = l.slice(0, i).trim().toLowerCase();
        headers[k] = headers[k] === undefined ? l.slice(i + 1).trim() : `${headers[k]}, ${l.slice(i + 1).trim()}`;
      }
      let body: Buffer = all.subarray(split + 4);
      if (/chunked/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body);
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('latin1') });
    });
  });
}

function dechunk(b: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = b.indexOf('\r\n', at);
    const size = parseInt(b.subarray(at, eol).toString('latin1'), 16);
    if (!size) return Buffer.concat(out);
    out.push(b.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** A normal read of a journal, as a browser on the journal's own origin sends it. */
const read = (slug: Slug, path: string) => raw(path, `${JOURNALS[slug]}:${PORT}`);

/**
 * The journal's change number (docs/product.md#publishing-status): it moves with every write of
 * the journal, so an answer that differs from the baseline while it has not moved was not made by
 * a write. The other browser suites share this stack and may write either journal meanwhile.
 */
const tokens: Partial<Record<Slug, string>> = {};
async function changeNumber(slug: Slug): Promise<number> {
  if (!tokens[slug]) {
    const login = await raw('/auth/login/', `${JOURNALS[slug]}:${PORT}`, 'POST', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: DEMO_USER.name, password: DEMO_USER.password }),
    });
    if (login.status !== 200) throw new Error(`login on ${slug} answered ${login.status}: ${login.body.slice(0, 200)}`);
    tokens[slug] = (JSON.parse(login.body) as { token: string }).token;
  }
  const r = await raw('/api/admin/edge-status', `${JOURNALS[slug]}:${PORT}`, 'GET', { headers: { Authorization: `Bearer ${tokens[slug]}`, Accept: 'application/json' } });
  if (r.status !== 200) throw new Error(`edge status of ${slug} answered ${r.status}: ${r.body.slice(0, 200)}`);
  return (JSON.parse(r.body) as { published: number }).published;
}

/** Every absolute URL naming one of our hosts (or the attacker's) must be the journal's origin. */
function foreignUrls(slug: Slug, body: string): string[] {
  const urls = body.match(/https?:\/\/[^\s"'<>\\)]+/g) ?? [];
  return urls.filter((u) => /localhost|127\.0\.0\.1|evil/i.test(u) && !u.startsWith(`${ORIGIN[slug]}/`) && u !== ORIGIN[slug]);
}

/** The locations under attack, for one journal: what nginx caches and what writes absolute URLs. */
async function locationsOf(slug: Slug): Promise<string[]> {
  const settings = JSON.parse((await read(slug, '/api/settings/')).body) as { asset_urls: Record<string, string> };
  const years = JSON.parse((await read(slug, '/api/archives/')).body) as { year: number; issues: { volume: number; issue: number }[] }[];
  const y = years[0]!;
  const i = y.issues[0]!;
  const issue = `/api/archives/${y.year}/vol${i.volume}/issue${i.issue}`;
  const articles = JSON.parse((await read(slug, issue)).body) as { refnumber: string; pdf_url: string | null }[];
  const a = articles.find((x) => x.pdf_url) ?? articles[0]!;
  const page = `/archives/${y.year}/vol${i.volume}/issue${i.issue}/${a.refnumber}`;
  return [
    '/api/settings/', '/api/editors/', '/api/indexing/', '/api/archives/', issue, `/api/archives/ref/${a.refnumber}`, '/api/search?q=the',
    '/', '/archives', '/board', '/contact', page, `/archives/${y.year}/vol${i.volume}/issue${i.issue}`, '/no-such-page',
    ...Object.values(settings.asset_urls).slice(0, 2), ...(a.pdf_url ? [a.pdf_url] : []),
    '/feed.atom', '/feed.rss', '/sitemap.xml', '/robots.txt', '/oai?verb=Identify', `/oai?verb=ListRecords&metadataPrefix=oai_dc`,
    `/api/archives/ref/${a.refnumber}/cite.bib`, `/api/archives/ref/${a.refnumber}/cite.json`,
  ];
}

/** The attacks on one location: [what, target, Host header, expected status (null: the normal one)]. */
function attacks(victim: Slug, attacker: Slug, path: string): [string, string, string | null, number | null][] {
  const v = JOURNALS[victim];
  const a = JOURNALS[attacker];
  return [
    ['absolute target of the victim, attacker Host', `http://${v}${path}`, a, 400],
    ['absolute target of the victim with a port, attacker Host with ours', `http://${v}:${PORT}${path}`, `${a}:${PORT}`, 400],
    ['absolute target in capitals with a trailing dot, attacker Host', `http://${v.toUpperCase()}.${path}`, a, 400],
    ['absolute target of an unknown host, victim Host', `http://evil.localhost${path}`, v, 400],
    ['absolute target of the victim, no Host', `http://${v}${path}`, null, 400],
    ['absolute target and Host of the victim on another port', `http://${v}:9999${path}`, `${v}:9999`, null],
    ['mixed-case Host', path, v.replace(/^./, (c) => c.toUpperCase()).replace('localhost', 'LocalHost'), null],
    ['Host with a trailing dot', path, `${v}.`, null],
    ['Host with another port', path, `${v}:1234`, null],
    ['unknown host', path, 'evil.localhost', 404],
    ['unknown host with the port of ours', `http://evil.localhost:${PORT}${path}`, `evil.localhost:${PORT}`, 404],
  ];
}

/** What makes an answer this answer: status, redirect target and bytes (OAI's response time aside). */
const identity = (r: Raw) => `${r.status} ${r.headers.location ?? ''}\n${r.body.replace(/<responseDate>[^<]*<\/responseDate>/, '')}`;

const baseline = new Map<string, Raw>();
const key = (slug: Slug, path: string) => `${slug} ${path}`;
const locations: Record<Slug, string[]> = { demo: [], chem: [] };
/** Each journal's change number, read before its baseline. */
const numberAtBaseline: Partial<Record<Slug, number>> = {};

beforeAll(async () => {
  for (const slug of Object.keys(JOURNALS) as Slug[]) {
    numberAtBaseline[slug] = await changeNumber(slug);
    locations[slug] = await locationsOf(slug);
    for (const p of locations[slug]) baseline.set(key(slug, p), await read(slug, p));
  }
}, 120_000);

/** The answer's identity: the same status and bytes as before any attack. */
const same = (a: Raw, b: Raw) => ({ status: a.status, location: a.headers.location, length: a.body.length, etag: a.headers.etag, body: a.body === b.body });

/**
 * Why an answer that differs from the journal's baseline is not the journal's own (null: it is).
 * Bytes no write explains are what the attack (or a cache) put there. Once another suite has
 * written the journal (its change number moved), an answer may be new, but it is still the
 * journal's own: the baseline's status, no foreign host or port, and not the other journal's answer.
 */
async function notOwn(slug: Slug, p: string, answer: Raw): Promise<Record<string, unknown> | null> {
  const before = baseline.get(key(slug, p))!;
  if (identity(answer) === identity(before)) return null;
  if ((await changeNumber(slug)) === numberAtBaseline[slug]) return { now: same(answer, before), cache: answer.headers['x-cache'] };
  const other: Slug = slug === 'demo' ? 'chem' : 'demo';
  const theirs = locations[other].includes(p) ? await read(other, p) : null;
  const text = `${answer.headers.location ?? ''} ${answer.body}`;
  const foreign = foreignUrls(slug, text);
  const ports = EVIL_PORTS.filter((port) => hostWithPort(port).test(text));
  const othersAnswer = theirs !== null && identity(theirs) === identity(answer);
  if (answer.status === before.status && !foreign.length && !ports.length && !ATTACKER_HOST.test(answer.body) && !othersAnswer) return null;
  return { changedMeanwhile: true, now: same(answer, before), foreign, ports, othersAnswer };
}

describe('the baseline', () => {
  it('gives each journal its own answers, every absolute URL on its own origin', () => {
    const chemSettings = JSON.parse(baseline.get(key('chem', '/api/settings/'))!.body) as { slug: string };
    const demoSettings = JSON.parse(baseline.get(key('demo', '/api/settings/'))!.body) as { slug: string };
    expect([demoSettings.slug, chemSettings.slug]).toEqual(['demo', 'chem']);
    for (const slug of Object.keys(JOURNALS) as Slug[]) {
      for (const p of locations[slug]) {
        const r = baseline.get(key(slug, p))!;
        // /archives sends the reader on to the newest issue.
        expect({ p, status: r.status }).toEqual({ p, status: p === '/no-such-page' ? 404 : p === '/archives' ? 302 : 200 });
        expect({ p, foreign: foreignUrls(slug, `${r.headers.location ?? ''} ${r.body}`) }).toEqual({ p, foreign: [] });
      }
    }
    // The sitemap really lists the journal's pages on its origin (the check above is not vacuous).
    expect(baseline.get(key('chem', '/sitemap.xml'))!.body).toContain(`<loc>${ORIGIN.chem}/archives`);
  });
});

describe.each([
  ['chem', 'demo'],
  ['demo', 'chem'],
] as const)('attacks on %s from %s', (victim, attacker) => {
  it('every attack on every location gets its refusal or the victim\'s own answer, and both journals still read as their own', async () => {
    const problems: unknown[] = [];
    for (const path of locations[victim]) {
      const own = baseline.get(key(victim, path))!;
      for (const [what, target, host, expected] of attacks(victim, attacker, path)) {
        const r = await raw(target, host);
        const status = expected ?? own.status;
        if (r.status !== status) problems.push({ path, what, status: r.status, expected: status });
        // Without a Host header nginx refuses the request itself, before any of our checks.
        if (r.status === 400 && host !== null && !/host_mismatch/.test(r.body)) problems.push({ path, what, body: r.body.slice(0, 200) });
        const differs = expected === null ? await notOwn(victim, path, r) : null;
        if (differs) problems.push({ path, what, differs });
        for (const port of EVIL_PORTS) if (hostWithPort(port).test(`${r.headers.location ?? ''} ${r.body}`)) problems.push({ path, what, carriesPort: port });
        const evil = r.body.search(ATTACKER_HOST);
        if (evil >= 0 && r.status === 200) {
          problems.push({ path, what, carriesHost: 'evil', around: r.body.slice(Math.max(0, evil - 120), evil + 40), cache: r.headers['x-cache'], type: r.headers['content-type'] });
        }
        // Within nginx's one-second cache: both journals still read as themselves.
        for (const slug of [victim, attacker] as Slug[]) {
          const p = locations[slug].includes(path) ? path : null;
          if (!p) continue;
          const now = await read(slug, p);
          const differs = await notOwn(slug, p, now);
          if (differs) problems.push({ after: what, read: slug, path: p, ...differs });
        }
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});

describe('alias hosts and the canonical URL', () => {
  it('an alias host of a journal answers 301 to the same path on its primary host', async () => {
    for (const path of ['/', '/api/settings/', '/sitemap.xml', '/archives?x=1']) {
      for (const host of ['127.0.0.1', `127.0.0.1:${PORT}`, '127.0.0.1:1234']) {
        const r = await raw(path, host);
        expect({ path, host, status: r.status, location: r.headers.location }).toEqual({ path, host, status: 301, location: `${ORIGIN.demo}${path}` });
      }
    }
  });

  it('every output names the canonical URL of an article, whatever Host port the client sent', async () => {
    const years = JSON.parse((await read('chem', '/api/archives/')).body) as { year: number; issues: { volume: number; issue: number }[] }[];
    const y = years[0]!;
    const i = y.issues[0]!;
    const articles = JSON.parse((await read('chem', `/api/archives/${y.year}/vol${i.volume}/issue${i.issue}`)).body) as { refnumber: string; pdf_url: string | null }[];
    const a = articles.find((x) => x.pdf_url)!;
    const path = `/archives/${y.year}/vol${i.volume}/issue${i.issue}/${a.refnumber}`;
    const canonical = `${ORIGIN.chem}${path}`;
    // Metadata names the PDF by its bare URL (docs/product.md#machine-readable-output).
    const pdf = `${ORIGIN.chem}${a.pdf_url!.split('?')[0]}`;
    for (const host of ['chem.localhost', `chem.localhost:${PORT}`, 'chem.localhost:1234', 'CHEM.localhost.:9999']) {
      const page = (await raw(path, host)).body;
      const meta = (name: string) => new RegExp(`<meta[^>]+(?:name|property)="${name}"[^>]+content="([^"]*)"`).exec(page)?.[1];
      expect({ host, canonical: /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1], og: meta('og:url'), abstract: meta('citation_abstract_html_url'), pdf: meta('citation_pdf_url') })
        .toEqual({ host, canonical, og: canonical, abstract: canonical, pdf: pdf.replace(/&/g, '&amp;') });
      const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)![1]!) as { url: string };
      expect(ld.url).toBe(canonical);
      const bib = (await raw(`/api/archives/ref/${a.refnumber}/cite.bib`, host)).body;
      expect(/url\s*=\s*\{([^}]+)\}/.exec(bib)?.[1]).toBe(canonical);
      const sitemap = (await raw('/sitemap.xml', host)).body;
      expect(sitemap).toContain(`<loc>${canonical}</loc>`);
      expect(sitemap).toContain(`<loc>${pdf.replace(/&/g, '&amp;')}</loc>`);
      const oai = (await raw('/oai?verb=ListRecords&metadataPrefix=oai_dc', host)).body;
      expect(oai).toContain(`<dc:identifier>${canonical}</dc:identifier>`);
      expect((await raw('/robots.txt', host)).body).toContain(`Sitemap: ${ORIGIN.chem}/sitemap.xml`);
      const feed = (await raw('/feed.atom', host)).body;
      expect(feed).toContain(`href="${ORIGIN.chem}/archives/`);
      expect(foreignUrls('chem', feed)).toEqual([]);
    }
  }, 120_000);
});

describe('what nginx keeps to itself', () => {
  it('refuses /metrics with 404 in any spelling, on every host', async () => {
    for (const path of ['/metrics', '/METRICS', '/metrics/', '//metrics', '/metrics?x=1']) {
      for (const host of ['localhost', 'chem.localhost', 'evil.localhost']) {
        const r = await raw(path, host);
        expect({ path, host, status: r.status, metrics: /process_cpu|http_request_duration/.test(r.body) }).toEqual({ path, host, status: 404, metrics: false });
      }
    }
  });

  it('sends Referrer-Policy once on every kind of answer', async () => {
    const paths = [...locations.chem, '/index.html', '/admin', '/static/nothing.js', '/metrics', '/api/nothing'];
    for (const path of paths) {
      const r = await read('chem', path);
      expect({ path, policy: r.headers['referrer-policy'] }).toEqual({ path, policy: 'strict-origin-when-cross-origin' });
    }
    const mismatch = await raw('http://chem.localhost/api/settings/', 'localhost');
    expect(mismatch.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

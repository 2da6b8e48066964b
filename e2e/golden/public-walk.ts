/**
 * Walks every public answer of the demo journals through nginx, the way readers and crawlers
 * reach them: the JSON API, the pages the render process serves, feeds, sitemaps, OAI-PMH,
 * citations, JATS, and a few bad inputs. The list is derived from the answers (the archive's
 * issues, each issue's articles, the sitemaps' URLs, OAI's identifiers), not written by hand,
 * so a journal with more data is walked the same way.
 *
 * Each answer is normalised for what legitimately differs between two seeds of the same demo
 * data: database ids (replaced by what they identify), file versions, the time of the seed and
 * of the answer, build hashes of the web assets.
 */
import http from 'node:http';
import { createHash } from 'node:crypto';

export interface Answer {
  status: number;
  type: string;
  /** A redirect's target. */
  location?: string;
  body: string;
}

export interface GoldenJournal {
  slug: string;
  /** The host readers use (`localhost`, `chem.localhost`). */
  host: string;
}

/** One GET through nginx with the journal's Host; redirects are recorded, not followed. */
export function getOnHost(port: number, host: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path, headers: { host: `${host}:${port}`, 'accept-encoding': 'identity' }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const type = String(res.headers['content-type'] ?? '');
        const raw = Buffer.concat(chunks);
        // Binary answers (PDFs, images) are kept as their hash: their bytes are not what views make.
        const textual = /json|xml|html|text|javascript|bibtex|research-info/i.test(type);
        resolve({
          status: res.statusCode ?? 0,
          type,
          ...(res.headers.location ? { location: String(res.headers.location) } : {}),
          body: textual ? raw.toString('utf8') : `<binary ${raw.length} bytes>`,
        });
      });
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer for ${host}${path}`)));
    req.on('error', reject);
  });
}

/** What differs between two seeds of the same data, and between two runs, replaced by stable labels. */
export class Normaliser {
  /** Database ids → what they identify (`article:1001`, `editor:2`). */
  readonly ids = new Map<string, string>();

  constructor(
    /** Times in this window are the seed's or the answer's own: replaced by `<now>`. */
    private readonly since: number,
    private readonly until: () => number,
    /** The stack's public port and the one the fixture was recorded on (absolute URLs carry it). */
    private readonly port?: { today: number; recorded: number },
  ) {}

  private inWindow(ms: number): boolean {
    return Number.isFinite(ms) && ms >= this.since && ms <= this.until();
  }

  text(s: string): string {
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const days = new Set([day(this.since), day(this.until())]);
    const port = this.port;
    const onPort = port && port.today !== port.recorded ? s.replace(new RegExp(`(localhost(?::|%3A))${port.today}\\b`, 'gi'), `$1${port.recorded}`) : s;
    return (
      onPort
        .replace(/\b[0-9a-f]{24}\b/g, (id) => this.ids.get(id) ?? '<id>')
        // File versions in asset URLs (`?v=…`), and their escaped forms in HTML and JSON.
        .replace(/([?&]|&amp;|\\u0026)v=[A-Za-z0-9_-]+/g, '$1v=<v>')
        // Build hashes of the web assets.
        .replace(/(\/(?:assets|static)\/[A-Za-z0-9_.-]+?)-[A-Za-z0-9_-]{8}\.(js|css|woff2?|png|svg)/g, '$1.$2')
        .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?/g, (t) => (this.inWindow(Date.parse(t)) ? '<now>' : t))
        .replace(/\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} (?:GMT|[+-]\d{4})/g, (t) => (this.inWindow(Date.parse(t)) ? '<now>' : t))
        .replace(/\b1\d{12}\b/g, (t) => (this.inWindow(Number(t)) ? '<now>' : t))
        .replace(/\b\d{4}-\d{2}-\d{2}\b/g, (d) => (days.has(d) ? '<today>' : d))
    );
  }

  /** A page: the render's markup, without the parts a build, a request or the clock makes (nonces, the copyright's year). */
  page(s: string): string {
    return this.text(s)
      .replace(/ nonce="[^"]*"/g, '')
      .replace(/(©\s*(?:<!-- -->)?)\d{4}/g, '$1<year>');
  }
}

export interface WalkResult {
  answers: Map<string, Answer>;
}

const json = <T>(a: Answer): T | null => {
  if (a.status !== 200 || !/json/.test(a.type)) return null;
  try {
    return JSON.parse(a.body) as T;
  } catch {
    return null;
  }
};

const idOf = (x: Record<string, unknown>): string | undefined => (typeof x.id === 'string' ? x.id : typeof x._id === 'string' ? x._id : undefined);

/** A few words readers search for: one from each of the first titles, and edge cases. */
function searchWords(titles: string[]): string[] {
  const words = new Set<string>();
  for (const t of titles.slice(0, 4)) {
    const w = t
      .replace(/<[^>]+>/g, ' ')
      .split(/[^A-Za-z]+/)
      .filter((x) => x.length > 4)
      .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0];
    if (w) words.add(w.toLowerCase());
  }
  const first = [...words][0];
  return [...words, ...(first ? [first.toUpperCase(), `${first} ${[...words][1] ?? ''}`.trim()] : []), '', 'zzqxnotaword', 'a'];
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const pathOf = (url: string) => {
  const u = new URL(url, 'http://x');
  return `${u.pathname}${u.search}`;
};

/**
 * Every public answer of one journal, keyed by a stable name (`demo GET /api/archives/ref/1001`;
 * paths that carry a database id name what it identifies instead).
 */
export async function walkJournal(
  get: (path: string) => Promise<Answer>,
  j: GoldenJournal,
  norm: Normaliser,
  out: Map<string, Answer>,
  /** Articles no list may name (withdrawn ones), by reference and id. */
  known: { ref: string; id: string }[] = [],
): Promise<void> {
  for (const k of known) norm.ids.set(k.id, `article:${k.ref}`);
  const seen = new Set<string>();
  const take = async (path: string, key = path, page = false): Promise<Answer> => {
    const a = await get(path);
    if (!seen.has(key)) {
      seen.add(key);
      out.set(`${j.slug} GET ${norm.text(key)}`, {
        status: a.status,
        type: a.type.replace(/\s+/g, ''),
        ...(a.location ? { location: norm.text(a.location.replace(/^https?:\/\/[^/]+/, '')) } : {}),
        body: page ? norm.page(a.body) : norm.text(a.body),
      });
    }
    return a;
  };

  // The journal itself, its board and indexing.
  await take('/api/settings');
  const editors = json<Record<string, unknown>[]>(await get('/api/editors')) ?? [];
  editors.forEach((e, i) => {
    const id = idOf(e);
    if (id) norm.ids.set(id, `editor:${i}`);
  });
  await take('/api/editors');
  for (const e of editors) {
    const id = idOf(e);
    if (id) await take(`/api/editors/${id}`, `/api/editors/${norm.ids.get(id)}`);
  }
  await take('/api/indexing');

  // The archive: every issue it lists, every article of each.
  const years = json<{ year: number; issues: { volume: number; issue: number }[] }[]>(await take('/api/archives')) ?? [];
  const issues = years.flatMap((y) => y.issues.map((i) => ({ year: y.year, volume: i.volume, issue: i.issue })));
  const articles: { id?: string; refnumber: string; title: string }[] = [];
  /** Each PDF's link as the issue lists give it to readers (with its version), by its bare path. */
  const readerLinks = new Map<string, string>();
  for (const i of issues) {
    const list = json<Record<string, unknown>[]>(await get(`/api/archives/${i.year}/${i.volume}/${i.issue}`)) ?? [];
    for (const a of list) {
      const ref = String(a.refnumber ?? '');
      const id = idOf(a);
      if (id) norm.ids.set(id, `article:${ref}`);
      articles.push({ id, refnumber: ref, title: String(a.title ?? '') });
      if (typeof a.pdf_url === 'string') readerLinks.set(a.pdf_url.split('?')[0]!, a.pdf_url);
    }
    await take(`/api/archives/${i.year}/${i.volume}/${i.issue}`);
  }

  // Sitemaps and OAI also name what the archive does not list (withdrawn articles).
  const sitemap = await take('/sitemap.xml');
  const sitemapUrls: string[] = [];
  for (const loc of locsOf(sitemap.body)) {
    const p = pathOf(loc);
    if (/^\/sitemap-\d+\.xml$/.test(p)) sitemapUrls.push(...locsOf((await take(p)).body));
    else sitemapUrls.push(loc);
  }
  await take('/robots.txt');
  await take('/feed.atom');
  await take('/feed.rss');

  const oai = (q: string) => take(`/oai?${q}`);
  await oai('verb=Identify');
  const formats = [...(await oai('verb=ListMetadataFormats')).body.matchAll(/<metadataPrefix>([^<]+)<\/metadataPrefix>/g)].map((m) => m[1]!);
  await oai('verb=ListSets');
  const identifiers: string[] = [];
  for (const verb of ['ListIdentifiers', 'ListRecords']) {
    for (const f of formats) {
      let a = await oai(`verb=${verb}&metadataPrefix=${encodeURIComponent(f)}`);
      for (let n = 0; n < 100; n++) {
        if (verb === 'ListIdentifiers') identifiers.push(...[...a.body.matchAll(/<identifier>([^<]+)<\/identifier>/g)].map((m) => m[1]!));
        const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(a.body)?.[1];
        if (!token) break;
        a = await oai(`verb=${verb}&resumptionToken=${encodeURIComponent(token)}`);
      }
    }
  }
  for (const id of [...new Set(identifiers)]) for (const f of formats) await oai(`verb=GetRecord&identifier=${encodeURIComponent(id)}&metadataPrefix=${encodeURIComponent(f)}`);
  await oai('verb=NoSuchVerb');
  await oai('verb=GetRecord&identifier=oai:nowhere:1&metadataPrefix=oai_dc');

  // Every article: by reference, by id, its citations, JATS and usage. Withdrawn articles the
  // sitemap or OAI name (by reference) are read the same way.
  const refs = new Set([...articles.map((a) => a.refnumber), ...known.map((k) => k.ref)]);
  for (const u of sitemapUrls) {
    const m = /\/archives\/[^/]+\/[^/]+\/[^/]+\/([^/?#]+)$/.exec(pathOf(u));
    if (m) refs.add(decodeURIComponent(m[1]!));
  }
  for (const id of identifiers) {
    const m = /[:/](\d+)$/.exec(id);
    if (m) refs.add(m[1]!);
  }
  for (const ref of [...refs].sort()) {
    await take(`/api/archives/ref/${encodeURIComponent(ref)}`);
    for (const f of ['cite.bib', 'cite.ris', 'cite.json', 'jats.xml', 'stats']) await take(`/api/archives/ref/${encodeURIComponent(ref)}/${f}`);
  }
  const ids = new Set([...articles.flatMap((a) => (a.id ? [a.id] : [])), ...known.map((k) => k.id)]);
  for (const id of ids) await take(`/api/archives/${id}`, `/api/archives/${norm.ids.get(id)}`);

  for (const w of searchWords(articles.map((a) => a.title))) {
    await take(`/api/search?keyword=${encodeURIComponent(w)}`);
    await take(`/search?keyword=${encodeURIComponent(w)}`, undefined, true);
  }

  // Bad input: answered as before (not found, empty), never a 500.
  for (const p of [
    '/api/archives/ref/99999999',
    '/api/archives/ref/%3Cscript%3E',
    '/api/archives/2099/1/1',
    '/api/archives/abc/def/ghi',
    '/api/archives/000000000000000000000000',
    '/api/editors/000000000000000000000000',
    '/api/editors/not-an-id',
    '/api/archives/ref/99999999/cite.bib',
    '/api/archives/ref/99999999/jats.xml',
    '/sitemap-99.xml',
  ])
    await take(p);

  // Pages: the site's fixed pages, then every page the archive and the sitemaps link to.
  const pages = new Set(['/', '/board', '/indexing', '/indexing-and-abstracting', '/archives', '/instructions', '/about', '/contact', '/privacy-policy', '/terms-and-conditions', '/no-such-page', '/archives/2099/vol1/issue1', '/archives/2099/vol1/issue1/99999999']);
  // A PDF the sitemap names by its one published URL (bare) is read by the link readers follow.
  for (const u of sitemapUrls) pages.add(readerLinks.get(pathOf(u)) ?? pathOf(u));
  const archivePage = await take('/archives', '/archives', true);
  for (const m of archivePage.body.matchAll(/href="(\/archives\/[^"#]+)"/g)) pages.add(m[1]!.replace(/&amp;/g, '&'));
  for (const ref of [...refs].sort().slice(0, 3)) pages.add(`/pdf?refno=${encodeURIComponent(ref)}`);
  // The pages of articles no list names (withdrawn), where their answers place them.
  for (const k of known) {
    const a = json<{ year?: number; volume?: number; issue?: number }>(await get(`/api/archives/ref/${encodeURIComponent(k.ref)}`));
    if (a?.year) pages.add(`/archives/${a.year}/vol${a.volume}/issue${a.issue}/${encodeURIComponent(k.ref)}`);
    pages.add(`/pdf?refno=${encodeURIComponent(k.ref)}`);
  }
  const issuePages = [...pages].filter((p) => /^\/archives\/\d+\/[^/]+\/[^/]+$/.test(p));
  for (const p of issuePages) {
    const a = await take(p, p, true);
    for (const m of a.body.matchAll(/href="(\/archives\/[^"#]+)"/g)) pages.add(m[1]!.replace(/&amp;/g, '&'));
  }
  for (const p of [...pages].sort()) await take(p, p, true);
}

export async function walkPublic(port: number, journals: GoldenJournal[], norm: Normaliser, known: { slug: string; ref: string; id: string }[] = []): Promise<Map<string, Answer>> {
  const out = new Map<string, Answer>();
  for (const j of journals) await walkJournal((p) => getOnHost(port, j.host, p), j, norm, out, known.filter((k) => k.slug === j.slug));
  return out;
}

/**
 * The fixture: every answer's hash, and in full (to show where a difference starts) the first
 * answer of each kind of route and every error answer.
 */
export interface GoldenFixture {
  /** The commit whose answers these are. */
  recordedFrom: string;
  /** The year the demo seed took as this year: today's seed is given it. */
  seedYear: number;
  answers: Record<string, Omit<Answer, 'body'> & { body?: string; sha256: string }>;
}

export function fixtureOf(commit: string, seedYear: number, answers: Map<string, Answer>): GoldenFixture {
  const kinds = new Set<string>();
  const fixture: GoldenFixture = { recordedFrom: commit, seedYear, answers: {} };
  for (const [k, a] of answers) {
    const kind = k.replace(/^\S+ /, '').replace(/\d+/g, 'N').replace(/\?.*/, '?');
    const full = !kinds.has(kind) || (a.status !== 200 && a.body.length < 2000);
    kinds.add(kind);
    fixture.answers[k] = { status: a.status, type: a.type, ...(a.location !== undefined ? { location: a.location } : {}), ...(full ? { body: a.body } : {}), sha256: sha256(a) };
  }
  return fixture;
}

export const sha256 = (a: Answer) => createHash('sha256').update(JSON.stringify([a.status, a.type, a.location ?? '', a.body])).digest('hex');

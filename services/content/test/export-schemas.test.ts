/**
 * Every XML export of the demo journals, as the routes serve it, against its publisher's schema
 * (schemas/README.md, xmllint --nonet): the Crossref deposit and the DOAJ file of every issue, the
 * JATS of every public article and the <article> of every `jats` OAI record, every OAI-PMH verb's
 * answer with oai_dc (and its errors), the sitemap index and every child sitemap. Each schema is
 * also given a broken copy of a real export, which must fail: a pass means the validator ran.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { staffToken } from '@journal/testing';
import { expectInvalid, expectValid } from './xml-schema';
import { startDemoReplicas, stopContent, type TestContentApp } from './helpers';

jest.setTimeout(180_000);

let app: TestContentApp;
/** The same database served with sitemaps of at most 20 URLs: an index and its children. */
let split: TestContentApp;
let journals: { id: string; slug: string }[];
/**
 * Each journal's public domain, as in production (the demo journals have only local hosts): the
 * exports carry absolute links, and DOAJ accepts full-text links on a public domain only.
 */
const domains = new Map<string, string>();

/** The headers the gateway adds: the journal, and the primary host it is served on. */
const tenant = (jid: string) => ({ 'x-journal-id': jid, 'x-journal-host': domains.get(jid)! });
const get = (a: TestContentApp, jid: string, p: string) => request(a.url).get(p).set(tenant(jid));
const staff = (jid: string) => ({ ...tenant(jid), authorization: `Bearer ${staffToken(jid)}` });
async function ok(r: request.Test): Promise<string> {
  const res = await r;
  expect([res.status, res.type]).toEqual([200, expect.stringMatching(/xml/)]);
  return res.text;
}
const issuesOf = async (jid: string) => {
  const issues = await app.repos.issues.list(jid);
  expect(issues.length).toBeGreaterThan(0);
  return issues;
};

beforeAll(async () => {
  const demo = await startDemoReplicas({}, { SITEMAP_MAX_URLS: 20 });
  [app, split] = demo.apps;
  journals = demo.journals;
  expect(journals.length).toBeGreaterThan(1);
  // Crossref registers DOIs: a journal without a DOI pattern sets one before its first deposit.
  for (const j of journals) {
    const stored = (await app.repos.journals.findById(j.id))!;
    domains.set(j.id, `${j.slug}-journal.org`);
    if (!stored.doi_prefix) await app.repos.journals.update(j.id, { doi_prefix: '10.5555', doi_suffix_pattern: `${j.slug}.{year}.{volume}.{issue}.{refnumber}` });
  }
});
afterAll(async () => {
  await stopContent(split);
  await stopContent(app);
});

test('every schema file is in place, as its checksum says (bash scripts/provision.sh schemas)', () => {
  const dir = path.resolve(__dirname, '../../../schemas');
  const lines = fs.readFileSync(path.join(dir, 'sources.tsv'), 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  expect(lines.length).toBeGreaterThan(50);
  const wrong = lines
    .map((l) => l.split('\t'))
    .filter(([file, sum]) => !fs.existsSync(path.join(dir, file!)) || createHash('sha256').update(fs.readFileSync(path.join(dir, file!))).digest('hex') !== sum)
    .map(([file]) => file);
  expect(wrong).toEqual([]);
});

describe('Crossref 5.3.1 and DOAJ: every issue of every demo journal', () => {
  const deposits: string[] = [];
  const doaj: string[] = [];

  test('the deposit of each issue (all its articles) and its DOAJ file are valid', async () => {
    for (const j of journals) {
      for (const i of await issuesOf(j.id)) {
        const refs = (await app.repos.articles.listByIssue(j.id, i, { publicOnly: true })).map((a) => a.refnumber);
        if (refs.length) {
          deposits.push(await ok(request(app.url).post(`/api/admin/archives/${i.year}/${i.volume}/${i.issue}/crossref`).set(staff(j.id)).send({ refs })));
        }
        doaj.push(await ok(request(app.url).get(`/api/admin/archives/${i.year}/${i.volume}/${i.issue}/doaj.xml`).set(staff(j.id))));
      }
    }
    expect(deposits.length).toBeGreaterThan(journals.length);
    await expectValid('crossref', deposits);
    await expectValid('doaj', doaj);
  });

  test('negative controls: a deposit with an unknown element, a DOAJ record with an unknown language', async () => {
    expect(deposits[0]).toContain('<titles>');
    await expectInvalid('crossref', [deposits[0]!.replace('<titles>', '<bogus/><titles>')], /bogus/);
    const withLanguage = doaj.find((d) => /<language>[a-z]{3}<\/language>/.test(d))!;
    await expectInvalid('doaj', [withLanguage.replace(/<language>[a-z]{3}<\/language>/, '<language>xz3</language>')], /xz3/);
  });
});

/** The <article> elements of an OAI-PMH answer, each as a document of its own with the namespaces in scope. */
function articlesOf(oai: string): string[] {
  const root = /<OAI-PMH\b[^>]*>/.exec(oai)![0];
  const nsDecls = [...root.matchAll(/\sxmlns:(\w+)="[^"]*"/g)].map((m) => m[0]);
  return [...oai.matchAll(/<article\b([^>]*)>[\s\S]*?<\/article>/g)].map((m) => {
    const own = m[1]!;
    // Declarations the <article> does not make itself come from its ancestors.
    const inherited = nsDecls.filter((d) => !own.includes(d.trim().split('=')[0]!));
    return `<?xml version="1.0" encoding="UTF-8"?>\n${m[0].replace('<article', `<article${inherited.join('')}`)}`;
  });
}

describe('JATS 1.3: every public article, standalone and in OAI-PMH', () => {
  const standalone: string[] = [];
  const fromOai: string[] = [];

  test('the JATS file of every public article is valid', async () => {
    for (const j of journals) {
      for (const i of await issuesOf(j.id)) {
        for (const a of await app.repos.articles.listByIssue(j.id, i, { publicOnly: true })) {
          standalone.push(await ok(get(app, j.id, `/api/archives/ref/${encodeURIComponent(a.refnumber)}/jats.xml`)));
        }
      }
    }
    expect(standalone.length).toBeGreaterThan(20);
    await expectValid('jats', standalone);
  });

  test('the <article> of every jats OAI record is valid', async () => {
    for (const j of journals) {
      for (const page of await listAll(app, j.id, 'ListRecords&metadataPrefix=jats')) fromOai.push(...articlesOf(page));
    }
    expect(fromOai.length).toBe(standalone.length);
    await expectValid('jats', fromOai);
  });

  test('negative control: an unknown element in the front matter', async () => {
    const broken = (doc: string) => doc.replace('<article-meta>', '<article-meta><bogus/>');
    await expectInvalid('jats', [broken(standalone[0]!), broken(fromOai[0]!)], /bogus/);
  });
});

/** Every page of a list verb, following the resumption tokens. */
async function listAll(a: TestContentApp, jid: string, query: string): Promise<string[]> {
  const pages: string[] = [];
  let q = `verb=${query}`;
  for (;;) {
    const page = await ok(get(a, jid, `/oai?${q}`));
    pages.push(page);
    const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(page)?.[1];
    if (!token) return pages;
    q = `verb=${query.split('&')[0]}&resumptionToken=${encodeURIComponent(token)}`;
  }
}

describe('OAI-PMH 2.0 with oai_dc: every verb', () => {
  const answers: string[] = [];

  test('every verb\'s answer, every page of the lists, and the protocol\'s errors are valid', async () => {
    for (const j of journals) {
      const identifiers = await listAll(app, j.id, 'ListIdentifiers&metadataPrefix=oai_dc');
      const first = /<identifier>([^<]+)<\/identifier>/.exec(identifiers[0]!)![1]!;
      answers.push(
        await ok(get(app, j.id, '/oai?verb=Identify')),
        await ok(get(app, j.id, '/oai?verb=ListMetadataFormats')),
        await ok(get(app, j.id, `/oai?verb=ListMetadataFormats&identifier=${encodeURIComponent(first)}`)),
        await ok(get(app, j.id, '/oai?verb=ListSets')),
        ...identifiers,
        ...(await listAll(app, j.id, 'ListRecords&metadataPrefix=oai_dc')),
        ...(await listAll(app, j.id, 'ListIdentifiers&metadataPrefix=jats')),
        await ok(get(app, j.id, `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(first)}`)),
      );
      for (const bad of ['verb=Nothing', 'verb=ListRecords', 'verb=ListRecords&metadataPrefix=marc', 'verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:x:1', 'verb=ListRecords&resumptionToken=nope']) {
        const error = await ok(get(app, j.id, `/oai?${bad}`));
        expect([bad, error]).toEqual([bad, expect.stringContaining('<error code=')]);
        answers.push(error);
      }
    }
    expect(answers.some((a) => a.includes('<oai_dc:dc'))).toBe(true);
    await expectValid('oai', answers);
  });

  test('negative controls: a datestamp that is no date, an element oai_dc does not have', async () => {
    const records = answers.find((a) => a.includes('<ListRecords>') && a.includes('<oai_dc:dc'))!;
    await expectInvalid('oai', [records.replace(/<datestamp>[^<]*<\/datestamp>/, '<datestamp>yesterday</datestamp>')], /yesterday/);
    await expectInvalid('oai', [records.replace('</oai_dc:dc>', '<dc:bogus>x</dc:bogus></oai_dc:dc>')], /bogus/);
  });
});

describe('sitemaps.org 0.9: the sitemap, the sitemap index and every child sitemap', () => {
  const children: string[] = [];
  let index = '';

  test('one file under the limit is a valid urlset', async () => {
    for (const j of journals) {
      const one = await ok(get(app, j.id, '/sitemap.xml'));
      expect(one).toContain('<urlset');
      children.push(one);
    }
    await expectValid('sitemap', children);
  });

  test('over the limit, the index and each child it names are valid', async () => {
    const j = journals[0]!;
    index = await ok(get(split, j.id, '/sitemap.xml'));
    const locs = [...index.matchAll(/<loc>[^<]*\/(sitemap-\d+\.xml)<\/loc>/g)].map((m) => m[1]!);
    expect(locs.length).toBeGreaterThan(1);
    await expectValid('siteindex', [index]);
    const files = await Promise.all(locs.map((l) => ok(get(split, j.id, `/${l}`))));
    await expectValid('sitemap', files);
  });

  test('negative controls: a priority over 1.0, an index entry without its location', async () => {
    await expectInvalid('sitemap', [children[0]!.replace('</url>', '<priority>2.0</priority></url>')], /priority/);
    await expectInvalid('siteindex', [index.replace(/<loc>[^<]*<\/loc>/, '')], /loc|sitemap/);
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { XMLParser } from 'fast-xml-parser';
import { staffHeaders, staffToken } from '@journal/testing';
import {
  authorsFromText,
  authorSchema,
  isValidOrcid,
  isValidRor,
  LICENSES,
  licenseField,
  MAX_REFERENCES,
  normaliseOrcid,
  ORCID_CHECK_MESSAGE,
  ORCID_FORM_MESSAGE,
  parseReferences,
  referencesField,
  ROR_MESSAGE,
  settingsUpdateSchema,
  type ArticleAuthor,
} from '@journal/contracts';
import { crossrefDeposit } from '../src/doi/crossref-xml';
import { jatsArticle, type JatsArticle } from '../src/cite/jats-xml';
import { doajRecords } from '../src/doi/doaj-xml';
import { toBibtex, toCslJson, toRis } from '../src/cite/cite-formats';
import { AUTHOR_POOL } from '../src/seed/demo-data';
import { demoAuthors, demoReferences } from '../src/seed/demo-scholarly';
import { expectValid } from './xml-schema';
import { makeJournal, makePdf, startContent, stopContent } from './helpers';

/** Every split of the demo data's author names, reviewed by a person. */
const demoSplits = JSON.parse(readFileSync(join(__dirname, 'fixtures', 'demo-author-splits.json'), 'utf8')) as Record<string, { given: string; family: string; review: boolean }>;

const CC_BY = 'https://creativecommons.org/licenses/by/4.0/';
const CC_BY_NC = 'https://creativecommons.org/licenses/by-nc/4.0/';

const AUTHORS: ArticleAuthor[] = [
  {
    given: 'Asha',
    family: 'Rao',
    affiliations: [{ name: 'Indian Institute of Science, Bengaluru', ror: 'https://ror.org/04dese585' }, { name: 'Field Station & Lab', ror: '' }],
    orcid: '0000-0002-1825-0097',
    corresponding: true,
    email: 'asha@example.org',
  },
  { given: 'Vikram Kumar', family: 'Singh', affiliations: [{ name: 'Indian Institute of Science, Bengaluru', ror: 'https://ror.org/04dese585' }], orcid: '0000-0002-1694-233X', corresponding: false, email: '' },
  { given: '', family: 'Li', affiliations: [], orcid: '', corresponding: false, email: '' },
];
const REFERENCES = [
  { text: 'Rao A, Singh V. Soil microbes. J Soil Sci. 2020;12(3):1-9. doi:10.5555/soil.2020.1', doi: '10.5555/soil.2020.1' },
  { text: 'Li. Water & salts <in brief>. Field Notes. 2019.', doi: '' },
];

describe('ORCID iDs, ROR ids, licences and references: the shared rules', () => {
  it('ORCID: ISO 7064 mod 11-2 check digits, the URL form normalised, other forms refused with their message', () => {
    for (const good of ['0000-0002-1825-0097', '0000-0001-5109-3700', '0000-0002-1694-233X', '0000-0002-1694-233x', 'https://orcid.org/0000-0002-1825-0097', 'orcid.org/0000-0002-1825-0097']) {
      expect(isValidOrcid(good)).toBe(true);
    }
    expect(normaliseOrcid(' https://orcid.org/0000-0002-1694-233x ')).toBe('0000-0002-1694-233X');
    const problem = (orcid: string) => authorSchema.safeParse({ family: 'Rao', orcid }).error?.issues[0]?.message;
    expect(problem('0000-0002-1825-0098')).toBe(ORCID_CHECK_MESSAGE);
    expect(problem('0000-0002-1694-2330')).toBe(ORCID_CHECK_MESSAGE);
    for (const bad of ['0000000218250097', '0000-0002-1825-009', '0000-0002-1825-00970', 'https://example.org/0000-0002-1825-0097', 'X000-0002-1825-0097']) {
      expect(problem(bad)).toBe(ORCID_FORM_MESSAGE);
    }
    expect(authorSchema.parse({ family: 'Rao', orcid: 'https://orcid.org/0000-0002-1825-0097' }).orcid).toBe('0000-0002-1825-0097');
  });

  it('ROR: the https://ror.org/0xxxxxxxx form with its check digits; anything else refused', () => {
    expect(isValidRor('https://ror.org/04dese585')).toBe(true);
    const problem = (ror: string) => authorSchema.safeParse({ family: 'Rao', affiliations: [{ name: 'X', ror }] }).error?.issues[0]?.message;
    for (const bad of ['https://ror.org/04dese586', '04dese585', 'https://ror.org/14dese585', 'https://ror.org/04dese5851', 'https://example.org/04dese585', 'https://ror.org/04deseu85']) {
      expect(problem(bad)).toBe(ROR_MESSAGE);
    }
    expect(authorSchema.parse({ family: 'Rao', affiliations: [{ name: 'X', ror: 'HTTPS://ROR.ORG/04DESE585' }] }).affiliations[0]!.ror).toBe('https://ror.org/04dese585');
  });

  it('a single-name author is allowed; names keep to the author-name characters; e-mails are checked', () => {
    expect(authorSchema.parse({ family: 'Li' })).toEqual({ given: '', family: 'Li', affiliations: [], orcid: '', corresponding: false, email: '' });
    expect(authorSchema.safeParse({ given: 'Asha', family: '' }).success).toBe(false);
    expect(authorSchema.safeParse({ given: 'Asha1', family: 'Rao' }).success).toBe(false);
    expect(authorSchema.safeParse({ given: 'Asha', family: 'Rao, Li' }).success).toBe(false);
    expect(authorSchema.safeParse({ family: 'Rao', email: 'not-an-email' }).success).toBe(false);
  });

  it('licences: only the listed URLs, in the article and in the settings', () => {
    expect(LICENSES.map((l) => l.id)).toEqual(['CC-BY-4.0', 'CC-BY-SA-4.0', 'CC-BY-NC-4.0', 'CC-BY-NC-SA-4.0', 'CC-BY-ND-4.0', 'CC-BY-NC-ND-4.0', 'CC0-1.0', 'all-rights-reserved']);
    for (const l of LICENSES) expect(licenseField.safeParse(l.url).success).toBe(true);
    expect(licenseField.safeParse('').success).toBe(true);
    for (const bad of ['https://creativecommons.org/licenses/by/3.0/', 'https://evil.example/', 'javascript:alert(1)']) {
      expect(licenseField.safeParse(bad).success).toBe(false);
      expect(settingsUpdateSchema.safeParse({ license: bad }).success).toBe(false);
    }
  });

  it('references: one a line, markup stripped, DOIs found, at most 2,000', () => {
    const refs = parseReferences('  <b>Rao A.</b> Soil &amp; water. <script>x</script>2020. https://doi.org/10.5555/ABC(12)3.\r\n\n<i>Li</i>. Notes (doi: 10.5555/x.1).\nNo DOI here');
    expect(refs).toEqual([
      // Inline markup leaves no gap: no space before punctuation after it.
      { text: 'Rao A. Soil & water. x2020. https://doi.org/10.5555/ABC(12)3.', doi: '10.5555/ABC(12)3' },
      { text: 'Li. Notes (doi: 10.5555/x.1).', doi: '10.5555/x.1' },
      { text: 'No DOI here', doi: '' },
    ]);
    // Encoded markup is text, never a tag.
    expect(parseReferences('&lt;img src=x onerror=alert(1)&gt; Title')[0]!.text).toBe('img src=x onerror=alert(1) Title');
    const many = (n: number) => Array.from({ length: n }, (_, i) => `Author ${i}. Title ${i}. 2020.`).join('\n');
    expect(referencesField.parse(many(MAX_REFERENCES))).toHaveLength(MAX_REFERENCES);
    expect(referencesField.safeParse(many(MAX_REFERENCES + 1)).error?.issues[0]?.message).toBe('At most 2000 references');
  });

  it('every author name of the demo data splits as the reviewed fixture says', () => {
    expect(Object.keys(demoSplits).sort()).toEqual([...AUTHOR_POOL, 'Hidden Author'].sort());
    for (const [name, split] of Object.entries(demoSplits)) {
      const [a] = authorsFromText(name);
      expect({ name, given: a!.given, family: a!.family, review: !!a!.review }).toEqual({ name, ...split });
    }
    // The guesses a person must check are flagged.
    expect(authorsFromText('Sharma A., Li, Jan van der Berg, Prof. Dr. Meena Gupta').map((a) => [a.given, a.family, !!a.review])).toEqual([
      ['Sharma', 'A.', true],
      ['', 'Li', true],
      ['Jan van der', 'Berg', true],
      ['Meena', 'Gupta', false],
    ]);
  });
});

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', isArray: (n) => ['person_name', 'institution', 'citation', 'contrib', 'aff', 'author', 'ref', 'affiliationId', 'affiliationName'].includes(n) });

const article = (over: Partial<JatsArticle> = {}): JatsArticle => ({
  refnumber: '21',
  title: 'Soil <i>Bacillus</i>',
  authorname: 'Asha Rao, Vikram Kumar Singh, Li',
  authors: AUTHORS.map(({ email: _e, ...p }) => p),
  license: CC_BY,
  references: REFERENCES,
  abstract: '<p>Summary</p>',
  keywords: 'soil',
  year: 2026,
  volume: 4,
  issue: 2,
  pagenumber: '1-6',
  publishdate: '2026-04-15',
  doi: '10.12345/sm.21',
  url: 'https://j.test/archives/2026/vol4/issue2/21',
  pdfUrl: 'https://j.test/assets/archives/2026/vol4issue2/21.pdf',
  ...over,
});

describe('the exports with structured authors, licences and references', () => {
  it('Crossref 5.3.1: contributors with affiliations (ROR as institution_id) and ORCID, the licence, the citation list; valid', async () => {
    const j = { title: 'J', issn: '1234-5678', eissn: '', depositorName: 'J', depositorEmail: 'e@j.test', registrant: 'J' };
    const xml = crossrefDeposit(j, { year: 2026, volume: 4, issue: 2 }, [article(), article({ refnumber: '22', doi: '10.12345/sm.22', license: LICENSES.at(-1)!.url, references: [] })], { batchId: 'batch-1', now: new Date(0) });
    await expectValid('crossref', [xml]);
    const [a1, a2] = parser.parse(xml).doi_batch.body.journal.journal_article;
    const people = a1.contributors.person_name;
    expect(people.map((p: Record<string, unknown>) => [p.given_name, p.surname, p['@sequence'], (p.ORCID as { '#text'?: string } | undefined)?.['#text']])).toEqual([
      ['Asha', 'Rao', 'first', 'https://orcid.org/0000-0002-1825-0097'],
      ['Vikram Kumar', 'Singh', 'additional', 'https://orcid.org/0000-0002-1694-233X'],
      [undefined, 'Li', 'additional', undefined],
    ]);
    expect(people[0].affiliations.institution).toEqual([
      { institution_name: 'Indian Institute of Science, Bengaluru', institution_id: { '#text': 'https://ror.org/04dese585', '@type': 'ror' } },
      { institution_name: 'Field Station & Lab' },
    ]);
    expect(a1['ai:program']).toEqual({ '@name': 'AccessIndicators', 'ai:free_to_read': '', 'ai:license_ref': { '#text': CC_BY, '@applies_to': 'vor' } });
    expect(a1.citation_list.citation).toEqual([
      { '@key': 'ref1', doi: '10.5555/soil.2020.1', unstructured_citation: REFERENCES[0]!.text },
      { '@key': 'ref2', unstructured_citation: 'Li. Water & salts <in brief>. Field Notes. 2019.' },
    ]);
    // All rights reserved: a licence reference, not free to read; no references, no list.
    expect(a2['ai:program']['ai:free_to_read']).toBeUndefined();
    expect(a2.citation_list).toBeUndefined();
    expect(xml).not.toContain('asha@example.org');
  }, 60_000);

  it('JATS: contributors with ORCID and affiliations, permissions with the licence, the reference list; valid', async () => {
    const xml = jatsArticle({ id: 'j', title: 'J', issn: '1234-5678', eissn: '', publisher: 'P' }, article());
    const bare = jatsArticle({ id: 'j', title: 'J', issn: '', eissn: '1234-5678', publisher: '' }, article({ authors: [], license: '', references: [] }));
    await expectValid('jats', [xml, bare]);
    const meta = parser.parse(xml).article.front['article-meta'];
    expect(meta['contrib-group'].contrib[0]).toEqual(
      expect.objectContaining({
        '@corresp': 'yes',
        'contrib-id': { '#text': 'https://orcid.org/0000-0002-1825-0097', '@contrib-id-type': 'orcid', '@authenticated': 'false' },
        xref: [{ '@ref-type': 'aff', '@rid': 'aff1' }, { '@ref-type': 'aff', '@rid': 'aff2' }],
      }),
    );
    expect(meta['contrib-group'].contrib[1].xref).toEqual({ '@ref-type': 'aff', '@rid': 'aff1' });
    expect(meta.aff.map((a: { '@id': string }) => a['@id'])).toEqual(['aff1', 'aff2']);
    expect(xml).toContain('<institution-id institution-id-type="ror">https://ror.org/04dese585</institution-id>');
    expect(xml).toContain(`<license license-type="open-access" xlink:href="${CC_BY}"><ali:license_ref>${CC_BY}</ali:license_ref><license-p>This article is licensed under CC BY 4.0 (${CC_BY}).</license-p></license>`);
    expect(xml).toContain('<ref id="ref1"><mixed-citation>Rao A, Singh V. Soil microbes. J Soil Sci. 2020;12(3):1-9. doi:<pub-id pub-id-type="doi">10.5555/soil.2020.1</pub-id></mixed-citation></ref>');
    expect(bare).not.toContain('<permissions>');
    expect(bare).not.toContain('<back>');
  }, 60_000);

  it('DOAJ: authors with their ORCID and affiliations; valid', async () => {
    const xml = doajRecords({ title: 'J', publisher: 'P', issn: '1234-5678', eissn: '', language: 'en' }, [article()]);
    await expectValid('doaj', [xml]);
    const r = parser.parse(xml).records.record;
    expect(r.authors.author[0]).toEqual({ name: 'Asha Rao', affiliationId: [1, 2], orcid_id: 'https://orcid.org/0000-0002-1825-0097' });
    expect(r.authors.author[2]).toEqual({ name: 'Li' });
    expect(r.affiliationsList.affiliationName).toEqual([
      { '#text': 'Indian Institute of Science, Bengaluru', '@affiliationId': '1' },
      { '#text': 'Field Station & Lab', '@affiliationId': '2' },
    ]);
  });

  it('BibTeX, RIS and CSL-JSON name the family and given parts of the list', () => {
    const ctx = { journalName: 'J', issn: '', pageUrl: 'https://j.test/a', pdfUrl: '' };
    const a = article({ authorname: 'Dr. Whatever Text' });
    expect(toBibtex(a, ctx)).toContain('author = {Rao, Asha and Singh, Vikram Kumar and Li}');
    expect(toRis(a, ctx)).toContain('AU  - Rao, Asha\r\nAU  - Singh, Vikram Kumar\r\nAU  - Li\r\n');
    expect(toCslJson(a, ctx)[0]!.author).toEqual([{ family: 'Rao', given: 'Asha' }, { family: 'Singh', given: 'Vikram Kumar' }, { family: 'Li' }]);
  });

  it('the demo authors and references are valid input', () => {
    for (const [i, name] of AUTHOR_POOL.entries()) {
      const [a] = demoAuthors(name, String(i));
      expect(authorSchema.parse(a)).toEqual(a);
    }
    const refs = demoReferences(4, 'Green synthesis of <i>x</i>');
    expect(refs.filter((r) => r.doi)).toHaveLength(2);
    expect(parseReferences(refs.map((r) => r.text).join('\n'))).toEqual(refs);
  });
});

describe('structured authors, licences and references through the admin API and the public reads', () => {
  let app: Awaited<ReturnType<typeof startContent>>;
  let J: string;
  let other: string;
  let pdf: Buffer;
  const host = { 'x-journal-host': 'sm.test', host: 'sm.test' };
  const as = (jid = J, role: 'manager' | 'editor' = 'manager') => ({ ...staffHeaders(jid, staffToken(jid, 'admin', undefined, role)), ...host });
  const fields = (over: Record<string, string> = {}): Record<string, string> => ({
    year: '2026', volume: '4', issue: '2', refnumber: '31', title: 'Soil <i>Bacillus</i> diversity', authorname: 'Ignored Name',
    abstract: '<p>We studied soil.</p>', keywords: 'soil', pagenumber: '1-6', email: 'asha@example.org', txnid: 'TXN31', ptype: 'paid', publishdate: '2026-02-10',
    authors: JSON.stringify(AUTHORS.map((a) => ({ ...a, orcid: a.orcid ? `https://orcid.org/${a.orcid}` : '' }))),
    license: CC_BY_NC,
    references: REFERENCES.map((r) => `<p>${r.text}</p>`).join('\n'),
    ...over,
  });
  const post = (path: string, f: Record<string, string>, file = true, jid = J) => {
    let req = request(app.url).post(path).set(as(jid));
    for (const [k, v] of Object.entries(f)) req = req.field(k, v);
    return file ? req.attach('pdfFile', pdf, { filename: 'p.pdf', contentType: 'application/pdf' }) : req;
  };

  beforeAll(async () => {
    app = await startContent();
    pdf = await makePdf('paper');
    J = await makeJournal(app, 'sm', { issn: '1234-5678', license: CC_BY });
    other = await makeJournal(app, 'sn');
    await app.repos.issues.create(J, { year: 2026, volume: 4, issue: 2, frequency: 'april' });
  }, 60_000);
  afterAll(() => stopContent(app));

  it('an article saved with its list: the name text derived, e-mails kept for staff and never public', async () => {
    const r = await post('/api/admin/archives/', fields());
    expect(r.status).toBe(201);
    expect(r.body.authorname).toBe('Asha Rao, Vikram Kumar Singh, Li');
    expect(r.body.authors.map((a: ArticleAuthor) => [a.orcid, a.email])).toEqual([['0000-0002-1825-0097', 'asha@example.org'], ['0000-0002-1694-233X', ''], ['', '']]);
    expect(r.body.license).toBe(CC_BY_NC);
    // Markup is stripped: '<in brief>' reads as a tag.
    expect(r.body.references).toEqual([REFERENCES[0], { text: 'Li. Water & salts . Field Notes. 2019.', doi: '' }]);
    const staff = await request(app.url).get(`/api/admin/articles/${r.body.id}`).set(as());
    expect(staff.body.authors).toEqual(r.body.authors);

    const pub = await request(app.url).get('/api/archives/ref/31').set({ 'x-journal-id': J, ...host });
    expect(pub.status).toBe(200);
    expect(pub.body.authors).toEqual(AUTHORS.map(({ email: _e, ...p }) => p));
    expect(pub.body.license).toBe(CC_BY_NC);
    expect(pub.body.references).toHaveLength(2);
    expect(JSON.stringify(pub.body)).not.toContain('asha@example.org');
    const settings = await request(app.url).get('/api/settings').set({ 'x-journal-id': J, ...host });
    expect(settings.body.license).toBe(CC_BY);

    // The outputs built from the public read name the list.
    const jats = await request(app.url).get('/api/archives/ref/31/jats.xml').set({ 'x-journal-id': J, ...host });
    expect(jats.text).toContain(`xlink:href="${CC_BY_NC}"`);
    expect(jats.text).toContain('<contrib-id contrib-id-type="orcid" authenticated="false">https://orcid.org/0000-0002-1825-0097</contrib-id>');
    await expectValid('jats', [jats.text]);
    const bib = await request(app.url).get('/api/archives/ref/31/cite.bib').set({ 'x-journal-id': J, ...host });
    expect(bib.text).toContain('author = {Rao, Asha and Singh, Vikram Kumar and Li}');
    const oai = await request(app.url).get('/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:sm.test:31').set({ 'x-journal-id': J, ...host });
    expect(oai.text).toContain('<dc:creator>Rao, Asha</dc:creator><dc:creator>Singh, Vikram Kumar</dc:creator><dc:creator>Li</dc:creator>');
    expect(oai.text).toContain(`<dc:rights>${CC_BY_NC}</dc:rights>`);
    const doaj = await request(app.url).get('/api/admin/archives/2026/4/2/doaj.xml').set(as());
    expect(doaj.text).toContain('<orcid_id>https://orcid.org/0000-0002-1825-0097</orcid_id>');
    const jatsOai = await request(app.url).get('/oai?verb=GetRecord&metadataPrefix=jats&identifier=oai:sm.test:31').set({ 'x-journal-id': J, ...host });
    expect(jatsOai.text).toContain('<contrib-id contrib-id-type="orcid"');
    // The authors' e-mails stay with the staff.
    for (const out of [jats.text, bib.text, oai.text, jatsOai.text, doaj.text]) expect(out).not.toContain('asha@example.org');
  }, 60_000);

  it('an edit that sends only the name text keeps the list when the names are the same, and splits a new one otherwise', async () => {
    const id = (await app.repos.articles.findByRef(J, '31'))!.id;
    const s = fields({ authorname: 'Asha Rao, Vikram Kumar Singh, Li' });
    delete s.authors;
    const same = await post(`/api/archives/${id}`, s, false);
    expect(same.status).toBe(200);
    expect(same.body.authors[0].orcid).toBe('0000-0002-1825-0097');
    const f = fields({ authorname: 'Mira Das, Omar Ali' });
    delete f.authors;
    const changed = await post(`/api/archives/${id}`, f, false);
    expect(changed.status).toBe(200);
    expect(changed.body.authors.map((a: ArticleAuthor) => [a.given, a.family, a.orcid])).toEqual([['Mira', 'Das', ''], ['Omar', 'Ali', '']]);
    // Licence and references not sent: kept.
    const g = fields();
    delete g.license;
    delete g.references;
    const kept = await post(`/api/archives/${id}`, g, false);
    expect([kept.body.license, kept.body.references.length, kept.body.authorname]).toEqual([CC_BY_NC, 2, 'Asha Rao, Vikram Kumar Singh, Li']);
  }, 60_000);

  it('bad input is a 400 with a clear message and nothing stored changes', async () => {
    const id = (await app.repos.articles.findByRef(J, '31'))!.id;
    const before = await app.repos.articles.findById(J, id);
    const cases: [Record<string, string>, RegExp][] = [
      [{ authors: JSON.stringify([{ family: 'Rao', orcid: '0000-0002-1825-0098' }]) }, /authors\.0\.orcid: ORCID iD has a wrong check digit/],
      [{ authors: JSON.stringify([{ family: 'Rao', orcid: '0000000218250097' }]) }, /authors\.0\.orcid: ORCID iD must look like 0000-0000-0000-000X/],
      [{ authors: JSON.stringify([{ family: 'Rao', affiliations: [{ name: 'X', ror: 'https://ror.org/04dese586' }] }]) }, /authors\.0\.affiliations\.0\.ror: ROR id must look like/],
      [{ authors: JSON.stringify([]) }, /authors: At least one author is required/],
      [{ authors: 'not json' }, /authors: Authors must be a list/],
      [{ authors: JSON.stringify([{ given: 'Asha' }]) }, /authors\.0\.family/],
      [{ authors: JSON.stringify(Array.from({ length: 20 }, () => ({ given: 'Ab Cd', family: 'Ef' }))) }, /Author name should not exceed 50 words/],
      [{ license: 'https://creativecommons.org/licenses/by/3.0/' }, /license: Licence must be one of the listed licences/],
      [{ references: Array.from({ length: MAX_REFERENCES + 1 }, (_, i) => `Ref ${i}`).join('\n') }, /references: At most 2000 references/],
    ];
    for (const [over, message] of cases) {
      const r = await post(`/api/archives/${id}`, fields(over), false);
      expect([r.status, r.body.error]).toEqual([400, 'validation_error']);
      expect(r.body.message).toMatch(message);
      expect(r.text).not.toMatch(/at .*\.ts:\d+/);
    }
    expect(await app.repos.articles.findById(J, id)).toEqual(before);
    // Settings: a licence outside the list.
    const s = await request(app.url).post('/api/settings').set(as()).send({ license: 'https://example.org/my-licence' });
    expect([s.status, s.body.error]).toEqual([400, 'validation_error']);
    const ok = await request(app.url).post('/api/settings').set(as()).send({ license: LICENSES[6]!.url });
    expect([ok.status, ok.body.license]).toEqual([200, LICENSES[6]!.url]);
  }, 60_000);

  it('2,000 references are stored and served in order', async () => {
    const text = Array.from({ length: MAX_REFERENCES }, (_, i) => `Author ${i}. Title ${i}. Journal. 2020;1:${i}. doi:10.5555/r.${i}`).join('\n');
    const r = await post('/api/admin/archives/', fields({ refnumber: '32', txnid: 'TXN32', title: 'Many references', pagenumber: '7-9', references: text }));
    expect(r.status).toBe(201);
    const pub = await request(app.url).get('/api/archives/ref/32').set({ 'x-journal-id': J, ...host });
    expect(pub.body.references).toHaveLength(MAX_REFERENCES);
    expect(pub.body.references[1999]).toEqual({ text: 'Author 1999. Title 1999. Journal. 2020;1:1999. doi:10.5555/r.1999', doi: '10.5555/r.1999' });
  }, 60_000);

  it('another journal neither sees nor edits the article', async () => {
    const id = (await app.repos.articles.findByRef(J, '31'))!.id;
    expect((await request(app.url).get('/api/archives/ref/31').set({ 'x-journal-id': other, 'x-journal-host': 'sn.test', host: 'sn.test' })).status).toBe(404);
    const r = await post(`/api/archives/${id}`, fields(), false, other);
    expect(r.status).toBe(404);
  });

  it('the migration splits the name text of articles stored before the list, keeps it, and flags guesses', async () => {
    await app.repos.articles.collections.of(J).collection.insertMany([
      { journalId: J, year: 2026, volume: 4, issue: 2, refnumber: '41', title: 'Old one', txnid: 'o41', authorname: 'Dr. Anil Kumar Sharma, Li', status: 'enabled', doi_key: '~ref:41' },
      { journalId: J, year: 2026, volume: 4, issue: 2, refnumber: '42', title: 'Old two', txnid: 'o42', authorname: 'Dr. Meena Gupta', status: 'enabled', doi_key: '~ref:42' },
    ]);
    // A database from before author lists: the migration has not run on it (it runs once, then
    // every write keeps the list).
    await app.conn.db!.collection<{ _id: string }>('content_migrations').deleteOne({ _id: 'article-authors' });
    await app.repos.articles.init();
    const one = (await app.repos.articles.findByRef(J, '41'))!;
    expect(one.authorname).toBe('Dr. Anil Kumar Sharma, Li');
    expect(one.authorname_source).toBe('Dr. Anil Kumar Sharma, Li');
    expect(one.authors.map((a) => [a.given, a.family, !!a.review])).toEqual([['Anil Kumar', 'Sharma', false], ['', 'Li', true]]);
    expect((await app.repos.articles.findByRef(J, '42'))!.authors.map((a) => a.family)).toEqual(['Gupta']);
    // Run again: nothing changes.
    await app.repos.articles.init();
    expect((await app.repos.articles.findByRef(J, '41'))!.authors).toEqual(one.authors);
  }, 60_000);
});

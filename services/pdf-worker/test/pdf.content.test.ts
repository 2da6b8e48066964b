/**
 * The pdf API against the REAL content service (started in process from services/content/src/app
 * on a seeded test database): the shapes it answers are the ones the documents are built from.
 */
import request from 'supertest';
import mongoose from 'mongoose';
import { staffHeaders, staffToken, TEST_JWT_SECRET, testServers, uniqueName } from '@journal/testing';
import { authornameOf } from '@journal/contracts';
import { start as startContent, type ContentApp } from '../../content/src/app';
import { contentConfigSchema } from '../../content/src/config';
import { start, type PdfApiApp } from '../src/app';
import { pdfApiConfigSchema, pdfWorkerConfigSchema } from '../src/config';
import { startWorker, type PdfWorkerApp } from '../src/worker';
import { makeLogoPng } from './helpers/content-fixture';
import { adminToken, binary, pdfDownload, pdfText, pollJob, readZip } from './helpers/stack';

describe('pdf documents from the real content service', () => {
  let content: ContentApp;
  let api: PdfApiApp;
  let worker: PdfWorkerApp;
  let J: string;
  let OTHER: string;
  let chiefId: string;
  let articleId: string;
  const dbName = uniqueName('pdfc');

  beforeAll(async () => {
    const { mongoUrl, redisUrl } = testServers();
    const prefix = `${uniqueName('tpdfc')}:`;
    content = await startContent(
      contentConfigSchema.parse({
        MONGO_URL: mongoUrl, REDIS_URL: redisUrl, MONGO_DB: dbName, REDIS_PREFIX: prefix, JWT_SECRET: TEST_JWT_SECRET, AUTH_CHECK_STORED_USER: 'off',
        PORT: 0, LOG_LEVEL: 'silent', WEB_INDEX_URL: 'http://127.0.0.1:9/index.html',
      }),
    );
    const journal = (slug: string, name: string) =>
      content.journals.upsert({
        slug, hosts: [`${slug}.test`], websitename: slug.toUpperCase(), domain: `www.${slug}.org`,
        formatted_journal_name: `<b>${name}</b>`, websiteemail: `editor@${slug}.org`, whatsup_number: '', year_started: '2018',
        journal_frequency: 'Monthly', journal_type: 'Online', journal_language: 'English', journal_essn: '2394-5869', issn: '2394-7500',
        nassScore: '', nassScoreYear: '', impactfactor: 'Impact Factor: RJIF 5.22', fee_rupee: '2000', fee_dollar: '50', google_review_link: '', home_content: '',
        flags: { showSubject: false, hideOwnerNotice: false, showEditorContacts: false, showJournalList: false, banner: 'sitename', coverImage: '', journalListLink: '', ownerNotice: '', ownerLink: '' },
      } as never);
    J = (await journal(uniqueName('pdfj'), 'International Journal of Real Content')).id;
    OTHER = (await journal(uniqueName('pdfo'), 'Another Journal')).id;
    const { editors, issues, articles } = content.repos;
    chiefId = (await editors.create(J, { name: 'Prof. Meera Iyer', category: 'chief editor', post: 'Professor', content: 'IIT Delhi', degree: 'Ph.D.', country: 'India', status: 'enabled' })).id;
    await editors.create(J, { name: 'Dr. Karan Mehta', category: 'associate editor', post: 'Associate Professor', content: 'University of Mumbai', status: 'enabled' });
    await issues.create(J, { year: 2026, volume: 7, issue: 2, frequency: 'march-april' } as never);
    const base = { year: 2026, volume: 7, issue: 2, frequency: 'march-april', publishdate: '2026-04-02', status: 'enabled', ptype: 'paid', email: 'a@b.c' };
    articleId = (await articles.create(J, { ...base, refnumber: '7001', txnid: 't7001', title: 'Soil &lt;i&gt;microbiome&lt;/i&gt; of arid lands', authorname: 'Dr. Nisha Rao, Vikram Patel', pagenumber: '1-8', doi: '10.5555/real.7001' })).id;
    await articles.create(J, { ...base, refnumber: '7002', txnid: 't7002', title: 'Groundwater recharge in the Thar', authorname: 'Sunil Joshi', pagenumber: '9-15' });
    await articles.create(OTHER, { ...base, refnumber: '7003', txnid: 't7003', title: 'Elsewhere', authorname: 'Someone Else', pagenumber: '1-2' });
    await content.files.put(J, '/assets/site/logo.png', makeLogoPng(), { contentType: 'image/png' });

    const env = {
      MONGO_URL: mongoUrl, REDIS_URL: redisUrl, MONGO_DB: dbName, REDIS_PREFIX: prefix, JWT_SECRET: TEST_JWT_SECRET, AUTH_CHECK_STORED_USER: 'off',
      CONTENT_URL: content.url, PORT: '0', LOG_LEVEL: 'warn', CONTENT_CACHE_TTL_MS: '0',
    };
    api = await start(pdfApiConfigSchema.parse(env));
    worker = await startWorker(pdfWorkerConfigSchema.parse(env));
  }, 60_000);

  afterAll(async () => {
    await worker?.stop();
    await api?.stop();
    const conn = await mongoose.createConnection(testServers().mongoUrl, { dbName }).asPromise();
    await conn.dropDatabase().catch(() => undefined);
    await conn.close();
    await content?.stop();
  });

  it('certificate: author, title, journal, volume/issue, month, pages, chief editor, logo', async () => {
    const res = await binary(request(api.url).get('/api/pdf/certificate/7001/Vikram%20Patel').set('x-journal-id', J));
    const { text } = await pdfDownload(res, 'certificate-7001.pdf');
    for (const s of [
      'Vikram Patel',
      'Soil microbiome of arid lands',
      'International Journal of Real Content',
      'Volume 7, Issue 2, March-April 2026',
      'Pages 1-8',
      '2 April 2026',
      'RJIF 5.22',
      'Prof. Meera Iyer',
      'DOI: https://doi.org/10.5555/real.7001',
    ]) expect(text).toContain(s);
    // the journal logo, fetched from content's /assets/site/logo.png, is embedded as an image
    expect((res.body as Buffer).includes('/Subtype /Image')).toBe(true);
  });

  it('an edit in content changes the document (a new key), a repeat does not render', async () => {
    const path = '/api/pdf/certificate/7001/Dr.%20Nisha%20Rao';
    const a = await binary(request(api.url).get(path).set('x-journal-id', J));
    expect(a.status).toBe(200);
    const prints = worker.renderer.prints;
    const b = await binary(request(api.url).get(path).set('x-journal-id', J));
    expect(b.headers['x-pdf-cache']).toBe('hit');
    expect(worker.renderer.prints).toBe(prints);
    await content.repos.articles.update(J, articleId, { title: 'Soil microbiome of arid lands, revised' });
    await content.publisher.invalidate(J);
    const c = await binary(request(api.url).get(path).set('x-journal-id', J));
    expect(c.headers['x-pdf-cache']).toBe('miss');
    expect((await pdfText(c.body as Buffer)).text).toContain('Soil microbiome of arid lands, revised');
  });

  it('editorial board, cover page, index page and zips', async () => {
    const board = await binary(request(api.url).get('/api/pdf/editorialboard').set('x-journal-id', J));
    expect(board.status).toBe(200);
    const bt = (await pdfText(board.body as Buffer)).text;
    for (const s of ['Prof. Meera Iyer', 'Dr. Karan Mehta', 'University of Mumbai']) expect(bt).toContain(s);

    const cover = await binary(request(api.url).get('/api/pdf/coverpage/7002').set('x-journal-id', J));
    expect(cover.status).toBe(200);
    expect((await pdfText(cover.body as Buffer)).text).toContain('Groundwater recharge in the Thar');

    const auth = `Bearer ${adminToken(J)}`;
    const index = await binary(request(api.url).post('/api/pdf/indexpage').set('x-journal-id', J).set('authorization', auth).send({ refnumbers: ['7002', '7001'] }));
    expect(index.status).toBe(200);
    const it = (await pdfText(index.body as Buffer)).text;
    expect(it).toContain('Sunil Joshi');
    expect(it).toContain('Dr. Nisha Rao, Vikram Patel');

    const zip = await binary(request(api.url).post('/api/pdf/bulkcertificates').set('x-journal-id', J).set('authorization', auth).send({ refnumbers: ['7001', '7002'] }));
    expect(zip.status).toBe(200);
    expect(readZip(zip.body as Buffer).map((e) => e.name).sort()).toEqual(
      ['certificate-7001-Dr. Nisha Rao.pdf', 'certificate-7001-Vikram Patel.pdf', 'certificate-7002-Sunil Joshi.pdf'],
    );

    const eds = await binary(request(api.url).post('/api/pdf/editorscertificate').set('x-journal-id', J).set('authorization', auth).send({ ids: [chiefId] }));
    expect(eds.status).toBe(200);
    expect(readZip(eds.body as Buffer).map((e) => e.name)).toEqual(['certificate-Prof. Meera Iyer.pdf']);
  });

  it('structured authors: one certificate per listed author; the cover page states the licence (docs/product.md#structured-authors)', async () => {
    const authors = [
      { given: 'Asha', family: 'Rao', affiliations: [{ name: 'Indian Institute of Science', ror: 'https://ror.org/04dese585' }], orcid: '0000-0002-1825-0097', corresponding: true, email: 'asha@example.org' },
      { given: '', family: 'Li', affiliations: [], orcid: '', corresponding: false, email: '' },
    ];
    await content.repos.articles.create(J, {
      year: 2026, volume: 7, issue: 2, frequency: 'march-april', publishdate: '2026-04-02', status: 'enabled', ptype: 'paid', email: 'a@b.c',
      refnumber: '7005', txnid: 't7005', title: 'Listed authors', authorname: authornameOf(authors), authors, pagenumber: '16-20',
      license: 'https://creativecommons.org/licenses/by-nc/4.0/',
    });
    await content.publisher.invalidate(J);
    const cover = await binary(request(api.url).get('/api/pdf/coverpage/7005').set('x-journal-id', J));
    expect(cover.status).toBe(200);
    const ct = (await pdfText(cover.body as Buffer)).text.replace(/\s+/g, ' ');
    expect(ct).toContain('Asha Rao, Li');
    expect(ct).toContain('This article is licensed under CC BY-NC 4.0 (https://creativecommons.org/licenses/by-nc/4.0/).');
    const one = await binary(request(api.url).get('/api/pdf/certificate/7005/Li').set('x-journal-id', J));
    expect(one.status).toBe(200);
    expect((await pdfText(one.body as Buffer)).text).toContain('Li');
    const zip = await binary(request(api.url).post('/api/pdf/bulkcertificates').set('x-journal-id', J).set('authorization', `Bearer ${adminToken(J)}`).send({ refnumbers: ['7005'] }));
    expect(readZip(zip.body as Buffer).map((e) => e.name).sort()).toEqual(['certificate-7005-Asha Rao.pdf', 'certificate-7005-Li.pdf']);
  });

  it('reads the articles of a 500-reference index page in one batch call, not one call per article', async () => {
    const refs = Array.from({ length: 500 }, (_, i) => String(80_000 + i));
    await content.repos.issues.create(J, { year: 2025, volume: 6, issue: 1, frequency: 'january' } as never);
    await content.repos.articles.insertMany(J, refs.map((ref, i) => ({
      year: 2025, volume: 6, issue: 1, frequency: 'january', publishdate: '2025-01-10', status: 'enabled', ptype: 'paid', email: 'a@b.c',
      refnumber: ref, txnid: `t${ref}`, title: `Bulk study number ${ref}`, authorname: `Author ${String.fromCharCode(65 + (i % 26))} Rao`,
      pagenumber: `${i * 2 + 1}-${i * 2 + 2}`,
    })));
    await content.publisher.invalidate(J);
    const calls = async () => {
      const text = (await request(content.url).get('/metrics')).text;
      const count = (route: string) =>
        text.split('\n')
          .filter((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes(`route="${route}"`))
          .reduce((n, l) => n + Number(l.split(' ').pop()), 0);
      // Staff documents read with the staff batch read (disabled and withdrawn articles included).
      return { batch: count('/internal/staff/articles/by-refs'), single: count('/api/archives/ref/:ref') };
    };
    const before = await calls();
    const auth = `Bearer ${adminToken(J)}`;
    const index = await binary(request(api.url).post('/api/pdf/indexpage').set('x-journal-id', J).set('authorization', auth).send(refs));
    expect(index.status).toBe(200);
    const after = await calls();
    expect({ batch: after.batch - before.batch, single: after.single - before.single }).toEqual({ batch: 1, single: 0 });
    const { text } = await pdfText(index.body as Buffer);
    expect(text).toContain('Bulk study number 80000');
    expect(text).toContain('Bulk study number 80499');

    // Unknown references are named in a 404, still after one call.
    const missing = await request(api.url).post('/api/pdf/indexpage').set('x-journal-id', J).set('authorization', auth).send(['80000', '99999', '7003']);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'article_not_found', details: { missing: ['99999', '7003'] } });
    expect((await calls()).batch - after.batch).toBe(1);
  }, 180_000);

  it('Select all with a disabled article (ref 1999) and a disabled editor still makes every staff document', async () => {
    const { editors, articles } = content.repos;
    await articles.create(J, {
      year: 2026, volume: 7, issue: 2, frequency: 'march-april', publishdate: '2026-04-02', status: 'disabled', ptype: 'paid', email: 'a@b.c',
      refnumber: '1999', txnid: 't1999', title: 'Imported while disabled', authorname: 'Ila Sen', pagenumber: '90-91',
    });
    const disabledId = (await editors.create(J, { name: 'Dr. Asha Kulkarni', category: 'assistant editor', post: 'Professor', content: 'Pune University', status: 'disabled' })).id;
    await content.publisher.invalidate(J);
    const auth = `Bearer ${adminToken(J)}`;
    const index = await binary(request(api.url).post('/api/pdf/indexpage').set('x-journal-id', J).set('authorization', auth).send(['7001', '7002', '1999']));
    expect(index.status).toBe(200);
    expect((await pdfText(index.body as Buffer)).text).toContain('Ila Sen');
    const zip = await binary(request(api.url).post('/api/pdf/bulkcertificates').set('x-journal-id', J).set('authorization', auth).send(['1999']));
    expect(zip.status).toBe(200);
    expect(readZip(zip.body as Buffer).map((e) => e.name)).toEqual(['certificate-1999-Ila Sen.pdf']);
    const eds = await binary(request(api.url).post('/api/pdf/editorscertificate').set('x-journal-id', J).set('authorization', auth).send([chiefId, disabledId]));
    expect(eds.status).toBe(200);
    expect(readZip(eds.body as Buffer).map((e) => e.name).sort()).toEqual(['certificate-Dr. Asha Kulkarni.pdf', 'certificate-Prof. Meera Iyer.pdf']);
  }, 120_000);

  it("a withdrawn article's certificate and cover page made before stop downloading from their jobs; restored, they do again; staff documents stay staff's", async () => {
    const [a] = await content.repos.articles.findByRefs(J, ['7002']);
    const h = { 'x-journal-id': J };
    const staff = { ...h, authorization: `Bearer ${adminToken(J)}` };
    const started = async (path: string) => {
      const r = await request(api.url).get(`${path}?async=1`).set(h);
      expect(r.status).toBe(202);
      return String(r.body.jobId);
    };
    const cert = await started('/api/pdf/certificate/7002/Sunil%20Joshi');
    const cover = await started('/api/pdf/coverpage/7002');
    const index = String((await request(api.url).post('/api/pdf/indexpage?async=1').set(staff).send(['7002'])).body.jobId);
    for (const id of [cert, cover]) await pollJob(api.url, id, h);
    await pollJob(api.url, index, staff);
    const result = (id: string, headers: Record<string, string> = h) => binary(request(api.url).get(`/api/pdf/jobs/${id}/result`).set(headers));
    for (const id of [cert, cover]) expect((await result(id)).status).toBe(200);

    const contentStaff = staffHeaders(J, staffToken(J));
    expect((await request(content.url).post(`/api/admin/articles/${a!.id}/withdraw`).set(contentStaff).send({ kind: 'withdrawn', reason: 'Legal takedown' })).status).toBe(200);
    // With its queue record gone, the stored file says which article it is of.
    await api.queue.queue.remove(cover);
    for (const id of [cert, cover]) {
      for (const path of [`/api/pdf/jobs/${id}/result`, `/api/pdf/jobs/${id}`]) {
        const r = await request(api.url).get(path).set(h);
        expect([path, r.status, r.body.error]).toEqual([path, 410, 'article_withdrawn']);
      }
    }
    expect((await request(api.url).get('/api/pdf/certificate/7002/Sunil%20Joshi').set(h)).status).toBe(410);
    expect((await request(api.url).get('/api/pdf/coverpage/7002?async=1').set(h)).status).toBe(410);
    // Staff documents are made from what staff selected, withdrawn articles included: staff still read them, nobody else.
    expect((await result(index, staff)).status).toBe(200);
    expect((await result(index)).status).toBe(401);

    expect((await request(content.url).post(`/api/admin/articles/${a!.id}/restore`).set(contentStaff).send({})).status).toBe(200);
    for (const id of [cert, cover]) expect((await result(id)).status).toBe(200);
    expect((await request(api.url).get(`/api/pdf/jobs/${cover}`).set(h)).body.state).toBe('completed');
  }, 120_000);

  it("refuses another journal's ref and editor", async () => {
    const auth = `Bearer ${adminToken(J)}`;
    const ref = await request(api.url).post('/api/pdf/bulkcertificates').set('x-journal-id', J).set('authorization', auth).send(['7003']);
    expect(ref.status).toBe(404);
    const cert = await request(api.url).get('/api/pdf/certificate/7003/Someone%20Else').set('x-journal-id', J);
    expect(cert.status).toBe(404);
    const ed = await request(api.url).post('/api/pdf/editorscertificate').set('x-journal-id', OTHER).set('authorization', `Bearer ${adminToken(OTHER)}`).send([chiefId]);
    expect(ed.status).toBe(404);
  });
});

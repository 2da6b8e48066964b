import request from 'supertest';
import { mongo } from 'mongoose';
import { publicReadSchemas } from '@journal/contracts';
import { eventually, staffHeaders, staffToken } from '@journal/testing';
import { PendingArticles } from '../src/admin/pending-article.service';
import { startPendingSweep } from '../src/admin/pending-sweep.setup';
import { makeJournal, makePdf, postArticle, startContent, stopContent } from './helpers';

/**
 * docs/operations.md#the-database: an article add stores its record pending, then its PDF, then
 * enables it. A crash between those writes (simulated here by storing what the add would have
 * stored when it stopped) leaves an article no reader meets, and the sweep takes it back with what
 * its PDF write left; against the real database.
 */
let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let T: string;
let pdf: Buffer;
const HOST = 'add-crash.test';
const KEY = { year: 2026, volume: 3, issue: 1 };
const ISSUE_PATH = '/api/archives/2026/vol3/issue1';
const pdfPath = (ref: string) => `/assets/archives/2026/vol3issue1/${ref}.pdf`;

const pub = (path: string) => request(app.url).get(path).set({ 'x-journal-id': J, 'x-journal-host': HOST, host: HOST });
const staff = (path: string) => request(app.url).get(path).set(staffHeaders(J, T));
const addArticle = (ref: string, pages: string) =>
  postArticle(app, J, T, { ...KEY, refnumber: ref, pagenumber: pages, title: `Crash paper ${ref} on millet`, keywords: 'millet', txnid: `CR${ref}` }, pdf);
const chunks = () => app.conn.collection<{ _id: string }>('files.chunks');

/** What an add leaves when it stops after its record: `whole` when its PDF write finished, else one chunk of it. */
async function stoppedAdd(ref: string, pages: string, whole: boolean) {
  const upload = { fileId: app.files.newFileId(), length: pdf.length };
  const a = await app.repos.articles.createPending(
    J,
    { ...KEY, refnumber: ref, txnid: `CR${ref}`, title: `Crash paper ${ref} on millet`, keywords: 'millet', pagenumber: pages, publishdate: '2026-02-10', status: 'enabled' },
    upload,
  );
  if (whole) await app.files.put(J, pdfPath(ref), pdf, { contentType: 'application/pdf', fileId: upload.fileId });
  else await chunks().insertOne({ _id: `${upload.fileId}.0`, files_id: new mongo.ObjectId(upload.fileId), n: 0, data: new mongo.Binary(pdf.subarray(0, 1000)) });
  return { ...a, upload };
}

beforeAll(async () => {
  app = await startContent();
  J = await makeJournal(app, 'add-crash', { hosts: [HOST] });
  T = staffToken(J);
  await app.repos.issues.create(J, { ...KEY, frequency: 'march' });
  pdf = await makePdf('Crash paper');
});
afterAll(() => stopContent(app));

describe('an article add stopped between its record and its PDF', () => {
  let half: Awaited<ReturnType<typeof stoppedAdd>>;
  let unenabled: Awaited<ReturnType<typeof stoppedAdd>>;

  test('a finished add answers as before and its article is live with its PDF', async () => {
    const r = await addArticle('9101', '1-4');
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ refnumber: '9101', status: 'enabled', file: '9101.pdf' });
    expect(Object.keys(r.body)).not.toEqual(expect.arrayContaining(['pending']));
    expect(Object.keys(r.body)).not.toContain('pendingUpload');
    expect((await staff(`/api/admin/articles/${r.body.id}`)).status).toBe(200);
    const f = await pub(pdfPath('9101'));
    expect([f.status, f.body.length]).toEqual([200, pdf.length]);
  });

  test('a refused add takes back the PDF it stored beside its checks', async () => {
    // The PDF's bytes are stored while the checks run; a duplicate then leaves nothing of them.
    const ofPath = { filename: { $regex: '/9101\\.pdf$' } };
    const r = await addArticle('9101', '30-34');
    expect([r.status, r.body.error]).toEqual([409, 'duplicate_reference_number']);
    expect(await app.conn.collection('files.files').countDocuments(ofPath)).toBe(1);
    expect(await app.conn.collection('files.intents').countDocuments(ofPath)).toBe(0);
    const f = await pub(pdfPath('9101'));
    expect([f.status, f.body.length]).toEqual([200, pdf.length]);
  });

  test('no reader meets a pending article: public and admin lists, reads, counts, search, sitemap, OAI', async () => {
    half = await stoppedAdd('9102', '5-8', false);
    unenabled = await stoppedAdd('9103', '9-12', true);
    // Every read model rebuilt from the store, as after a restart.
    await app.publisher.changed(J, [{ t: 'all' }]);
    await eventually(async () => expect(publicReadSchemas.issue.parse((await pub(ISSUE_PATH)).body).map((a) => a.refnumber)).toEqual(['9101']));
    for (const ref of ['9102', '9103']) {
      expect((await pub(`/api/archives/ref/${ref}`)).status).toBe(404);
      expect((await pub(pdfPath(ref))).status).toBe(404);
    }
    for (const id of [half.id, unenabled.id]) expect((await staff(`/api/admin/articles/${id}`)).status).toBe(404);
    const adminList = (await staff('/api/admin/archives/2026/3/1')).body as { articles: { refnumber: string }[]; issue: { articles: number } };
    expect(adminList.articles.map((a) => a.refnumber)).toEqual(['9101']);
    expect(adminList.issue.articles).toBe(1);
    expect((await staff('/api/admin')).body).toMatchObject({ archives: 1 });
    const issues = (await staff('/api/admin/archives')).body as { year: number; volume: number; issue: number; articles: number }[];
    expect(issues.find((i) => i.volume === 3)?.articles).toBe(1);
    expect(((await staff('/api/admin/search?q=millet')).body as { refnumber: string }[]).map((a) => a.refnumber)).toEqual(['9101']);
    expect(publicReadSchemas.search.parse((await pub('/api/search?keyword=millet')).body).map((a) => a.refnumber)).toEqual(['9101']);
    const sitemap = (await pub('/sitemap.xml')).text;
    expect(sitemap).toContain('9101');
    expect(sitemap).not.toMatch(/9102|9103/);
    const oai = (await pub('/oai?verb=ListIdentifiers&metadataPrefix=oai_dc')).text;
    expect(oai).toContain('9101');
    expect(oai).not.toMatch(/9102|9103/);
    // The withdrawal routes do not reach it either.
    expect((await request(app.url).post(`/api/admin/articles/${half.id}/restore`).set(staffHeaders(J, T)).send({})).status).toBe(404);
  });

  test('its reference number stays taken while the add may still be running', async () => {
    const r = await addArticle('9102', '20-24');
    expect([r.status, r.body.error]).toEqual([409, 'duplicate_reference_number']);
    // A sweep within the bound leaves an add that may still be under way alone.
    expect(await new PendingArticles({ articles: app.repos.articles, files: app.files, logger: app.deps.logger }, 600_000).sweep()).toBe(0);
    expect(await app.repos.articles.findConflicts(J, { refnumber: '9102' })).toEqual(['refnumber']);
  });

  test('the sweep takes back adds pending past the bound, with what their PDF writes stored', async () => {
    const sweep = startPendingSweep({ ...app.deps, config: { ...app.config, ARTICLE_PENDING_MAX_AGE_MS: 1000, ARTICLE_PENDING_SWEEP_MS: 1000 } });
    try {
      // The record goes first, then what its PDF write stored.
      await eventually(async () => {
        expect(await app.repos.articles.findConflicts(J, { refnumber: '9102' })).toEqual([]);
        expect(await app.repos.articles.findConflicts(J, { refnumber: '9103' })).toEqual([]);
        expect(await chunks().findOne({ _id: `${half.upload.fileId}.0` })).toBeNull();
        expect(await chunks().findOne({ _id: `${unenabled.upload.fileId}.0` })).toBeNull();
        expect(await app.conn.collection('files.files').findOne({ _id: new mongo.ObjectId(unenabled.upload.fileId) })).toBeNull();
        expect(await app.files.stat(J, pdfPath('9103'))).toBeNull();
      }, 400);
    } finally {
      sweep.stop();
    }
    // The finished add is untouched; the editor's retry of a taken-back add succeeds.
    expect((await pub(pdfPath('9101'))).status).toBe(200);
    const again = await addArticle('9102', '5-8');
    expect(again.status).toBe(201);
    const f = await pub(pdfPath('9102'));
    expect([f.status, f.body.length]).toEqual([200, pdf.length]);
  });
});

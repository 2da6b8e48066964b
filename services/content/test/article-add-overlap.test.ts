import request from 'supertest';
import { mongo } from 'mongoose';
import { publicReadSchemas } from '@journal/contracts';
import { eventually, staffHeaders, staffToken } from '@journal/testing';
import { assetVersion } from '../src/files/file-store';
import { viewId } from '../src/views/view-docs';
import { viewsLockKey } from '../src/views/views-lock';
import { makeJournal, makePdf, postArticle, startContent, stopContent } from './helpers';

/**
 * docs/operations.md#the-database: an article add stores its record pending beside its PDF's
 * chunk write, and publishes its views (with its search entry) only once the PDF is whole and the
 * article enabled, without holding the journal's views lock during the chunk write. Here the chunk
 * write is held back (and made to fail on the real database): no reader meets the article
 * meanwhile, the journal's other saves go through, and a failed write leaves nothing of the add behind.
 */
let app: Awaited<ReturnType<typeof startContent>>;
let J: string;
let T: string;
let pdf: Buffer;
const HOST = 'add-overlap.test';
const KEY = { year: 2026, volume: 4, issue: 1 };
const ISSUE_PATH = '/api/archives/2026/vol4/issue1';
const pdfPath = (ref: string) => `/assets/archives/2026/vol4issue1/${ref}.pdf`;

const pub = (path: string) => request(app.url).get(path).set({ 'x-journal-id': J, 'x-journal-host': HOST, host: HOST });
const staff = (path: string) => request(app.url).get(path).set(staffHeaders(J, T));
const addArticle = (ref: string, pages: string) =>
  postArticle(app, J, T, { ...KEY, refnumber: ref, pagenumber: pages, title: `Overlap paper ${ref} on sorghum`, keywords: 'sorghum', txnid: `OV${ref}` }, pdf);

/**
 * Sends the add of `ref` with its chunk write held back: once the add's record stands (pending)
 * and `meanwhile` has run, the write goes on; answers the add's response.
 */
async function addWithChunksHeld(ref: string, pages: string, meanwhile: () => Promise<void>) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const stage = app.files.stage.bind(app.files);
  const staging = jest.spyOn(app.files, 'stage').mockImplementationOnce(async (...args) => {
    await held;
    return stage(...args);
  });
  try {
    const answer = addArticle(ref, pages).then((r) => r);
    await eventually(async () => expect(await app.repos.articles.findConflicts(J, { refnumber: ref })).toEqual(['refnumber']));
    await meanwhile();
    release();
    return await answer;
  } finally {
    release();
    staging.mockRestore();
  }
}

const lockHeld = async () => (await app.deps.redis.exists(viewsLockKey(app.config.REDIS_PREFIX, J))) === 1;
const issueRefs = async () => publicReadSchemas.issue.parse((await pub(ISSUE_PATH)).body).map((a) => a.refnumber);
const searchRefs = async () => ({
  public: publicReadSchemas.search.parse((await pub('/api/search?keyword=sorghum')).body).map((a) => a.refnumber),
  admin: ((await staff('/api/admin/search?q=sorghum')).body as { refnumber: string }[]).map((a) => a.refnumber),
});
/** Every stored view and view counter of the journal, as stored. */
async function storedViews() {
  const docs = await app.views.repo.collectionOf().find({}).toArray();
  return { docs: docs.map((d) => JSON.stringify(d)).sort(), counter: await app.views.repo.counter(viewId.counter(J)) };
}

/** What readers meet of an article `ref` that must not be there. */
async function expectUnseen(ref: string) {
  expect(await issueRefs()).not.toContain(ref);
  expect((await pub(`/api/archives/ref/${ref}`)).status).toBe(404);
  expect((await pub(pdfPath(ref))).status).toBe(404);
  const found = await searchRefs();
  expect([...found.public, ...found.admin]).not.toContain(ref);
  expect((await pub('/sitemap.xml')).text).not.toContain(ref);
  expect((await pub('/oai?verb=ListIdentifiers&metadataPrefix=oai_dc')).text).not.toContain(ref);
  expect(((await staff('/api/admin/archives/2026/4/1')).body as { articles: { refnumber: string }[] }).articles.map((a) => a.refnumber)).not.toContain(ref);
}

beforeAll(async () => {
  app = await startContent();
  J = await makeJournal(app, 'add-overlap', { hosts: [HOST] });
  T = staffToken(J);
  await app.repos.issues.create(J, { ...KEY, frequency: 'march' });
  pdf = await makePdf('Overlap paper');
  expect((await addArticle('9201', '1-4')).status).toBe(201);
  // The harvesters' indexes stored (built on their first read, under the views lock), as on a live journal.
  for (const path of ['/sitemap.xml', '/oai?verb=ListIdentifiers&metadataPrefix=oai_dc']) expect((await pub(path)).text).toContain('9201');
});
afterAll(() => stopContent(app));

describe('an article add whose PDF is still being written', () => {
  test("no reader meets it until the PDF is whole, and the journal's other saves do not wait on it", async () => {
    const first = (await app.repos.articles.findByRef(J, '9201'))!.id;
    const r = await addWithChunksHeld('9202', '5-8', async () => {
      // The record is stored while no chunk is written yet, and the journal's views lock is free.
      expect(await lockHeld()).toBe(false);
      await expectUnseen('9202');
      // Another article of the journal withdrawn and restored, published while the chunks wait.
      expect((await request(app.url).post(`/api/admin/articles/${first}/withdraw`).set(staffHeaders(J, T)).send({ kind: 'withdrawn', reason: 'Checked' })).status).toBe(200);
      expect((await request(app.url).post(`/api/admin/articles/${first}/restore`).set(staffHeaders(J, T)).send({})).status).toBe(200);
    });
    expect([r.status, r.body.refnumber]).toEqual([201, '9202']);
    expect(await lockHeld()).toBe(false);
    expect(await issueRefs()).toEqual(['9201', '9202']);
    // The PDF's URL carries the version of the file as stored, though the views were made before it was.
    const stored = await app.files.stat(J, pdfPath('9202'));
    const entry = publicReadSchemas.issue.parse((await pub(ISSUE_PATH)).body).find((a) => a.refnumber === '9202')!;
    expect(entry.pdf_url).toBe(`${pdfPath('9202')}?v=${assetVersion(stored!.etag)}`);
    const f = await pub(pdfPath('9202'));
    expect([f.status, f.body.length]).toEqual([200, pdf.length]);
    expect((await pub('/api/archives/ref/9202')).status).toBe(200);
    expect((await searchRefs()).public).toEqual(expect.arrayContaining(['9201', '9202']));
    expect(((await staff('/api/admin/archives/2026/4/1')).body as { issue: { articles: number } }).issue.articles).toBe(2);
  });

  test('a chunk write the database refuses leaves nothing: no record, view, search entry, file or intent', async () => {
    const before = await storedViews();
    // The add's chunk id is taken already: its first chunk insert is refused (duplicate key).
    const fileId = app.files.newFileId();
    const ids = jest.spyOn(app.files, 'newFileId').mockReturnValueOnce(fileId);
    await app.conn.collection('files.chunks').insertOne({ _id: `${fileId}.0` as never, files_id: new mongo.ObjectId(fileId), n: 0, data: new mongo.Binary(Buffer.from('taken')) });
    try {
      const r = await addWithChunksHeld('9203', '9-12', async () => expect(await lockHeld()).toBe(false));
      expect([r.status, r.body.error]).toEqual([503, 'unavailable']);
    } finally {
      ids.mockRestore();
    }
    expect(await lockHeld()).toBe(false);
    expect(await storedViews()).toEqual(before);
    await expectUnseen('9203');
    expect(await app.repos.articles.findConflicts(J, { refnumber: '9203', txnid: 'OV9203' })).toEqual([]);
    const ofFile = { files_id: new mongo.ObjectId(fileId) };
    expect(await app.conn.collection('files.chunks').countDocuments(ofFile)).toBe(0);
    expect(await app.conn.collection('files.files').countDocuments({ _id: new mongo.ObjectId(fileId) })).toBe(0);
    expect(await app.conn.collection('files.intents').countDocuments({ _id: fileId as never })).toBe(0);
    expect(await app.files.stat(J, pdfPath('9203'))).toBeNull();
    // The editor's retry is added as if the first had never been sent.
    expect((await addArticle('9203', '9-12')).status).toBe(201);
    expect(await issueRefs()).toEqual(['9201', '9202', '9203']);
  });
});

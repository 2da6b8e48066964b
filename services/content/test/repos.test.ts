import { Types } from 'mongoose';
import { newObjectId } from '@journal/testing';
import { duplicateKeyField, parsePages } from '../src/archives/article.repo';
import { normaliseAssetPath } from '../src/files/file-store';
import { createRedis, KeyedLock } from '@journal/server-kit';
import { ViewCache } from '../src/views/view-cache';
import { ViewStore } from '../src/views/view-store';
import { ViewRepo } from '../src/views/view.repo';
import { ChangePublisher } from '../src/views/change-publisher';
import { makePdf, startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;
const J1 = newObjectId();
const J2 = newObjectId();

beforeAll(async () => {
  app = await startContent();
});
afterAll(() => stopContent(app));

const base = { year: 2026, volume: 3, issue: 1 };

describe('repositories', () => {
  test('editors are scoped by journal and listed pinned first', async () => {
    const a = await app.repos.editors.create(J1, { name: 'A', category: 'chief editor' });
    const b = await app.repos.editors.create(J1, { name: 'B', category: 'associate editor', status: 'disabled' });
    await app.repos.editors.create(J2, { name: 'Other', category: 'assistant editor' });
    expect(a.picture).toBe('avatar.png');
    expect(a.is_pinned).toBe(0);
    expect(typeof a.id).toBe('string');
    expect(a).not.toHaveProperty('_id');
    expect(await app.repos.editors.setPinned(J1, [b.id], 1)).toBe(1);
    expect((await app.repos.editors.list(J1)).map((e) => e.name)).toEqual(['B', 'A']);
    expect((await app.repos.editors.listEnabled(J1)).map((e) => e.name)).toEqual(['A']);
    expect(await app.repos.editors.findById(J2, a.id)).toBeNull();
    expect(await app.repos.editors.findById(J1, 'nope')).toBeNull();
    await expect(app.repos.editors.create(J1, { name: 'X', category: 'boss' as never })).rejects.toThrow();
  });

  test('issues are unique per journal on year+volume+issue', async () => {
    await app.repos.issues.create(J1, { ...base, frequency: 'january' });
    await expect(app.repos.issues.create(J1, { ...base, frequency: 'x' })).rejects.toMatchObject({ code: 11000 });
    await app.repos.issues.create(J2, { ...base, frequency: 'january' });
    expect((await app.repos.issues.ensure(J1, base)).frequency).toBe('january');
  });

  test('articles: unique refnumber/txnid/title per journal, page parsing, counts', async () => {
    const mk = (n: number, extra = {}) => ({ ...base, refnumber: String(100 + n), txnid: `T${n}`, title: `Title ${n}`, pagenumber: `${n * 10}-${n * 10 + 5}`, ...extra });
    const a1 = await app.repos.articles.create(J1, mk(2));
    await app.repos.articles.create(J1, mk(1));
    expect(a1.pageStart).toBe(20);
    expect(a1.pageEnd).toBe(25);
    expect(a1.file).toBe('102.pdf');
    expect(a1.description).toBe('Title 2');
    for (const [dup, field] of [[{ refnumber: '101' }, 'refnumber'], [{ txnid: 'T1' }, 'txnid'], [{ title: 'Title 1' }, 'title']] as const) {
      const err = await app.repos.articles.create(J1, mk(9, { ...dup, ...(field !== 'refnumber' ? { refnumber: `9${field}` } : {}), ...(field !== 'txnid' ? { txnid: `X${field}` } : {}), ...(field !== 'title' ? { title: `Y ${field}` } : {}) })).catch((e: unknown) => e);
      expect((err as { code?: number }).code).toBe(11000);
      const values = mk(9, dup);
      expect(duplicateKeyField(err) ?? (await app.repos.articles.findConflicts(J1, values))[0]).toBe(field);
    }
    // Another journal may reuse them.
    await app.repos.articles.create(J2, mk(1));
    expect((await app.repos.articles.listByIssue(J1, base)).map((a) => a.refnumber)).toEqual(['101', '102']);
    expect(await app.repos.articles.lastPageOfIssue(J1, base)).toBe(25);
    // The first-page rule's bound: first reads of an issue at once all answer its last page.
    expect(await Promise.all(Array.from({ length: 6 }, () => app.repos.articles.lastPageFor(J1, base, 1)))).toEqual(Array(6).fill(25));
    expect(await app.repos.articles.lastPageFor(J1, base, 26)).toBe(25);
    const counts = await app.repos.articles.countsByIssue(J1);
    expect(counts).toEqual([{ ...base, count: 2 }]);
    expect(await app.repos.articles.findConflicts(J1, { refnumber: '102', txnid: 'T2', title: 'Title 2' }, a1.id)).toEqual([]);
    const upd = await app.repos.articles.update(J1, a1.id, { pagenumber: '1-2', status: 'disabled' });
    expect(upd?.pageStart).toBe(1);
    expect(await app.repos.articles.count(J1, { publicOnly: true })).toBe(1);
    expect(await app.repos.articles.findByRef(J2, '102')).toBeNull();
  });

  test('parsePages', () => {
    expect(parsePages('12-20')).toEqual({ pageStart: 12, pageEnd: 20 });
    expect(parsePages(' 7 ')).toEqual({ pageStart: 7, pageEnd: 7 });
    expect(parsePages('abc')).toEqual({ pageStart: 0, pageEnd: 0 });
  });

  test('file store: put, stat, ranges, replace, delete, journal scope', async () => {
    const pdf = await makePdf('hello');
    const p = '/assets/archives/2026/vol3issue1/101.pdf';
    const f = await app.files.put(J1, p, pdf);
    expect(f.contentType).toBe('application/pdf');
    const s = await app.files.stat(J1, p);
    expect(s?.length).toBe(pdf.length);
    expect(s?.etag).toBe(f.etag);
    expect(await app.files.stat(J2, p)).toBeNull();
    const chunks: Buffer[] = [];
    for await (const c of app.files.stream(s!, { start: 0, end: 4 })) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('%PDF-');
    await app.files.put(J1, p, Buffer.from('%PDF-2'));
    expect((await app.files.read(J1, p))?.toString()).toBe('%PDF-2');
    expect(await app.files.list(J1, '/assets/archives/')).toEqual([p]);
    expect(await app.files.delete(J1, p)).toBe(true);
    expect(await app.files.stat(J1, p)).toBeNull();
    await expect(app.files.put(J1, '/assets/../x.pdf', pdf)).rejects.toThrow();
  });

  test('file store: a file is read by `_id` alone, chunk by chunk, across chunk boundaries', async () => {
    const p = '/assets/archives/2026/vol3issue1/102.pdf';
    // Three chunks and a bit, every byte telling its place.
    const data = Buffer.from(Array.from({ length: 3 * 255 * 1024 + 1000 }, (_, i) => (i * 7 + (i >> 8)) & 0xff));
    const first = await app.files.put(J1, p, data);
    const s = (await app.files.stat(J1, p))!;
    const read = async (range?: { start: number; end: number }) => {
      const out: Buffer[] = [];
      for await (const c of app.files.stream(s, range)) out.push(c as Buffer);
      return Buffer.concat(out);
    };
    const queries: string[] = [];
    app.conn.set('debug', (collection: string, method: string, query: unknown) => queries.push(`${collection}.${method} ${JSON.stringify(query)}`));
    try {
      expect((await read()).equals(data)).toBe(true);
      const edge = 255 * 1024;
      for (const [start, end] of [[edge - 3, edge + 2], [0, 0], [edge * 3, data.length - 1], [10, edge * 2 + 5]] as const) {
        expect((await read({ start, end })).equals(data.subarray(start, end + 1))).toBe(true);
      }
      expect((await app.files.read(J1, p))!.equals(data)).toBe(true);
    } finally {
      app.conn.set('debug', false);
    }
    expect(queries.length).toBeGreaterThan(4);
    for (const q of queries) expect(q).toMatch(/^files\.(chunks|current)\.findOne \{"_id":"[^"]+"\}/);
    // Replacing it leaves no chunk of the old version behind.
    await app.files.put(J1, p, Buffer.from('%PDF-3'));
    const chunks = app.conn.collection('files.chunks');
    expect(await chunks.countDocuments({ files_id: new Types.ObjectId(first.id) })).toBe(0);
    expect((await app.files.read(J1, p))!.toString()).toBe('%PDF-3');
    await app.files.delete(J1, p);
  });

  test('file store: files stored by the GridFS driver are found and read after a start', async () => {
    const { FileStore } = await import('../src/files/file-store');
    const store = new FileStore(app.conn);
    const p = '/assets/editors/legacy.png';
    const data = Buffer.alloc(300 * 1024, 0x5a);
    const upload = store.bucket.openUploadStream(`${J1}${p}`, { metadata: { journalId: J1, path: p, contentType: 'image/png', sha1: 'legacysha1' } });
    await new Promise<void>((resolve, reject) => upload.once('finish', () => resolve()).once('error', reject).end(data));
    expect(await store.stat(J1, p)).toBeNull();
    // A database from before the entries: its one-off migration is not marked done yet.
    await app.conn.collection('content_migrations').deleteOne({ _id: 'files-current' as never });
    await store.init();
    const s = await store.stat(J1, p);
    expect(s).toMatchObject({ length: data.length, contentType: 'image/png', etag: '"legacysha1"', keyed: false });
    expect((await store.read(J1, p))!.equals(data)).toBe(true);
    expect((await store.versionsByJournal(J1)).get(J1)?.get(p)).toBe('legacysha1');
    expect(await store.delete(J1, p)).toBe(true);
    expect(await app.conn.collection('files.chunks').countDocuments({ files_id: upload.id })).toBe(0);
    // Marked done: a later start reads no file list, even with a files document that has no entry.
    const again = store.bucket.openUploadStream(`${J1}/assets/editors/later.png`, { metadata: { journalId: J1, path: '/assets/editors/later.png' } });
    await new Promise<void>((resolve, reject) => again.once('finish', () => resolve()).once('error', reject).end(data));
    await store.init();
    expect(await store.stat(J1, '/assets/editors/later.png')).toBeNull();
  });

  test('asset paths are validated', () => {
    expect(normaliseAssetPath('/assets/editors/a.png')).toBe('/assets/editors/a.png');
    for (const bad of ['/assets/editors/../a.png', '/assets/other/a.png', '/assets/editors/a.exe', '/assets/editors/a\u0000.png', '/assets/editors/.png', '/assets/editors/a\\b.png', '/assets/editors/é.png'])
      expect(normaliseAssetPath(bad)).toBeNull();
  });

  test('a change bumps the generation of the journal, and answers made from the old one are not used', async () => {
    let calls = 0;
    const produce = async () => ++calls;
    expect(await app.cache.get(J1, 'k', produce)).toBe(1);
    expect(await app.cache.get(J1, 'k', produce)).toBe(1);
    await app.publisher.invalidate(J1);
    expect(await app.cache.get(J1, 'k', produce)).toBe(2);
    expect(await app.cache.get(J2, 'k', produce)).toBe(3);
  });

  test('with Redis down a change is applied here, queued for the others, and never throws', async () => {
    const dead = createRedis('redis://127.0.0.1:9', { lazyConnect: true, retryStrategy: () => null });
    const lock = new KeyedLock(dead, (j) => `x:lock:${j}`);
    const cache = new ViewCache({ prefix: 'x:', redis: dead, logger: app.deps.logger, maxBytes: 1 << 20 });
    const views = new ViewStore({ ...app.repos, files: app.files }, await ViewRepo.open(app.conn), app.deps.logger, lock, cache);
    const publisher = new ChangePublisher(views, (j, changes) => cache.feed.publish(j, changes), app.deps.logger);
    await cache.init();
    let calls = 0;
    const produce = async () => ++calls;
    expect(await cache.get(J1, 'k', produce)).toBe(1);
    expect(await cache.get(J1, 'k', produce)).toBe(1);
    await views.head(J1);
    const e = await app.repos.editors.create(J1, { name: 'While Redis is down', category: 'chief editor' });
    await expect(publisher.changed(J1, [{ t: 'editor', id: e.id }])).resolves.toBeUndefined();
    expect((await views.head(J1)).editors.find((x) => x.id === e.id)?.name).toBe('While Redis is down');
    expect(await cache.get(J1, 'k', produce)).toBe(2);
    expect(cache.feed.stats.queued).toBe(1);
    cache.stop();
    dead.disconnect();
  });
});

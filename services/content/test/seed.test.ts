import { seedDemoContent } from '../src/seed/demo';
import { startContent, stopContent } from './helpers';

let app: Awaited<ReturnType<typeof startContent>>;

beforeAll(async () => {
  app = await startContent();
});
afterAll(() => stopContent(app));

test('seeds two distinct journals idempotently, with files in GridFS', async () => {
  const opts = { mongoUrl: app.config.MONGO_URL, dbName: app.config.MONGO_DB, redisUrl: app.config.REDIS_URL, redisPrefix: app.config.REDIS_PREFIX };
  const first = await seedDemoContent(opts);
  expect(first.journals.map((j) => [j.slug, j.hosts])).toEqual([
    ['demo', ['localhost', '127.0.0.1']],
    ['chem', ['chem.localhost']],
  ]);
  const count = async (id: string) => ({
    editors: (await app.repos.editors.list(id)).length,
    indexing: (await app.repos.indexing.list(id)).length,
    issues: await app.repos.issues.count(id),
    articles: await app.repos.articles.count(id),
    files: (await app.files.list(id)).length,
  });
  const before = await Promise.all(first.journals.map((j) => count(j.id)));
  const second = await seedDemoContent(opts);
  expect(second.journals.map((j) => j.id)).toEqual(first.journals.map((j) => j.id));
  expect(await Promise.all(first.journals.map((j) => count(j.id)))).toEqual(before);

  const [demo, chem] = first.journals;
  expect(before[0]).toMatchObject({ editors: 7, indexing: 6, issues: 10, articles: 37 });
  const d = (await app.journals.findById(demo!.id))!;
  const c = (await app.journals.findById(chem!.id))!;
  expect(d.websitename).not.toBe(c.websitename);
  expect(d.flags).toMatchObject({ showSubject: true, showEditorContacts: true, showJournalList: true, hideOwnerNotice: false });
  expect(c.flags).toMatchObject({ showSubject: false, showEditorContacts: false, showJournalList: false, hideOwnerNotice: true });
  expect(d.impactfactor.slice(15)).toBe('5.24');

  const files = await app.files.list(demo!.id);
  for (const f of ['/assets/site/logo.png', '/assets/site/header.png', '/assets/site/cover.png', '/assets/site/chat.png', '/assets/editors/avatar.png', '/assets/indexing/google-scholar.svg']) {
    expect(files).toContain(f);
  }
  const a = (await app.repos.articles.findByRef(demo!.id, '1001'))!;
  const pdf = await app.files.read(demo!.id, `/assets/archives/${a.year}/vol${a.volume}issue${a.issue}/1001.pdf`);
  expect(pdf!.subarray(0, 5).toString()).toBe('%PDF-');
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.load(pdf!);
  expect(doc.getTitle()).toContain('Effect of organic manures');
  expect(doc.getPageCount()).toBe(1);
  const png = await app.files.read(demo!.id, '/assets/site/logo.png');
  expect(png!.subarray(1, 4).toString()).toBe('PNG');
});

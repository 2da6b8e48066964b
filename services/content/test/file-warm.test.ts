import request from 'supertest';
import { assetPath } from '../src/files/file-store';
import { dbOps, makeJournal, makePdf, startContent, stopContent } from './helpers';

// Two content processes on one database: slow on a shared machine.
jest.setTimeout(120_000);

type App = Awaited<ReturnType<typeof startContent>>;
let writer: App;
let jid: string;
/** Newest issue first, page order: the order the warm-up reads them in. */
const paths: string[] = [];
const SIZE = 300 * 1024;

beforeAll(async () => {
  writer = await startContent();
  jid = await makeJournal(writer, 'warm');
  const pdf = await makePdf('warm test');
  for (const issue of [2, 1]) {
    await writer.repos.issues.ensure(jid, { year: 2025, volume: 3, issue, frequency: 'june' });
    for (const k of [1, 2]) {
      const ref = `${issue}0${k}`;
      await writer.repos.articles.insertMany(jid, [{
        year: 2025, volume: 3, issue, refnumber: ref, txnid: `W${ref}`, title: `Warm ${ref}`, authorname: 'A. Author', abstract: '', keywords: '',
        pagenumber: `${k * 10}-${k * 10 + 5}`, subject: '', country: '', file: `${ref}.pdf`, status: 'enabled', publishdate: '2025-06-01',
      }]);
      const path = assetPath.article(2025, 3, issue, `${ref}.pdf`);
      // Each file 300 kB, under the in-memory limit: three fit a budget of 1 MB, the fourth does not.
      await writer.files.put(jid, path, Buffer.concat([pdf, Buffer.alloc(SIZE - pdf.length, 32)]));
      paths.push(path);
    }
  }
});
afterAll(() => stopContent(writer));

describe('article files before ready', () => {
  test('the newest issues\' PDFs are read into memory within the budget: their first download reads no database', async () => {
    const late = await startContent({ MONGO_DB: writer.config.MONGO_DB, REDIS_PREFIX: writer.config.REDIS_PREFIX, FILE_WARM_MB: 1 });
    try {
      expect(late.warmedFiles).toMatchObject({ files: 3, bytes: 3 * SIZE });
      for (const path of paths.slice(0, 3)) {
        const ops = await dbOps(late, async () => {
          const r = await request(late.url).get(path).set('x-journal-id', jid).buffer(true);
          expect(r.status).toBe(200);
          expect(Number(r.headers['content-length'])).toBe(SIZE);
        });
        expect({ path, ops }).toEqual({ path, ops: [] });
      }
      // Past the budget: read on its first download, as before.
      const ops = await dbOps(late, async () => {
        expect((await request(late.url).get(paths[3]!).set('x-journal-id', jid)).status).toBe(200);
      });
      expect(ops.length).toBeGreaterThan(0);
    } finally {
      await late.stop();
    }
  });

  test('a budget of 0 warms nothing', async () => {
    const late = await startContent({ MONGO_DB: writer.config.MONGO_DB, REDIS_PREFIX: writer.config.REDIS_PREFIX, FILE_WARM_MB: 0 });
    try {
      expect(late.warmedFiles).toMatchObject({ files: 0, bytes: 0 });
    } finally {
      await late.stop();
    }
  });
});

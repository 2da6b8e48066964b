import request from 'supertest';
import { assetPath } from '../src/files/file-store';
import { dbOps, makeJournal, makePdf, startContent, stopContent } from './helpers';

// Two content processes on one database: slow on a shared machine.
jest.setTimeout(120_000);

type App = Awaited<ReturnType<typeof startContent>>;
let writer: App;
let jid: string;
/** The PDFs of the journal. */
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

describe('article files warm lazily', () => {
  test('a new replica reads no file before ready; a PDF is read on its first download and answered from memory after', async () => {
    const late = await startContent({ MONGO_DB: writer.config.MONGO_DB, REDIS_PREFIX: writer.config.REDIS_PREFIX });
    try {
      for (const path of paths) {
        const first = await dbOps(late, async () => {
          const r = await request(late.url).get(path).set('x-journal-id', jid).buffer(true);
          expect(r.status).toBe(200);
          expect(Number(r.headers['content-length'])).toBe(SIZE);
        });
        expect(first.length).toBeGreaterThan(0);
        const again = await dbOps(late, async () => {
          expect((await request(late.url).get(path).set('x-journal-id', jid).buffer(true)).status).toBe(200);
        });
        expect({ path, again }).toEqual({ path, again: [] });
      }
    } finally {
      await late.stop();
    }
  });
});

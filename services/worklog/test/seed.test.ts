import { connectMongo, createLogger } from '@journal/server-kit';
import { newObjectId, scratchDatabase, testServers, uniqueName } from '@journal/testing';
import { EntryIndex } from '../src/entry-index';
import { EntryPageRepo } from '../src/entry-page.repo';
import { ENTRY_COLLECTION, EntryRepo } from '../src/entry.repo';
import { IndexLock } from '../src/index-lock.repo';
import { seedBulkWorklog } from '../src/seed';

const { mongoUrl, redisUrl } = testServers();
const redisPrefix = `${uniqueName('wls')}:`;
const scratch = scratchDatabase('worklog_seed');
const dbName = scratch.name;
beforeAll(() => scratch.open());
afterAll(() => scratch.drop());

describe('bulk work-log seed', () => {
  it('writes entries and index pages that list exactly as the entries collection, and resumes where a run stopped', async () => {
    const big = newObjectId();
    const small = newObjectId();
    const opts = { mongoUrl, dbName, redisUrl, redisPrefix, batch: 400 };
    // A run that stopped early, then the full run, then a rerun.
    expect(await seedBulkWorklog({ ...opts, journals: [{ id: big, entries: 700 }] })).toBe(700);
    expect(await seedBulkWorklog({ ...opts, journals: [{ id: big, entries: 1_234 }, { id: small, entries: 3 }] })).toBe(537);
    expect(await seedBulkWorklog({ ...opts, journals: [{ id: big, entries: 1_234 }, { id: small, entries: 3 }] })).toBe(0);
    expect(await scratch.db().collection(ENTRY_COLLECTION).countDocuments({})).toBe(1_237);

    const conn = await connectMongo(mongoUrl, dbName);
    try {
      const index = new EntryIndex({ pages: new EntryPageRepo(conn), lock: new IndexLock(undefined, redisPrefix), logger: createLogger('test', 'silent'), cacheBytes: 1 << 20 });
      const entries = new EntryRepo(conn);
      for (const journalId of [big, small]) {
        const fromIndex = await index.all(journalId);
        expect(fromIndex.map((e) => e.id)).toEqual((await entries.all(journalId)).map((e) => e.id));
        for (const f of [{}, { status: 'urgent' as const }, { search: 'PROOF' }, { status: 'info' as const, search: 'issue 1' }]) {
          for (const page of [1, 2, 40]) {
            const got = await index.query(journalId, f, page, 20);
            const total = await entries.count(journalId, f);
            const p = Math.min(Math.max(1, page), Math.max(1, Math.ceil(total / 20)));
            expect({ f, asked: page, ...got, items: got.items.map((e) => e.id) }).toEqual({
              f, asked: page, total, page: p, items: (await entries.list(journalId, f, (p - 1) * 20, 20)).map((e) => e.id),
            });
          }
        }
      }
    } finally {
      await conn.close();
    }
  });
});

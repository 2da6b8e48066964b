import { Types, type Connection } from 'mongoose';
import { connectMongo, createLogger, createRedis, type Redis } from '@journal/server-kit';
import { WORK_STATUSES, type WorkStatus } from '@journal/contracts';
import { newObjectId, testServers, uniqueName } from '@journal/testing';
import { EntryIndex } from '../src/entry-index';
import { DIR_COLLECTION, EntryPageRepo, HEAD_COLLECTION } from '../src/entry-page.repo';
import { CHUNK_CAPACITY, clampPage, PAGE_CAPACITY } from '../src/entry-pages';
import type { EntryFilter, StoredEntry } from '../src/entry.repo';
import { IndexLock } from '../src/index-lock.repo';

const { mongoUrl, redisUrl } = testServers();
const dbName = uniqueName('worklog_index');
const prefix = `${uniqueName('wli')}:`;
let conn: Connection;
let redis: Redis;

/** An index as one replica holds it; small pages and chunks, so a few hundred entries make many pages, splits and chunks included. */
const replica = (cacheBytes = 1 << 20) =>
  new EntryIndex({ pages: new EntryPageRepo(conn), lock: new IndexLock(redis, prefix), logger: createLogger('test', 'silent'), cacheBytes, pageCapacity: 7, chunkCapacity: 3 });

/** A deterministic random sequence, so a failure repeats. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The plain scan the index must agree with: every entry, newest first (time, then id), filtered. */
function scan(all: StoredEntry[], f: EntryFilter, page: number, pageSize: number) {
  const needle = f.search?.toLowerCase();
  const matched = all
    .filter((e) => (!f.status || e.status === f.status) && (!needle || e.content.toLowerCase().includes(needle)))
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const p = clampPage(page, matched.length, pageSize);
  return { items: matched.slice((p - 1) * pageSize, p * pageSize).map((e) => e.id), total: matched.length, page: p };
}

const WORDS = ['Proof', 'galley', 'PAYMENT', 'receipt', 'doi', 'issue 1', 'issue 12', '<b>bold</b>', 'ünïcode', ''];

function randomEntry(journalId: string, r: () => number, t: number): StoredEntry {
  const words = Array.from({ length: 1 + Math.floor(r() * 3) }, () => WORDS[Math.floor(r() * WORDS.length)]!);
  return {
    id: new Types.ObjectId().toHexString(),
    journalId,
    content: words.join(' '),
    status: WORK_STATUSES[Math.floor(r() * WORK_STATUSES.length)]!,
    createdby: 'tester',
    createdAt: new Date(t),
  };
}

async function expectSameAsScan(index: EntryIndex, journalId: string, truth: StoredEntry[], r: () => number, rounds: number) {
  const searches = [undefined, 'proof', 'ISSUE 1', 'issue 12', 'ünï', '<b>', 'nothing', 'e'];
  for (let i = 0; i < rounds; i++) {
    const status = r() < 0.4 ? undefined : WORK_STATUSES[Math.floor(r() * WORK_STATUSES.length)];
    const f: EntryFilter = { status, search: searches[Math.floor(r() * searches.length)] };
    const pageSize = [1, 3, 7, 20][Math.floor(r() * 4)]!;
    const page = 1 + Math.floor(r() * 12);
    const got = await index.query(journalId, f, page, pageSize);
    expect({ f, page, pageSize, ...got, items: got.items.map((e) => e.id) }).toEqual({ f, page, pageSize, ...scan(truth, f, page, pageSize) });
  }
  expect((await index.all(journalId)).map((e) => e.id)).toEqual(scan(truth, {}, 1, truth.length || 1).items);
}

beforeAll(async () => {
  conn = await connectMongo(mongoUrl, dbName);
  redis = createRedis(redisUrl);
  if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
});

afterAll(async () => {
  await conn.db!.dropDatabase();
  await conn.close();
  redis.disconnect();
});

describe('persisted work-log index', () => {
  it('pages, filters and searches exactly as a plain scan, across writes from two replicas, splits and status changes', async () => {
    const r = rng(42);
    const journalId = newObjectId();
    const a = replica();
    const b = replica();
    const truth: StoredEntry[] = [];
    // Mostly newer entries (appends), some older ones (inserts into full pages: splits), some equal times.
    let now = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 90; i++) {
      const roll = r();
      const t = roll < 0.7 ? (now += 1000 + Math.floor(r() * 5000)) : roll < 0.9 ? now - Math.floor(r() * 200_000) : now;
      const e = randomEntry(journalId, r, t);
      const w = i % 2 ? a : b;
      await w.locked(journalId, () => w.add(e));
      truth.push(e);
      if (i % 30 === 29) await expectSameAsScan(i % 60 === 29 ? b : a, journalId, truth, r, 15);
    }
    // Adding an entry twice changes nothing.
    await a.locked(journalId, () => a.add({ ...truth[5]! }));
    for (let i = 0; i < 25; i++) {
      const e = truth[Math.floor(r() * truth.length)]!;
      const status: WorkStatus = WORK_STATUSES[Math.floor(r() * WORK_STATUSES.length)]!;
      const w = i % 2 ? b : a;
      expect(await w.locked(journalId, () => w.setStatus(e, status))).toBe(true);
      e.status = status;
    }
    // Both replicas (with what each has cached) answer what the other wrote.
    await expectSameAsScan(a, journalId, truth, r, 40);
    await expectSameAsScan(b, journalId, truth, r, 40);
    // A replica with a budget of a few pages answers the same.
    await expectSameAsScan(replica(600), journalId, truth, r, 30);
  });

  it('appends a bulk load in whole pages, passes over what a rerun finds appended, and keeps journals apart', async () => {
    const r = rng(7);
    const one = newObjectId();
    const two = newObjectId();
    const index = replica();
    const base = Date.UTC(2025, 5, 1);
    const bulk = Array.from({ length: 40 }, (_, i) => randomEntry(one, r, base + i * 1000));
    expect(await index.locked(one, () => index.appendNewer(one, bulk.slice(0, 25)))).toBe(25);
    // A rerun of the whole load appends only what is missing.
    expect(await index.locked(one, () => index.appendNewer(one, bulk))).toBe(15);
    expect(await index.locked(one, () => index.appendNewer(one, bulk))).toBe(0);
    const other = randomEntry(two, r, base + 500);
    await index.locked(two, () => index.add(other));
    await expectSameAsScan(index, one, bulk, r, 20);
    await expectSameAsScan(index, two, [other], r, 5);
    expect(await index.query(newObjectId(), {}, 3, 20)).toEqual({ items: [], total: 0, page: 1 });
  });

  it('keeps concurrent writers of one journal from losing each other’s entries', async () => {
    const r = rng(3);
    const journalId = newObjectId();
    const replicas = [replica(), replica(), replica()];
    const entries = Array.from({ length: 30 }, (_, i) => randomEntry(journalId, r, Date.UTC(2026, 1, 1) + i * 10));
    await Promise.all(entries.map((e, i) => replicas[i % 3]!.locked(journalId, () => replicas[i % 3]!.add(e))));
    await expectSameAsScan(replicas[0]!, journalId, entries, r, 20);
  });

  it('writes an appended entry into the newest page\'s last chunk, not the page: its cost does not follow the page\'s size', async () => {
    const r = rng(11);
    const journalId = newObjectId();
    const repo = new EntryPageRepo(conn);
    const index = new EntryIndex({ pages: repo, lock: new IndexLock(redis, prefix), logger: createLogger('test', 'silent'), cacheBytes: 1 << 20 });
    const reader = replica();
    const base = Date.UTC(2026, 2, 1);
    const truth = Array.from({ length: 400 }, (_, i) => randomEntry(journalId, r, base + i * 1000));
    await index.locked(journalId, () => index.appendNewer(journalId, truth));
    const pageWrites = jest.spyOn(repo, 'writePage');
    const chunkWrites = jest.spyOn(repo, 'writeChunk');
    const headWrites = jest.spyOn(repo, 'writeHead');
    const topWrites = jest.spyOn(repo, 'writeTop');
    // 99 appends: the page of 400 gets to 499, one short of full, and is never written whole; nor
    // is the directory of the pages before it: each append writes its chunk and the head document.
    for (let i = 0; i < 99; i++) {
      const e = randomEntry(journalId, r, base + (400 + i) * 1000);
      await index.locked(journalId, () => index.add(e));
      truth.push(e);
      if (i % 20 === 0) await expectSameAsScan(reader, journalId, truth, r, 5);
    }
    expect(pageWrites).not.toHaveBeenCalled();
    expect(chunkWrites).toHaveBeenCalledTimes(99);
    expect(headWrites).not.toHaveBeenCalled();
    expect(topWrites).toHaveBeenCalledTimes(99);
    expect(Math.max(...chunkWrites.mock.calls.map(([, , , c]) => c.entries.length))).toBeLessThanOrEqual(CHUNK_CAPACITY);
    await expectSameAsScan(reader, journalId, truth, r, 20);
    await expectSameAsScan(replica(), journalId, truth, r, 20);
    // The entry that fills the page writes it whole (one document to read from then on), the next starts a page.
    for (let i = 0; i < 2; i++) {
      const e = randomEntry(journalId, r, base + (499 + i) * 1000);
      await index.locked(journalId, () => index.add(e));
      truth.push(e);
    }
    expect(pageWrites.mock.calls.map(([, p]) => p.entries.length)).toEqual([PAGE_CAPACITY, 1]);
    expect((await repo.head(journalId))!.pages.map((p) => [p.n, p.b])).toEqual([[PAGE_CAPACITY, undefined], [1, undefined]]);
    // One directory is left: each whole write removes the one its head named before.
    expect(await conn.db!.collection(DIR_COLLECTION).countDocuments({ journalId })).toBe(1);
    await expectSameAsScan(reader, journalId, truth, r, 20);
    await expectSameAsScan(replica(), journalId, truth, r, 20);
  });

  it('takes over a head written before pages knew their last entry: the first add writes the page whole, the next ones append', async () => {
    const r = rng(5);
    const journalId = newObjectId();
    const repo = new EntryPageRepo(conn);
    const index = new EntryIndex({ pages: repo, lock: new IndexLock(redis, prefix), logger: createLogger('test', 'silent'), cacheBytes: 1 << 20 });
    const base = Date.UTC(2026, 3, 1);
    const truth = Array.from({ length: 30 }, (_, i) => randomEntry(journalId, r, base + i * 1000));
    await index.locked(journalId, () => index.appendNewer(journalId, truth));
    const head = (await repo.head(journalId))!;
    await repo.writeHead({ ...head, pages: head.pages.map(({ z: _z, ...p }) => p) });
    const pageWrites = jest.spyOn(repo, 'writePage');
    for (let i = 0; i < 5; i++) {
      const e = randomEntry(journalId, r, base + (30 + i) * 1000);
      await index.locked(journalId, () => index.add(e));
      truth.push(e);
    }
    expect(pageWrites).toHaveBeenCalledTimes(1);
    await expectSameAsScan(replica(), journalId, truth, r, 20);
  });

  it('reads a head holding every page (written before directories), and moves it on its next whole write', async () => {
    const r = rng(9);
    const journalId = newObjectId();
    const repo = new EntryPageRepo(conn);
    const index = replica();
    const base = Date.UTC(2026, 4, 1);
    const truth = Array.from({ length: 40 }, (_, i) => randomEntry(journalId, r, base + i * 1000));
    await index.locked(journalId, () => index.appendNewer(journalId, truth));
    const head = (await repo.head(journalId))!;
    await conn.db!.collection<{ _id: string }>(HEAD_COLLECTION).replaceOne({ _id: journalId }, { v: head.v, seq: head.seq, p: JSON.stringify(head.pages) });
    await conn.db!.collection(DIR_COLLECTION).deleteMany({ journalId });
    await expectSameAsScan(replica(), journalId, truth, r, 10);
    for (let i = 0; i < 4; i++) {
      const e = randomEntry(journalId, r, base + (40 + i) * 1000);
      await index.locked(journalId, () => index.add(e));
      truth.push(e);
    }
    expect((await conn.db!.collection(HEAD_COLLECTION).findOne({ _id: journalId as never }))!.p).toBeUndefined();
    await expectSameAsScan(replica(), journalId, truth, r, 20);
    await expectSameAsScan(index, journalId, truth, r, 20);
  });

  it('a writer that stopped between writing a page whole and its head: later appends are still listed, and the next whole write keeps them', async () => {
    const r = rng(13);
    const journalId = newObjectId();
    const repo = new EntryPageRepo(conn);
    const index = new EntryIndex({ pages: repo, lock: new IndexLock(redis, prefix), logger: createLogger('test', 'silent'), cacheBytes: 1 << 20 });
    const base = Date.UTC(2026, 5, 1);
    const truth = Array.from({ length: 30 }, (_, i) => randomEntry(journalId, r, base + i * 1000));
    await index.locked(journalId, () => index.appendNewer(journalId, truth));
    const add = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const e = randomEntry(journalId, r, base + truth.length * 1000);
        await index.locked(journalId, () => index.add(e));
        truth.push(e);
      }
    };
    await add(5);
    // The page written whole with what it held then, the head never written after it.
    const k = (await repo.head(journalId))!.pages.at(-1)!.k;
    await repo.writePage(journalId, { k, v: newObjectId(), entries: [...truth].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()) });
    await add(3);
    await expectSameAsScan(replica(), journalId, truth, r, 10);
    await expectSameAsScan(index, journalId, truth, r, 10);
    // A status change writes the page whole: every entry is on it.
    const e = truth[32]!;
    expect(await index.locked(journalId, () => index.setStatus(e, 'urgent'))).toBe(true);
    e.status = 'urgent';
    await add(2);
    await expectSameAsScan(replica(), journalId, truth, r, 20);
  });

  it('a writer that stopped between splitting a full page and writing its head loses none of the page\'s entries', async () => {
    const r = rng(17);
    const journalId = newObjectId();
    /** The database as a writer killed before its head write leaves it: the head write never lands. */
    class StopsBeforeHead extends EntryPageRepo {
      armed = false;
      override async writeHead(h: Parameters<EntryPageRepo['writeHead']>[0]): Promise<void> {
        if (this.armed) throw new Error('writer stopped before its head');
        return super.writeHead(h);
      }
    }
    const repo = new StopsBeforeHead(conn);
    const index = new EntryIndex({ pages: repo, lock: new IndexLock(redis, prefix), logger: createLogger('test', 'silent'), cacheBytes: 1 << 20, pageCapacity: 7, chunkCapacity: 3 });
    const base = Date.UTC(2026, 6, 1);
    const truth = Array.from({ length: 21 }, (_, i) => randomEntry(journalId, r, base + i * 1000));
    await index.locked(journalId, () => index.appendNewer(journalId, truth));
    expect((await repo.head(journalId))!.pages.map((s) => s.n)).toEqual([7, 7, 7]);
    // An entry older than the first page's last one: that full page splits in two.
    repo.armed = true;
    await expect(index.locked(journalId, () => index.add(randomEntry(journalId, r, base + 2500)))).rejects.toThrow('writer stopped before its head');
    repo.armed = false;
    // The stopped write was never answered; every entry answered before is still listed, on any replica.
    await expectSameAsScan(replica(), journalId, truth, r, 10);
    await expectSameAsScan(index, journalId, truth, r, 10);
    // The next write into that page (the same split again) keeps them too.
    const e = randomEntry(journalId, r, base + 1500);
    await index.locked(journalId, () => index.add(e));
    truth.push(e);
    await expectSameAsScan(replica(), journalId, truth, r, 10);
    expect((await repo.head(journalId))!.pages.reduce((n, s) => n + s.n, 0)).toBe(22);
  });

  it('a read whose head names a page that a split removes meanwhile still lists every entry', async () => {
    const r = rng(23);
    const base = Date.UTC(2026, 7, 1);
    /** A journal of three full pages, and a reader whose read of the first waits for another replica's split of it (a read holds no lock). */
    async function splitDuringRead() {
      const journalId = newObjectId();
      const writer = replica();
      const truth = Array.from({ length: 21 }, (_, i) => randomEntry(journalId, r, base + i * 1000));
      await writer.locked(journalId, () => writer.appendNewer(journalId, truth));
      const split = randomEntry(journalId, r, base + 2500);
      const first = (await new EntryPageRepo(conn).head(journalId))!.pages[0]!.k;
      class SplitMeanwhile extends EntryPageRepo {
        armed = true;
        override async page(j: string, k: number) {
          if (this.armed && j === journalId && k === first) {
            this.armed = false;
            await writer.locked(journalId, () => writer.add(split));
          }
          return super.page(j, k);
        }
      }
      const repo = new SplitMeanwhile(conn);
      const reader = new EntryIndex({ pages: repo, lock: new IndexLock(redis, prefix), logger: createLogger('test', 'silent'), cacheBytes: 1 << 20, pageCapacity: 7, chunkCapacity: 3 });
      // The split went in while the list was read: the new entry is listed too.
      return { journalId, reader, repo, truth: [...truth, split] };
    }
    const a = await splitDuringRead();
    const listed = (await a.reader.all(a.journalId)).map((e) => e.id);
    expect(a.repo.armed).toBe(false);
    expect(listed).toEqual(scan(a.truth, {}, 1, a.truth.length).items);
    const b = await splitDuringRead();
    const paged = await b.reader.query(b.journalId, {}, 1, b.truth.length);
    expect({ ...paged, items: paged.items.map((e) => e.id) }).toEqual(scan(b.truth, {}, 1, b.truth.length));
    const c = await splitDuringRead();
    const found = await c.reader.query(c.journalId, { search: 'e' }, 1, c.truth.length);
    expect({ ...found, items: found.items.map((e) => e.id) }).toEqual(scan(c.truth, { search: 'e' }, 1, c.truth.length));
  });

  it("a split's removal of the old page keeps it when another writer wrote it meanwhile (its lock lapsed, or Redis away)", async () => {
    const r = rng(29);
    const journalId = newObjectId();
    const base = Date.UTC(2026, 8, 1);
    const truth = Array.from({ length: 21 }, (_, i) => randomEntry(journalId, r, base + i * 1000));
    await replica().locked(journalId, () => replica().appendNewer(journalId, truth));
    const first = (await new EntryPageRepo(conn).head(journalId))!.pages[0]!.k;
    let atDrop!: () => void;
    const splitAtDrop = new Promise<void>((resolve) => (atDrop = resolve));
    let otherRead!: () => void;
    const readByOther = new Promise<void>((resolve) => (otherRead = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    /** The splitting writer's database: it stops just before removing the old page until the other writer is done. */
    class WaitsBeforeDrop extends EntryPageRepo {
      override async dropPage(j: string, k: number, v: string) {
        atDrop();
        await released;
        return super.dropPage(j, k, v);
      }
    }
    /** The other writer's database: its whole write of the first page (read under the head before the split) lands after the split's head. */
    class WritesAfterSplit extends EntryPageRepo {
      override async page(j: string, k: number) {
        const got = await super.page(j, k);
        if (k === first) otherRead();
        return got;
      }
      override async writePage(j: string, p: Parameters<EntryPageRepo['writePage']>[1]) {
        if (p.k === first) await splitAtDrop;
        return super.writePage(j, p);
      }
    }
    // No Redis: each writer is kept apart from its own process's writers only.
    const index = (pages: EntryPageRepo) => new EntryIndex({ pages, lock: new IndexLock(undefined, prefix), logger: createLogger('test', 'silent'), cacheBytes: 1 << 20, pageCapacity: 7, chunkCapacity: 3 });
    const [splitter, other] = [index(new WaitsBeforeDrop(conn)), index(new WritesAfterSplit(conn))];
    const changed = truth[3]!;
    const status = WORK_STATUSES.find((s) => s !== changed.status)!;
    const otherDone = other.locked(journalId, () => other.setStatus(changed, status));
    await readByOther;
    const splitDone = splitter.locked(journalId, () => splitter.add(randomEntry(journalId, r, base + 2500)));
    await otherDone;
    release();
    await splitDone;
    changed.status = status;
    // The last head written (the status change's) names the first page: its entries are all still listed.
    const listed = (await replica().all(journalId)).map((e) => e.id);
    expect(listed).toEqual(scan(truth, {}, 1, truth.length).items);
    const e = randomEntry(journalId, r, base + 1500);
    await replica().locked(journalId, () => replica().add(e));
    truth.push(e);
    await expectSameAsScan(replica(), journalId, truth, r, 10);
  });
});


import type { Connection } from 'mongoose';
import { connectMongo, createLogger, createRedis, KeyedLock } from '@journal/server-kit';
import { eventually, newObjectId, testServers, trackCalls, uniqueName } from '@journal/testing';
import { adminMatcher, byIssueThenPage, byPageStart, storedArticle, type Article, type NewArticle } from '../src/archives/article.repo';
import { byIssueDesc } from '../src/archives/issue.repo';
import { toSummary } from '../src/public/public.service';
import { normaliseKeyword } from '../src/search/search-keyword';
import { derivedFields } from '../src/archives/article.repo';
import { searchEntryOf, type SearchEntry } from '../src/search/search-entry';
import { BadSearchDocError, inChunk, SearchRepo, warmSearchChecks } from '../src/search/search.repo';
import { SearchStore } from '../src/search/search.store';
import { SearchWritersRepo } from '../src/search/search-writers.repo';

jest.setTimeout(120_000);

const WORDS = ['drip', 'irrigation', 'yield', 'wheat', 'soil', 'nitrogen', 'randomised', 'block', 'verma', 'priya', 'kumar', 'x-ray', '12.5%', 'δ-toxin', 'co2', 'Émile'];
const STATUSES = ['enabled', 'enabled', 'enabled', 'enabled', 'disabled'];

function random(seed: number) {
  let s = seed;
  return (n: number) => (s = (s * 1103515245 + 12345) & 0x7fffffff) % n;
}

/** A stored article as the repository returns it, with random texts. */
function article(n: number, rnd: (n: number) => number, extra = ''): Article {
  const w = () => WORDS[rnd(WORDS.length)]!;
  const words = Array.from({ length: 3 + rnd(20) }, w);
  const year = 2000 + rnd(4);
  const page = 1 + rnd(60);
  // Some titles carry markup the public title drops, so their public and stored titles differ.
  const texts = { title: `Study ${n} of <i>${w()}</i> ${n % 3 ? '' : '<b>bold</b> '}${extra}`, authorname: `${w()} A., ${w()} B.`, keywords: words.slice(0, 3).join(', '), abstract: `<p>${words.join(' ')}</p>` };
  const withdrawn = rnd(15) === 0;
  const input: NewArticle = {
    year,
    volume: year - 1999,
    issue: 1 + rnd(3),
    refnumber: String(1000 + n),
    ...texts,
    pagenumber: `${page}-${page + 5}`,
    email: `a${n}@mail.example`,
    txnid: `TXN${n}`,
    status: STATUSES[rnd(STATUSES.length)]!,
    withdrawal: withdrawn ? { kind: rnd(2) ? 'withdrawn' : 'retracted', reason: 'r', at: new Date(0) } : null,
  };
  return storedArticle(newObjectId(), input, new Date(0), 's');
}

const entryOf = (a: Article): SearchEntry => searchEntryOf(a, { ...toSummary(a), modification: new Date(a.modification).toISOString() });

/** Today's public search: the corpus in public order, every text scanned (docs/product.md#search). */
function publicScanner(articles: Iterable<Article>) {
  const list = [...articles];
  const hay = new Map(list.map((a) => [a.id, a.search_text!]));
  const corpus = list.map(entryOf).flatMap((e) => (e.summary ? [e.summary] : []));
  corpus.sort((x, y) => byIssueDesc(x, y) || byPageStart(x, y));
  return (keyword: unknown, max = 1000) => {
    const k = normaliseKeyword(keyword);
    return k ? corpus.filter((s) => hay.get(s.id)!.includes(k)).slice(0, max) : [];
  };
}
const publicScan = (articles: Iterable<Article>, keyword: unknown, max = 1000) => publicScanner(articles)(keyword, max);

/** Today's admin search: every article matched, sorted, cut. */
function adminScan(articles: Iterable<Article>, q: string, limit = 200) {
  const match = adminMatcher(q);
  return [...articles]
    .map(entryOf)
    .filter((e) => match(e.hit.refnumber, e.adminHay))
    .sort((x, y) => byIssueThenPage({ ...x.hit, pageStart: x.pageStart }, { ...y.hit, pageStart: y.pageStart }))
    .slice(0, limit)
    .map((e) => e.hit);
}

/** Keywords: pieces of the texts themselves (parts of words, across spaces and fields), words, and nonsense. */
function keywords(articles: Article[], rnd: (n: number) => number, n: number): string[] {
  const out = ['drip', 'irrigation yield', 'study 1', 'a.,', '12.5%', 'δ-tox', 'émile', 'i', 'nothing here', '', '  DRIP   wheat '];
  for (let k = 0; k < n; k++) {
    const text = articles[rnd(articles.length)]!.search_text!;
    const from = rnd(text.length);
    out.push(text.slice(from, from + 1 + rnd(20)));
  }
  return out;
}

/** Deep equality of plain answers, cheaply (a thousand hits a comparison); jest's diff only when they differ. */
function same(got: unknown, want: unknown) {
  if (JSON.stringify(got) !== JSON.stringify(want)) expect(got).toEqual(want);
}

describe('search store', () => {
  let conn: Connection;
  let repo: SearchRepo;
  const logger = createLogger('search-test', 'silent');
  /** The articles of each journal: the source of truth the store rebuilds from. */
  const journals = new Map<string, Map<string, Article>>();
  const sourceCalls: string[] = [];
  const source = (journalId: string) => {
    sourceCalls.push(journalId);
    return [...(journals.get(journalId)?.values() ?? [])].map(entryOf);
  };
  const store = (extra: Partial<ConstructorParameters<typeof SearchStore>[0]> = {}) =>
    new SearchStore({ repo, logger, budgetBytes: 64 * 2 ** 20, source, minIndexed: 300, chunkEntries: 64, ...extra });

  function makeJournal(n: number, seed: number, extra = ''): string {
    const id = newObjectId();
    const rnd = random(seed);
    journals.set(id, new Map(Array.from({ length: n }, (_, i) => article(i, rnd, extra)).map((a) => [a.id, a])));
    return id;
  }
  const all = (j: string) => [...journals.get(j)!.values()];

  beforeAll(async () => {
    conn = await connectMongo(testServers().mongoUrl, uniqueName('search'));
    // Several buckets, as on the local default database.
    repo = new SearchRepo(conn);
  });
  afterAll(async () => {
    await conn?.dropDatabase().catch(() => undefined);
    await conn?.close();
  });

  async function expectSame(s: SearchStore, j: string, seed: number, n = 150) {
    const list = all(j);
    const scan = publicScanner(list);
    for (const k of keywords(list, random(seed), n)) {
      for (const max of [1000, 7]) same({ k, max, hits: await s.search(j, k, max) }, { k, max, hits: scan(k, max) });
    }
    const rnd = random(seed + 1);
    const queries = ['drip', 'TXN1', 'verma a., ', '@mail', String(1000 + rnd(list.length)), 'a1', 'Study 1', '\u0000'];
    for (const q of queries) same({ q, hits: await s.adminSearch(j, q, 200) }, { q, hits: adminScan(list, q) });
  }

  test('answers what a scan of every article answers, before and after its index is built, and through changes', async () => {
    const j = makeJournal(900, 3);
    const s = store();
    await expectSame(s, j, 5);
    // The trigram index is built in the background after the first load; answers stay the same.
    const held = await (s as unknown as { journal(id: string): Promise<{ indexed: boolean }> }).journal(j);
    await eventually(() => expect(held.indexed).toBe(true));
    await expectSame(s, j, 6);
    // Changes, removals, new articles, status and withdrawal changes: enough to rebuild the base once.
    const rnd = random(9);
    const articles = journals.get(j)!;
    for (let round = 0; round < 3; round++) {
      for (let k = 0; k < 100; k++) {
        const ids = [...articles.keys()];
        const pick = ids[rnd(ids.length)]!;
        const op = rnd(4);
        if (op === 0) {
          articles.delete(pick);
          await s.apply(j, pick, null, { persist: true });
        } else {
          const a = op === 1 ? article(5000 + round * 1000 + k, rnd) : { ...article(Number(articles.get(pick)!.refnumber) - 1000, rnd), id: pick };
          articles.set(a.id, a);
          await s.apply(j, a.id, entryOf(a), { persist: true });
        }
      }
      await expectSame(s, j, 10 + round, 60);
    }
    // What was persisted answers the same in a store that held nothing.
    await expectSame(store(), j, 20, 60);
  });

  test('a second store on the same database answers the same without rebuilding', async () => {
    const j = makeJournal(500, 21);
    await store().rebuild(j, source(j));
    sourceCalls.length = 0;
    const other = store();
    await expectSame(other, j, 22, 50);
    expect(sourceCalls).toEqual([]);
  });

  test('a journal never built is built from its articles on its first search, once however many ask', async () => {
    const j = makeJournal(300, 31);
    const s = store();
    sourceCalls.length = 0;
    const heads = trackCalls(repo, 'head');
    try {
      const answers = await Promise.all(Array.from({ length: 6 }, () => s.search(j, 'drip')));
      for (const a of answers) expect(a).toEqual(publicScan(all(j), 'drip'));
      expect(sourceCalls).toEqual([j]);
    } finally {
      heads.restore();
    }
    expect(heads.calls.length).toBeLessThanOrEqual(2);
    // And it is persisted: the next store reads it.
    sourceCalls.length = 0;
    expect(await store().search(j, 'drip')).toEqual(publicScan(all(j), 'drip'));
    expect(sourceCalls).toEqual([]);
  });

  test('the writer persists a change, a replica holding the journal patches it, eviction reloads it; full chunks split', async () => {
    const j = makeJournal(200, 41);
    const writer = store({ chunkEntries: 8 });
    const replica = store({ chunkEntries: 8 });
    await writer.rebuild(j, source(j));
    const before = (await repo.head(j))!.chunks.length;
    await replica.search(j, 'drip');
    const rnd = random(43);
    const articles = journals.get(j)!;
    // Enough new articles to split chunks more than once.
    for (let k = 0; k < 300; k++) {
      const a = article(3000 + k, rnd, 'zebrafinch');
      articles.set(a.id, a);
      await writer.apply(j, a.id, entryOf(a), { persist: true });
      await replica.apply(j, a.id, entryOf(a), { persist: false });
    }
    const expected = publicScan(all(j), 'zebrafinch');
    expect(expected.length).toBeGreaterThan(100);
    expect(await writer.search(j, 'zebrafinch')).toEqual(expected);
    expect(await replica.search(j, 'zebrafinch')).toEqual(expected);
    expect((await repo.head(j))!.chunks.length).toBeGreaterThan(before);
    sourceCalls.length = 0;
    expect(await store().search(j, 'zebrafinch')).toEqual(expected);
    replica.evict(j);
    expect(replica.holds(j)).toBe(false);
    await expectSame(replica, j, 44, 40);
    expect(sourceCalls).toEqual([]);
  });

  test('a save reads its chunk beside the head it last saw, and reads again when another replica rebuilt or split the index since', async () => {
    const j = makeJournal(120, 61);
    const writer = store({ chunkEntries: 8 });
    const other = store({ chunkEntries: 8 });
    await writer.rebuild(j, source(j));
    const articles = journals.get(j)!;
    const rnd = random(63);
    const save = async (s: SearchStore, n: number) => {
      const a = article(n, rnd, 'okapi');
      articles.set(a.id, a);
      await s.apply(j, a.id, entryOf(a), { persist: true });
    };
    await save(writer, 5000);
    // The head as the writer saw it: its next save reads the chunk beside the head, once.
    const reads = trackCalls(repo, 'chunk');
    try {
      await save(writer, 5001);
      expect(reads.calls.length).toBe(1);
    } finally {
      reads.restore();
    }
    // Another replica rebuilds the journal (a new generation), then splits its chunks: the writer's
    // chunk read beside the head is of the old one and is not used.
    await other.rebuild(j, source(j));
    for (let k = 0; k < 60; k++) await save(other, 5100 + k);
    await save(writer, 5002);
    await save(writer, 5003);
    expect(await store().search(j, 'okapi')).toEqual(publicScan(all(j), 'okapi'));
    await expectSame(store(), j, 64, 30);
  });

  test('a writer named last under the lock saves without reading the head it left; another writer, a rebuild, a split or a restart makes it read again', async () => {
    const redis = createRedis(testServers().redisUrl);
    try {
      // Its commands fail until it is connected (no offline queue), as the service's do.
      if (redis.status !== 'ready') await new Promise((ready) => redis.once('ready', ready));
      const prefix = `${uniqueName('search-marks')}:`;
      const lock = new KeyedLock(redis, (j) => `${prefix}lock:${j}`, { ttlMs: 60_000, waitMs: 30_000 });
      const marks = new SearchWritersRepo(redis, prefix);
      // Two replicas (and a restarted one) on one database, sharing the lock and the marks.
      const replica = () => store({ chunkEntries: 8, lock, marks });
      const a = replica();
      const b = replica();
      const j = makeJournal(120, 71);
      const articles = journals.get(j)!;
      const rnd = random(73);
      let n = 7000;
      const changed: string[] = [];
      /** Saves one new article through `s`; answers how many times the head was read. */
      const save = async (s: SearchStore) => {
        const art = article(n++, rnd, 'tapir');
        articles.set(art.id, art);
        changed.push(art.id);
        const heads = trackCalls(repo, 'head');
        try {
          await s.apply(j, art.id, entryOf(art), { persist: true });
          return heads.calls.length;
        } finally {
          heads.restore();
        }
      };
      /** Every saved article is in the index as stored (a store that loads it afresh finds them all). */
      const whole = async () => {
        const hits = await replica().search(j, 'tapir', 1000);
        expect(hits).toEqual(publicScan(all(j), 'tapir'));
        const admin = await replica().adminSearch(j, 'tapir', 1000);
        expect(new Set(admin.map((h) => h.id))).toEqual(new Set(all(j).filter((x) => x.title.includes('tapir')).map((x) => x.id)));
      };
      await a.rebuild(j, source(j));
      // The rebuild's writer holds the head it wrote: its saves read none.
      expect(await save(a)).toBe(0);
      expect(await save(a)).toBe(0);
      // Another replica writes: each then reads the head at its next save, and holds it after.
      expect(await save(b)).toBe(1);
      expect(await save(a)).toBe(1);
      expect(await save(a)).toBe(0);
      for (let k = 0; k < 4; k++) {
        expect(await save(b)).toBe(1);
        expect(await save(a)).toBe(1);
      }
      await whole();
      // Another replica rebuilds (a new generation): the writer holding the old head reads the new one.
      await b.rebuild(j, source(j));
      expect(await save(a)).toBe(1);
      await whole();
      // Another replica splits chunks (the head names new ones): read again, nothing lost.
      expect(await save(a)).toBe(0);
      const before = (await repo.head(j))!.chunks.length;
      for (let k = 0; k < 400 && (await repo.head(j))!.chunks.length === before; k++) await save(b);
      expect((await repo.head(j))!.chunks.length).toBeGreaterThan(before);
      expect(await save(a)).toBe(1);
      await whole();
      // A restarted process is another writer: it reads the head once.
      const restarted = replica();
      expect(await save(restarted)).toBe(1);
      expect(await save(restarted)).toBe(0);
      expect(await save(a)).toBe(1);
      // A discarded index (no head) is read, not written into: the next search builds it from the articles.
      await b.discard(j);
      expect(await save(a)).toBe(1);
      await whole();
    } finally {
      redis.disconnect();
    }
  });

  test("one write's many articles read and write each chunk once, split as far as needed; a replica reads them back from the chunks", async () => {
    const j = makeJournal(100, 101);
    const writer = store({ chunkEntries: 8 });
    const replica = store({ chunkEntries: 8 });
    await writer.rebuild(j, source(j));
    await replica.search(j, 'drip');
    const chunksBefore = (await repo.head(j))!.chunks.length;
    const rnd = random(103);
    const articles = journals.get(j)!;
    const batch = new Map<string, SearchEntry | null>();
    const gone = [...articles.keys()][0]!;
    articles.delete(gone);
    batch.set(gone, null);
    for (let k = 0; k < 300; k++) {
      const a = article(4000 + k, rnd, 'wombat');
      articles.set(a.id, a);
      batch.set(a.id, entryOf(a));
    }
    const reads = trackCalls(repo, 'chunk');
    try {
      await writer.applyAll(j, batch, { persist: true });
    } finally {
      reads.restore();
    }
    expect(reads.calls.length).toBeLessThanOrEqual(chunksBefore);
    const head = (await repo.head(j))!;
    expect(head.chunks.length).toBeGreaterThan(chunksBefore);
    for (const [d, p] of head.chunks) expect((await repo.chunk(j, head.g, d, p)).length).toBeLessThanOrEqual(16);
    // The replica held the journal from before: it reads the changed entries from the chunks.
    sourceCalls.length = 0;
    await replica.refresh(j, [...batch.keys()]);
    expect(replica.holds(j)).toBe(true);
    expect(await replica.search(j, 'wombat')).toEqual(publicScan(all(j), 'wombat'));
    await expectSame(replica, j, 104, 30);
    await expectSame(store(), j, 105, 30);
    expect(sourceCalls).toEqual([]);
    // A replica that cannot read the journal's index any more drops it, and rebuilds it on its next search.
    await repo.removeHead(j);
    await replica.refresh(j, [gone]);
    expect(replica.holds(j)).toBe(false);
    expect(await replica.search(j, 'wombat')).toEqual(publicScan(all(j), 'wombat'));
    expect(sourceCalls).toEqual([j]);
  });

  test('a write while a rebuild reads its entries, and two rebuilds at once, leave the index right', async () => {
    const j = makeJournal(300, 81);
    const s = store();
    await s.rebuild(j, source(j));
    const articles = journals.get(j)!;
    // The rebuild reads half its entries, then a write changes one article already read.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let halfway!: () => void;
    const reachedHalf = new Promise<void>((r) => (halfway = r));
    const snapshot = [...articles.values()];
    async function* slowly() {
      for (let i = 0; i < snapshot.length; i++) {
        if (i === 150) {
          halfway();
          await held;
        }
        yield entryOf(snapshot[i]!);
      }
    }
    const rebuilding = s.rebuild(j, slowly());
    await reachedHalf;
    // A second rebuild from what the articles are before the write, too.
    const second = s.rebuild(j, source(j));
    const changed = { ...snapshot[10]!, ...derivedFields({ title: 'Pangolin study', authorname: 'X', keywords: '', abstract: 'pangolin' }), title: 'Pangolin study', status: 'enabled', withdrawal: null };
    articles.set(changed.id, changed);
    await s.apply(j, changed.id, entryOf(changed), { persist: true });
    release();
    await Promise.all([rebuilding, second]);
    expect(await store().search(j, 'pangolin')).toEqual(publicScan(all(j), 'pangolin'));
    expect((await store().search(j, 'pangolin')).map((h) => h.id)).toEqual([changed.id]);
    await expectSame(store(), j, 82, 30);
  });

  test('a load that finds its chunks replaced by a rebuild elsewhere reads the new ones, not the articles', async () => {
    const j = makeJournal(200, 91);
    await store().rebuild(j, source(j));
    const stale = await repo.head(j);
    await store().rebuild(j, source(j));
    // The first head read answers what it was before the second rebuild, as if read just before it.
    const head = repo.head.bind(repo);
    let first = true;
    repo.head = async (id: string) => {
      if (first && id === j) {
        first = false;
        return stale;
      }
      return head(id);
    };
    const warns = trackCalls(logger, 'warn');
    sourceCalls.length = 0;
    try {
      expect(await store().search(j, 'soil')).toEqual(publicScan(all(j), 'soil'));
    } finally {
      repo.head = head;
      warns.restore();
    }
    expect(first).toBe(false);
    expect(sourceCalls).toEqual([]);
    expect(warns.calls).toHaveLength(0);
  });

  test('a tiny budget keeps fewer journals and every answer stays right', async () => {
    const ids = [makeJournal(150, 51), makeJournal(150, 52), makeJournal(150, 53)];
    // Room for two of the three journals, whatever one of them takes.
    const one = store({});
    await one.search(ids[0]!, 'soil');
    const budget = Math.floor(one.heldBytes * 2.5);
    const s = store({ budgetBytes: budget });
    for (let round = 0; round < 3; round++) {
      for (const j of ids) {
        expect(await s.search(j, 'soil')).toEqual(publicScan(all(j), 'soil'));
        expect(s.heldBytes).toBeLessThanOrEqual(budget);
      }
    }
    expect(s.heldJournals).toBeLessThan(3);
    // One journal larger than the whole budget is answered, not kept.
    const none = store({ budgetBytes: 1000 });
    expect(await none.search(ids[0]!, 'soil')).toEqual(publicScan(all(ids[0]!), 'soil'));
    expect(none.heldJournals).toBe(0);
  });

  test('a chunk that fails its schema is rebuilt from the articles with a log line, never an error', async () => {
    const j = makeJournal(200, 61);
    await store().rebuild(j, source(j));
    const chunkAt = (_id: string) => conn.db!.collection<Record<string, unknown>>(repo.chunks.collectionName);
    for (const bad of [{ z: 'not binary' }, { z: Buffer.from('not gzip') }, { j: newObjectId() }, { g: 'other' }]) {
      // Each rebuild writes a new generation: the chunk to spoil is the head's of now.
      const head = (await repo.head(j))!;
      const [d, p] = head.chunks[0]!;
      await chunkAt(`${j}:${head.g}:${d}:${p}`).updateOne({ _id: `${j}:${head.g}:${d}:${p}` }, { $set: bad });
      const warns = trackCalls(logger, 'warn');
      sourceCalls.length = 0;
      try {
        expect(await store().search(j, 'wheat')).toEqual(publicScan(all(j), 'wheat'));
      } finally {
        warns.restore();
      }
      expect(warns.calls.length).toBe(1);
      expect(sourceCalls).toEqual([j]);
    }
    // A write onto a bad chunk marks the journal for rebuild: the next load builds it again.
    const now = (await repo.head(j))!;
    for (const [dd, pp] of now.chunks) await chunkAt(`${j}:${now.g}:${dd}:${pp}`).updateOne({ _id: `${j}:${now.g}:${dd}:${pp}` }, { $set: { z: 'bad' } });
    const a = article(9000, random(62), 'quokka');
    journals.get(j)!.set(a.id, a);
    await store().apply(j, a.id, entryOf(a), { persist: true });
    expect(await repo.head(j)).toBeNull();
    expect(await store().search(j, 'quokka')).toEqual(publicScan(all(j), 'quokka'));
  });

  test('a chunk read back is checked entry by entry: one whose id hashes into another chunk is refused; the start-up warm-up reads its own through that check', async () => {
    const j = newObjectId();
    const rnd = random(81);
    const entries = Array.from({ length: 40 }, (_, i) => entryOf(article(i, rnd)));
    const here = entries.filter((e) => inChunk(e.hit.id, 1, 0));
    const elsewhere = entries.find((e) => !inChunk(e.hit.id, 1, 0))!;
    await repo.writeChunks(j, 'g1', [{ d: 1, p: 0, entries: here }]);
    expect((await repo.chunk(j, 'g1', 1, 0)).map((e) => e.hit.id)).toEqual(here.map((e) => e.hit.id));
    await repo.writeChunks(j, 'g1', [{ d: 1, p: 0, entries: [...here, elsewhere] }]);
    await expect(repo.chunk(j, 'g1', 1, 0)).rejects.toThrow(BadSearchDocError);
    await expect(repo.chunk(j, 'g1', 1, 0)).rejects.toThrow(`entry ${here.length} malformed or misplaced`);
    // The warm-up packs a chunk of made-up entries and reads it back as a save does: it throws if any is refused.
    await expect(warmSearchChecks(entries[0]!)).resolves.toBeUndefined();
  });

  test("one journal's entries never answer for another, even from a chunk copied under its name", async () => {
    const a = makeJournal(100, 71, 'onlyina');
    const b = makeJournal(100, 72, 'onlyinb');
    const s = store();
    expect((await s.search(a, 'onlyina')).length).toBeGreaterThan(0);
    expect(await s.search(b, 'onlyina')).toEqual([]);
    expect(await s.adminSearch(b, 'onlyina', 200)).toEqual([]);
    // A's chunk stored under B's id (a bad copy, a bug) is refused: B is rebuilt from its own articles.
    const ha = (await repo.head(a))!;
    const hb = (await repo.head(b))!;
    const [d, p] = ha.chunks[0]!;
    expect(hb.chunks).toContainEqual([d, p]);
    const aId = `${a}:${ha.g}:${d}:${p}`;
    const bId = `${b}:${hb.g}:${d}:${p}`;
    const at = (_id: string) => conn.db!.collection<Record<string, unknown>>(repo.chunks.collectionName);
    const { _id: _a, ...rest } = (await at(aId).findOne({ _id: aId }))!;
    await at(bId).replaceOne({ _id: bId }, { ...rest, g: hb.g });
    expect(await store().search(b, 'onlyina')).toEqual([]);
    expect(await store().search(b, 'onlyinb')).toEqual(publicScan(all(b), 'onlyinb'));
  });
});


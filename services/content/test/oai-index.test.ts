import { buildOaiIndex, byKey, listOaiPage, matches, patchOaiIndex, setCount, type OaiChunk, type OaiDirectory, type OaiEntry, type OaiFilter } from '../src/views/oai-index';
import { checkView } from '../src/views/view-docs';

/** A small deterministic generator: the same entries on every run. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const MAX = 8;
const rnd = random(7);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
const entryOf = (r: string, t: number): OaiEntry => ({ t, r, y: pick([2020, 2021, 2022]), v: 1, i: pick([1, 2, 3]), ...(rnd() < 0.2 ? { d: 1 as const } : {}) });

/** The index with its chunks held here, as the views would hold them, counting the chunks read. */
function stored(entries: OaiEntry[]) {
  const { dir, chunks } = buildOaiIndex(entries, MAX);
  let reads = 0;
  const load = (c: number): Promise<OaiChunk> => {
    reads++;
    return Promise.resolve(chunks.get(c) ?? { entries: [] });
  };
  return { dir, chunks, load, reads: () => reads };
}

/** What the list answers from every entry at once (the protocol's reading). */
function expected(all: OaiEntry[], f: OaiFilter, after: { t: number; r: string } | undefined, limit: number) {
  const matching = [...all].sort(byKey).filter((e) => matches(e, f));
  const cursor = after ? matching.filter((e) => byKey(e, after) <= 0).length : 0;
  return { page: matching.slice(cursor, cursor + limit), total: matching.length, cursor };
}

const filters: OaiFilter[] = [{}, { set: '2021' }, { set: '2022:vol1issue3' }, { from: 40_000 }, { until: 60_000 }, { from: 20_000, until: 70_000, set: '2020' }, { set: 'none' }];

describe('the stored OAI index', () => {
  const base = Array.from({ length: 100 }, (_, n) => entryOf(String(100_000 + n), Math.floor(rnd() * 100) * 1000 + Math.floor(rnd() * 3) * 400));

  test.each(filters.map((f) => [JSON.stringify(f), f] as const))('pages %s as the whole list would, following its cursors', async (_name, f) => {
    const ix = stored(base);
    let after: { t: number; r: string } | undefined;
    for (let n = 0; n < 20; n++) {
      const got = await listOaiPage(ix.dir, ix.load, f, after, 7);
      expect(got).toEqual(expected(base, f, after, 7));
      if (!got.page.length) break;
      after = got.page[got.page.length - 1]!;
    }
  });

  test('a page reads the chunks it lists from and those at its edges, not the index', async () => {
    const many = Array.from({ length: 2000 }, (_, n) => ({ t: n * 1000, r: String(n), y: 2020, v: 1, i: 1 }));
    const ix = stored(many);
    await listOaiPage(ix.dir, ix.load, {}, many[1500], 7);
    expect(ix.reads()).toBeLessThanOrEqual(3);
    const before = ix.reads();
    await listOaiPage(ix.dir, ix.load, { from: 500_000, until: 900_000 }, undefined, 7);
    expect(ix.reads() - before).toBeLessThanOrEqual(4);
  });

  test('entries moved, added and removed keep the index equal to one built from scratch', async () => {
    const live = new Map(base.map((e) => [e.r, e]));
    const ix = stored(base);
    for (let step = 0; step < 300; step++) {
      const ref = String(100_000 + Math.floor(rnd() * 130));
      const was = live.get(ref);
      // A write dates its entry now: mostly after every other.
      const now = rnd() < 0.8 ? 100_000 + step * 1000 : Math.floor(rnd() * 100) * 1000;
      const next = rnd() < 0.15 ? null : entryOf(ref, now);
      const { put, drop } = await patchOaiIndex(ix.dir, ix.load, was ? [was] : [], next ? [next] : [], MAX);
      for (const [c, ch] of put) ix.chunks.set(c, ch);
      for (const c of drop) ix.chunks.delete(c);
      if (next) live.set(ref, next);
      else live.delete(ref);
    }
    const all = [...live.values()];
    expect(ix.dir.chunks.every((c) => c.n > 0 && c.n <= MAX)).toBe(true);
    const held = ix.dir.chunks.flatMap((c) => ix.chunks.get(c.c)!.entries);
    expect(held).toEqual([...all].sort(byKey));
    for (const f of filters) expect(await listOaiPage(ix.dir, ix.load, f, undefined, 1000)).toEqual(expected(all, f, undefined, 1000));
  });
});

describe("the directory's set counts", () => {
  const entries = Array.from({ length: 60 }, (_, n) => entryOf(String(200_000 + n), n * 1000));
  /** The directory as a release before the compact counts stored it: each ref's counts an object. */
  const asObjects = (dir: OaiDirectory): OaiDirectory => ({
    ...dir,
    chunks: dir.chunks.map((c) => ({ ...c, s: Object.fromEntries((c.s as string).split(';').map((p) => [p.split('=')[0]!, Number(p.split('=')[1])])) })),
  });

  test('are one string a ref, which the stored-view check takes, and from which each set is counted as the entries are', () => {
    const { dir, chunks } = buildOaiIndex(entries, MAX);
    for (const ref of dir.chunks) {
      expect(typeof ref.s).toBe('string');
      const held = chunks.get(ref.c)!.entries;
      for (const set of ['2020', '2021', '2022', '2020:vol1issue1', '2021:vol1issue2', '2022:vol1issue3', '2023', '2020:vol1issue']) {
        expect({ set, n: setCount(ref, set) }).toEqual({ set, n: held.filter((e) => matches(e, { set })).length });
      }
    }
    expect(checkView('oai', JSON.stringify(dir))).toEqual(dir);
  });

  test('a set spec holding a separator, or an inherited key, counts nothing', () => {
    const { dir } = buildOaiIndex(entries, MAX);
    const ref = dir.chunks[0]!;
    for (const set of ['2020=1;2021', ';2020', '2020;', '=', 'constructor', '__proto__', 'toString']) {
      expect({ set, n: setCount(ref, set) }).toEqual({ set, n: 0 });
      expect({ set, n: setCount(asObjects(dir).chunks[0]!, set) }).toEqual({ set, n: 0 });
    }
  });

  test('the check refuses counts that are not counts, in either form', () => {
    const { dir } = buildOaiIndex(entries, MAX);
    const withS = (s: unknown) => JSON.stringify({ ...dir, chunks: [{ ...dir.chunks[0]!, s }] });
    for (const bad of ['2020=0', '2020=', '2020=1;', '=1', '2020=1;;2021=2', '2020=x', 7, null, { 2020: 0 }, { 2020: 'one' }]) expect({ bad, view: checkView('oai', withS(bad)) }).toEqual({ bad, view: null });
    for (const good of ['', '2020=1', '2020=3;2020:vol1issue1=3', { 2020: 3 }]) expect(checkView('oai', withS(good))).not.toBeNull();
  });

  test('a directory stored with object counts lists, and is patched, as one built now: the refs a patch touches take the string form', async () => {
    const ix = stored(entries);
    const old = asObjects(ix.dir);
    for (const f of filters) expect(await listOaiPage(old, ix.load, f, undefined, 1000)).toEqual(expected(entries, f, undefined, 1000));
    const moved = { ...entries[3]!, t: 100_000 };
    const { put } = await patchOaiIndex(old, ix.load, [entries[3]!], [moved], MAX);
    for (const [c, ch] of put) ix.chunks.set(c, ch);
    const now = entries.map((e) => (e.r === moved.r ? moved : e));
    expect(old.chunks.some((c) => typeof c.s === 'string')).toBe(true);
    expect(old.chunks.some((c) => typeof c.s !== 'string')).toBe(true);
    expect(checkView('oai', JSON.stringify(old))).not.toBeNull();
    for (const f of filters) expect(await listOaiPage(old, ix.load, f, undefined, 1000)).toEqual(expected(now, f, undefined, 1000));
  });
});

import { HeldPages } from './held-pages';

describe('held pages', () => {
  const page = { generation: 3, year: 2026, etag: '"p"', tags: 'j:a j:s', version: 7 };

  test('a page is held under what its request names: encoding, journal, host and URL', () => {
    const held = new HeldPages();
    const key = HeldPages.keyOf('gzip', 'j1', 'a.example', '/archives');
    held.set(key, page);
    expect(held.get(key, 3, 2026)).toEqual(page);
    const others = [HeldPages.keyOf('br', 'j1', 'a.example', '/archives'), HeldPages.keyOf(null, 'j1', 'a.example', '/archives'), HeldPages.keyOf('gzip', 'j2', 'a.example', '/archives'), HeldPages.keyOf('gzip', 'j1', 'b.example', '/archives'), HeldPages.keyOf('gzip', 'j1', 'a.example', '/archives/')];
    expect(others.map((k) => held.get(k, 3, 2026))).toEqual(others.map(() => undefined));
  });

  test('only in the generation and the year it was made in; past them it is let go', () => {
    const held = new HeldPages();
    const key = HeldPages.keyOf('gzip', 'j1', 'a.example', '/');
    held.set(key, page);
    // A write announced since (a new generation), then the year its footer shows.
    expect(held.get(key, 4, 2026)).toBeUndefined();
    expect(held.size).toBe(0);
    held.set(key, page);
    expect(held.get(key, 3, 2027)).toBeUndefined();
    expect(held.get(key, 3, 2026)).toBeUndefined();
  });

  test('only for a request whose feed version is not past the one it was made for', () => {
    // This process applied a write before the content service did; a page made meanwhile for a
    // request stamped before the write is of the new generation, not of the write.
    const held = new HeldPages();
    const key = HeldPages.keyOf('gzip', 'j1', 'a.example', '/');
    held.set(key, page);
    expect(held.get(key, 3, 2026, 0)).toEqual(page);
    expect(held.get(key, 3, 2026, 7)).toEqual(page);
    expect(held.get(key, 3, 2026, 8)).toBeUndefined();
    // Made again for the later version, it is held for it.
    held.set(key, { ...page, version: 8 });
    expect(held.get(key, 3, 2026, 8)?.version).toBe(8);
  });
});

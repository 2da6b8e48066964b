import { ReadCache } from './read-cache';

describe('read cache', () => {
  test('asks once for readers at the same time, then reuses the answer while fresh', async () => {
    const cache = new ReadCache(60_000);
    let calls = 0;
    const q = { queryKey: ['public', 'settings'], queryFn: async () => ++calls };
    expect(await Promise.all([cache.ensure(q), cache.ensure(q)])).toEqual([1, 1]);
    expect(await cache.ensure(q)).toBe(1);
    expect(await cache.ensure({ ...q, staleTime: 0 })).toBe(2);
  });

  test('a failed read is not kept: the next reader asks again', async () => {
    const cache = new ReadCache(60_000);
    let fail = true;
    const q = { queryKey: ['k'], queryFn: async () => (fail ? Promise.reject(new Error('down')) : 'ok') };
    await expect(cache.ensure(q)).rejects.toThrow('down');
    expect(cache.peek(['k'])?.error).toBeInstanceOf(Error);
    fail = false;
    expect(await cache.ensure(q)).toBe('ok');
  });

  test("the server's answers are handed to the browser's cache, which reads them without asking", async () => {
    const server = new ReadCache(Infinity);
    await server.ensure({ queryKey: ['public', 'article', '1019'], queryFn: async () => ({ title: 'T' }) });
    const browser = new ReadCache(30_000);
    browser.hydrate(JSON.parse(JSON.stringify(server.dehydrate())));
    const queryFn = jest.fn(async () => ({ title: 'other' }));
    expect(await browser.ensure({ queryKey: ['public', 'article', '1019'], queryFn })).toEqual({ title: 'T' });
    expect(queryFn).not.toHaveBeenCalled();
  });
});

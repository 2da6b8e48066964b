import { etagOf } from '../src/etag';
import { memoize, memoizeText, ownBytes, ttlReads } from '../src/cache';

describe('the cache module', () => {
  it('ttlReads: asks that come together share one read, and the answer is kept', async () => {
    const kept = ttlReads<number>({ ttlMs: 60_000, max: 10 });
    let reads = 0;
    const read = async () => ++reads;
    expect(await Promise.all([kept.get('a', read), kept.get('a', read)])).toEqual([1, 1]);
    expect(await kept.get('a', read)).toBe(1);
    kept.forget('a');
    expect(await kept.get('a', read)).toBe(2);
    expect(reads).toBe(2);
  });

  it('ttlReads: a failed read is not kept, so the next ask tries again', async () => {
    const kept = ttlReads<string>({ ttlMs: 60_000, max: 10 });
    await expect(kept.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept.get('a', async () => 'up')).toBe('up');
  });

  it('ttlReads: a time to live of 0 keeps nothing; at most `max` keys are kept', async () => {
    const none = ttlReads<number>({ ttlMs: 0, max: 10 });
    let n = 0;
    await none.get('a', async () => ++n);
    expect(await none.get('a', async () => ++n)).toBe(2);
    const two = ttlReads<string>({ ttlMs: 60_000, max: 2 });
    for (const k of ['a', 'b', 'c']) await two.get(k, async () => k);
    expect(await two.get('a', async () => 'again')).toBe('again');
  });

  it('memoize: each key worked out once, the most recent `max` kept', () => {
    const seen: string[] = [];
    const upper = memoize(2, (k) => (seen.push(k), k.toUpperCase()));
    expect(['a', 'a', 'b', 'c', 'a'].map(upper)).toEqual(['A', 'A', 'B', 'C', 'A']);
    expect(seen).toEqual(['a', 'b', 'c', 'a']);
  });

  it('memoizeText: bounded by characters; a text over the bound is never kept', () => {
    let calls = 0;
    const same = memoizeText(10, (s) => (calls++, s));
    same('abcd');
    same('abcd');
    expect(calls).toBe(1);
    same('a very long text');
    same('a very long text');
    expect(calls).toBe(3);
  });
});

describe('etagOf', () => {
  it('is a strong validator of the bytes, the same for a string and its bytes', () => {
    expect(etagOf('x')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(etagOf('x')).toBe(etagOf(Buffer.from('x')));
    expect(etagOf('x')).not.toBe(etagOf('y'));
  });
});

describe('ownBytes', () => {
  it('copies a slice of a larger buffer into one of its own, exactly its size', () => {
    const pooled = Buffer.from('a small answer'); // from Node's shared 8 kB pool
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const own = ownBytes(pooled);
    expect(own.equals(pooled)).toBe(true);
    expect(own.buffer.byteLength).toBe(own.length);
    expect(own.byteOffset).toBe(0);
  });

  it('keeps a buffer already alone in its memory, and encodes a string as UTF-8', () => {
    const alone = Buffer.allocUnsafeSlow(16).fill(1);
    expect(ownBytes(alone)).toBe(alone);
    const s = ownBytes('é ✓ answer');
    expect(s.toString('utf8')).toBe('é ✓ answer');
    expect(s.buffer.byteLength).toBe(Buffer.byteLength('é ✓ answer'));
    expect(ownBytes(new Uint8Array([1, 2, 3]).subarray(1)).equals(Buffer.from([2, 3]))).toBe(true);
  });
});

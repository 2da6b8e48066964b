import { eachLimit } from '../src';

describe('eachLimit', () => {
  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const seen: number[] = [];
    await eachLimit(Array.from({ length: 20 }, (_, i) => i), 3, async (i) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, (i * 7) % 5));
      seen.push(i);
      running--;
    });
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(3);
  });

  it('rejects with the first failure after the running ones settle, and starts nothing after it', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = eachLimit([0, 1, 2, 3, 4, 5], 2, async (i) => {
      started.push(i);
      if (i === 1) throw new Error('item 1 failed');
      await new Promise((r) => setTimeout(r, 5));
      settled++;
    });
    await expect(run).rejects.toThrow('item 1 failed');
    expect(started).toEqual([0, 1]);
    expect(settled).toBe(1);
  });

  it('does nothing for no items', async () => {
    await expect(eachLimit([], 4, () => Promise.reject(new Error('never')))).resolves.toBeUndefined();
  });
});

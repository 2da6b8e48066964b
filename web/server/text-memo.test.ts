import { memoText } from './text-memo';

describe('memoText', () => {
  test('each text is worked on once; the answers are the function’s', () => {
    const seen: string[] = [];
    const upper = memoText((s) => {
      seen.push(s);
      return s.toUpperCase();
    });
    expect([upper('<p>a</p>'), upper('<p>a</p>'), upper('b'), upper('<p>a</p>')]).toEqual(['<P>A</P>', '<P>A</P>', 'B', '<P>A</P>']);
    expect(seen).toEqual(['<p>a</p>', 'b']);
  });

  test('kept characters are bounded: past the bound the least recently used go, and a text larger than the bound is never kept', () => {
    let calls = 0;
    const same = memoText((s) => {
      calls++;
      return s;
    }, 10);
    same('abcd'); // 8 chars kept
    same('abcd');
    expect(calls).toBe(1);
    same('xyz'); // 6 more: over the bound, the least recently used (abcd) goes
    same('abcd');
    expect(calls).toBe(3);
    same('a very long text');
    same('a very long text');
    expect(calls).toBe(5);
  });
});

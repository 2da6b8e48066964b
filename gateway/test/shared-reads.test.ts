import { SharedReads, type SharedAnswer } from '../src/shared-reads';

const answer = (headers: SharedAnswer['headers']): SharedAnswer => ({ status: 200, message: 'OK', headers, body: Buffer.from('x') });

describe('shared reads', () => {
  it('hold an answer nginx will keep for the readers right after it', () => {
    const s = new SharedReads();
    expect(s.join('k', () => undefined)).toBe(true);
    s.settle('k', answer({ 'x-accel-expires': '1' }));
    let got: SharedAnswer | null = null;
    expect(s.join('k', (a) => (got = a))).toBe(false);
    expect(got).not.toBeNull();
  });

  it("never hold an answer nginx may not keep (an author's or a reviewer's own page): the next reader asks again", () => {
    const s = new SharedReads();
    expect(s.join('p', () => undefined)).toBe(true);
    const waiting: (SharedAnswer | null)[] = [];
    expect(s.join('p', (a) => waiting.push(a))).toBe(false);
    s.settle('p', answer({ 'x-accel-expires': '0', 'cache-control': 'no-store' }));
    expect(waiting).toEqual([null]);
    expect(s.join('p', () => undefined)).toBe(true);
  });
});

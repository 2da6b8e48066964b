import { SharedReads, type SharedAnswer } from '../src/shared-reads';

const answer = (headers: SharedAnswer['headers']): SharedAnswer => ({ status: 200, message: 'OK', headers, body: Buffer.from('x') });

describe('shared reads', () => {
  it('hold an answer nginx will keep for the readers right after it', () => {
    const s = new SharedReads();
    expect(s.join('k', '7', () => undefined)).toBe(true);
    s.settle('k', answer({ 'x-accel-expires': '1' }), '7');
    let got: SharedAnswer | null = null;
    expect(s.join('k', '7', (a) => (got = a))).toBe(false);
    expect(got).not.toBeNull();
  });

  it("never hold an answer nginx may not keep (an author's or a reviewer's own page): the next reader asks again", () => {
    const s = new SharedReads();
    expect(s.join('p', '7', () => undefined)).toBe(true);
    const waiting: (SharedAnswer | null)[] = [];
    expect(s.join('p', '7', (a) => waiting.push(a))).toBe(false);
    s.settle('p', answer({ 'x-accel-expires': '0', 'cache-control': 'no-store' }), '7');
    expect(waiting).toEqual([null]);
    expect(s.join('p', '7', () => undefined)).toBe(true);
  });

  it("give a held answer only to a reader of the same change number: after a write the next reader asks again", () => {
    const s = new SharedReads();
    expect(s.join('w', '7', () => undefined)).toBe(true);
    s.settle('w', answer({ 'x-accel-expires': '1' }), '7');
    expect(s.join('w', '8', () => undefined)).toBe(true);
    // The answer read under the new number is the one held now.
    s.settle('w', answer({ 'x-accel-expires': '1' }), '8');
    let got: SharedAnswer | null = null;
    expect(s.join('w', '8', (a) => (got = a))).toBe(false);
    expect(got).not.toBeNull();
    expect(s.join('w', '7', () => undefined)).toBe(true);
  });
});

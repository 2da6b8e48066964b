import type { IncomingMessage } from 'node:http';
import { SHARED_HOLD_MS, SharedReads, type SharedAnswer } from '../src/shared-reads';

const answer = (headers: SharedAnswer['headers']): SharedAnswer => ({ status: 200, message: 'OK', headers, body: Buffer.from('x') });

describe('shared reads', () => {
  it('hold an answer nginx will keep for the readers right after it', () => {
    const s = new SharedReads();
    expect(s.join('k', '7', () => undefined)).toBe('lead');
    s.settle('k', answer({ 'x-accel-expires': '1' }), '7');
    let got: SharedAnswer | null = null;
    expect(s.join('k', '7', (a) => (got = a))).toBe('wait');
    expect(got).not.toBeNull();
  });

  it("never hold an answer nginx may not keep (an author's or a reviewer's own page): the next reader asks again", () => {
    const s = new SharedReads();
    expect(s.join('p', '7', () => undefined)).toBe('lead');
    const waiting: (SharedAnswer | null)[] = [];
    expect(s.join('p', '7', (a) => waiting.push(a))).toBe('wait');
    s.settle('p', answer({ 'x-accel-expires': '0', 'cache-control': 'no-store' }), '7');
    expect(waiting).toEqual([null]);
    expect(s.join('p', '7', () => undefined)).toBe('lead');
  });

  it("give a held answer only to a reader of the same change number: after a write the next reader asks again", () => {
    const s = new SharedReads();
    expect(s.join('w', '7', () => undefined)).toBe('lead');
    s.settle('w', answer({ 'x-accel-expires': '1' }), '7');
    expect(s.join('w', '8', () => undefined)).toBe('lead');
    // The answer read under the new number is the one held now.
    s.settle('w', answer({ 'x-accel-expires': '1' }), '8');
    let got: SharedAnswer | null = null;
    expect(s.join('w', '8', (a) => (got = a))).toBe('wait');
    expect(got).not.toBeNull();
    expect(s.join('w', '7', () => undefined)).toBe('lead');
  });
  it("hold an answer checked once whole past the moment after it, for readers and a write's refresh of the same change number", async () => {
    const s = new SharedReads(undefined, 1 << 20);
    expect(s.join('h', '7', () => undefined)).toBe('lead');
    s.settle('h', answer({ 'x-accel-expires': '86400' }), '7', true);
    await new Promise((r) => setTimeout(r, SHARED_HOLD_MS + 100));
    let got: SharedAnswer | null = null;
    expect(s.join('h', '7', (a) => (got = a))).toBe('wait');
    expect(got).not.toBeNull();
    got = null;
    expect(s.join('h', '7', (a) => (got = a), true)).toBe('wait');
    expect(got).not.toBeNull();
    // After a write (its number moved) the refresh asks, and leads the readers after it.
    expect(s.join('h', '8', () => undefined, true)).toBe('lead');
    expect(s.holds('h')).toBe(false);
    expect(s.join('h', '8', () => undefined)).toBe('wait');
  });

  it('hold an answer not checked (or with no room for held answers) a second only', async () => {
    for (const [bytes, checked] of [[1 << 20, false], [0, true]] as const) {
      const s = new SharedReads(undefined, bytes);
      expect(s.join('u', '7', () => undefined)).toBe('lead');
      s.settle('u', answer({ 'x-accel-expires': '86400' }), '7', checked);
      await new Promise((r) => setTimeout(r, SHARED_HOLD_MS + 100));
      expect(s.join('u', '7', () => undefined)).toBe('lead');
    }
  });

  it("never hand a write's refresh an answer not checked, nor one read without a number, nor wait on a request already open", () => {
    const s = new SharedReads(undefined, 1 << 20);
    expect(s.join('r', '7', () => undefined)).toBe('lead');
    s.settle('r', answer({ 'x-accel-expires': '86400' }), '7', false);
    expect(s.join('r', '7', () => undefined, true)).toBe('lead');
    s.settle('r', answer({ 'x-accel-expires': '86400' }), null, true);
    expect(s.join('r', null, () => undefined, true)).toBe('lead');
    // Open now: a refresh asks alone, and the open request's answer is held for no one.
    expect(s.join('r', '7', () => undefined, true)).toBe('alone');
    s.settle('r', answer({ 'x-accel-expires': '86400' }), '7', true);
    expect(s.holds('r')).toBe(false);
  });
  it("keep an answer under its journal too: a host given to another journal is never handed the first one's", () => {
    const s = new SharedReads(undefined, 1 << 20);
    const req = { method: 'GET', headers: {} } as IncomingMessage;
    const ctx = (journalId: string) => ({ journalId, host: 'j.test', clientIp: '', requestId: '', startedAt: 0, cacheKey: 'gzip|j.test/' });
    const a = s.keyOf(req, ctx('a'.repeat(24)))!;
    expect(s.join(a, '7', () => undefined)).toBe('lead');
    s.settle(a, answer({ 'x-accel-expires': '86400' }), '7', true);
    expect(s.join(s.keyOf(req, ctx('b'.repeat(24)))!, '7', () => undefined)).toBe('lead');
  });
});

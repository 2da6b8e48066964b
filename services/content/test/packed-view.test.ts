import { HeldView, packView, unpackView } from '../src/views/packed-view';

describe('packed views', () => {
  const view = { key: { year: 2026, volume: 1, issue: 2 }, articles: Array.from({ length: 20 }, (_, i) => ({ title: `Title ${i} — é ✓`, authorname: 'A. Author', refnumber: String(100 + i) })) };
  const json = JSON.stringify(view);

  it('round-trips a journal and its JSON, in far fewer bytes', () => {
    const bytes = packView('j1', json);
    expect(unpackView(bytes)).toEqual({ journalId: 'j1', json });
    expect(bytes.length).toBeLessThan(json.length / 4);
  });

  it('reads bytes that are not a packed view as null, never a throw', () => {
    expect(unpackView(Buffer.from('not brotli'))).toBeNull();
    expect(unpackView(packView('', '').subarray(0, 2))).toBeNull();
  });

  it('a held view opens to a fresh copy each time and counts its packed bytes', () => {
    const h = HeldView.of<typeof view>('j1', json);
    const a = h.open();
    a.articles.length = 0;
    expect(h.open()).toEqual(view);
    expect(h.size).toBeLessThan(json.length / 4 + 200);
    // Bytes already packed (as read from the database) are held as they are.
    const stored = packView('j1', json);
    expect(HeldView.of<typeof view>('j1', 'ignored', stored).open()).toEqual(view);
  });
});

import { FIELD_SEP } from '../src/archives/article.repo';
import { SearchBase, type BaseItem } from '../src/search/search-base';
import { entryOrder, type SearchEntry } from '../src/search/search-entry';

/** Entries of every shape a journal holds: public or not, withdrawn, texts with markup-free Unicode and line breaks. */
function entry(n: number): SearchEntry {
  const year = 2000 + (n % 5);
  const title = n % 7 ? `Study ${n} of δ-toxin “Émile”` : `Line\nbreak ${n}`;
  const authorname = `Priya ${n % 11} A., Kumar B.`;
  const hit = { id: `id${String(n).padStart(6, '0')}`, year, volume: year - 1999, issue: 1 + (n % 3), refnumber: String(1000 + (n % 400)), title, authorname, pagenumber: `${n % 60}-${(n % 60) + 5}`, status: n % 9 ? 'enabled' : 'disabled' };
  const visible = n % 9 !== 0;
  const adminHay = n % 4 ? [title.toLowerCase(), authorname.toLowerCase(), `txn${n}`, `a${n}@mail.example`, 'soil, co2'].join(FIELD_SEP) : `other${FIELD_SEP}text ${n}`;
  return {
    hit,
    pageStart: n % 60,
    hay: visible ? `${title.toLowerCase()} \u0001 ${authorname.toLowerCase()} \u0001 soil` : '',
    adminHay,
    summary: visible
      ? {
          id: hit.id, year, volume: hit.volume, issue: hit.issue, frequency: 'January-March', refnumber: hit.refnumber, title: n % 5 ? title : `Public ${title}`, authorname,
          keywords: 'soil, co2', pagenumber: hit.pagenumber, pageStart: n % 60, pageEnd: (n % 60) + 5, subject: 'Agronomy', country: 'India', file: n % 2 ? `a${n}.pdf` : '',
          pdf_url: n % 2 ? `/pdf/a${n}.pdf?v=1` : null, publishdate: '2020-01-02', doi: `10.5555/x.${n}`,
          withdrawal: n % 13 === 0 ? { kind: 'withdrawn', reason: 'Duplicate', at: '2021-01-01T00:00:00.000Z' } : null, modification: '2021-02-03T04:05:06.000Z',
        }
      : null,
  };
}

describe.each([
  ['compact', 0],
  ['keeping its entries', 10_000],
])('the search base, %s', (_kind, compactFrom) => {
  const entries = Array.from({ length: 300 }, (_, n) => entry(n)).sort(entryOrder);

  it('gives back every entry as it was given, in search order, and finds each by id', () => {
    const base = SearchBase.buildNow(entries, compactFrom);
    expect(base.size).toBe(300);
    expect(base.entriesAt(entries.map((_, i) => i))).toEqual(entries);
    expect(base.entriesAt([299, 0, 130])).toEqual([entries[299], entries[0], entries[130]]);
    for (const [i, e] of entries.entries()) expect(base.positionOf(e.hit.id)).toBe(i);
    expect(base.positionOf('missing')).toBe(-1);
    expect(base.hay).toEqual(entries.map((e) => e.hay));
    expect(base.adminHay).toEqual(entries.map((e) => e.adminHay));
  });

  it('a base built from an older one and new entries holds each as given', async () => {
    const old = SearchBase.buildNow(entries, compactFrom);
    const added = [entry(1000), entry(1001)];
    const items: BaseItem[] = [...entries.map((_, i) => ({ from: old, i })).filter((_, i) => i % 3 !== 0), ...added];
    const expected = [...entries.filter((_, i) => i % 3 !== 0), ...added];
    // Built the other way from the older one: compact from kept entries, and kept from rows.
    const next = (await SearchBase.build(items, () => false, compactFrom ? 0 : 10_000))!;
    expect(next.entriesAt(expected.map((_, i) => i))).toEqual(expected);
    expect(next.positionOf(added[1]!.hit.id)).toBe(expected.length - 1);
    for (let i = 0; i < 5; i++) expect(Math.sign(old.compare(i, entries[5]!))).toBe(-1);
    expect(await SearchBase.build(items, () => true, compactFrom)).toBeNull();
    expect(next.bytes).toBeGreaterThan(0);
  });
});

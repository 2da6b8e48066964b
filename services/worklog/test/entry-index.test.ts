import { WORK_STATUSES } from '@journal/contracts';
import { clampPage, EntryIndex } from '../src/entry-index';
import type { StoredEntry } from '../src/entry.repo';

const entry = (i: number, status = WORK_STATUSES[i % 8]!, content = `Item ${i}`): StoredEntry => ({
  id: i.toString(16).padStart(24, '0'),
  journalId: 'j',
  content,
  status,
  createdby: 'u',
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000),
});

describe('EntryIndex', () => {
  it('orders newest first whatever the input order, ties by id', () => {
    const e = [entry(3), entry(1), entry(2), { ...entry(4), createdAt: entry(3).createdAt }];
    const idx = new EntryIndex(e);
    expect(idx.all().map((x) => x.id.slice(-1))).toEqual(['4', '3', '2', '1']);
  });

  it('filters, searches case-insensitively, pages and clamps', () => {
    const idx = new EntryIndex(Array.from({ length: 50 }, (_, i) => entry(i, i % 2 ? 'urgent' : 'info', i % 5 ? `plain ${i}` : `Needle ${i}`)));
    expect(idx.query({}, 1, 20)).toMatchObject({ total: 50, page: 1 });
    expect(idx.query({}, 9, 20)).toMatchObject({ total: 50, page: 3 });
    expect(idx.query({}, 9, 20).items).toHaveLength(10);
    expect(idx.query({ status: 'urgent' }, 1, 20).total).toBe(25);
    expect(idx.query({ search: 'nEEdle' }, 1, 20).total).toBe(10);
    expect(idx.query({ status: 'urgent', search: 'needle' }, 1, 20).items.map((x) => x.content)).toEqual(['Needle 45', 'Needle 35', 'Needle 25', 'Needle 15', 'Needle 5']);
    expect(idx.query({ status: 'cancelled' }, 4, 20)).toEqual({ items: [], total: 0, page: 1 });
  });

  it('sees additions and status changes in results it has already answered', () => {
    const idx = new EntryIndex([entry(1, 'info'), entry(2, 'urgent')]);
    expect(idx.query({ status: 'urgent' }, 1, 20).total).toBe(1);
    idx.setStatus(entry(1).id, 'urgent');
    expect(idx.query({ status: 'urgent' }, 1, 20).total).toBe(2);
    idx.add(entry(3, 'urgent', 'newest'));
    idx.add(entry(3, 'urgent', 'newest'));
    expect(idx.query({ status: 'urgent' }, 1, 20).items.map((x) => x.content)).toEqual(['newest', 'Item 2', 'Item 1']);
    idx.add(entry(0, 'urgent', 'oldest'));
    expect(idx.query({ status: 'urgent', search: 'EST' }, 1, 20).items.map((x) => x.content)).toEqual(['newest', 'oldest']);
  });

  it('clamps pages between 1 and the last page', () => {
    expect(clampPage(0, 0, 20)).toBe(1);
    expect(clampPage(5, 41, 20)).toBe(3);
    expect(clampPage(2, 40, 20)).toBe(2);
  });
});

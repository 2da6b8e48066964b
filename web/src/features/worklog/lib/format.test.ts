import { formatCreated, pagerText } from './format';

describe('work-log formatting', () => {
  it('reads x - y of total, 20 a page', () => {
    expect(pagerText(1, 0)).toBe('0 - 0 of 0');
    expect(pagerText(1, 7)).toBe('1 - 7 of 7');
    expect(pagerText(1, 45)).toBe('1 - 20 of 45');
    expect(pagerText(3, 45)).toBe('41 - 45 of 45');
  });

  it('shows the creator in upper case and an en-US 12-hour time', () => {
    const s = formatCreated({ createdby: 'Admin', created_at: '2026-03-04T15:06:07.000Z' });
    expect(s.startsWith('ADMIN ')).toBe(true);
    expect(s).toMatch(/^ADMIN \d{1,2}\/\d{1,2}\/2026, \d{1,2}:\d{2}:\d{2}\s?(AM|PM)$/);
  });
});

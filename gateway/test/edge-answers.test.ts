/** The encoding a request takes, from whatever Accept-Encoding it sends. */
import { chosenEncoding } from '@journal/server-kit';

describe('chosenEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['identity', null],
    ['', null],
    [undefined, null],
    ['br;q=0, gzip;q=0', null],
    [';;,,br;q=abc, gzip;q=', null],
    ['x'.repeat(100_000), null],
    [['gzip', 'br'], 'br'],
  ] as [string | string[] | undefined, string | null][])('%s → %s', (accept, expected) => {
    expect(chosenEncoding(accept)).toBe(expected);
  });
});

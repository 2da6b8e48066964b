/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor, within } from '@testing-library/react';
import { FAILURE, json, useJsonServer, type Answer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { AdminSearchPage } from './search-page';

// docs/product.md#admin-area: /admin/search?q= against a real server: 'soil' finds one article,
// 'boom' fails, anything else finds none; 'slow' waits for `release`.
const hit = { id: 'a1', refnumber: '501', title: 'Soil <i>moisture</i>', authorname: 'A. Rao', year: 2026, volume: 4, issue: 2, pagenumber: '1-5' };
let release: (() => void) | null = null;
const server = useJsonServer([
  [
    '*',
    ({ query }) => {
      const q = query.get('q') ?? '';
      if (q === 'boom') return FAILURE;
      if (q === 'slow') return new Promise<Answer>((resolve) => (release = () => resolve(json([hit]))));
      return json(q === 'soil' ? [hit] : []);
    },
  ],
]);
beforeEach(() => (release = null));

function show(query: string) {
  renderAdmin(<AdminSearchPage />, { base: server.base, path: `/admin/search${query}`, role: 'editor' });
}

describe('admin search page', () => {
  test('loading, then the matches with an EDIT link each', async () => {
    show('?q=slow');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    // The search has reached the server, its answer held.
    await waitFor(() => expect(release).not.toBeNull());
    release!();
    const table = await screen.findByRole('table', { name: 'Search results' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Search: slow');
    expect(within(table).getByText('501').closest('tr')?.textContent).toContain('2026 / Vol. 4 / Issue 2');
  });

  test.each([
    ['no query', ''],
    ['a blank query', '?q=%20%20'],
  ])('says Not Found! for %s, without asking the server', (_, query) => {
    show(query);
    expect(screen.getByText('Not Found!')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  test.each([
    ['no match', '?q=nothing'],
    ['a failed search', '?q=boom'],
  ])('says Not Found! for %s', async (_, query) => {
    show(query);
    expect(await screen.findByText('Not Found!')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

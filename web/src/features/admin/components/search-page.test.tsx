/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { AdminSearchPage } from './search-page';

// docs/product.md#admin-area: /admin/search?q= against a real server: 'soil' finds one article,
// 'boom' fails, anything else finds none; 'slow' waits for `release`.
const hit = { id: 'a1', refnumber: '501', title: 'Soil <i>moisture</i>', authorname: 'A. Rao', year: 2026, volume: 4, issue: 2, pagenumber: '1-5' };
let release: (() => void) | null = null;
let searched: string[] = [];
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const q = new URL(req.url!, 'http://x').searchParams.get('q') ?? '';
    searched.push(q);
    if (q === 'boom') res.writeHead(500).end(JSON.stringify({ error: 'internal', message: 'boom' }));
    else if (q === 'slow') release = () => res.end(JSON.stringify([hit]));
    else res.end(JSON.stringify(q === 'soil' ? [hit] : []));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  searched = [];
  release = null;
});

function show(query: string) {
  localStorage.clear();
  setSession({ token: 't', user: { id: 'u1', name: 'x', role: 'editor' } });
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[`/admin/search${query}`]}>
          <AdminSearchPage />
        </MemoryRouter>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
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
    expect(searched).toEqual([]);
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

/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { FlashProvider } from './flash';
import { IssueArticlesPage } from './issue-articles-page';

// docs/product.md#admin-area: /admin/archives/:year/:vol/:issue against a real server: issue 2
// has two articles (one retracted), issue 3 none, issue 9 fails.
const art = (ref: string, extra: object = {}) => ({
  id: `id${ref}`, year: 2026, volume: 4, issue: 2, refnumber: ref, title: `Article ${ref}`, authorname: 'A. Rao', pagenumber: '1-5', status: 'enabled', withdrawal: null, ...extra,
});
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const url = req.url ?? '';
    if (url.startsWith('/api/admin/stats/')) return res.end(JSON.stringify({ views: 0, downloads: 0, months: [], articles: [] }));
    if (url.endsWith('/9')) return res.writeHead(500).end(JSON.stringify({ error: 'internal', message: 'boom' }));
    const issue = { year: 2026, volume: 4, issue: Number(url.split('/').at(-1)), frequency: 'february', articles: 2 };
    const articles = url.endsWith('/2') ? [art('501'), art('502', { withdrawal: { kind: 'retracted', reason: 'r', at: '2026-03-01T00:00:00.000Z' } })] : [];
    res.end(JSON.stringify({ issue, articles, lastPage: 10 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function show(issue: number) {
  localStorage.clear();
  setSession({ token: 't', user: { id: 'u1', name: 'x', role: 'editor' } });
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FlashProvider>
          <MemoryRouter initialEntries={[`/admin/archives/2026/4/${issue}`]}>
            <Routes>
              <Route path="/admin/archives/:year/:vol/:issue" element={<IssueArticlesPage />} />
            </Routes>
          </MemoryRouter>
        </FlashProvider>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return userEvent.setup();
}

describe('issue articles page (admin)', () => {
  test('loading, then the articles with their status and withdrawal; the document actions need a selection', async () => {
    const user = show(2);
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('Loading...');
    const table = await screen.findByRole('table', { name: 'Articles' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vol. 04, Issue 02 (2026) — February');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelectorAll('td')[5]?.textContent)).toEqual(['enabled', 'enabled, retracted']);
    expect(screen.queryByRole('button', { name: 'Index Page' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select 502' }));
    expect(screen.getByRole('button', { name: 'Index Page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crossref XML' })).toBeTruthy();
  });

  test('says so when the issue has no articles, and when the read fails', async () => {
    show(3);
    expect(await screen.findByText('No articles in this issue yet.')).toBeTruthy();
    document.body.innerHTML = '';
    show(9);
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Could not load the articles.'));
  });
});

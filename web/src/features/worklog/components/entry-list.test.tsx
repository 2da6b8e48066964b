/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router-dom';
import { WORKLOG_PAGE_SIZE } from '@journal/contracts';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { SESSION_KEY } from '@/lib/session';
import { EntryList } from './entry-list';

// docs/product.md#worklog: changing the filter, the search text or the data starts again at page 1.
// A real server pages the entries as the work-log service does (page clamped to the last one).
const totals: Record<string, number> = { all: 45, pending: 30, search: 25 };
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const status = u.searchParams.get('status') ?? 'all';
    const key = u.searchParams.get('search') ? 'search' : status;
    const total = totals[key] ?? 0;
    const last = Math.max(1, Math.ceil(total / WORKLOG_PAGE_SIZE));
    const page = Math.min(Math.max(1, Number(u.searchParams.get('page')) || 1), last);
    const items = Array.from({ length: Math.max(0, Math.min(WORKLOG_PAGE_SIZE, total - (page - 1) * WORKLOG_PAGE_SIZE)) }, (_, i) => ({
      id: `${key}-${page}-${i}`, content: `${key} entry ${(page - 1) * WORKLOG_PAGE_SIZE + i + 1}`, status: status === 'all' ? 'info' : status,
      createdby: 'ravi', created_at: '2026-01-01T10:00:00.000Z',
    }));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ items, total, page, pageSize: WORKLOG_PAGE_SIZE }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 't', user: { id: 'u1', name: 'ravi' } })));

let navigate: NavigateFunction;
function Navigator() {
  navigate = useNavigate();
  return null;
}

function setup() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={['/webdata']}>
          <Navigator />
          <Routes>
            <Route path="/webdata" element={<EntryList />} />
            <Route path="/webdata/:filterType" element={<EntryList />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  const user = userEvent.setup();
  return {
    qc,
    user,
    pager: (text: string) => screen.findByText(text, { selector: '.worklog-pager-text' }),
    next: () => user.click(screen.getByRole('button', { name: 'Next page' })),
    filter: (name: string) => user.click(screen.getByRole('button', { name })),
  };
}

describe('work-log pager', () => {
  test('a new filter starts at page 1, and going back to a filter does not bring its old page back', async () => {
    const s = setup();
    await s.pager('1 - 20 of 45');
    await s.next();
    await s.next();
    await s.pager('41 - 45 of 45');
    await s.filter('Pending');
    await s.pager('1 - 20 of 30');
    await s.filter('All Entries');
    await s.pager('1 - 20 of 45');
    expect(screen.getByText('all entry 1')).toBeTruthy();
  });

  test('new search text starts at page 1', async () => {
    const s = setup();
    await s.pager('1 - 20 of 45');
    await s.next();
    await s.pager('21 - 40 of 45');
    act(() => void navigate('/webdata?search=proofs'));
    await s.pager('1 - 20 of 25');
    act(() => void navigate('/webdata'));
    await s.pager('1 - 20 of 45');
  });

  test('a change of the data (another total) starts at page 1', async () => {
    const s = setup();
    await s.pager('1 - 20 of 45');
    await s.next();
    await s.pager('21 - 40 of 45');
    totals.all = 46;
    await act(() => s.qc.invalidateQueries());
    await s.pager('1 - 20 of 46');
    totals.all = 45;
  });
});

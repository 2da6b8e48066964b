/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { getSession, SESSION_KEY } from '@/lib/session';
import { AdminShell } from './admin-shell';

// docs/product.md#admin-area: the shell against a real auth server. Tokens name the user the
// server knows: 'chief' (manager), 'clerk' (work-log); anything else is expired.
const known: Record<string, { id: string; name: string; role: string }> = {
  chief: { id: 'u1', name: 'Chief Editor', role: 'manager' },
  clerk: { id: 'u2', name: 'Work Clerk', role: 'worklog' },
};
const calls: string[] = [];
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    calls.push(`${req.method} ${req.url}`);
    if (req.url?.startsWith('/auth/logout')) return res.end(JSON.stringify({ ok: true }));
    const user = known[(req.headers.authorization ?? '').replace('Bearer ', '')];
    if (user) res.end(JSON.stringify({ valid: true, user }));
    else res.writeHead(401).end(JSON.stringify({ error: 'unauthorized', message: 'Token expired' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (calls.length = 0));
afterEach(() => jest.restoreAllMocks());

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function show(token: string | null) {
  localStorage.clear();
  if (token) localStorage.setItem(SESSION_KEY, JSON.stringify({ token, user: { id: known[token]?.id ?? 'u9', name: token } }));
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <MemoryRouter initialEntries={['/admin']}>
        <Routes>
          <Route path="/admin/login" element={<Where />} />
          <Route path="/admin" element={<AdminShell />}>
            <Route index element={<p>dashboard</p>} />
            <Route path="*" element={<Where />} />
          </Route>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ApiClientProvider>,
  );
  return userEvent.setup();
}

describe('admin shell', () => {
  test('without a session goes to the login page', () => {
    show(null);
    expect(screen.getByTestId('where').textContent).toBe('/admin/login');
  });

  test('loading while the token is checked, then the bar and the page', async () => {
    show('chief');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('dashboard')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Chief Editor' }).getAttribute('href')).toBe('/admin/account/u1');
    expect(screen.getByRole('searchbox', { name: 'Search articles' })).toBeTruthy();
  });

  test('an expired token says so and returns to the login page', async () => {
    const alerts: string[] = [];
    jest.spyOn(window, 'alert').mockImplementation((m?: string) => void alerts.push(String(m)));
    show('stale');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/login'));
    expect(alerts).toEqual(['Session expired. Please login again.']);
  });

  test('a work-log user sees no article search, and a link to the work-log', async () => {
    show('clerk');
    await screen.findByText('dashboard');
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.getByRole('link', { name: 'Work-log' }).getAttribute('href')).toBe('/webdata');
  });

  test('searches with the trimmed text, and logs out on the server too', async () => {
    const user = show('chief');
    await screen.findByText('dashboard');
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), '  soil ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/search?q=soil');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/admin/login'));
    expect(getSession()).toBeNull();
    expect(calls.some((c) => c.startsWith('POST /auth/logout'))).toBe(true);
  });
});

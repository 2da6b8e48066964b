/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { getSession } from '@/lib/session';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin, Where } from '@/testing/render-admin';
import { AdminShell } from './admin-shell';

// docs/product.md#admin-area: the shell against a real auth server. Tokens name the user the
// server knows: 'chief' (manager), 'clerk' (work-log); anything else is expired.
const known: Record<string, { id: string; name: string; role: string }> = {
  chief: { id: 'u1', name: 'Chief Editor', role: 'manager' },
  clerk: { id: 'u2', name: 'Work Clerk', role: 'worklog' },
};
const server = useJsonServer([
  [/^\/auth\/logout/, () => json({ ok: true })],
  ['*', (req) => (known[req.token] ? json({ valid: true, user: known[req.token] }) : problem(401, 'unauthorized', 'Token expired'))],
]);
afterEach(() => jest.restoreAllMocks());

function show(token: string | null) {
  const session = token ? { token, user: { id: known[token]?.id ?? 'u9', name: token } } : null;
  const ui = (
    <Routes>
      <Route path="/admin/login" element={<Where />} />
      <Route path="/admin" element={<AdminShell />}>
        <Route index element={<p>dashboard</p>} />
        <Route path="*" element={<Where />} />
      </Route>
      <Route path="*" element={<Where />} />
    </Routes>
  );
  return renderAdmin(ui, { base: server.base, path: '/admin', session }).user;
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
    expect(server.requests.some((r) => r.method === 'POST' && r.url.startsWith('/auth/logout'))).toBe(true);
  });
});

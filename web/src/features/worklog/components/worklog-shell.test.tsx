/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { SESSION_KEY } from '@/lib/session';
import { WorklogShell } from './worklog-shell';

// docs/product.md#worklog: the shell against a real verify endpoint. Tokens name the user the
// server knows: 'clerk' (work-log), 'editor' (an editor); anything else is refused.
const known: Record<string, { id: string; name: string; role: string }> = {
  clerk: { id: 'u1', name: 'Work Clerk', role: 'worklog' },
  editor: { id: 'u2', name: 'Desk Editor', role: 'editor' },
};
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const user = known[(req.headers.authorization ?? '').replace('Bearer ', '')];
    if (user) res.end(JSON.stringify({ valid: true, user }));
    else res.writeHead(401).end(JSON.stringify({ error: 'unauthorized', message: 'Token expired' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => jest.restoreAllMocks());

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function show(token: string | null, at = '/webdata') {
  localStorage.clear();
  if (token) localStorage.setItem(SESSION_KEY, JSON.stringify({ token, user: { id: 'u', name: token } }));
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/webdata" element={<WorklogShell />}>
            <Route index element={<p>entries</p>} />
            <Route path="addentris" element={<p>add form</p>} />
          </Route>
          <Route path="*" element={<Where />} />
        </Routes>
        <Routes>
          <Route path="/webdata/*" element={<Where />} />
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </ApiClientProvider>,
  );
  return userEvent.setup();
}

const where = () => screen.getAllByTestId('where').at(-1)!.textContent;

describe('work-log shell', () => {
  test('without a session goes to the work-log login', async () => {
    show(null);
    expect(where()).toBe('/webdata/login');
  });

  test('loading while the session is checked, then the bar with the user and the page', async () => {
    show('clerk');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('entries')).toBeTruthy();
    expect(screen.getByText('User: Work Clerk')).toBeTruthy();
  });

  test('a session the server refuses goes home', async () => {
    // The shell logs why it let the session go; the test does not need it printed.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show('stale');
    expect(await screen.findByText('/')).toBeTruthy();
  });

  test('tells an editor the work-log is not theirs, with the way to the admin', async () => {
    show('editor');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The work-log is not open to your role. Go to the admin');
    expect(screen.queryByText('entries')).toBeNull();
  });

  test('searching from the add form goes to the list with the search; an empty one to the list alone', async () => {
    const user = show('clerk', '/webdata/addentris');
    await screen.findByText('add form');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '  pending proofs ');
    await user.click(screen.getByRole('button', { name: 'Search entries' }));
    expect(where()).toBe('/webdata?search=pending%20proofs');
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Search entries' }));
    expect(where()).toBe('/webdata');
  });
});

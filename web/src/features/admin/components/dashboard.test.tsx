/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { StaffRole } from '@journal/contracts';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { Dashboard } from './dashboard';

// docs/product.md#roles: each role sees the tiles of what it may open; a real server answers the counts.
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.end(JSON.stringify({ archives: 3, editors: 4 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function show(role: StaffRole | undefined, state?: unknown) {
  localStorage.clear();
  setSession({ token: 't', user: { id: 'u1', name: 'x', ...(role ? { role } : {}) } });
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[{ pathname: '/admin', state }]}>
          <Dashboard />
        </MemoryRouter>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return [...document.querySelectorAll('.tile-title')].map((t) => t.textContent);
}

describe('dashboard tiles by role', () => {
  test('a manager (and a session stored before roles) sees every tile', () => {
    expect(show('manager')).toEqual(['Archives', 'Editors', 'Settings', 'Reviewers', 'Indexing', 'Users', 'Activity log', 'Work-log']);
    expect(screen.getByTestId('tile-worklog').getAttribute('href')).toBe('/webdata');
    document.body.innerHTML = '';
    expect(show(undefined)).toEqual(['Archives', 'Editors', 'Settings', 'Reviewers', 'Indexing', 'Users', 'Activity log', 'Work-log']);
  });

  test('an editor sees no staff, settings or activity log', async () => {
    expect(show('editor')).toEqual(['Archives', 'Editors', 'Reviewers', 'Indexing']);
    expect((await screen.findByText('3')).closest('a')?.getAttribute('href')).toBe('/admin/archives');
  });

  test('an editor brought back from a page of managers is told why', () => {
    show('editor', { refused: 'settings' });
    expect(screen.getByRole('alert').textContent).toBe(
      'Settings is not open to the Editor role, so you were brought back to the dashboard. Ask a manager if you need it.',
    );
  });

  test('a work-log user sees only the work-log', () => {
    expect(show('worklog')).toEqual(['Work-log']);
    expect(screen.getByTestId('tile-worklog').getAttribute('href')).toBe('/webdata');
  });
});

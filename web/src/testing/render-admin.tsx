import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { StaffRole } from '@journal/contracts/roles';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession, type Session } from '@/lib/session';
import { FlashProvider } from '@/features/admin/components/flash';
import type { JsonServer } from './admin-test-server';

export interface RenderAdminOptions {
  /** The API server's base URL. */
  base: string;
  /** Where the router starts. */
  path?: string;
  /** A route pattern (`/admin/account/:id`): the element is rendered as that route, so it gets its params. */
  route?: string;
  /** The signed-in user's role, in a session of user u1. */
  role?: StaffRole;
  /** The whole stored session instead, or null for none. */
  session?: Session | null;
}

/**
 * Renders staff UI the way the admin app does: API client, query client (no retries: a failed
 * read shows at once), flash messages and a router, signed in; browser storage starts empty.
 */
export function renderAdmin(ui: ReactElement, { base, path = '/', route, role = 'manager', session }: RenderAdminOptions) {
  localStorage.clear();
  const stored = session === undefined ? { token: 't', user: { id: 'u1', name: 'x', role } } : session;
  if (stored) setSession(stored);
  const user = userEvent.setup();
  const result = render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FlashProvider>
          <MemoryRouter initialEntries={[path]}>
            {route ? (
              <Routes>
                <Route path={route} element={ui} />
              </Routes>
            ) : (
              ui
            )}
          </MemoryRouter>
        </FlashProvider>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return { user, ...result };
}

/** Shows where the router is, for tests of redirects. */
export function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

/**
 * A list page says so when there is nothing to list, and when its read fails: `show` renders it
 * afresh each time, with the server's list already emptied by the test.
 */
export async function expectEmptyThenReadFailure(server: JsonServer, show: () => unknown, empty: string, failure: string) {
  show();
  expect(await screen.findByText(empty)).toBeTruthy();
  document.body.innerHTML = '';
  server.failing = true;
  show();
  expect((await screen.findByRole('alert')).textContent).toBe(failure);
}

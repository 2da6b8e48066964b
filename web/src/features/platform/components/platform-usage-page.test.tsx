/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { FAILURE, json, problem, useJsonServer } from '@/testing/admin-test-server';
import { Where } from '@/testing/render-admin';
import { getPlatformSession, setPlatformSession } from '../api/platform-session';
import { PlatformLogin } from './platform-login';
import { PlatformUsagePage } from './platform-usage-page';

// docs/product.md#counter-platform: a real server keeps the platform's customers and makes the reports.
type Customer = { id: string; name: string; customerId: string; requestorId: string; notes: string; ipRanges: string[]; journals: string[]; allUsage: boolean; createdAt: string };
let customers: Customer[] = [];
let failList = false;
let slowList: Promise<void> | null = null;
const server = useJsonServer([
  [
    'POST /api/platform/auth/login',
    (req) => {
      const { username, password } = JSON.parse(req.body) as { username: string; password: string };
      if (username !== 'ops.ana' || password !== 'right-password') return problem(401, 'invalid_credentials', 'Invalid user and password');
      return json({ token: 'op-token', user: { id: 'o1', name: 'ops.ana', role: 'operator' }, expiresAt: '2030-01-01T00:00:00.000Z' });
    },
  ],
  ['POST /api/platform/auth/logout', () => json({ ok: true })],
  [
    'GET /api/platform/counter/customers',
    async () => {
      await slowList;
      return failList ? FAILURE : json(customers);
    },
  ],
  [
    'POST /api/platform/counter/customers',
    (req) => {
      const c = { id: `c${customers.length + 1}`, notes: '', createdAt: '2026-01-02T03:04:05.000Z', requestorId: '', ...JSON.parse(req.body) } as Customer;
      customers.push(c);
      return json({ customer: c, apiKey: 'k'.repeat(32) }, 201);
    },
  ],
  [
    /^\/api\/platform\/counter\/customers\/([\w-]+)$/,
    (req, [id]) => {
      const c = customers.find((x) => x.customerId === id)!;
      Object.assign(c, JSON.parse(req.body));
      return json(c);
    },
  ],
  [/^\/api\/platform\/counter\/reports\/(\w+)$/, (_req, [id]) => json('Report_Name\tx\n', 200, { 'content-disposition': `attachment; filename="${id!.toUpperCase()}_2025-01-01_2025-12-31.tsv"` })],
]);

const downloads: string[] = [];
beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:counter', revokeObjectURL: () => undefined });
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    downloads.push(this.download);
  };
});
beforeEach(() => {
  customers = [];
  failList = false;
  slowList = null;
  downloads.length = 0;
  sessionStorage.clear();
  localStorage.clear();
});

/** The screen as the app mounts it: the operator's own client (their token from this tab's storage), at `path`. */
function renderPlatform(path: string, signedIn = true) {
  if (signedIn) setPlatformSession({ token: 'op-token', user: { id: 'o1', name: 'ops.ana', role: 'operator' }, expiresAt: '2030-01-01T00:00:00.000Z' });
  const user = userEvent.setup();
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: server.base, token: () => getPlatformSession()?.token })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/platform" element={<PlatformUsagePage />} />
            <Route path="/platform/login" element={<><PlatformLogin /><Where /></>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return user;
}

describe('the platform usage screen', () => {
  test('without an operator session it opens the sign-in; a journal admin\'s stored session is not one', async () => {
    localStorage.setItem('journal_admin_jwt', JSON.stringify({ token: 'journal-token', user: { id: 'u1', name: 'boss', role: 'manager' } }));
    renderPlatform('/platform', false);
    expect(await screen.findByRole('heading', { name: 'Platform sign-in' })).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  test('an operator signs in with the platform\'s own session; a wrong password is said plainly', async () => {
    const user = renderPlatform('/platform/login', false);
    await user.type(screen.getByLabelText('Username'), 'ops.ana');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid user and password');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Platform usage' })).toBeTruthy();
    expect(getPlatformSession()?.token).toBe('op-token');
    expect(localStorage.getItem('journal_admin_jwt')).toBeNull();
  });

  test('shows loading, then the empty list, and downloads a report with the operator\'s token', async () => {
    let release = () => undefined as void;
    slowList = new Promise<void>((r) => (release = r));
    const user = renderPlatform('/platform');
    expect(screen.getByRole('status').textContent).toContain('Loading');
    release();
    expect(await screen.findByText('No customers yet.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Report'), 'tr_j3');
    await user.click(screen.getByRole('button', { name: 'Download TSV' }));
    await waitFor(() => expect(downloads).toEqual(['TR_J3_2025-01-01_2025-12-31.tsv']));
    const asked = server.requests.find((r) => r.path.startsWith('/api/platform/counter/reports/'))!;
    expect(asked.path).toBe('/api/platform/counter/reports/tr_j3');
    expect([asked.query.get('format'), asked.token]).toEqual(['tsv', 'op-token']);
  });

  test('says so when the customers cannot be read', async () => {
    failList = true;
    renderPlatform('/platform');
    expect((await screen.findByRole('alert')).textContent).toBe('The customers could not be loaded. Reload the page to try again.');
  });

  test('adds a consortium reported all usage (its key shown once), refuses an institution without ranges, and edits one', async () => {
    const user = renderPlatform('/platform');
    const form = await screen.findByRole('form', { name: 'Add a customer' });
    await user.type(within(form).getByLabelText('Institution'), 'State Library');
    await user.type(within(form).getByLabelText('Customer ID'), 'state-lib');
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Give the institution's IP ranges, or report it all usage of its journals");
    await user.click(within(form).getByLabelText(/All readers/));
    await user.click(within(form).getByRole('button', { name: 'Add customer' }));
    expect((await screen.findByText(/shown this once/)).textContent).toContain('k'.repeat(32));
    expect(await screen.findByRole('cell', { name: 'All readers' })).toBeTruthy();
    expect(JSON.parse(server.requests.find((r) => r.method === 'POST' && r.path.endsWith('customers'))!.body)).toMatchObject({ journals: ['*'], allUsage: true, ipRanges: [] });
    await user.click(screen.getByRole('button', { name: 'Edit State Library' }));
    const edit = screen.getByRole('form', { name: 'Edit State Library' });
    await user.clear(within(edit).getByLabelText('Journals'));
    await user.type(within(edit).getByLabelText('Journals'), 'alpha beta');
    await user.click(within(edit).getByLabelText(/Readers from its IP ranges/));
    await user.type(within(edit).getByLabelText('IP ranges'), '10.9.0.0/16');
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('cell', { name: 'alpha, beta' })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'From 10.9.0.0/16' })).toBeTruthy();
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect([put.path, JSON.parse(put.body)]).toEqual(['/api/platform/counter/customers/state-lib', { name: 'State Library', requestorId: '', journals: ['alpha', 'beta'], allUsage: false, ipRanges: ['10.9.0.0/16'] }]);
  });
});

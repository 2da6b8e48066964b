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
import { captureDownloads } from '@/testing/downloads';

// docs/product.md#counter-platform: a real server keeps the platform's customers and makes the reports.
type Customer = { id: string; name: string; customerId: string; requestorId: string; notes: string; ipRanges: string[]; journals: string[]; allUsage: boolean; createdAt: string };
let customers: Customer[] = [];
let failList = false;
let slowList: Promise<void> | null = null;
/** The session confirmed the operator's password (the server asks for it before every customer change). */
let confirmed = false;
let failChanges = false;
type Change = { id: string; at: string; actor: { id: string; name: string; role: 'operator' }; kind: string; record: { type: string; id: string; label: string }; changes: { field: string; before: string; after: string }[]; ip: string; requestId: string };
let changes: Change[] = [];
const logged = (c: Customer, field: string, before: string, after: string) =>
  changes.unshift({ id: `a${changes.length}`, at: '2026-01-02T03:04:05.000Z', actor: { id: 'o1', name: 'ops.ana', role: 'operator' }, kind: 'counter.customer', record: { type: 'platform-customer', id: c.id, label: c.name }, changes: [{ field, before, after }], ip: '', requestId: '' });
const REAUTH = problem(403, 'reauth_required', 'Enter your password again to do this');
const server = useJsonServer([
  [
    'POST /api/platform/auth/reauth',
    (req) => {
      if ((JSON.parse(req.body) as { password: string }).password !== 'right-password') return problem(403, 'wrong_current_password', 'The current password is not right');
      confirmed = true;
      return json({ ok: true, until: '2030-01-01T00:00:00.000Z' });
    },
  ],
  ['GET /api/platform/counter/activity', () => (failChanges ? FAILURE : json(changes))],
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
      if (!confirmed) return REAUTH;
      const c = { id: `c${customers.length + 1}`, notes: '', createdAt: '2026-01-02T03:04:05.000Z', requestorId: '', ...JSON.parse(req.body) } as Customer;
      customers.push(c);
      logged(c, 'customerId', '', c.customerId);
      return json({ customer: c, apiKey: 'k'.repeat(32) }, 201);
    },
  ],
  [
    /^\/api\/platform\/counter\/customers\/([\w-]+)$/,
    (req, [id]) => {
      if (!confirmed) return REAUTH;
      const c = customers.find((x) => x.customerId === id)!;
      if (req.method === 'DELETE') {
        customers = customers.filter((x) => x !== c);
        logged(c, 'customerId', c.customerId, '');
        return { status: 204, body: undefined };
      }
      Object.assign(c, JSON.parse(req.body));
      logged(c, 'journals', '["*"]', JSON.stringify(c.journals));
      return json(c);
    },
  ],
  [/^\/api\/platform\/counter\/reports\/(\w+)$/, (_req, [id]) => json('Report_Name\tx\n', 200, { 'content-disposition': `attachment; filename="${id!.toUpperCase()}_2025-01-01_2025-12-31.tsv"` })],
]);

const downloads = captureDownloads();
beforeEach(() => {
  customers = [];
  changes = [];
  confirmed = false;
  failChanges = false;
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
    expect(screen.getAllByRole('status').some((e) => e.textContent?.includes('Loading'))).toBe(true);
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
    confirmed = true;
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

  test('asks for the operator\'s password before a change (a wrong one said, a cancel changes nothing), removes after a confirmation, and lists the recent changes', async () => {
    customers = [{ id: 'c1', name: 'State Library', customerId: 'state-lib', requestorId: '', notes: '', ipRanges: [], journals: ['*'], allUsage: true, createdAt: '2026-01-02T03:04:05.000Z' }];
    const user = renderPlatform('/platform');
    expect(await screen.findByText('No changes yet.')).toBeTruthy();
    // Cancelled: nothing is said and nothing removed.
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(await screen.findByRole('button', { name: 'Remove State Library' }));
    expect(confirm).toHaveBeenCalledWith('Remove State Library? Its API key stops working at once.');
    expect(server.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    confirm.mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Remove State Library' }));
    const prompt = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(prompt.textContent).toContain('Enter your password again to remove State Library.');
    await user.type(within(prompt).getByLabelText('Your password'), 'wrong-password');
    await user.click(within(prompt).getByRole('button', { name: 'Confirm' }));
    expect((await within(prompt).findByRole('alert')).textContent).toBe('The current password is not right');
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('cell', { name: 'State Library' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove State Library' }));
    const again = await screen.findByRole('dialog', { name: 'Confirm your password' });
    await user.type(within(again).getByLabelText('Your password'), 'right-password');
    await user.click(within(again).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByText('State Library removed')).getAttribute('role')).toBe('status');
    expect(await screen.findByText('No customers yet.')).toBeTruthy();
    // Asked twice before the password (the first prompt cancelled), then done once.
    expect(server.requests.filter((r) => r.method === 'DELETE').map((r) => [r.path, r.token])).toEqual(
      Array(3).fill(['/api/platform/counter/customers/state-lib', 'op-token']),
    );
    const table = await screen.findByRole('table', { name: 'Recent changes of the customers' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'WhenOperatorCustomerChanges',
      '2 Jan 2026, 03:04 UTCops.anaState LibrarycustomerId: state-lib → empty',
    ]);
    confirm.mockRestore();
  });

  test('says so when the recent changes cannot be read', async () => {
    failChanges = true;
    renderPlatform('/platform');
    expect((await screen.findByText('The recent changes could not be loaded. Reload the page to try again.')).closest('[role="alert"]')).toBeTruthy();
  });
});

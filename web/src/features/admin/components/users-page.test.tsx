/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { REAUTH_REQUIRED, type StaffUserView } from '@journal/contracts';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { FlashProvider } from './flash';
import { UsersPage } from './users-page';

// docs/product.md#roles and docs/security.md#recent-authentication: /admin/users against a real
// server that keeps the staff and asks for the password again once before a role change.
const staff = (id: string, name: string, role: StaffUserView['role']): StaffUserView => ({
  id, name, role, status: 'enabled', disabledByOperator: false, allowedIps: [], createdby: 'admin', modifiedby: '',
});
let users: StaffUserView[] = [];
let confirmed = false;
let mode: 'ok' | 'failing' = 'ok';
const calls: string[] = [];
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      calls.push(`${req.method} ${req.url}`);
      if (mode === 'failing') return res.writeHead(500).end(JSON.stringify({ error: 'internal', message: 'boom' }));
      if (req.url === '/auth/reauth/') {
        if ((JSON.parse(body) as { password: string }).password !== 'my password') {
          return res.writeHead(403).end(JSON.stringify({ error: 'wrong_password', message: 'The password is not right' }));
        }
        confirmed = true;
        return res.end(JSON.stringify({ until: 0 }));
      }
      const role = /^\/api\/users\/(\w+)\/role$/.exec(req.url ?? '');
      if (role) {
        if (!confirmed) return res.writeHead(403).end(JSON.stringify({ error: REAUTH_REQUIRED, message: 'Confirm your password' }));
        const u = users.find((x) => x.id === role[1])!;
        u.role = (JSON.parse(body) as { role: StaffUserView['role'] }).role;
        return res.end(JSON.stringify(u));
      }
      res.end(JSON.stringify(users));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  users = [staff('me', 'chief', 'manager'), staff('ed', 'desk', 'editor')];
  confirmed = false;
  mode = 'ok';
  calls.length = 0;
});

function show() {
  localStorage.clear();
  setSession({ token: 't', user: { id: 'me', name: 'chief', role: 'manager' } });
  const user = userEvent.setup();
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FlashProvider>
          <MemoryRouter>
            <UsersPage />
          </MemoryRouter>
        </FlashProvider>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return user;
}

const row = (name: string) => document.querySelector<HTMLElement>(`tr[data-name="${name}"]`)!;

describe('users page', () => {
  test('loading, then the staff; one\'s own row has no role switch or actions, only the Account link', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await waitFor(() => expect(row('desk')).toBeTruthy());
    expect(row('chief').textContent).toContain('(you)');
    expect(within(row('chief')).queryByRole('combobox')).toBeNull();
    expect(within(row('chief')).getByRole('link', { name: 'Account' }).getAttribute('href')).toBe('/admin/account/me');
    expect((within(row('desk')).getByRole('combobox', { name: 'Role of desk' }) as HTMLSelectElement).value).toBe('editor');
  });

  test('a role change asks for the password again, then is made', async () => {
    const user = show();
    await waitFor(() => expect(row('desk')).toBeTruthy());
    await user.selectOptions(within(row('desk')).getByRole('combobox', { name: 'Role of desk' }), 'worklog');
    await user.click(await screen.findByLabelText('Your password'));
    await user.paste('not it');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByText('The password is not right')).getAttribute('role')).toBe('alert');
    await user.clear(screen.getByLabelText('Your password'));
    await user.paste('my password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('dialog', { name: 'Message' })).textContent).toContain('User desk is now Work-log; their sessions have ended');
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /api/users/ed/role', 'POST /auth/reauth/', 'POST /auth/reauth/', 'POST /api/users/ed/role']);
  });

  test('the password reset form needs a password', async () => {
    const user = show();
    await waitFor(() => expect(row('desk')).toBeTruthy());
    await user.click(within(row('desk')).getByRole('button', { name: 'Reset password' }));
    const form = screen.getByRole('form', { name: 'Reset the password of desk' });
    await user.click(within(form).getByRole('button', { name: 'Reset' }));
    expect(within(form).getByRole('alert').textContent).toBe('Password is required');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(form.isConnected).toBe(false);
  });

  test('says the users could not be loaded when the read fails', async () => {
    mode = 'failing';
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the users.');
  });
});

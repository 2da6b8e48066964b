/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor, within } from '@testing-library/react';
import { REAUTH_REQUIRED, type StaffUserView } from '@journal/contracts';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { UsersPage } from './users-page';

// docs/product.md#roles and docs/security.md#recent-authentication: /admin/users against a real
// server that keeps the staff and asks for the password again once before a role change.
const staff = (id: string, name: string, role: StaffUserView['role']): StaffUserView => ({
  id, name, role, status: 'enabled', disabledByOperator: false, allowedIps: [], createdby: 'admin', modifiedby: '',
});
let users: StaffUserView[] = [];
let confirmed = false;
const server = useJsonServer([
  [
    '/auth/reauth/',
    (req) => {
      if ((JSON.parse(req.body) as { password: string }).password !== 'my password') return problem(403, 'wrong_password', 'The password is not right');
      confirmed = true;
      return json({ until: 0 });
    },
  ],
  [
    /^\/api\/users\/(\w+)\/role$/,
    (req, [id]) => {
      if (!confirmed) return problem(403, REAUTH_REQUIRED, 'Confirm your password');
      const u = users.find((x) => x.id === id)!;
      u.role = (JSON.parse(req.body) as { role: StaffUserView['role'] }).role;
      return json(u);
    },
  ],
  ['*', () => json(users)],
]);
beforeEach(() => {
  users = [staff('me', 'chief', 'manager'), staff('ed', 'desk', 'editor')];
  confirmed = false;
});

const show = () => renderAdmin(<UsersPage />, { base: server.base, session: { token: 't', user: { id: 'me', name: 'chief', role: 'manager' } } }).user;

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
    expect(server.requests.filter((r) => r.method === 'POST').map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/users/ed/role', 'POST /auth/reauth/', 'POST /auth/reauth/', 'POST /api/users/ed/role']);
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
    server.failing = true;
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the users.');
  });
});

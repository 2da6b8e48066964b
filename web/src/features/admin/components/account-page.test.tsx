/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { userUpdateSchema } from '@journal/contracts';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { firstProblem } from '@/lib/form-errors';
import { getSession, setSession } from '@/lib/session';
import { AccountPage } from './account-page';
import { FlashProvider } from './flash';

// docs/product.md#admin-area: /admin/account/:id against a real server; user 'gone' does not exist,
// a save with the name 'taken' is refused.
let server: http.Server;
let base = '';
const saved: unknown[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url === '/api/users/gone') return res.writeHead(404).end(JSON.stringify({ error: 'not_found', message: 'User not found' }));
      if (req.method === 'GET') return res.end(JSON.stringify({ id: 'u1', name: 'desk.editor', role: 'manager' }));
      const sent = JSON.parse(body) as { name: string };
      if (sent.name === 'taken') return res.writeHead(409).end(JSON.stringify({ error: 'name_taken', message: 'User name already exists' }));
      saved.push(sent);
      res.end(JSON.stringify({ user: { id: 'u1', name: sent.name, role: 'manager' }, token: 'fresh' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (saved.length = 0));

function show(id = 'u1') {
  localStorage.clear();
  setSession({ token: 'old', user: { id: 'u1', name: 'desk.editor', role: 'manager' } });
  const user = userEvent.setup();
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FlashProvider>
          <MemoryRouter initialEntries={[`/admin/account/${id}`]}>
            <Routes>
              <Route path="/admin/account/:id" element={<AccountPage />} />
            </Routes>
          </MemoryRouter>
        </FlashProvider>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  const type = async (label: string, value: string) => {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) {
      await user.click(input);
      await user.paste(value);
    }
  };
  return { user, type, submit: () => user.click(screen.getByRole('button', { name: 'Submit' })) };
}

const fieldError = () => document.querySelector('.field-error')?.textContent ?? '';

describe('account page', () => {
  test('loading, then the user name; the current password is asked only with a new one', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(((await screen.findByLabelText('Username')) as HTMLInputElement).value).toBe('desk.editor');
    expect(screen.queryByLabelText('Current Password')).toBeNull();
  });

  test('says what is wrong before sending anything', async () => {
    const s = show();
    await screen.findByLabelText('Username');
    await s.type('Username', '');
    await s.submit();
    expect(fieldError()).toBe(firstProblem(userUpdateSchema.safeParse({ name: '', password: '', currentPassword: '' }).error!));
    await s.type('Username', 'desk.editor');
    await s.type('New Password', 'a brand new password 1');
    await s.submit();
    expect(fieldError()).toBe('Enter your current password to set a new one');
    expect(saved).toEqual([]);
  });

  test('saves a new password with the current one, keeps the fresh session and says so', async () => {
    const s = show();
    await screen.findByLabelText('Username');
    await s.type('New Password', 'a brand new password 1');
    await s.type('Current Password', 'the old password 1');
    await s.submit();
    expect((await screen.findByRole('dialog', { name: 'Message' })).textContent).toContain('User updated successfully');
    expect(saved).toEqual([{ name: 'desk.editor', password: 'a brand new password 1', currentPassword: 'the old password 1' }]);
    expect(getSession()?.token).toBe('fresh');
    expect((screen.getByLabelText('New Password') as HTMLInputElement).value).toBe('');
  });

  test("shows the server's refusal", async () => {
    const s = show();
    await screen.findByLabelText('Username');
    await s.type('Username', 'taken');
    await s.submit();
    expect((await screen.findByRole('dialog', { name: 'Message' })).textContent).toContain('User name already exists');
    expect(getSession()?.token).toBe('old');
  });

  test('says Not Found! for an unknown user', async () => {
    show('gone');
    expect((await screen.findByRole('alert')).textContent).toBe('Not Found!');
    expect(screen.queryByLabelText('Username')).toBeNull();
  });
});

/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginSchema } from '@journal/contracts';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { firstProblem } from '@/lib/form-errors';
import { getSession } from '@/lib/session';
import { LoginForm } from './login-form';

// A real login endpoint: each user name picks an answer; 'slow' waits for `release`.
let server: http.Server;
let base = '';
let release: () => void = () => undefined;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', 'content-type');
      if (req.method === 'OPTIONS') return res.writeHead(204).end();
      const { username } = JSON.parse(body || '{}') as { username?: string };
      const answer = () => {
        if (username === 'wrong') res.writeHead(401).end(JSON.stringify({ error: 'invalid_credentials', message: 'no' }));
        else if (username === 'flood') res.writeHead(429).end(JSON.stringify({ error: 'too_many_attempts', message: 'Too many attempts: try again in a minute' }));
        else res.writeHead(200).end(JSON.stringify({ token: 'tok', user: { id: 'u1', name: username, role: 'manager' } }));
      };
      if (username === 'slow') release = answer;
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => localStorage.clear());

function setup() {
  const onSuccess = jest.fn();
  const user = userEvent.setup();
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <LoginForm onSuccess={onSuccess} />
    </ApiClientProvider>,
  );
  const fill = async (label: string, value: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  };
  const submit = () => user.click(screen.getByRole('button', { name: /Login|Signing in/ }));
  return { onSuccess, user, fill, submit };
}

describe('login form', () => {
  test('says what is missing before sending anything', async () => {
    const s = setup();
    // The inputs are `required`: the form's own check, as the schema words it.
    const form = screen.getByRole('form', { name: 'Login form' }) as HTMLFormElement;
    form.noValidate = true;
    await s.submit();
    const expected = firstProblem(loginSchema.safeParse({ username: '', password: '' }).error!);
    expect(screen.getByRole('alert').textContent).toBe(expected);
    expect(s.onSuccess).not.toHaveBeenCalled();
  });

  test("shows the spec's text for wrong credentials and the server's for throttling", async () => {
    const s = setup();
    await s.fill('Username', 'wrong');
    await s.fill('Password', 'a password');
    await s.submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid user and password');
    await s.user.clear(screen.getByLabelText('Username'));
    await s.fill('Username', 'flood');
    await s.submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts: try again in a minute'));
    expect(s.onSuccess).not.toHaveBeenCalled();
  });

  test('is busy while the answer is on its way, then keeps the session', async () => {
    const s = setup();
    await s.fill('Username', 'slow');
    await s.fill('Password', 'a password');
    await s.submit();
    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    release();
    await waitFor(() => expect(s.onSuccess).toHaveBeenCalledTimes(1));
    expect(getSession()?.user.name).toBe('slow');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });
});

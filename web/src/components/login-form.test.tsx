/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loginSchema } from '@journal/contracts';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { firstProblem } from '@/lib/form-errors';
import { getSession } from '@/lib/session';
import { json, problem, useJsonServer, type Answer } from '@/testing/admin-test-server';
import { LoginForm } from './login-form';

// A real login endpoint: each user name picks an answer; 'slow' waits for `release`.
let release: () => void = () => undefined;
const server = useJsonServer([
  [
    '*',
    (req) => {
      const { username } = JSON.parse(req.body || '{}') as { username?: string };
      const answer =
        username === 'wrong'
          ? problem(401, 'invalid_credentials', 'no')
          : username === 'flood'
            ? problem(429, 'too_many_attempts', 'Too many attempts: try again in a minute')
            : json({ token: 'tok', user: { id: 'u1', name: username, role: 'manager' } });
      if (username !== 'slow') return answer;
      return new Promise<Answer>((resolve) => {
        release = () => resolve(answer);
      });
    },
  ],
]);
beforeEach(() => localStorage.clear());

function setup() {
  const onSuccess = jest.fn();
  const user = userEvent.setup();
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: server.base })}>
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

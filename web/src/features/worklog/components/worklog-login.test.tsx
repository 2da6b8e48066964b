/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { getSession } from '@/lib/session';
import { json, problem, useJsonServer, type Answer } from '@/testing/admin-test-server';
import { renderAdmin, Where } from '@/testing/render-admin';
import { WorklogLogin } from './worklog-login';

// docs/product.md (Work-log): a real login endpoint; 'clerk' / 'right' signs in, 'slow' waits for
// `release`, anything else is refused.
let release: () => void = () => undefined;
const server = useJsonServer([
  [
    'POST /auth/login/',
    (req) => {
      const { username, password } = JSON.parse(req.body) as { username: string; password: string };
      const ok = json({ token: 'tok', user: { id: 'u1', name: username, role: 'worklog' } });
      if (username === 'slow') {
        return new Promise<Answer>((resolve) => {
          release = () => resolve(ok);
        });
      }
      return username === 'clerk' && password === 'right' ? ok : problem(401, 'invalid_credentials', 'no');
    },
  ],
]);

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      back
    </button>
  );
}

// The login is reached from the site's home; after signing in, Back must not lead to the form again.
function show() {
  const ui = (
    <>
      <Routes>
        <Route path="/webdata/login" element={<WorklogLogin />} />
        <Route path="*" element={<Back />} />
      </Routes>
      <Where />
    </>
  );
  const { user } = renderAdmin(ui, { base: server.base, path: '/webdata/login', session: null });
  const fill = async (label: string, text: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  };
  return { user, fill, login: () => user.click(screen.getByRole('button', { name: /^(Login|Signing in…)$/ })) };
}

const where = () => screen.getByTestId('where').textContent;

describe('work-log login', () => {
  test('the login form inside the work-log page', () => {
    show();
    expect(screen.getByRole('main').className).toBe('worklog worklog-login');
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Login form' })).toBeTruthy();
  });

  test('wrong credentials are refused with the login text and the page stays', async () => {
    const s = show();
    await s.fill('Username', 'clerk');
    await s.fill('Password', 'wrong');
    await s.login();
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid user and password');
    expect(where()).toBe('/webdata/login');
    expect(getSession()).toBeNull();
  });

  test('busy while signing in, then the work-log in place of the login', async () => {
    const s = show();
    await s.fill('Username', 'slow');
    await s.fill('Password', 'right');
    await s.login();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Signing in…' }).disabled).toBe(true);
    release();
    expect(await screen.findByText('/webdata')).toBeTruthy();
    expect(getSession()?.token).toBe('tok');
    expect(server.requests.map((r) => [r.method, r.path])).toEqual([['POST', '/auth/login/']]);
  });

  test('signed in, the login is replaced: Back does not show it again', async () => {
    const s = show();
    await s.fill('Username', 'clerk');
    await s.fill('Password', 'right');
    await s.login();
    expect(await screen.findByText('/webdata')).toBeTruthy();
    await s.user.click(screen.getByRole('button', { name: 'back' }));
    // The login was the first entry: with it replaced there is nothing before /webdata.
    expect(where()).toBe('/webdata');
  });
});

/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin, Where } from '@/testing/render-admin';
import { WorklogShell } from './worklog-shell';

// docs/product.md#worklog: the shell against a real verify endpoint. Tokens name the user the
// server knows: 'clerk' (work-log), 'editor' (an editor); anything else is refused.
const known: Record<string, { id: string; name: string; role: string }> = {
  clerk: { id: 'u1', name: 'Work Clerk', role: 'worklog' },
  editor: { id: 'u2', name: 'Desk Editor', role: 'editor' },
};
const server = useJsonServer([['*', (req) => (known[req.token] ? json({ valid: true, user: known[req.token] }) : problem(401, 'unauthorized', 'Token expired'))]]);
afterEach(() => jest.restoreAllMocks());

function show(token: string | null, at = '/webdata') {
  const ui = (
    <>
      <Routes>
        <Route path="/webdata" element={<WorklogShell />}>
          <Route index element={<p>entries</p>} />
          <Route path="addentris" element={<p>add form</p>} />
        </Route>
        <Route path="*" element={<Where />} />
      </Routes>
      <Routes>
        <Route path="/webdata/*" element={<Where />} />
        <Route path="*" element={null} />
      </Routes>
    </>
  );
  return renderAdmin(ui, { base: server.base, path: at, session: token ? { token, user: { id: 'u', name: token } } : null }).user;
}

const where = () => screen.getAllByTestId('where').at(-1)!.textContent;

describe('work-log shell', () => {
  test('without a session goes to the work-log login', async () => {
    show(null);
    expect(where()).toBe('/webdata/login');
  });

  test('loading while the session is checked, then the bar with the user and the page', async () => {
    show('clerk');
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByText('entries')).toBeTruthy();
    expect(screen.getByText('User: Work Clerk')).toBeTruthy();
  });

  test('a session the server refuses goes home', async () => {
    // The shell logs why it let the session go; the test does not need it printed.
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    show('stale');
    expect(await screen.findByText('/')).toBeTruthy();
  });

  test('tells an editor the work-log is not theirs, with the way to the admin', async () => {
    show('editor');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('The work-log is not open to your role. Go to the admin');
    expect(screen.queryByText('entries')).toBeNull();
  });

  test('searching from the add form goes to the list with the search; an empty one to the list alone', async () => {
    const user = show('clerk', '/webdata/addentris');
    await screen.findByText('add form');
    await user.type(screen.getByRole('textbox', { name: 'Search' }), '  pending proofs ');
    await user.click(screen.getByRole('button', { name: 'Search entries' }));
    expect(where()).toBe('/webdata?search=pending%20proofs');
    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Search entries' }));
    expect(where()).toBe('/webdata');
  });
});

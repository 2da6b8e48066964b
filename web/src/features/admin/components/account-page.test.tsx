/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor } from '@testing-library/react';
import { userUpdateSchema } from '@journal/contracts';
import { firstProblem } from '@/lib/form-errors';
import { getSession } from '@/lib/session';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { AccountPage } from './account-page';

// docs/product.md#admin-area: /admin/account/:id against a real server; user 'gone' does not exist,
// a save with the name 'taken' is refused.
const saved: unknown[] = [];
const server = useJsonServer([
  ['/api/users/gone', () => problem(404, 'not_found', 'User not found')],
  ['GET *', () => json({ id: 'u1', name: 'desk.editor', role: 'manager' })],
  [
    '*',
    (req) => {
      const sent = JSON.parse(req.body) as { name: string };
      if (sent.name === 'taken') return problem(409, 'duplicate_username', 'That username is taken');
      saved.push(sent);
      return json({ user: { id: 'u1', name: sent.name, role: 'manager' }, token: 'fresh' });
    },
  ],
]);
beforeEach(() => (saved.length = 0));

function show(id = 'u1') {
  const { user } = renderAdmin(<AccountPage />, {
    base: server.base,
    path: `/admin/account/${id}`,
    route: '/admin/account/:id',
    session: { token: 'old', user: { id: 'u1', name: 'desk.editor', role: 'manager' } },
  });
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
/** The fields turned red, by label. */
const redFields = () => Array.from(document.querySelectorAll('.field.invalid label')).map((l) => l.textContent);

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
    // The field that is wrong is the one highlighted, its message under it.
    expect(fieldError()).toBe('Enter your current password to set a new one');
    expect(redFields()).toEqual(['Current Password']);
    expect(screen.getByLabelText('Current Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
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

  test("shows the server's refusal under the field it is about", async () => {
    const s = show();
    // The loaded name first: typing before it arrives would be overwritten by it.
    await waitFor(() => expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('desk.editor'));
    await s.type('Username', 'taken');
    await s.submit();
    expect((await screen.findByRole('alert')).textContent).toBe('That username is taken');
    expect(redFields()).toEqual(['Username']);
    expect(getSession()?.token).toBe('old');
  });

  test('says Not Found! for an unknown user', async () => {
    show('gone');
    expect((await screen.findByRole('alert')).textContent).toBe('Not Found!');
    expect(screen.queryByLabelText('Username')).toBeNull();
  });
});

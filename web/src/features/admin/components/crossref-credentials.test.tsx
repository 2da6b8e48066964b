/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen } from '@testing-library/react';
import { json, problem, useJsonServer, type Answer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { CrossrefCredentials } from './crossref-credentials';

// docs/product.md#doi: a real server keeps whether a login is stored (never the login itself).
// `storable` false is a server without a key; `refusing` refuses every save; `hold` keeps the
// save's answer until the test lets it go, so the busy state is on screen.
let stored: { configured: boolean; storable: boolean; updatedAt: string | null };
let refusing = false;
let hold = false;
/** The session's password check is stale: the next save is refused until POST /auth/reauth. */
let stale = false;
let release: () => void = () => undefined;
const saved: unknown[] = [];
const server = useJsonServer([
  ['GET /api/admin/crossref/credentials', () => json(stored)],
  [
    'POST /auth/reauth/',
    (req) => {
      if (JSON.parse(req.body).password !== 'right password') return problem(403, 'wrong_current_password', 'The current password is not right');
      stale = false;
      return json({ ok: true, until: '2026-01-02T03:14:05.000Z' });
    },
  ],
  [
    'PUT /api/admin/crossref/credentials',
    (req) => {
      if (stale) return problem(403, 'reauth_required', 'Enter your password again to do this');
      if (refusing) return problem(400, 'crossref_login_refused', 'Crossref refused this login');
      saved.push(JSON.parse(req.body));
      stored = { configured: true, storable: true, updatedAt: '2026-01-02T03:04:05.000Z' };
      if (!hold) return json(stored);
      return new Promise<Answer>((resolve) => {
        release = () => resolve(json(stored));
      });
    },
  ],
]);
beforeEach(() => {
  stored = { configured: false, storable: true, updatedAt: null };
  refusing = false;
  hold = false;
  stale = false;
  saved.length = 0;
});

function show() {
  const { user } = renderAdmin(<CrossrefCredentials />, { base: server.base });
  const fill = async (label: string, text: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(text);
  };
  const button = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save Crossref login' });
  return { user, fill, button, save: () => user.click(button()) };
}

const hint = () => document.querySelector('.hint')?.textContent;

describe('Crossref login', () => {
  test('loading, then says no login is stored, with empty inputs', async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Crossref login' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(await screen.findByText('No Crossref login is stored.')).toBeTruthy();
    expect((screen.getByLabelText('Crossref username') as HTMLInputElement).value).toBe('');
    const password = screen.getByLabelText('Crossref password') as HTMLInputElement;
    expect([password.type, password.value]).toEqual(['password', '']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('says a login is stored, without showing it', async () => {
    stored = { configured: true, storable: true, updatedAt: '2026-01-02T03:04:05.000Z' };
    show();
    await screen.findByLabelText('Crossref username');
    expect(hint()).toMatch(/^A Crossref login is stored \(changed .+\)\.$/);
    expect((screen.getByLabelText('Crossref username') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Crossref password') as HTMLInputElement).value).toBe('');
  });

  test('asks for both before sending anything', async () => {
    const s = show();
    await screen.findByLabelText('Crossref username');
    await s.save();
    expect(screen.getByRole('alert').textContent).toBe('Enter the Crossref username; Enter the Crossref password');
    await s.fill('Crossref username', 'ijars');
    await s.save();
    expect(screen.getByRole('alert').textContent).toBe('Enter the Crossref password');
    expect(saved).toEqual([]);
  });

  test('is busy while saving, then empties the inputs, says so and shows the login as stored', async () => {
    hold = true;
    const s = show();
    await screen.findByLabelText('Crossref username');
    await s.fill('Crossref username', 'ijars');
    await s.fill('Crossref password', 'secret pass');
    await s.save();
    expect(s.button().disabled).toBe(true);
    expect(s.button().getAttribute('aria-busy')).toBe('true');
    release();
    expect((await screen.findByText('Crossref login saved')).getAttribute('role')).toBe('status');
    expect(saved).toEqual([{ loginId: 'ijars', password: 'secret pass' }]);
    expect(s.button().disabled).toBe(false);
    expect((screen.getByLabelText('Crossref username') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Crossref password') as HTMLInputElement).value).toBe('');
    expect(await screen.findByText(/^A Crossref login is stored/)).toBeTruthy();
  });

  test("shows the server's refusal and keeps what was typed", async () => {
    refusing = true;
    const s = show();
    await screen.findByLabelText('Crossref username');
    await s.fill('Crossref username', 'ijars');
    await s.fill('Crossref password', 'wrong');
    await s.save();
    expect((await screen.findByRole('alert')).textContent).toBe('Crossref refused this login');
    expect((screen.getByLabelText('Crossref username') as HTMLInputElement).value).toBe('ijars');
    expect(s.button().disabled).toBe(false);
  });

  test('without a key on the server it says so and cannot save', async () => {
    stored = { configured: false, storable: false, updatedAt: null };
    const s = show();
    await screen.findByLabelText('Crossref username');
    expect(hint()).toBe('No Crossref login is stored. The server has no key to store one: see the operations guide (CROSSREF_CREDENTIALS_KEY).');
    expect(s.button().disabled).toBe(true);
  });

  test('says who may see the login when the read fails', async () => {
    server.failing = true;
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Only managers can see and change the Crossref login.');
    expect(screen.queryByLabelText('Crossref username')).toBeNull();
  });

  test('a stale password check asks for the password, naming the act, then saves', async () => {
    stale = true;
    const s = show();
    await screen.findByText('No Crossref login is stored.');
    await s.fill('Crossref username', 'member1');
    await s.fill('Crossref password', 'secret-1');
    await s.save();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your password' });
    expect(dialog.textContent).toContain('Enter your password again to save the Crossref login.');
    await s.fill('Your password', 'right password');
    await s.user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Crossref login saved')).toBeTruthy();
    expect(saved).toEqual([{ loginId: 'member1', password: 'secret-1' }]);
  });
});

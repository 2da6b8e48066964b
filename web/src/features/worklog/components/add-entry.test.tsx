/**
 * @jest-environment jsdom
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { workEntryCreateSchema } from '@journal/contracts';
import { ApiError } from '@/lib/api-client';
import { SESSION_KEY } from '@/lib/session';
import { AddEntryForm, type NewEntry } from './add-entry';

// The form checks nothing (docs/product.md#worklog): the server refuses with the shared schema's
// message, which the form shows. This is the server's answer for a body the schema refuses.
function refusal(body: unknown): ApiError {
  const r = workEntryCreateSchema.safeParse(body);
  if (r.success) throw new Error('the schema accepts this body');
  const details = r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return new ApiError(400, 'validation_error', 'Request is invalid', { error: 'validation_error', message: 'Request is invalid', details });
}

function setup(onSubmit: (input: NewEntry) => Promise<void>) {
  const user = userEvent.setup();
  const spy = jest.fn(onSubmit);
  render(<AddEntryForm onSubmit={spy} />);
  return {
    spy,
    user,
    status: () => screen.getByRole<HTMLSelectElement>('combobox'),
    content: () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Your Content' }),
    button: () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' }),
  };
}

let logged: jest.SpyInstance;
beforeEach(() => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ token: 't', user: { id: 'u1', name: 'ravi' } }));
  // Failures are logged (docs/product.md#error-messages); the tests read them here, not on the console.
  logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  localStorage.clear();
  logged.mockRestore();
});

describe('work-log add form', () => {
  test('the status offers Select Type, Information and Urgent only', () => {
    const s = setup(async () => undefined);
    expect([...s.status().options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Select Type'],
      ['info', 'Information'],
      ['urgent', 'Urgent'],
    ]);
    expect(s.content().placeholder).toBe('Your Content');
  });

  test('sends what was typed, status and content, nothing checked first', async () => {
    const s = setup(async () => undefined);
    await s.user.selectOptions(s.status(), 'urgent');
    await s.user.type(s.content(), 'Proofs of the October number to the printer');
    await s.user.click(s.button());
    expect(s.spy).toHaveBeenCalledWith({ status: 'urgent', content: 'Proofs of the October number to the printer' });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test("without a status the entry still goes, and the server's refusal is shown letter for letter", async () => {
    const s = setup(async (input) => {
      throw refusal({ content: input.content, ...(input.status ? { status: input.status } : {}) });
    });
    await s.user.type(s.content(), 'Call the printer');
    await s.user.click(s.button());
    expect(s.spy).toHaveBeenCalledWith({ status: '', content: 'Call the printer' });
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a status (info or urgent) for the entry');
    // What was typed stays.
    expect(s.content().value).toBe('Call the printer');
  });

  test('a status a new entry may not have is refused with its own message', async () => {
    const s = setup(async (input) => {
      throw refusal({ ...input, status: 'pending' });
    });
    await s.user.selectOptions(s.status(), 'info');
    await s.user.click(s.button());
    expect((await screen.findByRole('alert')).textContent).toBe('Status must be info or urgent');
  });

  test('a server failure says to try again', async () => {
    const s = setup(async () => {
      throw new ApiError(503, 'service_unavailable', 'down');
    });
    await s.user.click(s.button());
    expect((await screen.findByRole('alert')).textContent).toBe('The entry could not be saved; try again.');
    expect(logged).toHaveBeenCalledWith('worklog: create failed', expect.any(ApiError));
  });

  test('submit is disabled while the entry is being saved, enabled again after', async () => {
    let finish!: () => void;
    const s = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(s.button().disabled).toBe(false);
    await s.user.click(s.button());
    expect(s.button().disabled).toBe(true);
    await act(async () => finish());
    expect(s.button().disabled).toBe(false);
  });

  test('without a stored session nothing is sent', async () => {
    localStorage.clear();
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const s = setup(async () => undefined);
    await s.user.click(s.button());
    expect(s.spy).not.toHaveBeenCalled();
    expect(log).toHaveBeenCalledWith('please provide token');
    log.mockRestore();
  });
});

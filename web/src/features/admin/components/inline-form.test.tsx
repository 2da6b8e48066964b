/**
 * @jest-environment jsdom
 */
import { useState, type FormEvent } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { BackToDashboard, Choices, InlineForm, SubmitButton } from './inline-form';

// A list page's Add form as the pages use these parts: a select of choices, Submit busy while the
// save runs (the save is a promise the test lets go), closed with X.
let finish: () => void = () => undefined;
function Page({ onSave }: { onSave: (kind: string) => void }) {
  const [open, setOpen] = useState(true);
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    onSave(kind);
    void new Promise<void>((resolve) => {
      finish = resolve;
    }).then(() => setBusy(false));
  };
  if (!open) return <p>closed</p>;
  return (
    <InlineForm label="Add user" onSubmit={submit} onClose={() => setOpen(false)}>
      <label>
        Role
        <select value={kind} onChange={(e) => setKind(e.target.value)}>
          <Choices values={['manager', 'editor']} />
        </select>
      </label>
      <SubmitButton busy={busy} />
    </InlineForm>
  );
}

function show() {
  const user = userEvent.setup();
  const onSave = jest.fn();
  render(<Page onSave={onSave} />);
  return { user, onSave };
}

describe('inline form', () => {
  test('is a named form whose select starts at Select and lists its choices', () => {
    show();
    const form = screen.getByRole<HTMLFormElement>('form', { name: 'Add user' });
    // The page checks the fields itself and shows its own messages.
    expect(form.noValidate).toBe(true);
    expect([...screen.getByRole<HTMLSelectElement>('combobox', { name: 'Role' }).options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Select'],
      ['manager', 'manager'],
      ['editor', 'editor'],
    ]);
  });

  test("Submit reads 'Saving…' and is off while the save runs, then is back", async () => {
    const s = show();
    await s.user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'editor');
    await s.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(s.onSave).toHaveBeenCalledWith('editor');
    const busy = screen.getByRole<HTMLButtonElement>('button', { name: 'Saving…' });
    expect(busy.disabled).toBe(true);
    await s.user.click(busy);
    expect(s.onSave).toHaveBeenCalledTimes(1);
    finish();
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Submit' })).disabled).toBe(false);
  });

  test('X closes it without saving', async () => {
    const s = show();
    const close = screen.getByRole('button', { name: 'Close' });
    expect([close.textContent, close.getAttribute('type')]).toEqual(['X', 'button']);
    await s.user.click(close);
    expect(screen.getByText('closed')).toBeTruthy();
    expect(s.onSave).not.toHaveBeenCalled();
  });
});

describe('back to the dashboard', () => {
  test('goes to the dashboard', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/admin/users']}>
        <Routes>
          <Route path="/admin/users" element={<BackToDashboard />} />
          <Route path="/admin" element={<p>dashboard</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const back = screen.getByRole('link', { name: '← Back' });
    expect(back.getAttribute('href')).toBe('/admin');
    await user.click(back);
    expect(screen.getByText('dashboard')).toBeTruthy();
  });
});

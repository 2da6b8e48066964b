/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffCreateInput } from '@journal/contracts';
import { StaffForm } from './staff-form';

// The rules: docs/product.md#roles (the shared staff schema and user name rule).
function setup() {
  const onSubmit = jest.fn<void, [StaffCreateInput]>();
  const user = userEvent.setup();
  render(<StaffForm onSubmit={onSubmit} onClose={() => undefined} busy={false} error="" />);
  const fill = async (label: string, value: string) => {
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  };
  const alert = () => screen.queryByRole('alert')?.textContent ?? '';
  return { onSubmit, user, fill, alert, submit: () => user.click(screen.getByRole('button', { name: 'Submit' })) };
}

describe('staff form', () => {
  test('offers the three roles, highest first, after an empty choice', () => {
    setup();
    const options = [...(screen.getByLabelText('Role') as HTMLSelectElement).options].map((o) => [o.value, o.textContent]);
    expect(options).toEqual([['', 'Select'], ['manager', 'Manager'], ['editor', 'Editor'], ['worklog', 'Work-log']]);
  });

  test('needs a role, and sends name, password and role', async () => {
    const s = setup();
    await s.fill('Username', 'desk.editor');
    await s.fill('Password', 'a fine password 1');
    await s.submit();
    expect(s.onSubmit).not.toHaveBeenCalled();
    expect(s.alert()).toBe('Role must be manager, editor or worklog');
    await s.user.selectOptions(screen.getByLabelText('Role'), 'editor');
    await s.submit();
    expect(s.onSubmit).toHaveBeenCalledWith({ name: 'desk.editor', password: 'a fine password 1', role: 'editor' });
  });

  test('refuses a user name with spaces or control characters before sending', async () => {
    for (const name of ['two words', 'bell\u0007']) {
      const s = setup();
      await s.fill('Username', name);
      await s.fill('Password', 'a fine password 1');
      await s.user.selectOptions(screen.getAllByLabelText('Role').at(-1)!, 'worklog');
      await s.submit();
      expect(s.onSubmit).not.toHaveBeenCalled();
      expect(s.alert()).toMatch(/^User name must be 1-100 letters/);
      document.body.innerHTML = '';
    }
  });
});

/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReauthForm } from './reauth-prompt';

// docs/security.md#recent-authentication: the password a sensitive act asks for.
function setup(error = '') {
  const onSubmit = jest.fn<void, [string]>();
  const onCancel = jest.fn();
  const user = userEvent.setup();
  render(<ReauthForm onSubmit={onSubmit} onCancel={onCancel} busy={false} error={error} />);
  return { onSubmit, onCancel, user };
}

describe('password re-check form', () => {
  test('sends the password as typed', async () => {
    const s = setup();
    await s.user.click(screen.getByLabelText('Your password'));
    await s.user.paste(' spaced pass ');
    await s.user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(s.onSubmit).toHaveBeenCalledWith(' spaced pass ');
  });

  test('needs a password, and Cancel gives up without sending', async () => {
    const s = setup();
    await s.user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(s.onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Password is required');
    await s.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(s.onCancel).toHaveBeenCalledTimes(1);
  });

  test("shows the server's refusal", () => {
    setup('The current password is not right');
    expect(screen.getByRole('alert').textContent).toBe('The current password is not right');
  });
});

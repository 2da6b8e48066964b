/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FlashProvider, useFlash } from './flash';

// docs/product.md#admin-area: the shell's modal message, closed with its Close button.
function Saver() {
  const flash = useFlash();
  return (
    <button type="button" onClick={() => flash('Settings updated successfully')}>
      Save
    </button>
  );
}

describe('flash message', () => {
  test('nothing until a message comes; the message in a modal dialog; Close closes it', async () => {
    const user = userEvent.setup();
    render(
      <FlashProvider>
        <Saver />
      </FlashProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog', { name: 'Message' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.querySelector('.flash-message')?.textContent).toBe('Settings updated successfully');
    expect(document.activeElement?.textContent).toBe('Close');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('outside the provider a message goes nowhere and breaks nothing', async () => {
    const user = userEvent.setup();
    render(<Saver />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WithdrawalPanel } from './withdrawal-panel';

// docs/product.md#withdrawals: the admin withdraws or retracts with a reason, or restores.
function setup(withdrawal: Parameters<typeof WithdrawalPanel>[0]['article']['withdrawal'] = null) {
  const onWithdraw = jest.fn();
  const onRestore = jest.fn();
  render(<WithdrawalPanel article={{ withdrawal }} busy={false} onWithdraw={onWithdraw} onRestore={onRestore} />);
  return { onWithdraw, onRestore, user: userEvent.setup() };
}

describe('withdrawal panel', () => {
  test('a reason is required, with a message saying so', async () => {
    const s = setup();
    await s.user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(s.onWithdraw).not.toHaveBeenCalled();
    expect(screen.getByText('Give the reason')).toBeTruthy();
  });

  test('asks first, then sends the kind and the trimmed reason', async () => {
    const s = setup();
    // The browser's confirmation dialog: answered No, then Yes.
    const asked = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await s.user.selectOptions(screen.getByLabelText('Kind'), 'retracted');
    await s.user.type(screen.getByLabelText('Reason shown to readers'), '  Data fabricated  ');
    await s.user.click(screen.getByRole('button', { name: 'Retract' }));
    expect(asked).toHaveBeenLastCalledWith('Retract this article? It stays listed with a retraction notice and the reason.');
    expect(s.onWithdraw).not.toHaveBeenCalled();
    await s.user.click(screen.getByRole('button', { name: 'Retract' }));
    expect(s.onWithdraw).toHaveBeenCalledWith({ kind: 'retracted', reason: 'Data fabricated' });
    asked.mockRestore();
  });

  test('a withdrawn article shows its state and can be restored', async () => {
    const s = setup({ kind: 'withdrawn', reason: 'Duplicate', at: '2026-02-01T10:00:00.000Z' });
    expect(screen.getByRole('status').textContent).toContain('This article has been withdrawn on 2026-02-01: Duplicate');
    await s.user.click(screen.getByRole('button', { name: 'Restore' }));
    expect(s.onRestore).toHaveBeenCalled();
  });
});

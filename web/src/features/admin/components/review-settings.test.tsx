/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { configure, screen } from '@testing-library/react';
import type { ReviewSettings } from '@journal/contracts';
import { json, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { ReviewSettingsSection } from './review-settings';

// Reads go to a real server on a shared, loaded machine: each wait gets 5 s.
configure({ asyncUtilTimeout: 5000 });

// docs/product.md#peer-review: the journal's review settings against a real server that keeps them.
let stored: ReviewSettings;
const server = useJsonServer([
  [
    'PUT /api/admin/review-settings',
    (req) => {
      stored = { ...stored, ...(JSON.parse(req.body) as Partial<ReviewSettings>) };
      return json(stored);
    },
  ],
  ['GET /api/admin/review-settings', () => json(stored)],
]);
beforeEach(() => {
  stored = { doubleBlind: false, hideTitleOnCertificate: false, reminderDaysBefore: 3, reminderDaysAfter: [3, 7], tokenDaysAfterDue: 60, defaultDueDays: 21 };
});

const show = () => renderAdmin(<ReviewSettingsSection />, { base: server.base }).user;

describe('review settings', () => {
  test('shows the stored settings, refuses a wrong value without sending it, and saves', async () => {
    const user = show();
    expect(((await screen.findByLabelText('Reminders after the due date (days)')) as HTMLInputElement).value).toBe('3, 7');
    expect((screen.getByLabelText('Days to review') as HTMLInputElement).value).toBe('21');

    await user.clear(screen.getByLabelText('Reminders after the due date (days)'));
    await user.type(screen.getByLabelText('Reminders after the due date (days)'), '2, soon');
    await user.click(screen.getByRole('button', { name: 'Save review settings' }));
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(screen.getByLabelText('Reminders after the due date (days)'));
    await user.type(screen.getByLabelText('Reminders after the due date (days)'), '2, 9');
    await user.click(screen.getByRole('checkbox', { name: /Double-blind review/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Leave the manuscript title off reviewer certificates' }));
    await user.click(screen.getByRole('button', { name: 'Save review settings' }));
    expect((await screen.findByText('Review settings saved')).getAttribute('role')).toBe('status');
    expect(stored).toEqual({ doubleBlind: true, hideTitleOnCertificate: true, reminderDaysBefore: 3, reminderDaysAfter: [2, 9], tokenDaysAfterDue: 60, defaultDueDays: 21 });
  });

  test('says so when the settings cannot be read', async () => {
    server.failing = true;
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});

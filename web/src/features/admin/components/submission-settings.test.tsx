/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen } from '@testing-library/react';
import type { SubmissionSettings } from '@journal/contracts';
import { json, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { SubmissionSettingsSection } from './submission-settings';

// docs/product.md#submission-worklog: the events the work-log gets, against a real server that keeps them.
let stored: SubmissionSettings;
const server = useJsonServer([
  [
    'PUT /api/admin/submission-settings',
    (req) => {
      stored = JSON.parse(req.body) as SubmissionSettings;
      return json(stored);
    },
  ],
  ['GET /api/admin/submission-settings', () => json(stored)],
]);
beforeEach(() => {
  stored = { worklogStates: ['received', 'accepted', 'paid', 'published'] };
});

const show = () => renderAdmin(<SubmissionSettingsSection />, { base: server.base }).user;

describe('submission settings', () => {
  test('shows the chosen events and saves a change in the states\u2019 order', async () => {
    const user = show();
    const received = (await screen.findByRole('checkbox', { name: 'A new submission (Received)' })) as HTMLInputElement;
    expect(received.checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Rejected' }) as HTMLInputElement).checked).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Rejected' }));
    await user.click(screen.getByRole('checkbox', { name: 'Accepted' }));
    await user.click(screen.getByRole('button', { name: 'Save submission settings' }));
    expect((await screen.findByText('Submission settings saved')).getAttribute('role')).toBe('status');
    expect(stored).toEqual({ worklogStates: ['received', 'paid', 'published', 'rejected'] });
  });

  test('says so when the settings cannot be read', async () => {
    server.failing = true;
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});

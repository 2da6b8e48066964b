/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor } from '@testing-library/react';
import { emptySettingsText, journalFlagsSchema } from '@journal/contracts';
import { json, problem, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { SettingsPage } from './settings-page';

// docs/product.md#settings: /admin/settings against a real server that keeps the settings; a save
// with the domain 'taken.example' is refused with a field reason.
const stored = () => ({
  ...emptySettingsText(), journalId: 'j1', websitename: 'IJARS', websiteemail: 'editor@example.org', domain: 'ijars.example', address: '',
  flags: journalFlagsSchema.parse({}), asset_urls: {},
});
let settings = stored();
const saved: Record<string, unknown>[] = [];
const server = useJsonServer([
  [
    'POST *',
    (req) => {
      const sent = JSON.parse(req.body) as Record<string, unknown>;
      if (sent.domain === 'taken.example') {
        return problem(400, 'validation_error', 'Invalid settings', { details: [{ path: 'domain', message: 'Domain is used by another journal' }] });
      }
      saved.push(sent);
      settings = { ...settings, ...(sent as Partial<typeof settings>) };
      return json(settings);
    },
  ],
  ['*', () => json(settings)],
]);
beforeEach(() => {
  settings = stored();
  saved.length = 0;
});

function show() {
  const { user } = renderAdmin(<SettingsPage />, { base: server.base });
  const retype = async (label: string, value: string) => {
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), value);
  };
  return { user, retype, submit: () => user.click(screen.getByRole('button', { name: 'Submit' })) };
}

const fieldError = (id: string) => document.getElementById(id)?.closest('.field')?.querySelector('.field-error')?.textContent ?? null;

describe('settings page', () => {
  test('loading, then the stored settings in the form', async () => {
    show();
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('Loading...');
    expect(((await screen.findByLabelText('Website Name')) as HTMLInputElement).value).toBe('IJARS');
    expect((screen.getByLabelText('Website Email') as HTMLInputElement).value).toBe('editor@example.org');
    expect((screen.getByLabelText('Banner') as HTMLSelectElement).value).toBe('sitename');
  });

  test('marks a wrong field under itself and sends nothing', async () => {
    const s = show();
    await screen.findByLabelText('Website Email');
    await s.retype('Website Email', 'not an address');
    await s.submit();
    expect(fieldError('settings-websiteemail')).toBe('Enter a valid email');
    expect(saved).toEqual([]);
  });

  test('saves the edited settings and flags, and says so', async () => {
    const s = show();
    await screen.findByLabelText('Website Name');
    await s.retype('Website Name', 'IJARS Online');
    await s.user.click(screen.getByRole('checkbox', { name: /Show the Subject column/ }));
    await s.submit();
    expect((await screen.findByRole('dialog', { name: 'Message' })).textContent).toContain('Settings updated successfully');
    expect(saved[0]).toMatchObject({ websitename: 'IJARS Online', flags: expect.objectContaining({ showSubject: true }) });
  });

  test("marks the field the server refused, with the server's reason", async () => {
    const s = show();
    await screen.findByLabelText('Domain');
    await s.retype('Domain', 'taken.example');
    await s.submit();
    await waitFor(() => expect(fieldError('settings-domain')).toBe('Domain is used by another journal'));
    expect(screen.getByRole('dialog', { name: 'Message' }).textContent).toContain('Domain is used by another journal');
  });

  test('says the settings could not be loaded when the read fails', async () => {
    server.failing = true;
    show();
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Could not load the settings.'));
    expect(screen.queryByLabelText('Website Name')).toBeNull();
  });
});

/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { emptySettingsText, journalFlagsSchema } from '@journal/contracts';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { FlashProvider } from './flash';
import { SettingsPage } from './settings-page';

// docs/product.md#settings: /admin/settings against a real server that keeps the settings; a save
// with the domain 'taken.example' is refused with a field reason.
const stored = () => ({
  ...emptySettingsText(), journalId: 'j1', websitename: 'IJARS', websiteemail: 'editor@example.org', domain: 'ijars.example', address: '',
  flags: journalFlagsSchema.parse({}), asset_urls: {},
});
let settings = stored();
let mode: 'ok' | 'failing' = 'ok';
const saved: Record<string, unknown>[] = [];
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (mode === 'failing') return res.writeHead(500).end(JSON.stringify({ error: 'internal', message: 'boom' }));
      if (req.method === 'POST') {
        const sent = JSON.parse(body) as Record<string, unknown>;
        if (sent.domain === 'taken.example') {
          return res.writeHead(400).end(JSON.stringify({ error: 'validation_error', message: 'Invalid settings', details: [{ path: 'domain', message: 'Domain is used by another journal' }] }));
        }
        saved.push(sent);
        settings = { ...settings, ...(sent as Partial<typeof settings>) };
      }
      res.end(JSON.stringify(settings));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  settings = stored();
  mode = 'ok';
  saved.length = 0;
});

function show() {
  localStorage.clear();
  setSession({ token: 't', user: { id: 'u1', name: 'x', role: 'manager' } });
  const user = userEvent.setup();
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FlashProvider>
          <MemoryRouter>
            <SettingsPage />
          </MemoryRouter>
        </FlashProvider>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
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
    mode = 'failing';
    show();
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Could not load the settings.'));
    expect(screen.queryByLabelText('Website Name')).toBeNull();
  });
});

/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { formatDoi } from '@journal/contracts';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { DoiSettings } from './doi-settings';

// docs/product.md#doi: a real server keeps the settings; `mode` picks how it answers.
let server: http.Server;
let base = '';
let mode: 'ok' | 'failing' | 'refusing' = 'ok';
const saved: unknown[] = [];
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
      if (req.url === '/api/settings/') return res.end(JSON.stringify({ journalId: 'j1', websitename: 'IJARS', doi_prefix: '10.12345', doi_suffix_pattern: 'ij.{year}.{refnumber}' }));
      if (mode === 'refusing') return res.writeHead(400).end(JSON.stringify({ error: 'validation_error', message: 'The prefix is not ours' }));
      saved.push(JSON.parse(body));
      res.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
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
        <DoiSettings />
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return { user, save: () => user.click(screen.getByRole('button', { name: 'Save DOI settings' })) };
}

describe('DOI settings', () => {
  test('loading, then the stored prefix and pattern with the DOI a sample article would get', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(((await screen.findByLabelText('DOI prefix')) as HTMLInputElement).value).toBe('10.12345');
    expect((screen.getByLabelText('Suffix pattern') as HTMLInputElement).value).toBe('ij.{year}.{refnumber}');
    const sample = formatDoi('10.12345', 'ij.{year}.{refnumber}', { year: new Date().getFullYear(), volume: 5, issue: 2, refnumber: '1234' });
    expect(document.querySelector('.hint')?.textContent).toContain(`Example: ${sample}`);
  });

  test('asks for both or neither before sending anything', async () => {
    const s = show();
    await s.user.clear(await screen.findByLabelText('Suffix pattern'));
    await s.save();
    expect(screen.getByRole('alert').textContent).toBe('Set both the DOI prefix and the suffix pattern, or neither');
    expect(saved).toEqual([]);
  });

  test('saves what was typed and says so', async () => {
    const s = show();
    const pattern = await screen.findByLabelText('Suffix pattern');
    await s.user.clear(pattern);
    await s.user.click(pattern);
    await s.user.paste('ij.v{volume}.{refnumber}');
    await s.save();
    expect((await screen.findByText('DOI settings saved')).getAttribute('role')).toBe('status');
    expect(saved).toEqual([{ doi_prefix: '10.12345', doi_suffix_pattern: 'ij.v{volume}.{refnumber}' }]);
  });

  test("shows the server's refusal of a save", async () => {
    const s = show();
    await screen.findByLabelText('DOI prefix');
    mode = 'refusing';
    await s.save();
    expect((await screen.findByRole('alert')).textContent).toBe('The prefix is not ours');
  });

  test('says the settings could not be loaded when the read fails', async () => {
    mode = 'failing';
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the settings.');
    expect(screen.queryByLabelText('DOI prefix')).toBeNull();
  });
});

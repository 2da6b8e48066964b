/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { CrossrefDeposits } from './crossref-deposits';

// A real server answering the DOI states and the deposits; it records what was asked.
const asked: string[] = [];
let server: http.Server;
let base = '';
let states = [
  { id: 'a1', refnumber: '11', title: 'First <i>paper</i>', doi: '10.12345/x.11', state: 'registered', message: 'Added with conflict', updatedAt: '2026-04-15T00:00:00.000Z' },
  { id: 'a2', refnumber: '12', title: 'Second paper', doi: '10.12345/x.12', state: 'failed', message: 'Record not processed because submitted version: 1 is less or equal to previously submitted version {1}', updatedAt: '2026-04-15T00:00:00.000Z' },
  { id: 'a3', refnumber: '13', title: 'Third paper', doi: '', state: 'not_deposited', message: '', updatedAt: null },
];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      asked.push(`${req.method} ${req.url} ${body}`);
      const json = (status: number, v: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(v));
      if (req.url === '/api/admin/crossref/deposits/2026/4/2') return json(200, states);
      if (req.method === 'POST' && req.url === '/api/admin/crossref/deposits') {
        const scope = (JSON.parse(body) as { scope: string }).scope;
        if (scope === 'pending') return json(400, { error: 'crossref_credentials_missing', message: "Set the journal's Crossref username and password first" });
        states = states.map((s) => (s.refnumber === '12' ? { ...s, state: 'queued', message: '' } : s));
        const sub = { id: 's1', year: 2026, volume: 4, issue: 2, articles: 1, state: 'queued', progress: 'Queued', message: '', createdAt: '2026-04-15T00:00:00.000Z', updatedAt: '2026-04-15T00:00:00.000Z' };
        return json(202, { submissions: [sub], skipped: [] });
      }
      json(404, { error: 'not_found', message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function show() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={qc}>
        <CrossrefDeposits year={2026} volume={4} issue={2} />
      </QueryClientProvider>
    </ApiClientProvider>,
  );
}

test('shows each article\'s DOI state with Crossref\'s words, and retries a failed one', async () => {
  show();
  const table = await screen.findByRole('table', { name: 'DOI states' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => within(r).getAllByRole('cell').slice(3, 5).map((c) => c.textContent))).toEqual([
    ['Registered', 'Added with conflict'],
    ['Failed', 'Record not processed because submitted version: 1 is less or equal to previously submitted version {1}'],
    ['Not deposited', ''],
  ]);
  expect(within(rows[0]!).queryByRole('button')).toBeNull();
  expect(within(rows[2]!).getByRole('button', { name: 'Deposit' })).toBeTruthy();
  await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('1 article queued for Crossref')).toBeTruthy();
  expect(asked).toContain('POST /api/admin/crossref/deposits {"scope":"article","refnumber":"12"}');
  // The list is read again and shows the retried article on its way.
  expect(await screen.findByText('Queued')).toBeTruthy();
});

test('says why a deposit cannot start', async () => {
  show();
  await screen.findByRole('table', { name: 'DOI states' });
  await userEvent.click(screen.getByRole('button', { name: 'Deposit everything not deposited' }));
  expect((await screen.findByRole('alert')).textContent).toBe("Set the journal's Crossref username and password first");
});

/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { CrossrefExportButton } from './crossref-export-button';

// docs/product.md#doi: a real server answers the deposit; issue 9 is refused, issue 2's answer
// waits for `release` so the busy state is certainly on screen.
let server: http.Server;
let base = '';
let release: (() => void) | null = null;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    res.setHeader('access-control-expose-headers', 'content-disposition');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    req.resume();
    if (req.url?.includes('/9/crossref')) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'doi_not_configured', message: 'Set the DOI prefix first' }));
      return;
    }
    release = () =>
      res.writeHead(200, { 'content-type': 'application/xml', 'content-disposition': 'attachment; filename="deposit.xml"' }).end('<doi_batch/>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

// jsdom has no object URLs: the download is seen as the link the browser would follow.
const downloads: string[] = [];
beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:deposit', revokeObjectURL: () => undefined });
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    downloads.push(this.download);
  };
});

function show(issue: number, refs: string[]) {
  localStorage.clear();
  setSession({ token: 't', user: { id: 'u1', name: 'x', role: 'manager' } });
  const user = userEvent.setup();
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={new QueryClient()}>
        <CrossrefExportButton year={2026} volume={4} issue={issue} refs={refs} />
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return { user };
}

describe('Crossref export button', () => {
  test('is off until articles are selected', () => {
    show(2, []);
    expect((screen.getByRole('button', { name: 'Crossref XML' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('is busy while the file is made, then hands it to the browser under its name', async () => {
    const s = show(2, ['501']);
    await s.user.click(screen.getByRole('button', { name: 'Crossref XML' }));
    const busy = screen.getByRole('button', { name: 'Exporting…' }) as HTMLButtonElement;
    expect([busy.disabled, busy.getAttribute('aria-busy')]).toEqual([true, 'true']);
    await waitFor(() => expect(release).not.toBeNull());
    release!();
    await screen.findByRole('button', { name: 'Crossref XML' });
    expect(downloads).toEqual(['deposit.xml']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test("shows the server's refusal", async () => {
    const s = show(9, ['501']);
    await s.user.click(screen.getByRole('button', { name: 'Crossref XML' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Set the DOI prefix first');
    expect((screen.getByRole('button', { name: 'Crossref XML' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

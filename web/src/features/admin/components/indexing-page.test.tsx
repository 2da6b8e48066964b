/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { FlashProvider } from './flash';
import { IndexingPage } from './indexing-page';

// docs/product.md#admin-area: /admin/indexing against a real server that keeps the list;
// `mode` makes it fail the read.
const partner = (id: string, title: string) => ({ id, title, link: `https://${title.toLowerCase()}.org`, image: `${id}.png`, image_url: '', status: 'enabled', sortnumber: 0 });
let list: ReturnType<typeof partner>[] = [];
let mode: 'ok' | 'failing' = 'ok';
const reorders: string[][] = [];
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
      if (req.url === '/api/admin/indexing/reorder') {
        const { ids } = JSON.parse(body) as { ids: string[] };
        reorders.push(ids);
        list = ids.map((id) => list.find((p) => p.id === id)!);
      }
      res.end(JSON.stringify(list));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  mode = 'ok';
  list = [partner('p1', 'Crossref'), partner('p2', 'Scholar')];
  reorders.length = 0;
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
            <IndexingPage />
          </MemoryRouter>
        </FlashProvider>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return user;
}

const titles = () => [...document.querySelectorAll('.indexing-title')].map((t) => t.textContent);

describe('indexing page', () => {
  test('loading, then the partners in order with their logos', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await waitFor(() => expect(titles()).toEqual(['Crossref', 'Scholar']));
    expect(screen.getByRole('img', { name: 'Crossref logo' }).getAttribute('src')).toBe('/assets/indexing/p1.png');
    expect((screen.getByRole('button', { name: 'Move Crossref up' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('says so when there are none, and when the read fails', async () => {
    list = [];
    show();
    expect(await screen.findByText('No indexing partners yet.')).toBeTruthy();
    document.body.innerHTML = '';
    mode = 'failing';
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the indexing partners.');
  });

  test('moves a partner down: the server gets the new order, the table shows it', async () => {
    const user = show();
    await screen.findByRole('button', { name: 'Move Crossref down' });
    await user.click(screen.getByRole('button', { name: 'Move Crossref down' }));
    await waitFor(() => expect(titles()).toEqual(['Scholar', 'Crossref']));
    expect(reorders).toEqual([['p2', 'p1']]);
  });

  test('the add form asks for a title, a valid link and a logo before sending', async () => {
    const user = show();
    await screen.findByRole('button', { name: 'Move Crossref down' });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const form = screen.getByRole('form', { name: 'Add indexing partner' });
    const submit = () => user.click(screen.getByRole('button', { name: 'Submit' }));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Title is required');
    await user.click(screen.getByLabelText('Title'));
    await user.paste('DOAJ');
    await user.click(screen.getByLabelText('Link'));
    await user.paste('ftp://doaj.org');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Link must be an http://, https:// or mailto: address');
    await user.clear(screen.getByLabelText('Link'));
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Choose the logo to upload');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(form.isConnected).toBe(false);
  });
});

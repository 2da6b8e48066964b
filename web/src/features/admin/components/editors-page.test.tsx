/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { LIST_SORTED_MESSAGE } from '@journal/contracts';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { EditorsPage } from './editors-page';
import { FlashProvider } from './flash';

// docs/product.md#admin-area: /admin/editors against a real server that keeps the editors.
type Ed = { id: string; name: string; category: string; post: string; status: 'enabled' | 'disabled'; is_pinned: 0 | 1 };
let editors: Ed[] = [];
let mode: 'ok' | 'failing' = 'ok';
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      if (mode === 'failing') return res.writeHead(500).end(JSON.stringify({ error: 'internal', message: 'boom' }));
      if (req.url === '/api/editors/pin') {
        const { ids, pinned } = JSON.parse(body) as { ids: string[]; pinned: boolean };
        for (const e of editors) if (ids.includes(e.id)) e.is_pinned = pinned ? 1 : 0;
        return res.end(JSON.stringify({ updated: ids.length }));
      }
      const one = /^\/api\/editors\/(\w+)$/.exec(req.url ?? '');
      if (one) {
        const e = editors.find((x) => x.id === one[1])!;
        // The page sends the other status (a multipart form): the server switches it.
        e.status = e.status === 'enabled' ? 'disabled' : 'enabled';
        return res.end(JSON.stringify(e));
      }
      res.end(JSON.stringify(editors));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  editors = [
    { id: 'e1', name: 'Dr. Anita Desai', category: 'Editor', post: 'Professor &amp; Head', status: 'enabled', is_pinned: 0 },
    { id: 'e2', name: 'Dr. Ravi Kumar', category: 'Reviewer', post: 'Lecturer', status: 'disabled', is_pinned: 0 },
  ];
  mode = 'ok';
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
            <EditorsPage />
          </MemoryRouter>
        </FlashProvider>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return user;
}

const names = () => [...document.querySelectorAll('tr[data-editor]')].map((r) => r.getAttribute('data-editor'));
const row = (name: string) => document.querySelector<HTMLElement>(`tr[data-editor="${name}"]`)!;

describe('editors page', () => {
  test('loading, then the editors with their designation decoded and their status', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await waitFor(() => expect(names()).toEqual(['Dr. Anita Desai', 'Dr. Ravi Kumar']));
    expect(row('Dr. Anita Desai').textContent).toContain('Professor & Head');
    expect((screen.getByRole('switch', { name: 'Status of Dr. Ravi Kumar' }) as HTMLInputElement).checked).toBe(false);
    // The list actions appear only with a selection.
    expect(screen.queryByRole('button', { name: 'Move to Top' })).toBeNull();
  });

  test('says so when there are none, and when the read fails', async () => {
    editors = [];
    show();
    expect(await screen.findByText('No editors yet.')).toBeTruthy();
    document.body.innerHTML = '';
    mode = 'failing';
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the editors.');
  });

  test('switches an editor on', async () => {
    const user = show();
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.click(screen.getByRole('switch', { name: 'Status of Dr. Ravi Kumar' }));
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Status of Dr. Ravi Kumar' }) as HTMLInputElement).checked).toBe(true));
    expect(editors[1]!.status).toBe('enabled');
  });

  test('moves the selected editors to the top and says the list is sorted', async () => {
    const user = show();
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.click(screen.getByRole('checkbox', { name: 'Select Dr. Ravi Kumar' }));
    await user.click(screen.getByRole('button', { name: 'Move to Top' }));
    expect((await screen.findByRole('dialog', { name: 'Message' })).textContent).toContain(LIST_SORTED_MESSAGE);
    await waitFor(() => expect(names()).toEqual(['Dr. Ravi Kumar', 'Dr. Anita Desai']));
    expect(within(row('Dr. Ravi Kumar')).getByText('Yes')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Dr. Ravi Kumar' }) as HTMLInputElement).checked).toBe(false);
  });
});

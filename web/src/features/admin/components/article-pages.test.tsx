/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import { EditArticlePage } from './article-pages';
import { FlashProvider } from './flash';

// docs/product.md#admin-area: /admin/archives/:id against a real server: article a1 exists, any
// other id is not found; a1's answer waits for `release`, so the loading state is on screen.
const article = {
  id: 'a1', year: 2026, volume: 4, issue: 2, frequency: 'april', refnumber: '501', title: 'Soil &lt;i&gt;moisture&lt;/i&gt;',
  authorname: 'A. Rao', abstract: '', keywords: 'soil', pagenumber: '1-5', subject: 'Agronomy', country: 'India', email: '', mobile: '',
  txnid: 't501', ptype: 'paid', publishdate: '2026-04-10', doi: '', file: '501.pdf', status: 'enabled', withdrawal: null,
};
let release: (() => void) | null = null;
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (req.url === '/api/settings/') return res.end(JSON.stringify({ journalId: 'j1', websitename: 'IJARS', journal_frequency: 'monthly' }));
    if (req.url === '/api/admin/articles/a1') release = () => res.end(JSON.stringify(article));
    else res.writeHead(404).end(JSON.stringify({ error: 'not_found', message: 'Article not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => (release = null));

function show(id: string) {
  localStorage.clear();
  setSession({ token: 't', user: { id: 'u1', name: 'x', role: 'editor' } });
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FlashProvider>
          <MemoryRouter initialEntries={[`/admin/archives/${id}`]}>
            <Routes>
              <Route path="/admin/archives/:id" element={<EditArticlePage />} />
            </Routes>
          </MemoryRouter>
        </FlashProvider>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
}

describe('edit article page', () => {
  test('loading, then the form filled from the article, with its current file', async () => {
    show('a1');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await waitFor(() => expect(release).not.toBeNull());
    release!();
    expect(await screen.findByText('Current file: 501.pdf')).toBeTruthy();
    const ref = document.querySelector<HTMLElement>('[data-field="refnumber"]')!;
    expect((within(ref).getByRole('textbox') as HTMLInputElement).value).toBe('501');
    expect(screen.getByRole('link', { name: '← Back to the issue' }).getAttribute('href')).toContain('2026');
    expect(screen.queryByRole('status')).toBeNull();
  });

  test('says Not Found! for an unknown article, with no form', async () => {
    show('nope');
    expect((await screen.findByRole('alert')).textContent).toBe('Not Found!');
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});

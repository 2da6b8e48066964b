/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { setSession } from '@/lib/session';
import type { IssueUsage } from '../api/scholarly.api';
import { IssueUsageStats } from './issue-usage-stats';

// docs/product.md#usage-statistics: a real server answers each issue differently; issue 4's answer
// waits for `release`, so the loading state is certainly on screen while it does.
const counted: IssueUsage = {
  views: 5,
  downloads: 7,
  months: [{ month: '2026-05', views: 5, downloads: 7 }],
  articles: [{ id: 'a1', refnumber: '501', title: 'Soil <i>moisture</i>', status: 'enabled', views: 5, downloads: 7, months: [] }],
};
let server: http.Server;
let base = '';
let release: (() => void) | null = null;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    const issue = req.url?.split('/').at(-1);
    if (issue === '1') res.end(JSON.stringify({ views: 0, downloads: 0, months: [], articles: [] }));
    else if (issue === '2') res.end(JSON.stringify(counted));
    else if (issue === '3') res.writeHead(500).end(JSON.stringify({ error: 'internal', message: 'boom' }));
    else release = () => res.end(JSON.stringify(counted));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The issue's total line: its figures are in elements of their own. */
const total = () => [...document.querySelectorAll('p')].find((p) => p.textContent?.startsWith('Issue total:')) ?? null;

function show(issue: number) {
  localStorage.clear();
  setSession({ token: 't', user: { id: 'u1', name: 'x', role: 'manager' } });
  render(
    <ApiClientProvider client={createApiClient({ baseUrl: base })}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <IssueUsageStats year={2026} volume={4} issue={issue} />
      </QueryClientProvider>
    </ApiClientProvider>,
  );
}

describe("an issue's usage counts (admin)", () => {
  test('loading, then the totals, the chart and a row per article', async () => {
    show(4);
    // The read has reached the server, its answer held: the page is loading.
    await waitFor(() => expect(release).not.toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    release!();
    await screen.findByRole('table', { name: 'Views and downloads per article' });
    expect(total()?.textContent).toBe('Issue total: 5 views, 7 downloads');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('img', { name: 'Views and downloads of the issue per month' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Views and downloads per article' });
    expect(within(table).getByText('501').closest('tr')?.textContent).toContain('57');
  });

  test('says so when nothing is counted yet', async () => {
    show(1);
    expect((await screen.findByText('No views or downloads counted yet.')).className).toContain('state-empty');
    expect(total()).toBeNull();
  });

  test('says the counts could not be loaded when the read fails', async () => {
    show(3);
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the usage counts.');
    expect(total()).toBeNull();
  });
});

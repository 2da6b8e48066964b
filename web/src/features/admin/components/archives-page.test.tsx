/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { frequencyPeriods, issueCreateSchema } from '@journal/contracts';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { problemsByField } from '@/lib/form-errors';
import { setSession } from '@/lib/session';
import { ArchivesPage } from './archives-page';
import { FlashProvider } from './flash';

// docs/product.md#admin-area: /admin/archives against a real server that keeps the issues;
// volume 4 issue 1 exists already.
type Issue = { year: number; volume: number; issue: number; frequency: string; articles: number };
let issues: Issue[] = [];
let mode: 'ok' | 'failing' = 'ok';
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
      if (req.url === '/api/settings/') return res.end(JSON.stringify({ journalId: 'j1', journal_frequency: 'quarterly' }));
      if (req.url === '/api/admin/create-issue') {
        const i = JSON.parse(body) as Issue;
        if (issues.some((x) => x.volume === i.volume && x.issue === i.issue)) {
          return res.writeHead(409).end(JSON.stringify({ error: 'duplicate_issue', message: 'duplicate' }));
        }
        issues.unshift({ ...i, articles: 0 });
        return res.writeHead(201).end(JSON.stringify(issues[0]));
      }
      res.end(JSON.stringify(issues));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  issues = [{ year: 2026, volume: 4, issue: 1, frequency: 'january-march', articles: 7 }];
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
            <ArchivesPage />
          </MemoryRouter>
        </FlashProvider>
      </QueryClientProvider>
    </ApiClientProvider>,
  );
  return user;
}

const rows = () => [...screen.getByRole('table', { name: 'Issues' }).querySelectorAll('tbody tr')].map((r) => r.textContent);

async function fillIssue(user: ReturnType<typeof userEvent.setup>, volume: string, issue: string, period: string) {
  const form = screen.getByRole('form', { name: 'Add issue' });
  await user.type(within(form).getByLabelText('Volume'), volume);
  await user.type(within(form).getByLabelText('Issue'), issue);
  await user.selectOptions(within(form).getByLabelText('Frequency'), period);
  await user.click(within(form).getByRole('button', { name: 'Submit' }));
}

describe('archives page', () => {
  test('loading, then the issues with links to each', async () => {
    show();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await screen.findByRole('table', { name: 'Issues' });
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Vol. 04' }).getAttribute('href')).toContain('2026');
  });

  test('says so when there are none, and when the read fails', async () => {
    issues = [];
    show();
    expect(await screen.findByText('No issues yet.')).toBeTruthy();
    document.body.innerHTML = '';
    mode = 'failing';
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the issues.');
  });

  test("the add form offers the journal's periods and says what is missing under each field", async () => {
    const user = show();
    await screen.findByRole('table', { name: 'Issues' });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    const form = screen.getByRole('form', { name: 'Add issue' });
    await waitFor(() =>
      expect([...(within(form).getByLabelText('Frequency') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', ...frequencyPeriods('quarterly')]),
    );
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    const expected = problemsByField(issueCreateSchema.safeParse({ volume: '', issue: '', frequency: '', year: new Date().getFullYear() }).error!);
    expect([...form.querySelectorAll('.field-error')].map((e) => e.textContent)).toEqual([expected.volume, expected.issue, expected.frequency]);
  });

  test('adds an issue, and says when it exists already', async () => {
    const user = show();
    await screen.findByRole('table', { name: 'Issues' });
    await user.click(screen.getByRole('button', { name: 'Add New' }));
    await waitFor(() => expect((screen.getByLabelText('Frequency') as HTMLSelectElement).options.length).toBeGreaterThan(1));
    const period = frequencyPeriods('quarterly')[0]!;
    await fillIssue(user, '4', '1', period);
    const flash = await screen.findByRole('dialog', { name: 'Message' });
    expect(flash.textContent).toContain('Issue already exists');
    await user.click(within(flash).getByRole('button', { name: 'Close' }));
    await user.clear(screen.getByLabelText('Issue'));
    await user.clear(screen.getByLabelText('Volume'));
    await fillIssue(user, '4', '2', period);
    expect((await screen.findByRole('dialog', { name: 'Message' })).textContent).toContain('Issue created successfully');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByRole('form', { name: 'Add issue' })).toBeNull();
  });
});

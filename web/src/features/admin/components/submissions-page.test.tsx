/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { SubmissionList, SubmissionListQuery, SubmissionSummary } from '@journal/contracts';
import { ApiError } from '@/lib/api-client';
import { SUBMISSIONS_EMPTY_TEXT, SubmissionsList } from './submissions-page';

const item = (i: number): SubmissionSummary => ({
  id: `${i}`.padStart(24, 'a'),
  number: `DEMO-2026-${String(i).padStart(5, '0')}`,
  status: 'received',
  title: `Growth of <i>E. coli</i> ${i}`,
  correspondingName: 'Asha Verma',
  email: `asha${i}@example.org`,
  country: 'India',
  submittedAt: '2026-03-02T10:15:00.000Z',
  updatedAt: '2026-03-03T10:15:00.000Z',
});

function setup(fetchPage: (q: SubmissionListQuery) => Promise<SubmissionList>) {
  const calls: SubmissionListQuery[] = [];
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SubmissionsList
          fetchPage={(q) => {
            calls.push(q);
            return fetchPage(q);
          }}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe('submissions screen', () => {
  test('loading, then each submission with its number linking to it, title as text, state and dates', async () => {
    let resolve!: (p: SubmissionList) => void;
    setup(() => new Promise((r) => (resolve = r)));
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    resolve({ items: [item(1)], total: 1, page: 1, pageSize: 25 });
    const link = await screen.findByRole('link', { name: 'DEMO-2026-00001' });
    expect(link.getAttribute('href')).toBe(`/admin/submissions/${item(1).id}`);
    const row = link.closest('tr')!;
    expect(row.textContent).toContain('Growth of E. coli 1');
    expect(row.textContent).toContain('Received');
    expect(row.textContent).toContain('2026-03-02');
    expect(screen.getByText('1 - 1 of 1')).toBeTruthy();
  });

  test('filters by state and text, and pages', async () => {
    const { calls, user } = setup(async (q) => ({ items: Array.from({ length: 25 }, (_, i) => item(i + 1)), total: 60, page: q.page, pageSize: 25 }));
    await screen.findByText('1 - 25 of 60');
    await user.selectOptions(screen.getByLabelText('Status'), 'under_review');
    await user.type(screen.getByLabelText('Search'), ' asha ');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await screen.findByText('26 - 50 of 60');
    expect(calls.at(-1)).toEqual({ status: 'under_review', q: 'asha', page: 2 });
  });

  test('empty and failed reads say so', async () => {
    setup(async () => ({ items: [], total: 0, page: 1, pageSize: 25 }));
    expect(await screen.findByText(SUBMISSIONS_EMPTY_TEXT)).toBeTruthy();
  });

  test('a refused read shows the server’s words', async () => {
    setup(async () => {
      throw new ApiError(400, 'validation_error', 'Unknown state', []);
    });
    expect(await screen.findByText('Unknown state')).toBeTruthy();
  });
});

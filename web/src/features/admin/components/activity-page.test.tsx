/**
 * @jest-environment jsdom
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ActivityEntry, ActivityPage, ActivityQuery } from '@journal/contracts';
import { ApiError } from '@/lib/api-client';
import { ACTIVITY_EMPTY_TEXT, ACTIVITY_FORBIDDEN_TEXT, ActivityLog } from './activity-page';

const entry = (i: number): ActivityEntry => ({
  id: `e${i}`,
  at: '2026-03-02T10:15:00.000Z',
  actor: { id: 'u1', name: 'asha', role: 'editor' },
  kind: 'article.update',
  record: { type: 'article', id: `a${i}`, label: `10${i}` },
  changes: [{ field: 'title', before: 'Old title', after: `New title ${i}` }],
  ip: '203.0.113.9',
  requestId: `req-${i}`,
});

function setup(fetchPage: (q: ActivityQuery) => Promise<ActivityPage>) {
  const calls: ActivityQuery[] = [];
  const spy = (q: ActivityQuery) => {
    calls.push(q);
    return fetchPage(q);
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ActivityLog fetchPage={spy} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { calls, user: userEvent.setup() };
}

describe('activity log screen', () => {
  test('shows loading, then each entry with its actor, kind, record and before → after', async () => {
    let resolve!: (p: ActivityPage) => void;
    setup(() => new Promise((r) => (resolve = r)));
    expect(screen.getByRole('status').textContent).toContain('Loading...');
    resolve({ entries: [entry(1)], total: 1, page: 1, pageSize: 50 });
    const row = (await screen.findByText('New title 1', { exact: false })).closest('tr')!;
    expect(row.textContent).toContain('asha (editor)');
    expect(row.textContent).toContain('article.update');
    expect(row.textContent).toContain('article 101');
    expect(row.textContent).toContain('title: Old title → New title 1');
    expect(row.textContent).toContain('203.0.113.9');
    expect(screen.getByText('1 - 1 of 1')).toBeTruthy();
  });

  test('filters by user, kind and days, and pages', async () => {
    const { calls, user } = setup(async (q) => ({ entries: Array.from({ length: 50 }, (_, i) => entry(i)), total: 120, page: q.page ?? 1, pageSize: 50 }));
    await screen.findByText('1 - 50 of 120');
    await user.type(screen.getByLabelText('User'), 'asha');
    await user.selectOptions(screen.getByLabelText('Kind'), 'article');
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ user: 'asha', kind: 'article', from: '2026-03-01', to: '2026-03-31', page: 1 }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('51 - 100 of 120');
    expect(calls.at(-1)).toMatchObject({ user: 'asha', page: 2 });
  });

  test('a reversed day range is refused in the form, and nothing is fetched for it', async () => {
    const { calls, user } = setup(async () => ({ entries: [], total: 0, page: 1, pageSize: 50 }));
    await screen.findByText(ACTIVITY_EMPTY_TEXT);
    const before = calls.length;
    await user.type(screen.getByLabelText('From'), '2026-03-31');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByRole('alert').textContent).toBe('From must not be after To');
    expect(calls.length).toBe(before);
  });

  test('a non-manager is told the log is for managers', async () => {
    setup(async () => {
      throw new ApiError(403, 'role_forbidden', 'Your role does not allow this', {});
    });
    expect((await screen.findByRole('alert')).textContent).toBe(ACTIVITY_FORBIDDEN_TEXT);
  });

  test('a failed read says so', async () => {
    setup(async () => {
      throw new ApiError(503, 'unavailable', 'down', {});
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong');
  });
});

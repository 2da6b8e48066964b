/**
 * @jest-environment ./src/testing/jsdom-fetch.env.js
 */
import { screen, waitFor, within } from '@testing-library/react';
import { FAILURE, json, useJsonServer } from '@/testing/admin-test-server';
import { renderAdmin } from '@/testing/render-admin';
import { IssueArticlesPage } from './issue-articles-page';

// docs/product.md#admin-area: /admin/archives/:year/:vol/:issue against a real server: issue 2
// has two articles (one retracted), issue 3 none, issue 9 fails.
const art = (ref: string, extra: object = {}) => ({
  id: `id${ref}`, year: 2026, volume: 4, issue: 2, refnumber: ref, title: `Article ${ref}`, authorname: 'A. Rao', pagenumber: '1-5', status: 'enabled', withdrawal: null, ...extra,
});
const server = useJsonServer([
  [/^\/api\/admin\/stats\//, () => json({ views: 0, downloads: 0, months: [], articles: [] })],
  [
    '*',
    ({ url }) => {
      if (url.endsWith('/9')) return FAILURE;
      const issue = { year: 2026, volume: 4, issue: Number(url.split('/').at(-1)), frequency: 'february', articles: 2 };
      const articles = url.endsWith('/2') ? [art('501'), art('502', { withdrawal: { kind: 'retracted', reason: 'r', at: '2026-03-01T00:00:00.000Z' } })] : [];
      return json({ issue, articles, lastPage: 10 });
    },
  ],
]);

function show(issue: number) {
  return renderAdmin(<IssueArticlesPage />, {
    base: server.base,
    path: `/admin/archives/2026/4/${issue}`,
    route: '/admin/archives/:year/:vol/:issue',
    role: 'editor',
  }).user;
}

describe('issue articles page (admin)', () => {
  test('loading, then the articles with their status and withdrawal; the document actions need a selection', async () => {
    const user = show(2);
    expect(screen.getAllByRole('status')[0]!.textContent).toBe('Loading...');
    const table = await screen.findByRole('table', { name: 'Articles' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vol. 04, Issue 02 (2026) — February');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelectorAll('td')[5]?.textContent)).toEqual(['enabled', 'enabled, retracted']);
    expect(screen.queryByRole('button', { name: 'Index Page' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select 502' }));
    expect(screen.getByRole('button', { name: 'Index Page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Crossref XML' })).toBeTruthy();
  });

  test('says so when the issue has no articles, and when the read fails', async () => {
    show(3);
    expect(await screen.findByText('No articles in this issue yet.')).toBeTruthy();
    document.body.innerHTML = '';
    show(9);
    await waitFor(() => expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Could not load the articles.'));
  });
});

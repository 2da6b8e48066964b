/**
 * @jest-environment jsdom
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReadCache, ReadCacheContext } from '@/lib/read-cache';
import { hydratedState, prepareRoutes, StaticRouter } from '@/lib/router';
import { ReadsContext, publicReads, type ReadGetter } from '../api/public.api';
import { ArchivesLayout } from './archives-layout';

// docs/product.md#archives: the year sidebar from the archive read; `answer` decides how it goes.
const years = [
  { year: 2025, volume: 3, total_issues: 1, issue_month: { 1: 'january' }, issues: [{ volume: 3, issue: 1, month: 'january', articles: 4 }] },
  { year: 2026, volume: 4, total_issues: 2, issue_month: { 1: 'january', 2: 'february' }, issues: [{ volume: 4, issue: 2, month: 'february', articles: 3 }, { volume: 4, issue: 1, month: 'january', articles: 5 }] },
  { year: 2024, volume: 2, total_issues: 1, issue_month: { 1: 'january' }, issues: [{ volume: 2, issue: 1, month: 'january', articles: 2 }] },
];

function show(answer: () => Promise<unknown>) {
  const get = (async (path: string) => {
    if (path === '/api/archives/') return answer();
    throw new Error(`unexpected read ${path}`);
  }) as ReadGetter;
  render(
    <ReadsContext.Provider value={publicReads(get)}>
      <ReadCacheContext.Provider value={new ReadCache(0)}>
        <StaticRouter state={hydratedState(prepareRoutes([{ path: 'archives', element: <ArchivesLayout /> }]), new URL('http://localhost/archives'), null)} />
      </ReadCacheContext.Provider>
    </ReadsContext.Provider>,
  );
  return userEvent.setup();
}

const sidebar = () => screen.getByRole('navigation', { name: 'Archive issues' });

describe('archives layout', () => {
  test('loading, then the years newest first, the two newest open', async () => {
    let release!: () => void;
    show(() => new Promise((r) => (release = () => r(years))));
    expect(within(sidebar()).getByRole('status').textContent).toBe('Loading...');
    release();
    await waitFor(() => expect(within(sidebar()).getAllByRole('heading').map((h) => h.textContent)).toEqual(['2026 ISSUES', '2025 ISSUES', '2024 ISSUES']));
    expect([...sidebar().querySelectorAll('details')].map((d) => d.open)).toEqual([true, true, false]);
    // Four issues, and the preservation manifests (served by the content service: a plain link).
    expect(within(sidebar()).getAllByRole('link').length).toBe(5);
    expect(within(sidebar()).getByRole('link', { name: 'LOCKSS and CLOCKSS manifests' }).getAttribute('href')).toBe('/lockss');
  });

  test('says the archive could not be loaded when the read fails', async () => {
    show(() => Promise.reject(new Error('down')));
    expect((await within(sidebar()).findByRole('alert')).textContent).toBe('The archive could not be loaded.');
  });

  test("the 'All Issues' button opens and closes the sidebar", async () => {
    const user = show(() => Promise.resolve(years));
    const toggle = screen.getByRole('button', { name: 'All Issues' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(sidebar().className).toContain('open');
    await user.click(toggle);
    expect(sidebar().className).not.toContain(' open');
  });
});

/**
 * @jest-environment jsdom
 */
import type { ReactElement } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import { ReadCache, ReadCacheContext } from '@/lib/read-cache';
import { hydratedState, prepareRoutes, StaticRouter } from '@/lib/router';
import { ReadsContext, publicReads, type ReadGetter } from '../api/public.api';
import { IssuePage } from './issue-page';
import { SearchPage, NO_MATCH } from './search-page';

// docs/product.md#issue-page and #search: the pages from their reads; `answer` decides how the
// issue or search read goes.
const settings = { websitename: 'IJARS', formatted_journal_name: 'Journal of Tests', flags: {} };
const summary = (ref: string, title: string) => ({
  id: `id${ref}`, year: 2026, volume: 4, issue: 2, frequency: 'february', refnumber: ref, title, authorname: 'A. Rao', keywords: '', pagenumber: '1-5',
  pageStart: 1, pageEnd: 5, subject: 'Agronomy', country: 'India', file: `${ref}.pdf`, pdf_url: `/assets/archives/2026/vol4issue2/${ref}.pdf`,
  publishdate: '2026-02-10', doi: '', withdrawal: null,
});

// jsdom does not scroll; the issue page scrolls to a #section once loaded.
beforeAll(() => {
  window.scrollTo = () => undefined;
});

function show(path: string, element: ReactElement, url: string, answer: () => Promise<unknown>) {
  const get = (async (p: string) => (p === '/api/settings/' ? settings : answer())) as ReadGetter;
  render(
    <ReadsContext.Provider value={publicReads(get)}>
      <ReadCacheContext.Provider value={new ReadCache(0)}>
        <StaticRouter state={hydratedState(prepareRoutes([{ path, element }]), new URL(url), null)} />
      </ReadCacheContext.Provider>
    </ReadsContext.Provider>,
  );
}
const issue = (answer: () => Promise<unknown>, url = 'http://localhost/archives/2026/vol4/issue2') =>
  show('archives/:year/:vol/:issue', <IssuePage />, url, answer);
const search = (answer: () => Promise<unknown>) => show('search', <SearchPage />, 'http://localhost/search?keyword=soil', answer);

describe('issue page', () => {
  test('loading, then the count and a row per article', async () => {
    let release!: () => void;
    issue(() => new Promise((r) => (release = () => r([summary('501', 'Soil moisture'), summary('502', 'Leaf area')]))));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    act(() => release());
    const table = await screen.findByRole('table');
    expect(document.querySelector('.issue-count')?.textContent).toBe('Articles: 002');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual(['1', '2']);
    expect(rows[0]!.textContent).toContain('Pages: 1-5');
  });

  test('says so when the issue has no articles yet', async () => {
    issue(() => Promise.resolve([]));
    expect(await screen.findByText('No articles have been published in this issue yet.')).toBeTruthy();
  });

  test('says the issue could not be loaded when the read fails', async () => {
    issue(() => Promise.reject(new Error('down')));
    expect((await screen.findByRole('alert')).textContent).toBe('This issue could not be loaded.');
  });

  test('says Issue not found. for parameters without a number', () => {
    issue(() => Promise.resolve([]), 'http://localhost/archives/x/vol4/issue2');
    expect(screen.getByText('Issue not found.')).toBeTruthy();
  });
});

describe('search page', () => {
  test('loading, then the count for the keyword and the table', async () => {
    let release!: () => void;
    search(() => new Promise((r) => (release = () => r([summary('501', 'Soil moisture')]))));
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    act(() => release());
    expect((await screen.findByText(/result found for/)).textContent).toBe('1 result found for “soil”');
    expect(screen.getByRole('table')).toBeTruthy();
  });

  test('the exact text when nothing matches', async () => {
    search(() => Promise.resolve([]));
    expect(await screen.findByText(NO_MATCH)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

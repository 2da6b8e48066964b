/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { ReadCache, ReadCacheContext } from '@/lib/read-cache';
import { hydratedState, prepareRoutes, StaticRouter } from '@/lib/router';
import { ReadsContext, publicReads, type ReadGetter } from '../api/public.api';
import { ArticlePage } from './article-page';

// docs/product.md#withdrawals: a withdrawn article's page is its tombstone; a retracted one keeps
// everything under a prominent notice.
const base = {
  id: 'a1', year: 2026, volume: 4, issue: 2, frequency: 'april', refnumber: '1042', title: 'Soil microbes of the Thar', authorname: 'Asha Rao',
  keywords: 'soil', pagenumber: '1-6', pageStart: 1, pageEnd: 6, subject: '', country: 'India', publishdate: '2026-04-02', doi: '', status: 'enabled',
  modification: '2026-04-02T00:00:00.000Z',
};
const withdrawn = { ...base, abstract: '', file: '', pdf_url: null, withdrawal: { kind: 'withdrawn', reason: 'Duplicate publication', at: '2026-05-01T00:00:00.000Z' } };
const retracted = {
  ...base, abstract: '<p>Findings on soil.</p>', file: '1042.pdf', pdf_url: '/assets/archives/2026/vol4issue2/1042.pdf?v=abcdefghijkl',
  withdrawal: { kind: 'retracted', reason: 'Images were manipulated', at: '2026-05-01T00:00:00.000Z' },
};

async function showArticle(article: object) {
  const get = (async (path: string) => {
    if (path === '/api/settings/') return { websitename: 'Journal of Tests', flags: {} };
    if (path === '/api/archives/ref/1042') return article;
    throw new Error(`unexpected read ${path}`);
  }) as ReadGetter;
  render(
    <ReadsContext.Provider value={publicReads(get)}>
      <ReadCacheContext.Provider value={new ReadCache(0)}>
        <StaticRouter
          state={hydratedState(prepareRoutes([{ path: 'archives/:year/:vol/:issue/:ref', element: <ArticlePage /> }]), new URL('http://localhost/archives/2026/vol4/issue2/1042'), null)}
        />
      </ReadCacheContext.Provider>
    </ReadsContext.Provider>,
  );
  await screen.findByRole('note');
}
beforeAll(() => Object.assign(window, { scrollTo: () => undefined }));

describe('article page of a withdrawn or retracted article', () => {
  test('withdrawn: the notice, the reason, title and authors; no abstract, no download, no citation', async () => {
    await showArticle(withdrawn);
    expect(screen.getByRole('heading', { name: 'This article has been withdrawn' })).toBeTruthy();
    expect(screen.getByText('Duplicate publication')).toBeTruthy();
    expect(screen.getByText('Asha Rao')).toBeTruthy();
    expect(document.querySelector('#article-title')).toBeTruthy();
    expect(screen.queryByText('Abstract')).toBeNull();
    expect(screen.queryByText('Download')).toBeNull();
    expect(screen.queryByText('How to cite this article:')).toBeNull();
  });

  test('retracted: the notice above the full page', async () => {
    await showArticle(retracted);
    const notice = screen.getByRole('heading', { name: 'This article has been retracted' });
    expect(screen.getByText('Images were manipulated')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download' })).toBeTruthy();
    const abstract = document.querySelector('#abstract')!;
    expect(notice.compareDocumentPosition(abstract) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

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

/** The article page of `article` (ref 1042), the journal stating `license` as its default. */
function renderArticle(article: object, license = '') {
  const get = (async (path: string) => {
    if (path === '/api/settings/') return { websitename: 'Journal of Tests', flags: {}, license };
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
}

async function showArticle(article: object) {
  renderArticle(article);
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

describe('article page: authors, licence and references (docs/product.md#structured-authors)', () => {
  const full = {
    ...base, abstract: '<p>Findings on soil.</p>', file: '', pdf_url: null, withdrawal: null, license: '',
    authors: [
      { given: 'Asha', family: 'Rao', affiliations: [{ name: 'Indian Institute of Science', ror: 'https://ror.org/04dese585' }], orcid: '0000-0002-1825-0097', corresponding: true },
      { given: '', family: 'Li', affiliations: [], orcid: '', corresponding: false },
    ],
    references: [{ text: 'Rao A. Soil. 2020. doi:10.5555/s.1', doi: '10.5555/s.1' }, { text: 'Li. Notes. 2019.', doi: '' }],
  };
  async function show(article: object, license = '') {
    renderArticle(article, license);
    await screen.findByRole('heading', { name: 'References' });
  }

  test('the ORCID iD links to orcid.org, affiliations show, the references follow the abstract', async () => {
    await show(full, 'https://creativecommons.org/licenses/by/4.0/');
    expect(screen.getByRole('link', { name: 'ORCID 0000-0002-1825-0097' }).getAttribute('href')).toBe('https://orcid.org/0000-0002-1825-0097');
    expect(screen.getByText(/Indian Institute of Science/)).toBeTruthy();
    const refs = document.querySelectorAll('#references li');
    expect([...refs].map((li) => li.textContent)).toEqual(['Rao A. Soil. 2020. doi:10.5555/s.1 https://doi.org/10.5555/s.1', 'Li. Notes. 2019.']);
    expect(document.querySelector('#abstract')!.compareDocumentPosition(document.querySelector('#references')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The journal's default licence: the line, the link and DC.rights.
    const line = await screen.findByRole('link', { name: 'CC BY 4.0' });
    expect(line.getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(document.querySelector('link[rel="license"]')!.getAttribute('href')).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(document.querySelector('meta[name="DC.rights"]')!.getAttribute('content')).toBe('https://creativecommons.org/licenses/by/4.0/');
    expect(document.querySelectorAll('meta[name="citation_reference"]')).toHaveLength(2);
    expect(document.querySelector('meta[name="citation_author_orcid"]')!.getAttribute('content')).toBe('https://orcid.org/0000-0002-1825-0097');
  });

  test('the article\'s own licence wins over the journal\'s', async () => {
    await show({ ...full, license: 'https://creativecommons.org/licenses/by-nc-nd/4.0/' }, 'https://creativecommons.org/licenses/by/4.0/');
    expect((await screen.findByRole('link', { name: 'CC BY-NC-ND 4.0' })).getAttribute('href')).toBe('https://creativecommons.org/licenses/by-nc-nd/4.0/');
  });
});

/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import { ReadCache, ReadCacheContext } from '@/lib/read-cache';
import { hydratedState, prepareRoutes, StaticRouter } from '@/lib/router';
import { ReadsContext, publicReads, type ReadGetter } from '../api/public.api';
import { ContactPage } from './contact-page';

// docs/product.md#public-routes: /contact shows the settings' Google review link as a 'Review Us' card.
async function showContact(google_review_link: string) {
  const get = (async (path: string) => {
    if (path === '/api/settings/') return { websitename: 'Journal of Tests', whatsup_number: '', google_review_link, flags: {} };
    throw new Error(`unexpected read ${path}`);
  }) as ReadGetter;
  render(
    <ReadsContext.Provider value={publicReads(get)}>
      <ReadCacheContext.Provider value={new ReadCache(0)}>
        <StaticRouter state={hydratedState(prepareRoutes([{ path: 'contact', element: <ContactPage /> }]), new URL('http://localhost/contact'), null)} />
      </ReadCacheContext.Provider>
    </ReadsContext.Provider>,
  );
  await screen.findByText('Journal of Tests');
}

describe('/contact review link', () => {
  test('the review link from the settings opens in a new tab', async () => {
    await showContact('https://g.page/r/CabcdEFGH/review');
    const link = screen.getByRole('link', { name: 'Review us on Google' });
    expect(link.getAttribute('href')).toBe('https://g.page/r/CabcdEFGH/review');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('heading', { name: 'Review Us' })).toBeTruthy();
  });

  test.each(['', 'javascript:alert(1)', 'not a link'])('no card for %p', async (v) => {
    await showContact(v);
    expect(screen.queryByText('Review us on Google')).toBeNull();
  });
});

/**
 * @jest-environment jsdom
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BrowserRouter, hydratedState, prepareRoutes, useLocation } from '@/lib/router';
import { publicPaths } from '@/config/public-paths';
import { SearchBox } from './search-box';

// docs/product.md#public-layout: submitting goes to /search?keyword=… and clears the box; no minimum length.
// jsdom does not scroll; the router scrolls each new page to the top.
beforeAll(() => {
  window.scrollTo = () => undefined;
});

function Where() {
  const l = useLocation();
  return <p data-testid="where">{l.pathname + l.search}</p>;
}

function show() {
  window.history.replaceState(null, '', '/');
  const page = (
    <>
      <Where />
      <SearchBox />
    </>
  );
  const routes = prepareRoutes([
    { path: '/', element: page },
    { path: 'search', element: page },
  ]);
  render(<BrowserRouter routes={routes} context={null} initial={hydratedState(routes, new URL(window.location.href), null)} leave={() => false} />);
  return userEvent.setup();
}

describe('search box', () => {
  test('goes to the search page with the keyword, and clears the box', async () => {
    const user = show();
    const box = screen.getByRole('searchbox', { name: 'Search articles' }) as HTMLInputElement;
    await user.click(box);
    await user.paste('drip irrigation');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(publicPaths.search('drip irrigation'))).toBeTruthy();
    expect(window.location.pathname + window.location.search).toBe(publicPaths.search('drip irrigation'));
    expect((screen.getByRole('searchbox', { name: 'Search articles' }) as HTMLInputElement).value).toBe('');
  });

  test('sends an empty keyword too (no minimum length)', async () => {
    const user = show();
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(publicPaths.search(''))).toBeTruthy();
  });

  test('works without JavaScript: a GET form to /search with the keyword field', () => {
    show();
    const form = screen.getByRole('search');
    expect([form.getAttribute('action'), form.getAttribute('method')]).toEqual(['/search', 'get']);
    expect(screen.getByRole('searchbox').getAttribute('name')).toBe('keyword');
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { HeaderBanners, headerBanners } from './header-banners';

const settings = { domain: 'journal.example', nassScore: '4.12', nassScoreYear: '2025', asset_urls: { 'header.png': '/assets/site/header.png?v=abc123' } };
const render = (flags: Parameters<typeof headerBanners>[0], s: typeof settings | Omit<typeof settings, 'asset_urls'> = settings) =>
  renderToStaticMarkup(<HeaderBanners settings={s} flags={flags} name="Journal of Tests" />);

describe('header banners', () => {
  test('the NAAS banner and the header image show together when the journal turns both on', () => {
    const html = render({ banner: 'header', showNaas: true });
    expect(html).toContain('NAAS Rating');
    expect(html).toContain('4.12');
    expect(html).toContain('(2025)');
    expect(html).toMatch(/<img[^>]*src="\/assets\/site\/header.png\?v=abc123"[^>]*class="banner-image"/);
    expect(html.indexOf('NAAS Rating')).toBeLessThan(html.indexOf('<img'));
    expect(html).not.toContain('sitename-banner');
  });

  test('the NAAS banner beside the site name; neither image nor NAAS when both are off', () => {
    const both = render({ banner: 'sitename', showNaas: true });
    expect(both).toContain('NAAS Rating');
    expect(both).toContain('<p class="sitename-banner">journal.example</p>');
    const plain = render({ banner: 'sitename', showNaas: false });
    expect(plain).not.toContain('NAAS Rating');
    expect(plain).not.toContain('<img');
    expect(plain).toContain('journal.example');
    const image = render({ banner: 'header' });
    expect(image).not.toContain('NAAS Rating');
    expect(image).toContain('banner-image');
  });

  test("a journal stored with the older 'naas' banner keeps its NAAS rating, now beside the site name", () => {
    expect(headerBanners({ banner: 'naas' })).toEqual({ naas: true, main: 'sitename' });
    expect(render({ banner: 'naas' })).toContain('NAAS Rating');
  });

  test('the header image reserves its slot: width and height are given and the picture is fitted inside', () => {
    const html = render({ banner: 'header', showNaas: false });
    expect(html).toMatch(/<img[^>]*width="600"[^>]*height="80"/);
    expect(html).toContain('alt="Journal of Tests banner"');
  });

  test('the header image is the versioned URL the settings answer gives, fetched first; without one the site name shows and nothing is requested', () => {
    const html = render({ banner: 'header', showNaas: false });
    expect(html).toContain('src="/assets/site/header.png?v=abc123"');
    expect(html).toMatch(/<img[^>]*fetchPriority="high"/i);
    const none = render({ banner: 'header', showNaas: false }, { domain: 'journal.example', nassScore: '', nassScoreYear: '' });
    expect(none).not.toContain('<img');
    expect(none).toContain('<p class="sitename-banner">journal.example</p>');
  });
});

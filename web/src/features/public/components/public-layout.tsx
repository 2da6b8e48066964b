import { Link, NavLink, Outlet } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { Img } from '@/components/img';
import { SafeHtml } from '@/components/safe-html';
import type { ScrollState } from '@/components/use-scroll-to-section';
import { siteImage } from '../api/public.api';
import { whatsappLink } from '../lib/display';
import { ChatIcon } from './chat-icon';
import { HeaderBanners } from './header-banners';
import { SearchBox } from './search-box';
import { useJournal } from './use-journal';

const NAV = [
  { to: paths.home, label: 'HOME', end: true },
  { to: paths.archives, label: 'ARCHIVES' },
  { to: paths.board, label: 'EDITORIAL BOARD' },
  { to: paths.instructions, label: 'INSTRUCTIONS' },
  { to: paths.indexing, label: 'INDEXING' },
  { to: paths.contact, label: 'CONTACT' },
] as const;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0])
    .join('')
    .slice(0, 4) || 'J';

function Banner() {
  const { settings, flags, name } = useJournal();
  if (!settings) return null;
  return <HeaderBanners settings={settings} flags={flags} name={name} />;
}

function SiteHeader() {
  const { settings, name } = useJournal();
  return (
    <header className="site-header">
      <div className="container brand-row">
        <Link to={paths.home} className="brand-logo">
          <Img
            src={siteImage(settings, 'logo.png')}
            alt={name ? `${name} logo` : 'Journal logo'}
            width="88"
            height="88"
            fallback={
              <span className="logo-fallback" role="img" aria-label={name ? `${name} logo` : 'Journal logo'}>
                {initials(name)}
              </span>
            }
          />
        </Link>
        <div className="brand-text">
          {settings?.formatted_journal_name ? (
            <SafeHtml className="journal-name" html={settings.formatted_journal_name} decode />
          ) : (
            <p className="journal-name">{name || '\u00a0'}</p>
          )}
          {(settings?.issn || settings?.journal_essn) && (
            <p className="brand-issn">
              {settings.journal_essn && <span>E-ISSN: {settings.journal_essn}</span>}
              {settings.issn && <span>P-ISSN: {settings.issn}</span>}
            </p>
          )}
        </div>
        <div className="brand-banner">
          <Banner />
        </div>
        <SearchBox className="search-lg" />
      </div>
      <nav className="main-nav" aria-label="Main">
        <ul className="container">
          {NAV.map((n) => (
            <li key={n.to}>
              <NavLink to={n.to} end={'end' in n ? n.end : false}>
                {n.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="container search-sm-row">
        <SearchBox className="search-sm" />
      </div>
    </header>
  );
}

// The section is in the URL too, so the link lands on it without JavaScript.
const policyLink = (to: string, section: string, label: string) => (
  <li>
    <Link to={`${to}#${section}`} state={{ section } satisfies ScrollState}>
      {label}
    </Link>
  </li>
);

function SiteFooter() {
  const { settings, name } = useJournal();
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about">{name || 'The Journal'}</h2>
          <p>A peer-reviewed, open access journal publishing original research articles, reviews and short communications.</p>
          {settings?.websiteemail && (
            <p>
              Email: <a href={`mailto:${settings.websiteemail}`}>{settings.websiteemail}</a>
            </p>
          )}
        </section>
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">Quick Links</h2>
          <ul>
            <li><Link to={paths.archives}>Archives</Link></li>
            <li><Link to={paths.board}>Editorial Board</Link></li>
            <li><Link to={paths.instructions}>Instructions to Authors</Link></li>
            <li><Link to={paths.indexingAbstracting}>Indexing and Abstracting</Link></li>
            <li><Link to={paths.about}>About Us</Link></li>
            <li><Link to={paths.contact}>Contact</Link></li>
          </ul>
        </section>
        <section aria-labelledby="footer-policies">
          <h2 id="footer-policies">Policies</h2>
          <ul>
            {policyLink(paths.privacy, 'privacy-policy', 'Privacy Policy')}
            {policyLink(paths.privacy, 'cookies', 'Cookies')}
            {policyLink(paths.terms, 'terms-and-conditions', 'Terms and Conditions')}
            {policyLink(paths.terms, 'acceptable-use', 'Acceptable Use')}
            {policyLink(paths.terms, 'disclaimer', 'Disclaimer')}
          </ul>
        </section>
      </div>
      <p className="copyright">
        © {year} {name || 'The Journal'}. All rights reserved.
      </p>
      <ChatFloat />
    </footer>
  );
}

function ChatFloat() {
  const { settings, name } = useJournal();
  if (!settings) return null;
  const label = 'Chat with us';
  return settings.whatsup_number ? (
    <a className="chat-float" href={whatsappLink(settings.whatsup_number, name)} target="_blank" rel="noopener noreferrer" aria-label={`${label} on WhatsApp`}>
      <Img src={siteImage(settings, 'chat.png')} alt="" width="56" height="56" fallback={<ChatIcon />} />
    </a>
  ) : (
    <Link className="chat-float" to={paths.contact} aria-label={label}>
      <Img src={siteImage(settings, 'chat.png')} alt="" width="56" height="56" fallback={<ChatIcon />} />
    </Link>
  );
}

/** docs/product.md#public-layout: public layout shell: header, nav, search, footer, floating chat link. */
export function PublicLayout() {
  return (
    <div className="public-site">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}

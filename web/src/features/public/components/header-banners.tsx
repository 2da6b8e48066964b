import type { JournalFlags, PublicSettings } from '@journal/contracts';
import { Img } from '@/components/img';
import { siteImage } from '../api/public.api';

type BannerSettings = Pick<PublicSettings, 'domain' | 'nassScore' | 'nassScoreYear'> & { asset_urls?: Record<string, string> };
type BannerFlags = Pick<JournalFlags, 'banner'> & Partial<Pick<JournalFlags, 'showNaas'>>;

/** Which banners the header shows: the optional NAAS rating, then the header image or the site name. */
export function headerBanners(flags: BannerFlags): { naas: boolean; main: 'header' | 'sitename' } {
  return { naas: flags.showNaas === true || flags.banner === 'naas', main: flags.banner === 'header' ? 'header' : 'sitename' };
}

/**
 * The header's banners. The header image keeps a fixed slot (width and height given, the picture
 * fitted inside it) so the page does not move when it arrives, whatever size the journal uploads.
 */
export function HeaderBanners({ settings, flags, name }: { settings: BannerSettings; flags: BannerFlags; name: string }) {
  const { naas, main } = headerBanners(flags);
  const siteName = <p className="sitename-banner">{settings.domain || name}</p>;
  return (
    <>
      {naas && (
        <div className="naas-banner">
          <span className="naas-label">NAAS Rating</span>
          <span className="naas-score">{settings.nassScore || '—'}</span>
          {settings.nassScoreYear && <span className="naas-year">({settings.nassScoreYear})</span>}
        </div>
      )}
      {main === 'header' ? (
        // The header image is the largest picture of most pages' first screen: fetched first.
        <Img
          className="banner-image"
          src={siteImage(settings, 'header.png')}
          alt={name ? `${name} banner` : 'Journal banner'}
          width="600"
          height="80"
          fetchPriority="high"
          fallback={siteName}
        />
      ) : (
        siteName
      )}
    </>
  );
}

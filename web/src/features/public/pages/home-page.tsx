import { Link } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { Img } from '@/components/img';
import { SafeHtml } from '@/components/safe-html';
import { Loading, ErrorState } from '@/components/status';
import { PageHead } from '../components/page-head';
import { siteImage } from '../api/public.api';
import { HomeSidebar } from '../components/home-sidebar';
import { useJournal } from '../components/use-journal';
import { capitalizeFrequency, impactFactorDisplay } from '../lib/display';
import { feeDollar, feeRupee, publisherAddress, publicationSteps } from '../lib/site';

function CoverCard() {
  const { settings, flags, name } = useJournal();
  // A cover given as a URL or path is used as it is; a file name is one of the journal's stored images.
  const cover = flags.coverImage.includes('/') ? flags.coverImage : siteImage(settings, flags.coverImage || 'cover.png');
  return (
    <figure className="cover-card" aria-labelledby="cover-caption">
      <div className="cover-art">
        {/* The largest picture of the first screen: fetched first, its 3:2 slot kept while it loads. */}
        <Img src={cover} alt={`Cover page of ${name || 'the journal'}`} width="600" height="400" fetchPriority="high" fallback={<span className="cover-fallback" aria-hidden="true" />} />
      </div>
      <figcaption id="cover-caption" className="cover-text">
        <span className="cover-journal">{name}</span>
        <strong className="cover-issue">Volume 1, Issue 1</strong>
        <span className="cover-year">Year started: {settings?.year_started}</span>
        <address className="cover-address">
          {publisherAddress(settings?.address).map((l) => (
            <span key={l}>{l}</span>
          ))}
        </address>
      </figcaption>
    </figure>
  );
}

function JournalInfo() {
  const { settings, name } = useJournal();
  if (!settings) return null;
  const rows: [string, string][] = [
    ['Journal Name', name],
    ['Frequency', capitalizeFrequency(settings.journal_frequency)],
    ['Journal Type', settings.journal_type],
    ['Language', settings.journal_language],
    ['E-ISSN', settings.journal_essn],
    ['P-ISSN', settings.issn],
    ['Year Started', settings.year_started],
    ['Impact Factor', impactFactorDisplay(settings.impactfactor)],
    ['NAAS Rating', settings.nassScore ? `${settings.nassScore}${settings.nassScoreYear ? ` (${settings.nassScoreYear})` : ''}` : ''],
    ['Email', settings.websiteemail],
  ];
  return (
    <dl className="info-list">
      {rows
        .filter(([, v]) => v && v.trim())
        .map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
    </dl>
  );
}

export function HomePage() {
  const { settings, name, isLoading, isError } = useJournal();
  const email = settings?.websiteemail ?? '';

  return (
    <div className="container two-col">
      <div className="content">
        <PageHead title={null} path="/" />
        <h1 className="visually-hidden">{name || 'Journal home'}</h1>
        {isLoading && <Loading />}
        {isError && <ErrorState>The journal information could not be loaded.</ErrorState>}
        {settings && (
          <>
            <section className="card home-hero" aria-labelledby="info-title">
              <CoverCard />
              <div className="home-info">
                <h2 id="info-title">Journal Information</h2>
                <JournalInfo />
              </div>
            </section>

            <section className="card" aria-labelledby="fee-title">
              <h2 id="fee-title">Publication Fee</h2>
              <ul className="fee-lines">
                <li>
                  <span>India</span>
                  <strong>INR {feeRupee(settings.fee_rupee)}</strong>
                </li>
                <li>
                  <span>Other Countries</span>
                  <strong>USD {feeDollar(settings.fee_dollar)}</strong>
                </li>
              </ul>
            </section>

            <section className="card" aria-labelledby="process-title">
              <h2 id="process-title">Publication Process</h2>
              <ol className="process-steps">
                {publicationSteps(email).map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ol>
              <p className="muted">
                See the <Link to={paths.instructions}>instructions to authors</Link> before you submit.
              </p>
              <p>
                <Link className="btn" to={paths.submit}>
                  Submit your article online
                </Link>
              </p>
            </section>

            {settings.home_content && (
              <section className="card home-content" aria-label="About the journal">
                <SafeHtml html={settings.home_content} decode className="rich-text" />
              </section>
            )}
          </>
        )}
      </div>
      <HomeSidebar />
    </div>
  );
}

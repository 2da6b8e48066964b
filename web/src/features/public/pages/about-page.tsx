import { Link } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { PageTitle } from '@/components/page-title';
import { PageHead } from '../components/page-head';
import { useJournal } from '../components/use-journal';
import { capitalizeFrequency } from '../lib/display';

/** docs/product.md#public-routes: /about. */
export function AboutPage() {
  const { settings, name } = useJournal();
  const journal = name || 'The journal';
  const freq = capitalizeFrequency(settings?.journal_frequency);
  return (
    <div className="container narrow prose">
      <PageHead title="About Us" />
      <PageTitle>About Us</PageTitle>
      <p>
        {journal} is a peer-reviewed, open access journal{settings?.year_started ? `, published since ${settings.year_started}` : ''}
        {freq ? ` with a ${freq.toLowerCase()} frequency` : ''}. It publishes original research articles, review articles and short
        communications{settings?.journal_language ? ` in ${settings.journal_language}` : ''}.
      </p>
      <p>
        Our aim is to give researchers, academicians and students a fast and transparent platform to share their work with the
        scientific community. Every manuscript is reviewed by experts of the field and published online, free to read for
        everyone.
      </p>
      <h2>What we offer</h2>
      <ul>
        <li>Double-blind peer review by two reviewers</li>
        <li>Publication within a short time after acceptance</li>
        <li>Publication certificate, cover page and editorial board document for every author</li>
        <li>Open access to every published article</li>
      </ul>
      <p>
        Read the <Link to={paths.instructions}>instructions to authors</Link>, meet the <Link to={paths.board}>editorial board</Link>{' '}
        or <Link to={paths.contact}>contact us</Link>.
      </p>
    </div>
  );
}

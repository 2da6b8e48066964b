import { Link } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { Img } from '@/components/img';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { indexingImage, siteImage, useIndexing } from '../api/public.api';
import { whatsappLink } from '../lib/display';
import { ChatIcon } from './chat-icon';
import { useJournal } from './use-journal';

export function IndexingList() {
  const q = useIndexing();
  if (q.isLoading) return <Loading />;
  if (q.isError) return <ErrorState>The indexing list could not be loaded.</ErrorState>;
  if (!q.data?.length) return <EmptyState>No indexing partners listed yet.</EmptyState>;
  return (
    <ul className="indexing-list">
      {q.data.map((it) => (
        <li key={it.id ?? it.title}>
          <a href={it.link || undefined} target="_blank" rel="noopener noreferrer">
            {indexingImage(it) && <Img src={indexingImage(it)} alt="" loading="lazy" width="120" height="48" />}
            <span>{it.title}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** docs/product.md#public-routes: home sidebar: journal-list link (per flag), chat link, submit card, indexing list. */
export function HomeSidebar() {
  const { settings, flags, name } = useJournal();
  const email = settings?.websiteemail ?? '';
  return (
    <aside className="sidebar" aria-label="Journal sidebar">
      {flags.showJournalList && flags.journalListLink && (
        <a className="side-card side-link" href={flags.journalListLink} target="_blank" rel="noopener noreferrer">
          Journal List
        </a>
      )}
      {settings?.whatsup_number ? (
        <a className="side-card chat-card" href={whatsappLink(settings.whatsup_number, name)} target="_blank" rel="noopener noreferrer">
          <Img src={siteImage(settings, 'chat.png')} alt="" width="40" height="40" fallback={<span className="chat-dot" aria-hidden="true"><ChatIcon /></span>} />
          <span>Chat with us on WhatsApp</span>
        </a>
      ) : (
        <Link className="side-card chat-card" to={paths.contact}>
          <Img src={siteImage(settings, 'chat.png')} alt="" width="40" height="40" fallback={<span className="chat-dot" aria-hidden="true"><ChatIcon /></span>} />
          <span>Chat with us</span>
        </Link>
      )}
      <section className="side-card submit-card" aria-labelledby="submit-title">
        <h2 id="submit-title">SUBMIT YOUR ARTICLE</h2>
        <p>Email your manuscript (MS Word format) to</p>
        {email ? (
          <a className="submit-email" href={`mailto:${email}`}>
            {email}
          </a>
        ) : (
          <p className="submit-email">—</p>
        )}
      </section>
      <section className="side-card" aria-labelledby="side-indexing">
        <h2 id="side-indexing">Indexing</h2>
        <IndexingList />
        <p className="side-more">
          <Link to={paths.indexingAbstracting}>Indexing and Abstracting</Link>
        </p>
      </section>
    </aside>
  );
}

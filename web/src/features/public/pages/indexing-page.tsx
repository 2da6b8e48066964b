import { Link } from '@/lib/router';
import { publicPaths as paths } from '@/config/public-paths';
import { Img } from '@/components/img';
import { PageTitle } from '@/components/page-title';
import { EmptyState, ErrorState, Loading } from '@/components/status';
import { PageHead } from '../components/page-head';
import { indexingImage, useIndexing } from '../api/public.api';
import { useJournal } from '../components/use-journal';

/** docs/product.md#public-routes: /indexing: a grid of indexing logos linking out. */
export function IndexingPage() {
  const q = useIndexing();
  return (
    <div className="container">
      <PageHead title="Indexing" />
      <PageTitle>INDEXING</PageTitle>
      {q.isLoading && <Loading />}
      {q.isError && <ErrorState>The indexing list could not be loaded.</ErrorState>}
      {q.isSuccess && q.data.length === 0 && <EmptyState>No indexing partners listed yet.</EmptyState>}
      {q.isSuccess && q.data.length > 0 && (
        <ul className="logo-grid">
          {q.data.map((it) => (
            <li key={it.id ?? it.title}>
              <a href={it.link || undefined} target="_blank" rel="noopener noreferrer">
                {indexingImage(it) ? <Img src={indexingImage(it)} alt="" loading="lazy" width="180" height="80" /> : null}
                <span>{it.title}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p className="center">
        <Link to={paths.indexingAbstracting}>Indexing and Abstracting</Link>
      </p>
    </div>
  );
}

/** The 'Indexing and Abstracting' page: the same partners as a list with their links. */
export function IndexingAbstractingPage() {
  const { name } = useJournal();
  const q = useIndexing();
  return (
    <div className="container narrow">
      <PageHead title="Indexing and Abstracting" />
      <PageTitle>Indexing and Abstracting</PageTitle>
      <p>
        {name || 'The journal'} is indexed and abstracted in the following databases and services. Each entry links to the
        journal&apos;s record with the partner.
      </p>
      {q.isLoading && <Loading />}
      {q.isError && <ErrorState>The indexing list could not be loaded.</ErrorState>}
      {q.isSuccess && q.data.length === 0 && <EmptyState>No indexing partners listed yet.</EmptyState>}
      {q.isSuccess && q.data.length > 0 && (
        <table className="data-table">
          <caption className="visually-hidden">Indexing and abstracting partners</caption>
          <thead>
            <tr>
              <th scope="col">S.No.</th>
              <th scope="col">Indexing Partner</th>
              <th scope="col">Link</th>
            </tr>
          </thead>
          <tbody>
            {q.data.map((it, i) => (
              <tr key={it.id ?? it.title}>
                <td>{i + 1}</td>
                <td>{it.title}</td>
                <td>
                  {it.link ? (
                    <a href={it.link} target="_blank" rel="noopener noreferrer">
                      Visit<span className="visually-hidden"> {it.title}</span>
                    </a>
                  ) : (
                    '—'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

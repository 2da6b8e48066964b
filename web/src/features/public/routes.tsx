import { data, type RouteObject } from 'react-router-dom';
import { ErrorScreen } from '@/components/error-screen';
import { PublicLayout } from './components/public-layout';
import { publicLoaders, type LoaderDeps } from './loaders';
import { AboutPage } from './pages/about-page';
import { ArchivesIndex, ArchivesLayout } from './pages/archives-layout';
import { ArticlePage } from './pages/article-page';
import { BoardPage } from './pages/board-page';
import { ContactPage } from './pages/contact-page';
import { HomePage } from './pages/home-page';
import { IndexingAbstractingPage, IndexingPage } from './pages/indexing-page';
import { InstructionsPage } from './pages/instructions-page';
import { IssuePage } from './pages/issue-page';
import { PrivacyPage, TermsPage } from './pages/legal-pages';
import { PdfPage } from './pages/pdf-page';
import { SearchPage } from './pages/search-page';

/**
 * Public site routes (docs/product.md#public-routes), all inside the public layout shell. The loaders fill the query cache before
 * a page renders, on the server and on client-side navigation alike; the pages read it with hooks.
 */
export function publicRoutes(deps: LoaderDeps): RouteObject[] {
  const l = publicLoaders(deps);
  return [
    {
      id: 'public',
      element: <PublicLayout />,
      loader: l.layout,
      children: [
        {
          // Errors below the layout (404s, a failed read) show inside the site's header and footer.
          errorElement: <ErrorScreen inLayout />,
          children: [
            { index: true, element: <HomePage />, loader: l.home },
            { path: 'board', element: <BoardPage />, loader: l.board },
            { path: 'indexing', element: <IndexingPage />, loader: l.indexing },
            { path: 'indexing-and-abstracting', element: <IndexingAbstractingPage />, loader: l.indexing },
            {
              path: 'archives',
              element: <ArchivesLayout />,
              loader: l.archives,
              children: [
                { index: true, element: <ArchivesIndex />, loader: l.archivesIndex },
                { path: ':year/:vol/:issue', element: <IssuePage />, loader: l.issue },
                { path: ':year/:vol/:issue/:ref', element: <ArticlePage />, loader: l.article },
              ],
            },
            { path: 'search', element: <SearchPage />, loader: l.search },
            { path: 'pdf', element: <PdfPage />, loader: l.pdf },
            { path: 'instructions', element: <InstructionsPage /> },
            { path: 'about', element: <AboutPage /> },
            { path: 'contact', element: <ContactPage /> },
            { path: 'privacy-policy', element: <PrivacyPage /> },
            { path: 'terms-and-conditions', element: <TermsPage /> },
            {
              path: '*',
              element: null,
              loader: () => {
                throw data(null, { status: 404, statusText: 'Not Found' });
              },
            },
          ],
        },
      ],
    },
  ];
}

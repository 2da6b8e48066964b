import type { RouteObject } from 'react-router-dom';
import { PublicLayout } from './components/public-layout';
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

/** Public site routes (docs/product.md#public-routes), all inside the public layout shell. */
export const publicRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'board', element: <BoardPage /> },
      { path: 'indexing', element: <IndexingPage /> },
      { path: 'indexing-and-abstracting', element: <IndexingAbstractingPage /> },
      {
        path: 'archives',
        element: <ArchivesLayout />,
        children: [
          { index: true, element: <ArchivesIndex /> },
          { path: ':year/:vol/:issue', element: <IssuePage /> },
          { path: ':year/:vol/:issue/:ref', element: <ArticlePage /> },
        ],
      },
      { path: 'search', element: <SearchPage /> },
      { path: 'pdf', element: <PdfPage /> },
      { path: 'instructions', element: <InstructionsPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'privacy-policy', element: <PrivacyPage /> },
      { path: 'terms-and-conditions', element: <TermsPage /> },
    ],
  },
];

import { ErrorScreen } from '@/app/error-screen';
import { lazyComponent as page, routeError, type RouteObject } from '@/lib/router';
import { PublicLayout } from './components/public-layout';
import { publicLoaders as l, type LoaderDeps } from './loaders';

// Each page is a chunk of its own: a reader's first load carries the layout and the one page it
// shows (the render process preloads that page's chunk). The paths are the modules' keys in the
// client build's manifest.
const pages = 'src/features/public/pages';
const Home = page(`${pages}/home-page.tsx`, () => import('./pages/home-page').then((m) => m.HomePage));
const Board = page(`${pages}/board-page.tsx`, () => import('./pages/board-page').then((m) => m.BoardPage));
const Indexing = page(`${pages}/indexing-page.tsx`, () => import('./pages/indexing-page').then((m) => m.IndexingPage));
const IndexingAbstracting = page(`${pages}/indexing-page.tsx`, () => import('./pages/indexing-page').then((m) => m.IndexingAbstractingPage));
const Archives = page(`${pages}/archives-layout.tsx`, () => import('./pages/archives-layout').then((m) => m.ArchivesLayout));
const ArchivesIndex = page(`${pages}/archives-layout.tsx`, () => import('./pages/archives-layout').then((m) => m.ArchivesIndex));
const Issue = page(`${pages}/issue-page.tsx`, () => import('./pages/issue-page').then((m) => m.IssuePage));
const Article = page(`${pages}/article-page.tsx`, () => import('./pages/article-page').then((m) => m.ArticlePage));
const Search = page(`${pages}/search-page.tsx`, () => import('./pages/search-page').then((m) => m.SearchPage));
const Pdf = page(`${pages}/pdf-page.tsx`, () => import('./pages/pdf-page').then((m) => m.PdfPage));
const Instructions = page(`${pages}/instructions-page.tsx`, () => import('./pages/instructions-page').then((m) => m.InstructionsPage));
const About = page(`${pages}/about-page.tsx`, () => import('./pages/about-page').then((m) => m.AboutPage));
const Contact = page(`${pages}/contact-page.tsx`, () => import('./pages/contact-page').then((m) => m.ContactPage));
const Privacy = page(`${pages}/legal-pages.tsx`, () => import('./pages/legal-pages').then((m) => m.PrivacyPage));
const Terms = page(`${pages}/legal-pages.tsx`, () => import('./pages/legal-pages').then((m) => m.TermsPage));

/**
 * Public site routes (docs/product.md#public-routes), all inside the public layout shell. The loaders fill the read cache before
 * a page renders, on the server and on client-side navigation alike; the pages read it with hooks.
 */
export function publicRoutes(): RouteObject<LoaderDeps>[] {
  return [
    {
      id: 'public',
      element: <PublicLayout />,
      loader: l.layout,
      children: [
        {
          // Errors below the layout (404s, a failed read) show inside the site's header and footer.
          id: 'public-pages',
          errorElement: <ErrorScreen inLayout />,
          children: [
            { index: true, lazy: Home, loader: l.home },
            { path: 'board', lazy: Board, loader: l.board },
            { path: 'indexing', lazy: Indexing, loader: l.indexing },
            { path: 'indexing-and-abstracting', lazy: IndexingAbstracting, loader: l.indexing },
            {
              path: 'archives',
              lazy: Archives,
              loader: l.archives,
              children: [
                { index: true, lazy: ArchivesIndex, loader: l.archivesIndex },
                { path: ':year/:vol/:issue', lazy: Issue, loader: l.issue },
                { path: ':year/:vol/:issue/:ref', lazy: Article, loader: l.article },
              ],
            },
            { path: 'search', lazy: Search, loader: l.search },
            { path: 'pdf', lazy: Pdf, loader: l.pdf },
            { path: 'instructions', lazy: Instructions },
            { path: 'about', lazy: About },
            { path: 'contact', lazy: Contact },
            { path: 'privacy-policy', lazy: Privacy },
            { path: 'terms-and-conditions', lazy: Terms },
            {
              path: '*',
              element: null,
              loader: () => {
                throw routeError(404, 'Not Found');
              },
            },
          ],
        },
      ],
    },
  ];
}

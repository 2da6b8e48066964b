import type { ComponentType } from 'react';
import { ErrorScreen } from '@/components/error-screen';
import { lazyComponent, routeError, type LoaderArgs, type RouteObject } from '@/lib/router';
import { PublicLayout } from './components/public-layout';
import type { LoaderDeps, publicLoaders } from './loaders';

// Each page is a chunk of its own: a reader's first load carries the layout and the one page it
// shows (the render process preloads that page's chunk, found by the module's path in the client
// build's manifest).
const pages = import.meta.glob<Record<string, ComponentType>>(['./pages/*.tsx', '!./pages/*.test.tsx']);
const page = (file: string, name: string) =>
  lazyComponent(`src/features/public/pages/${file}.tsx`, () => pages[`./pages/${file}.tsx`]!().then((m) => m[name]!));
const Home = page('home-page', 'HomePage');
const Board = page('board-page', 'BoardPage');
const Indexing = page('indexing-page', 'IndexingPage');
const IndexingAbstracting = page('indexing-page', 'IndexingAbstractingPage');
const Archives = page('archives-layout', 'ArchivesLayout');
const ArchivesIndex = page('archives-layout', 'ArchivesIndex');
const Issue = page('issue-page', 'IssuePage');
const Article = page('article-page', 'ArticlePage');
const Search = page('search-page', 'SearchPage');
const Pdf = page('pdf-page', 'PdfPage');
const Instructions = page('instructions-page', 'InstructionsPage');
const About = page('about-page', 'AboutPage');
const Contact = page('contact-page', 'ContactPage');
const Privacy = page('legal-pages', 'PrivacyPage');
const Terms = page('legal-pages', 'TermsPage');
const Submit = page('submit-page', 'SubmitPage');
const SubmissionLink = page('submission-page', 'SubmissionLinkPage');
const Submission = page('submission-page', 'SubmissionPage');
const Review = page('review-page', 'ReviewPage');

// The loaders run on the server and on client-side navigations, never while the browser hydrates
// the served page (its reads come in the page): they are a chunk of their own, out of the first
// load. Imported once (a module resolution per render costs the render process); a failed load
// (a browser's network) is tried again next time.
let loadersLoad: Promise<typeof publicLoaders> | undefined;
export const loadLoaders = () =>
  (loadersLoad ??= import('./loaders').then(
    (m) => m.publicLoaders,
    (err: unknown) => {
      loadersLoad = undefined;
      throw err;
    },
  ));
type LoaderName = keyof typeof publicLoaders;
const l = (name: LoaderName) => async (args: LoaderArgs<LoaderDeps>) => (await loadLoaders())[name](args);

/**
 * Public site routes (docs/product.md#public-routes), all inside the public layout shell. The loaders fill the read cache before
 * a page renders, on the server and on client-side navigation alike; the pages read it with hooks.
 */
export function publicRoutes(): RouteObject<LoaderDeps>[] {
  return [
    {
      id: 'public',
      element: <PublicLayout />,
      loader: l('layout'),
      children: [
        {
          // Errors below the layout (404s, a failed read) show inside the site's header and footer.
          id: 'public-pages',
          errorElement: <ErrorScreen inLayout />,
          children: [
            { index: true, lazy: Home, loader: l('home') },
            { path: 'board', lazy: Board, loader: l('board') },
            { path: 'indexing', lazy: Indexing, loader: l('indexing') },
            { path: 'indexing-and-abstracting', lazy: IndexingAbstracting, loader: l('indexing') },
            {
              path: 'archives',
              lazy: Archives,
              loader: l('archives'),
              children: [
                { index: true, lazy: ArchivesIndex, loader: l('archivesIndex') },
                { path: ':year/:vol/:issue', lazy: Issue, loader: l('issue') },
                { path: ':year/:vol/:issue/:ref', lazy: Article, loader: l('article') },
              ],
            },
            { path: 'search', lazy: Search, loader: l('search') },
            { path: 'pdf', lazy: Pdf, loader: l('pdf') },
            { path: 'instructions', lazy: Instructions },
            { path: 'about', lazy: About },
            { path: 'contact', lazy: Contact },
            { path: 'privacy-policy', lazy: Privacy },
            { path: 'terms-and-conditions', lazy: Terms },
            { path: 'submit', lazy: Submit },
            { path: 'submission', lazy: SubmissionLink },
            { path: 'submission/:token', lazy: Submission, loader: l('submission') },
            { path: 'review/:token', lazy: Review, loader: l('review') },
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

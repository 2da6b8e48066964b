import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { browserReads } from '@/features/public/api/public.api';
import { loadBrowserHtmlTools } from '@/lib/html-tools';
import { ReadCache } from '@/lib/read-cache';
import { BrowserRouter, deserializeErrors, hydratedState, resolveLazy } from '@/lib/router';
import { Document } from './app/document';
import { HYDRATION_ELEMENT_ID, Providers, type HydrationPayload } from './app/providers';
import { APP_SHELL_RE, createRoutes } from './app/routes';
import { loadLoaders } from './features/public/routes';
import './styles.css';

const dataElement = document.getElementById(HYDRATION_ELEMENT_ID);
const payload = dataElement ? (JSON.parse(dataElement.textContent ?? 'null') as HydrationPayload | null) : null;

// Pages the render process served are hydrated with the public router; the admin and the
// work-log are client-rendered apps in chunks of their own (React Router, react-query, forms).
if (payload) {
  // Answers are reused for 30 s while the reader moves between pages.
  const cache = new ReadCache(30_000);
  cache.hydrate(payload.reads);
  const routes = createRoutes();
  const context = { cache, reads: browserReads, origin: payload.site.origin || window.location.origin };
  const initial = hydratedState(routes, new URL(window.location.href), deserializeErrors(payload.errors));
  const leave = (pathname: string) => APP_SHELL_RE.test(pathname);
  // DOMPurify arrives when the reader first moves to another page (the served HTML is clean already).
  const onNavigate = () => void loadBrowserHtmlTools();
  // The page's own chunk (preloaded by the served HTML) is in before hydration starts. Not a
  // top-level await: the page chunks import this module, which must finish evaluating first.
  void resolveLazy(initial.matches).then(() =>
    hydrateRoot(
      document,
      <Document>
        <StrictMode>
          <Providers cache={cache} reads={browserReads} site={payload.site}>
            <BrowserRouter routes={routes} context={context} initial={initial} leave={leave} onNavigate={onNavigate} />
          </Providers>
        </StrictMode>
      </Document>,
    ),
  ).then(() => {
    // The route loaders (a chunk of their own) arrive once the page is idle, before the reader's
    // first click needs them.
    const idle = window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 1));
    idle(() => void loadLoaders().catch(() => undefined));
  });
} else {
  void import('./app/admin-app').then((m) => m.startAdminApp());
}

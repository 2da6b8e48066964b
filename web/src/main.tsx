import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, type HydrationState } from 'react-router-dom';
import { browserReads } from '@/features/public/api/public.api';
import { loadBrowserHtmlTools } from '@/lib/html-tools';
import { Document } from './app/document';
import { HYDRATION_ELEMENT_ID, newQueryClient, Providers, type HydrationPayload } from './app/providers';
import { createRoutes, patchLazyRoutes } from './app/routes';
import './styles.css';

const dataElement = document.getElementById(HYDRATION_ELEMENT_ID);
const payload = dataElement ? (JSON.parse(dataElement.textContent ?? 'null') as HydrationPayload | null) : null;
const queryClient = newQueryClient(false);
if (payload) hydrate(queryClient, payload.queries as DehydratedState);

const router = createBrowserRouter(createRoutes({ queryClient, reads: browserReads }), {
  hydrationData: payload?.router as HydrationState | undefined,
  patchRoutesOnNavigation: patchLazyRoutes,
});

const app = (
  <StrictMode>
    <Providers queryClient={queryClient} reads={browserReads} site={payload?.site ?? { origin: window.location.origin }}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>
);

// Pages the render process served are hydrated; the admin and work-log shells render here.
if (payload) {
  hydrateRoot(document, <Document>{app}</Document>);
  const unsubscribe = router.subscribe(() => {
    unsubscribe();
    void loadBrowserHtmlTools();
  });
} else {
  void loadBrowserHtmlTools();
  createRoot(document.getElementById('root')!).render(app);
}

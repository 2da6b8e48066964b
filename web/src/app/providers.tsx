import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ReadsContext, type PublicReads } from '@/features/public/api/public.api';
import { paths } from '@/config/paths';
import { ApiClientProvider, createApiClient, type ApiClient } from '@/lib/api-client';
import { HtmlToolsContext, type HtmlTools } from '@/lib/html-tools';
import { clearSession } from '@/lib/session';
import { SiteContext, type Site } from '@/lib/site-context';

/**
 * The app's api client: an admin request answered 401 means the session ended elsewhere, so the
 * stored session is dropped and the admin login opens (docs/product.md#admin-area). The work-log
 * shell hands its pages a client of its own.
 */
export const appApiClient = createApiClient({
  onUnauthorized: () => {
    clearSession();
    window.alert('Session expired. Please login again.');
    window.location.assign(paths.admin.login);
  },
});

/** Everything a page needs around the router, the same on the server and in the browser. */
export function Providers(props: {
  queryClient: QueryClient;
  reads: PublicReads;
  site: Site;
  htmlTools?: HtmlTools;
  /** Tests pass a client of their own. */
  apiClient?: ApiClient;
  children: ReactNode;
}) {
  const inner = (
    <SiteContext.Provider value={props.site}>
      <ReadsContext.Provider value={props.reads}>
        <ApiClientProvider client={props.apiClient ?? appApiClient}>
          <QueryClientProvider client={props.queryClient}>{props.children}</QueryClientProvider>
        </ApiClientProvider>
      </ReadsContext.Provider>
    </SiteContext.Provider>
  );
  return <HtmlToolsContext.Provider value={props.htmlTools ?? null}>{inner}</HtmlToolsContext.Provider>;
}

/** The element whose JSON text carries the hydration payload. */
export const HYDRATION_ELEMENT_ID = 'jp-hydration';

/** What the render process hands the browser for hydration. */
export interface HydrationPayload {
  site: Site;
  /** react-query's dehydrated cache. */
  queries: unknown;
  /** React Router's hydration data (loader data and serialised errors). */
  router: unknown;
}

export const newQueryClient = (server: boolean) => {
  // The render process answers one page per client: nothing is refetched or retried there.
  return new QueryClient({
    defaultOptions: { queries: server ? { staleTime: Infinity, retry: false, gcTime: Infinity } : { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } },
  });
};

import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ReadsContext, type PublicReads } from '@/features/public/api/public.api';
import { HtmlToolsContext, type HtmlTools } from '@/lib/html-tools';
import { SiteContext, type Site } from './site-context';

/** Everything a page needs around the router, the same on the server and in the browser. */
export function Providers(props: { queryClient: QueryClient; reads: PublicReads; site: Site; htmlTools?: HtmlTools; children: ReactNode }) {
  const inner = (
    <SiteContext.Provider value={props.site}>
      <ReadsContext.Provider value={props.reads}>
        <QueryClientProvider client={props.queryClient}>{props.children}</QueryClientProvider>
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

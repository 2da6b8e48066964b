import type { ReactNode } from 'react';
import { ReadsContext, type PublicReads } from '@/features/public/api/public.api';
import { HtmlToolsContext, type HtmlTools } from '@/lib/html-tools';
import { ReadCacheContext, type DehydratedReads, type ReadCache } from '@/lib/read-cache';
import { SiteContext, type Site } from '@/lib/site-context';

/** Everything a public page needs around the router, the same on the server and in the browser. */
export function Providers(props: { cache: ReadCache; reads: PublicReads; site: Site; htmlTools?: HtmlTools; children: ReactNode }) {
  return (
    <HtmlToolsContext.Provider value={props.htmlTools ?? null}>
      <SiteContext.Provider value={props.site}>
        <ReadsContext.Provider value={props.reads}>
          <ReadCacheContext.Provider value={props.cache}>{props.children}</ReadCacheContext.Provider>
        </ReadsContext.Provider>
      </SiteContext.Provider>
    </HtmlToolsContext.Provider>
  );
}

/** The element whose JSON text carries the hydration payload. */
export const HYDRATION_ELEMENT_ID = 'jp-hydration';

/** What the render process hands the browser for hydration. */
export interface HydrationPayload {
  site: Site;
  /** The reads the page was rendered with. */
  reads: DehydratedReads;
  /** The route errors the page shows (404s, 503s), by boundary route id. */
  errors: unknown;
}

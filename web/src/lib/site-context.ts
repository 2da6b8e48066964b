import { createContext, useContext } from 'react';

/** Facts about the request the page was rendered for; the browser gets the server's copy. */
export interface Site {
  /** Public origin of absolute URLs (canonical, citation PDF, JSON-LD), port included. */
  origin: string;
}

export const SiteContext = createContext<Site | null>(null);

export function useOrigin(): string {
  const site = useContext(SiteContext);
  if (site?.origin) return site.origin;
  return typeof window === 'undefined' ? '' : window.location.origin;
}

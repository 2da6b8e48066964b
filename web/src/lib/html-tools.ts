import { createContext, useContext, useSyncExternalStore } from 'react';

/** How stored HTML is cleaned and decoded: DOMPurify in the browser, the services' sanitizer in the render process. */
export interface HtmlTools {
  sanitizeRich(html: string): string;
  sanitizeTitle(html: string): string;
  decodeEntities(s: string): string;
}

/** The render process provides its tools; in the browser this stays null and DOMPurify loads on its own. */
export const HtmlToolsContext = createContext<HtmlTools | null>(null);

// DOMPurify is not part of a public page's first load: the served HTML was sanitised by the
// render process, and the browser's tools arrive in their own chunk when the reader first moves
// to another page (or at once when the browser renders a page itself).
let browserTools: HtmlTools | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

export function loadBrowserHtmlTools(): Promise<void> {
  loading ??= import('./sanitize').then((m) => {
    browserTools = { sanitizeRich: m.sanitizeRich, sanitizeTitle: m.sanitizeTitle, decodeEntities: m.decodeEntities };
    listeners.forEach((l) => l());
  });
  return loading;
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The tools, or null while the browser's are still loading (and during hydration). */
export function useHtmlTools(): HtmlTools | null {
  const provided = useContext(HtmlToolsContext);
  const loaded = useSyncExternalStore(
    subscribe,
    () => browserTools,
    () => null,
  );
  return provided ?? loaded;
}

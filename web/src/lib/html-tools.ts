import { createContext, useContext } from 'react';
import { decodeEntities, sanitizeRich, sanitizeTitle } from './sanitize';

/** How stored HTML is cleaned and decoded: DOMPurify in the browser, the services' sanitizer in the render process. */
export interface HtmlTools {
  sanitizeRich(html: string): string;
  sanitizeTitle(html: string): string;
  decodeEntities(s: string): string;
}

const browserTools: HtmlTools = { sanitizeRich, sanitizeTitle, decodeEntities };

export const HtmlToolsContext = createContext<HtmlTools>(browserTools);
export const useHtmlTools = () => useContext(HtmlToolsContext);

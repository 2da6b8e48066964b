import { useEffect } from 'react';
import { articlePdfUrl, type Article } from '../api/public.api';
import { citationMetaTags } from '../lib/scholarly-meta';

/**
 * Scholar-style citation meta tags (spec §2), set client-side too: the served HTML already has
 * them for crawlers, and these replace them when the reader moves between articles in the SPA.
 */
export function useCitationMeta(a: Article | null | undefined, journal: { name: string; issn?: string }) {
  useEffect(() => {
    if (!a) return;
    const pdf = articlePdfUrl(a);
    const tags = citationMetaTags(a, { name: journal.name, issn: journal.issn }, { pdf: pdf ? new URL(pdf, window.location.origin).href : '' });
    document.head.querySelectorAll('meta[name^="citation_"]').forEach((m) => m.remove());
    const added = tags.map(([name, content]) => {
      const m = document.createElement('meta');
      m.name = name;
      m.content = content;
      document.head.appendChild(m);
      return m;
    });
    return () => added.forEach((m) => m.remove());
  }, [a, journal.name, journal.issn]);
}

import { useEffect } from 'react';
import { articlePdfUrl, type Article } from '../api/public.api';
import { pageRange, splitAuthors, titleText } from '../lib/citation';

/**
 * Scholar-style citation meta tags (docs/product.md#article-page), set client-side too: the served HTML already has
 * them for crawlers, and these replace them when the reader moves between articles in the SPA.
 */
export function useCitationMeta(a: Article | null | undefined, journal: { name: string; issn?: string }) {
  useEffect(() => {
    if (!a) return;
    const { first, last } = pageRange(a.pagenumber);
    const pdf = articlePdfUrl(a);
    const date = a.publishdate ? String(a.publishdate).slice(0, 10).replace(/-/g, '/') : String(a.year);
    const tags: [string, string][] = [
      ['citation_title', titleText(a.title)],
      ...splitAuthors(a.authorname).map((n): [string, string] => ['citation_author', n]),
      ['citation_publication_date', date],
      ['citation_journal_title', journal.name],
      ['citation_issn', journal.issn ?? ''],
      ['citation_volume', String(a.volume)],
      ['citation_issue', String(a.issue)],
      ['citation_firstpage', first],
      ['citation_lastpage', last],
      ['citation_pdf_url', pdf ? new URL(pdf, window.location.origin).href : ''],
    ];
    document.head.querySelectorAll('meta[name^="citation_"]').forEach((m) => m.remove());
    const added = tags
      .filter(([, v]) => v)
      .map(([name, content]) => {
        const m = document.createElement('meta');
        m.name = name;
        m.content = content;
        document.head.appendChild(m);
        return m;
      });
    return () => added.forEach((m) => m.remove());
  }, [a, journal.name, journal.issn]);
}

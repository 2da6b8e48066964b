import { useEffect } from 'react';

/** Sets document.title while the page is shown: 'Page - Journal' (or either part alone). */
export function useDocumentTitle(page: string | null | undefined, site?: string | null) {
  useEffect(() => {
    const parts = [page, site].map((p) => (p ?? '').trim()).filter(Boolean);
    if (parts.length) document.title = parts.join(' - ');
  }, [page, site]);
}

import { createElement, useMemo } from 'react';
import { decodeEntities, sanitizeRich, sanitizeTitle } from '@/lib/sanitize';

type Tag = 'div' | 'span' | 'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'section';

interface Props {
  html: string | null | undefined;
  as?: Tag;
  className?: string;
  id?: string;
  /** Stored text is entity-encoded (titles, abstracts, home content): decode before sanitising. */
  decode?: boolean;
  /** Titles keep i/em only (docs/product.md#display-rules); everything else uses the rich-text allow-list. */
  variant?: 'rich' | 'title';
}

/** The only place the public site renders stored HTML: always through the shared allow-list. */
export function SafeHtml({ html, as = 'div', className, id, decode = false, variant = 'rich' }: Props) {
  const clean = useMemo(() => {
    const src = decode ? decodeEntities(html ?? '') : (html ?? '');
    return variant === 'title' ? sanitizeTitle(src) : sanitizeRich(src);
  }, [html, decode, variant]);
  return createElement(as, { className, id, dangerouslySetInnerHTML: { __html: clean } });
}

import { createElement, useMemo } from 'react';
import { useHtmlTools } from '@/lib/html-tools';

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

/**
 * The only place the public site renders stored HTML: always through the shared allow-list.
 * While the browser's sanitizer loads (hydration included) the element keeps the HTML the render
 * process sanitised and served; React does not touch inner HTML when hydrating.
 */
export function SafeHtml({ html, as = 'div', className, id, decode = false, variant = 'rich' }: Props) {
  const tools = useHtmlTools();
  const clean = useMemo(() => {
    if (!tools) return '';
    const src = decode ? tools.decodeEntities(html ?? '') : (html ?? '');
    return variant === 'title' ? tools.sanitizeTitle(src) : tools.sanitizeRich(src);
  }, [html, decode, variant, tools]);
  return createElement(as, { className, id, dangerouslySetInnerHTML: { __html: clean }, suppressHydrationWarning: true });
}

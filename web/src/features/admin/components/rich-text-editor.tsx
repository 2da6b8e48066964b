import { lazy, Suspense, type ComponentProps } from 'react';

/** The editor (TipTap and ProseMirror) is loaded with the first rich-text field, never by the public site. */
const Impl = lazy(() => import('./rich-text-editor.impl').then((m) => ({ default: m.RichTextEditor })));

export type { RichTextVariant } from './rich-text-editor.impl';

export function RichTextEditor(props: ComponentProps<typeof Impl>) {
  return (
    <Suspense fallback={<div className="rte rte-loading" aria-busy="true">Loading editor…</div>}>
      <Impl {...props} />
    </Suspense>
  );
}

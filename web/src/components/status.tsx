import type { ReactNode } from 'react';

/** Loading state of a list or page; announced politely to screen readers. */
export function Loading({ text = 'Loading...' }: { text?: string }) {
  return (
    <p className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="state state-empty">{children}</p>;
}

export function ErrorState({ children = 'Something went wrong. Please try again later.' }: { children?: ReactNode }) {
  return (
    <p className="state state-error" role="alert">
      {children}
    </p>
  );
}

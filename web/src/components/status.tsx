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

/** A form's error under its fields (a refused save); nothing when there is none. */
export function FormError({ message }: { message: string }) {
  return message ? (
    <p className="field-error" role="alert">
      {message}
    </p>
  ) : null;
}

/**
 * The states of a list read around its table: loading, the read failed (`failed`), or loaded with
 * no rows (`empty`, when `isEmpty`). The rows themselves are the caller's.
 */
export function QueryStates({ query, failed, empty, isEmpty = false }: {
  query: { isLoading: boolean; isError: boolean; data?: unknown };
  failed: ReactNode;
  empty?: ReactNode;
  isEmpty?: boolean;
}) {
  return (
    <>
      {query.isLoading && <Loading />}
      {query.isError && <ErrorState>{failed}</ErrorState>}
      {query.data !== undefined && isEmpty && empty && <EmptyState>{empty}</EmptyState>}
    </>
  );
}

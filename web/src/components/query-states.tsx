import type { ReactNode } from 'react';
import { EmptyState, ErrorState, Loading } from './status';

// Apart from status.tsx, which every public page's first load carries: these are the admin's.

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

import type { ReactNode } from 'react';

/** The page heading band every public page starts with. */
export function PageTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <div className="page-title">
      <h1 id={id}>{children}</h1>
    </div>
  );
}

import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { roleOpens, type StaffArea } from '@journal/contracts';
import { paths } from '@/config/paths';
import { sessionRole } from '@/lib/session';

/**
 * A page of an area the signed-in role does not open goes back to the dashboard (its menus and
 * tiles do not link there); the server refuses the calls all the same (docs/product.md#roles).
 */
export function RoleGate({ area, children }: { area: StaffArea; children: ReactNode }) {
  if (!roleOpens(sessionRole(), area)) return <Navigate to={paths.admin.root} replace />;
  return <>{children}</>;
}

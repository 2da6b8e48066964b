import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { roleLabels, roleOpens, type StaffArea } from '@journal/contracts';
import { paths } from '@/config/paths';
import { sessionRole } from '@/lib/session';

/** What each area is called where the admin names it. */
const AREA_NAMES: Record<StaffArea, string> = {
  content: 'This page',
  staff: 'Users',
  settings: 'Settings',
  worklog: 'The work-log',
  account: 'Account',
  activity: 'The activity log',
};

/** The state a refused page hands the dashboard, so it can say why the user is there. */
interface Refused {
  refused: StaffArea;
}

/**
 * A page of an area the signed-in role does not open goes back to the dashboard (its menus and
 * tiles do not link there), which says why; the server refuses the calls all the same
 * (docs/product.md#roles).
 */
export function RoleGate({ area, children }: { area: StaffArea; children: ReactNode }) {
  if (!roleOpens(sessionRole(), area)) return <Navigate to={paths.admin.root} replace state={{ refused: area } satisfies Refused} />;
  return <>{children}</>;
}

/** On the dashboard after a refused page: which page, and that the role is the reason. */
export function RefusedNotice() {
  const state = useLocation().state as Partial<Refused> | null;
  const area = state?.refused;
  if (!area || !(area in AREA_NAMES)) return null;
  return (
    <p className="admin-error" role="alert">
      {AREA_NAMES[area]} is not open to the {roleLabels[sessionRole()]} role, so you were brought back to the dashboard. Ask a manager if you need it.
    </p>
  );
}

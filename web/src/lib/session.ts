import { roleOrManager, type StaffRole } from '@journal/contracts/roles';

/** The login session in browser storage (docs/product.md#roles: token, user name and role under the admin JWT key). */
export const SESSION_KEY = 'journal_admin_jwt';

export interface Session {
  token: string;
  /** `role` is missing in sessions stored before roles existed (their users are managers). */
  user: { id: string; name: string; role?: StaffRole };
}

/**
 * The signed-in user's role, for what the admin shows; the server decides what it allows
 * (docs/product.md#roles).
 */
export const sessionRole = (s: Session | null = getSession()): StaffRole => roleOrManager(s?.user.role);

export function getSession(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Session;
    return typeof s?.token === 'string' && typeof s?.user?.name === 'string' ? s : null;
  } catch {
    return null;
  }
}

export const setSession = (s: Session) => localStorage.setItem(SESSION_KEY, JSON.stringify(s));
export const clearSession = () => localStorage.removeItem(SESSION_KEY);

/** The login session in browser storage (docs/product.md#roles: token and user name under the admin JWT key). */
export const SESSION_KEY = 'journal_admin_jwt';

export interface Session {
  token: string;
  user: { id: string; name: string };
}

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

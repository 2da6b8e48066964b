import { useEffect, useState } from 'react';
import type { LoginInput, LoginResponse, ReauthResponse, StaffRole } from '@journal/contracts';
import { useApiClient, type ApiClient } from './api-client';
import { clearSession, getSession, setSession, type Session } from './session';

/** The auth service's calls (docs/product.md#admin-area), shared by the admin and the work-log. */
export const authApi = (client: ApiClient) => ({
  login: (input: LoginInput) => client.post<LoginResponse>('/auth/login/', input),
  verifyToken: () =>
    client.get<{ valid: boolean; user: { id: string; name: string; role?: StaffRole } }>('/auth/verify-token/', { auth: true, handle401: false }),
  /** Confirms the signed-in user's password before a sensitive act (docs/security.md#recent-authentication). */
  reauth: (password: string) => client.post<ReauthResponse>('/auth/reauth/', { password }, { auth: true }),
  /** Revokes the token server-side; the caller forgets it locally whatever the answer. */
  logout: () => client.post<{ ok: boolean }>('/auth/logout/', undefined, { auth: true, handle401: false }).catch(() => undefined),
});

export type SessionCheck =
  | { state: 'checking' }
  | { state: 'none' }
  | { state: 'failed'; error: unknown }
  | { state: 'ok'; session: Session };

/**
 * The stored session, verified with the server once per mount of a shell. No stored session is
 * 'none'; a token the server refuses is cleared and 'failed' (each shell decides where that goes).
 */
export function useVerifiedSession(): SessionCheck {
  const client = useApiClient();
  const [check, setCheck] = useState<SessionCheck>(() => (getSession() ? { state: 'checking' } : { state: 'none' }));

  useEffect(() => {
    const session = getSession();
    if (!session) return;
    let alive = true;
    authApi(client)
      .verifyToken()
      .then(
        (r) => {
          if (!alive) return;
          // The server's name and role are the truth (the account page may have renamed the user elsewhere).
          const name = r?.user?.name || session.user.name;
          const role = r?.user?.role ?? session.user.role;
          const verified = name !== session.user.name || role !== session.user.role ? { ...session, user: { ...session.user, name, role } } : session;
          if (verified !== session) setSession(verified);
          setCheck({ state: 'ok', session: verified });
        },
        (error: unknown) => {
          if (!alive) return;
          clearSession();
          setCheck({ state: 'failed', error });
        },
      );
    return () => {
      alive = false;
    };
    // Verification runs once per mount of the shell.
  }, []);

  return check;
}

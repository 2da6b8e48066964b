import { useEffect, useState } from 'react';
import type { LoginInput, LoginResponse } from '@journal/contracts';
import { useApiClient, type ApiClient } from './api-client';
import { clearSession, getSession, setSession, type Session } from './session';

/** The auth service's calls (docs/product.md#admin-area), shared by the admin and the work-log. */
export const authApi = (client: ApiClient) => ({
  login: (input: LoginInput) => client.post<LoginResponse>('/auth/login/', input),
  verifyToken: () => client.get<{ valid: boolean; user: { id: string; name: string } }>('/auth/verify-token/', { auth: true, handle401: false }),
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
          // The server's name is the truth (the account page may have renamed the user elsewhere).
          const verified = r?.user?.name && r.user.name !== session.user.name ? { ...session, user: { ...session.user, name: r.user.name } } : session;
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

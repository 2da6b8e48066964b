import type { PlatformLoginResponse } from '@journal/contracts';

/**
 * An operator's session, kept apart from a journal's (docs/security.md#platform-operators): in
 * this tab's storage, so it ends with the tab, and under a key no journal's admin reads.
 */
export const PLATFORM_SESSION_KEY = 'journal_platform_jwt';

export type PlatformStoredSession = Pick<PlatformLoginResponse, 'token' | 'user' | 'expiresAt'>;

export function getPlatformSession(): PlatformStoredSession | null {
  try {
    const s = JSON.parse(sessionStorage.getItem(PLATFORM_SESSION_KEY) ?? 'null') as PlatformStoredSession | null;
    return typeof s?.token === 'string' && typeof s?.user?.name === 'string' ? s : null;
  } catch {
    return null;
  }
}

export const setPlatformSession = (s: PlatformStoredSession) => sessionStorage.setItem(PLATFORM_SESSION_KEY, JSON.stringify(s));
export const clearPlatformSession = () => sessionStorage.removeItem(PLATFORM_SESSION_KEY);

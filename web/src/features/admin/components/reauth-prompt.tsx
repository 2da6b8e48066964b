import { useApiClient } from '@/lib/api-client';
import { authApi } from '@/lib/auth';
import { usePasswordRecheck } from '@/components/reauth-prompt';
import { failureMessage } from '../lib/failure';

/** A journal's sensitive acts: the signed-in staff member's password, confirmed by the auth service (docs/security.md#recent-authentication). */
export function useReauth() {
  const client = useApiClient();
  return usePasswordRecheck((password) => authApi(client).reauth(password), failureMessage);
}

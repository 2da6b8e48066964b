import { Navigate, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { LoginForm } from '@/components/login-form';
import { useApiClient } from '@/lib/api-client';
import { createPlatformApi } from '../api/platform.api';
import { getPlatformSession } from '../api/platform-session';

/** /platform/login: an operator's sign-in (accounts made with `jp operator create`); a signed-in operator goes on. */
export function PlatformLogin() {
  const navigate = useNavigate();
  const client = useApiClient();
  if (getPlatformSession()) return <Navigate to={paths.platform.root} replace />;
  return (
    <main className="admin admin-login">
      <LoginForm title="Platform sign-in" login={(input) => createPlatformApi(client).login(input)} onSuccess={() => navigate(paths.platform.root, { replace: true })} />
      <p className="hint">For the platform&apos;s operators. A journal&apos;s staff sign in on their journal&apos;s site instead.</p>
    </main>
  );
}

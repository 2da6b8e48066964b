import { useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { useApiClient } from '@/lib/api-client';
import { createPlatformApi, platformKeys } from '../api/platform.api';
import { getPlatformSession } from '../api/platform-session';
import { PlatformCustomerChanges } from './platform-customer-changes';
import { PlatformCustomers } from './platform-customers';
import { PlatformReports } from './platform-reports';

/**
 * /platform (docs/product.md#counter-platform): the platform's COUNTER reports over every journal
 * and the customers of its SUSHI API with their recent changes, for a signed-in operator; anyone
 * else goes to the sign-in.
 */
export function PlatformUsagePage() {
  const navigate = useNavigate();
  const client = useApiClient();
  const api = useMemo(() => createPlatformApi(client), [client]);
  const session = getPlatformSession();
  const customers = useQuery({ queryKey: platformKeys.customers(), queryFn: api.customers, enabled: !!session });
  const changes = useQuery({ queryKey: platformKeys.customerChanges(), queryFn: api.customerChanges, enabled: !!session });
  if (!session) return <Navigate to={paths.platform.login} replace />;
  const signOut = async () => {
    await api.logout();
    navigate(paths.platform.login, { replace: true });
  };
  return (
    <main className="admin platform">
      <header className="action-bar">
        <h1>Platform usage</h1>
        <span>
          Signed in as {session.user.name}{' '}
          <button type="button" className="btn" onClick={() => void signOut()}>
            Sign out
          </button>
        </span>
      </header>
      <PlatformReports api={api} customers={customers.data ?? []} />
      <PlatformCustomers api={api} query={customers} />
      <PlatformCustomerChanges query={changes} />
    </main>
  );
}

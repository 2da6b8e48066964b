import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, useLocation, useRouteError, type RouteObject } from 'react-router-dom';
import { Loading } from '@/components/status';
import { loadBrowserHtmlTools } from '@/lib/html-tools';
import { ErrorView } from '@/components/error-screen';
import { paths } from '@/config/paths';
import { ApiClientProvider, createApiClient } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { noteWrite } from '@/features/admin/lib/publishing';

/**
 * The admin's api client: an admin request answered 401 means the session ended elsewhere, so the
 * stored session is dropped and the admin login opens (docs/product.md#admin-area); a save is
 * followed to the public site (docs/product.md#publishing-status). The work-log shell hands its
 * pages a client of its own.
 */
export const appApiClient = createApiClient({
  onUnauthorized: () => {
    clearSession();
    window.alert('Session expired. Please login again.');
    window.location.assign(paths.admin.login);
  },
  onWritten: noteWrite,
});

function AdminError() {
  return <ErrorView error={useRouteError()} />;
}

const firstPath = window.location.pathname;

/** A link from the admin to the public site: public pages are served by the render process. */
function LeaveApp() {
  const { pathname, search, hash } = useLocation();
  const away = pathname !== firstPath;
  useEffect(() => {
    if (away) window.location.assign(pathname + search + hash);
  }, [away, pathname, search, hash]);
  // Loaded here without the render process (a development server): nothing to show.
  return away ? <Loading /> : <ErrorView error={{ status: 503, statusText: 'Service Unavailable' }} />;
}

/**
 * The client-rendered admin or work-log (the render process serves them the app shell). Each is a
 * chunk of its own, with React Router and react-query, none of which a reader's page loads.
 */
export async function startAdminApp() {
  void loadBrowserHtmlTools();
  // The platform's operators' screen (on the platform's host) has a client of its own: their token, never a journal's.
  const platform = /^\/platform(\/|$)/.test(firstPath) ? await import('@/features/platform/routes') : null;
  const area = platform
    ? platform.platformRoutes
    : /^\/webdata(\/|$)/.test(firstPath)
      ? (await import('@/features/worklog/routes')).worklogRoutes
      : (await import('@/features/admin/routes')).adminRoutes;
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } } });
  // Anything outside the admin and the work-log is a public page: a full page load.
  const routes: RouteObject[] = [{ id: 'app', errorElement: <AdminError />, children: [...area, { path: '*', element: <LeaveApp /> }] }];
  const router = createBrowserRouter(routes);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ApiClientProvider client={platform?.platformApiClient ?? appApiClient}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ApiClientProvider>
    </StrictMode>,
  );
}

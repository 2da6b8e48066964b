import type { RouteObject } from 'react-router-dom';
import { publicRoutes } from '@/features/public/routes';
import type { LoaderDeps } from '@/features/public/loaders';
import { Loading } from '@/components/status';
import { ErrorScreen } from '@/components/error-screen';

export const ROOT_ROUTE_ID = 'root';

/** The route tree the render process and the browser share. Admin and work-log load on demand. */
export function createRoutes(deps: LoaderDeps): RouteObject[] {
  // Shown while the browser renders a page without server data (admin and work-log shells).
  const hydrateFallbackElement = <Loading />;
  return [{ id: ROOT_ROUTE_ID, errorElement: <ErrorScreen />, hydrateFallbackElement, children: publicRoutes(deps) }];
}

type Patch = (routeId: string | null, children: RouteObject[]) => void;

/**
 * The admin and the work-log are separate chunks: their routes join the tree the first time the
 * reader goes there, so public pages never download them.
 */
export async function patchLazyRoutes({ path, patch }: { path: string; patch: Patch }): Promise<void> {
  if (/^\/admin(\/|$)/.test(path)) patch(ROOT_ROUTE_ID, (await import('@/features/admin/routes')).adminRoutes);
  else if (/^\/webdata(\/|$)/.test(path)) patch(ROOT_ROUTE_ID, (await import('@/features/worklog/routes')).worklogRoutes);
}

import { publicRoutes } from '@/features/public/routes';
import type { LoaderDeps } from '@/features/public/loaders';
import { prepareRoutes, type Route } from '@/lib/router';
import { ErrorScreen } from '@/components/error-screen';

/** Paths the public router leaves to a full page load: the admin, the work-log and the platform's screen are apps of their own. */
export const APP_SHELL_RE = /^\/(admin|webdata|platform)(\/|$)/;

/** The public site's route tree, built once and shared by the render process and the browser. */
export function createRoutes(): Route<LoaderDeps>[] {
  return prepareRoutes<LoaderDeps>([{ id: 'root', errorElement: <ErrorScreen />, children: publicRoutes() }]);
}

import type { RouteObject } from 'react-router-dom';
import { PlatformLogin } from './components/platform-login';
import { PlatformUsagePage } from './components/platform-usage-page';
import '@/components/staff-shell.css';
import './platform.css';

export { platformApiClient } from './api/platform.api';

/** The platform's operators' screen (docs/product.md#counter-platform), on COUNTER_PLATFORM_HOST. */
export const platformRoutes: RouteObject[] = [
  { path: '/platform/login', element: <PlatformLogin /> },
  { path: '/platform', element: <PlatformUsagePage /> },
];

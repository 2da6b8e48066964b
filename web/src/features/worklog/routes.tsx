import type { RouteObject } from 'react-router-dom';

/** Work-log routes (spec §2); the work-log work replaces this placeholder. */
export const worklogRoutes: RouteObject[] = [];

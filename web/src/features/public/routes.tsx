import type { RouteObject } from 'react-router-dom';

/** Public site routes (spec §2); the public-site work replaces this placeholder. */
export const publicRoutes: RouteObject[] = [{ path: '/', element: <main><h1>Journal</h1></main> }];

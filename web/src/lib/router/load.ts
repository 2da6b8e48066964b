import { locationOf, matchRoutes, resolveLazy, routeError, RouteErrorResponse, type Match, type Route, type RouterState } from './core';

/**
 * Running loaders: the render process's every page and the browser's navigations, never the
 * browser's hydration of a served page. The browser loads this module (with the route loaders)
 * once the page is idle, so it is no part of a reader's first load.
 */

export class Redirect {
  constructor(
    readonly location: string,
    readonly status: number,
  ) {}
}

/**
 * What a loader returns to have its page answered with another status while still rendered as
 * usual (a withdrawn article's tombstone is a page, answered 410 Gone).
 */
export class PageStatus {
  constructor(readonly status: number) {}
}
export const pageStatus = (status: number) => new PageStatus(status);

export const redirect = (location: string, status = 302) => new Redirect(location, status);

export type LoadResult<C> = { redirect: Redirect } | { state: RouterState<C>; status: number };

/** The error at `failed` goes to the nearest route at or above it with an error element. */
function boundaryErrors<C>(matches: Match<C>[], failed: number, error: unknown): Record<string, unknown> {
  for (let i = failed; i >= 0; i--) if (matches[i]!.route.errorElement) return { [matches[i]!.route.id]: error };
  return { [matches[0]!.route.id]: error };
}

/** Matches the URL and runs the loaders of every matched route at once. */
export async function load<C>(routes: Route<C>[], url: URL, context: C, navState: unknown = null, key?: string): Promise<LoadResult<C>> {
  const location = locationOf(url, navState, key);
  const matches = matchRoutes(routes, url.pathname);
  if (!matches) {
    const root = routes[0]!;
    return { state: { location, matches: [{ route: root, params: {} }], errors: { [root.id]: routeError(404, 'Not Found') } }, status: 404 };
  }
  const [settled] = await Promise.all([Promise.allSettled(matches.map(async (m) => m.route.loader?.({ params: m.params, url, context }))), resolveLazy(matches)]);
  const redirected = settled.find((s) => s.status === 'rejected' && s.reason instanceof Redirect) as PromiseRejectedResult | undefined;
  if (redirected) return { redirect: redirected.reason as Redirect };
  const failed = settled.findIndex((s) => s.status === 'rejected');
  if (failed < 0) {
    const set = settled.map((x) => (x.status === 'fulfilled' && x.value instanceof PageStatus ? x.value.status : 0));
    return { state: { location, matches, errors: null }, status: Math.max(200, ...set) };
  }
  const error = (settled[failed] as PromiseRejectedResult).reason;
  return { state: { location, matches, errors: boundaryErrors(matches, failed, error) }, status: error instanceof RouteErrorResponse ? error.status : 500 };
}

import { createElement, type ComponentType, type ReactNode } from 'react';

/**
 * The public site's router, without React: route matching, loaders, redirects and error
 * responses. The render process and the browser run the same code over the same route tree, so
 * the page the browser hydrates is the page the server rendered. It is small on purpose (it is part
 * of every reader's first load); the admin and the work-log use React Router in their own chunk.
 * React Router's data router would add about 27.5 kB gzip to every public route and take it past
 * the 80 kB budget (bench/first-load-alt.ts; docs/architecture.md#public-data-stack).
 */

export type Params = Record<string, string | undefined>;

export interface LoaderArgs<C> {
  params: Params;
  url: URL;
  /** What loaders read with (the read cache and the reads of this render or tab). */
  context: C;
}

export interface RouteObject<C = unknown> {
  id?: string;
  /** Segments relative to the parent; `:name` captures one segment, `*` the rest. */
  path?: string;
  index?: boolean;
  element?: ReactNode;
  /** Shown in place of this route's element when it or a route below it fails. */
  errorElement?: ReactNode;
  loader?: (args: LoaderArgs<C>) => unknown;
  /** The element's component in a chunk of its own, loaded with the route's data. */
  lazy?: LazyComponent;
  children?: RouteObject<C>[];
}

export interface LazyComponent {
  /** The module's path in the client build's manifest (`src/…`): the render process preloads its chunk. */
  module: string;
  load: () => Promise<ComponentType>;
}

/** A route component in a chunk of its own; `module` names the file `load` imports. */
export const lazyComponent = (module: string, load: () => Promise<ComponentType>): LazyComponent => ({ module, load });

const resolving = new WeakMap<object, Promise<void>>();

/** Loads the chunks of the matched routes' lazy components; afterwards they render like the others. */
export function resolveLazy<C>(matches: Match<C>[]): Promise<unknown> {
  return Promise.all(
    matches.map(({ route }) => {
      const lazy = route.lazy;
      if (!lazy || route.element !== undefined) return undefined;
      let p = resolving.get(route);
      if (!p) {
        p = lazy.load().then((C) => {
          route.element = createElement(C);
        });
        p.catch(() => resolving.delete(route));
        resolving.set(route, p);
      }
      return p;
    }),
  );
}

/** A route with the id it is known by in hydration data. */
export interface Route<C = unknown> extends Omit<RouteObject<C>, 'children'> {
  id: string;
  children?: Route<C>[];
}

export interface Match<C = unknown> {
  route: Route<C>;
  params: Params;
}

/** A page that cannot be shown as asked: 404, 503… thrown by loaders, read by the error screen. */
export class RouteErrorResponse {
  readonly internal = false;
  readonly data = null;
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {}
}

export const routeError = (status: number, statusText: string) => new RouteErrorResponse(status, statusText);
export const isRouteErrorResponse = (e: unknown): e is RouteErrorResponse => e instanceof RouteErrorResponse;

/** Gives every route an id (its position, unless it has one) once, when the tree is built. */
export function prepareRoutes<C>(routes: RouteObject<C>[], parent = ''): Route<C>[] {
  return routes.map((r, i) => {
    const id = r.id ?? (parent ? `${parent}-${i}` : String(i));
    return { ...r, id, children: r.children ? prepareRoutes(r.children, id) : undefined };
  });
}

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** The first chain of routes that consumes the whole path (case-insensitive, like React Router's default). */
export function matchRoutes<C>(routes: Route<C>[], pathname: string): Match<C>[] | null {
  const segs = pathname.split('/').filter(Boolean).map(decode);
  const walk = (list: Route<C>[], i: number, params: Params, out: Match<C>[]): Match<C>[] | null => {
    for (const route of list) {
      if (route.index) {
        if (i === segs.length) return [...out, { route, params }];
        continue;
      }
      const p = { ...params };
      let j = i;
      let ok = true;
      for (const part of (route.path ?? '').split('/').filter(Boolean)) {
        if (part === '*') {
          p['*'] = segs.slice(j).join('/');
          j = segs.length;
          break;
        }
        const seg = segs[j];
        if (seg === undefined) ok = false;
        else if (part.startsWith(':')) p[part.slice(1)] = seg;
        else if (part.toLowerCase() !== seg.toLowerCase()) ok = false;
        if (!ok) break;
        j++;
      }
      if (!ok) continue;
      const here = [...out, { route, params: p }];
      if (route.children) {
        const deeper = walk(route.children, j, p, here);
        if (deeper) return deeper;
        if (route.path && j === segs.length) return here;
      } else if (j === segs.length) return here;
    }
    return null;
  };
  return walk(routes, 0, {}, []);
}

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Navigation state (a section to scroll to); null on a page load. */
  state: unknown;
  key: string;
}

export interface RouterState<C = unknown> {
  location: Location;
  matches: Match<C>[];
  /** The error a route's boundary shows, by the boundary's route id. */
  errors: Record<string, unknown> | null;
}

export const locationOf = (url: URL, state: unknown = null, key = 'default'): Location => ({ pathname: url.pathname, search: url.search, hash: url.hash, state, key });

/** The state the browser starts from: the served page's matches and its errors, no loader run. */
export function hydratedState<C>(routes: Route<C>[], url: URL, errors: Record<string, unknown> | null): RouterState<C> {
  const matches = matchRoutes(routes, url.pathname) ?? [{ route: routes[0]!, params: {} }];
  return { location: locationOf(url), matches, errors };
}

type SerializedError = { __type: 'RouteErrorResponse'; status: number; statusText: string } | { __type: 'Error'; message: string };

/** Errors as JSON for the hydration payload; an unexpected error's message stays on the server. */
export function serializeErrors(errors: Record<string, unknown> | null): Record<string, SerializedError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries(errors).map(([id, e]): [string, SerializedError] => [
      id,
      e instanceof RouteErrorResponse ? { __type: 'RouteErrorResponse', status: e.status, statusText: e.statusText } : { __type: 'Error', message: 'Unexpected error' },
    ]),
  );
}

export function deserializeErrors(errors: unknown): Record<string, unknown> | null {
  if (!errors || typeof errors !== 'object') return null;
  return Object.fromEntries(
    Object.entries(errors as Record<string, SerializedError>).map(([id, e]) => [
      id,
      e.__type === 'RouteErrorResponse' ? new RouteErrorResponse(e.status, e.statusText) : new Error(e.message),
    ]),
  );
}

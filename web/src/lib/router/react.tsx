import {
  Component,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { type Location, type Params, type Route, type RouterState } from './core';
import type { LoadResult } from './load';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
type Navigate = (to: string, opts?: NavigateOptions) => void;

interface RouterContextValue {
  location: Location;
  params: Params;
  navigate: Navigate;
}

// Always provided: every public page renders inside StaticRouter or BrowserRouter.
const RouterContext = createContext<RouterContextValue>(null!);
const OutletContext = createContext<ReactNode>(null);
const ErrorContext = createContext<unknown>(undefined);

const useRouter = () => useContext(RouterContext);

export const useLocation = () => useRouter().location;
export const useParams = () => useRouter().params;
export const useNavigate = () => useRouter().navigate;
export const useRouteError = () => useContext(ErrorContext);
export const Outlet = () => <>{useContext(OutletContext)}</>;

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** Errors thrown while rendering a route show its error element, as loader errors do. */
class RenderBoundary extends Component<{ fallback: ReactNode; location: Location; children: ReactNode }, { error: unknown; location: Location }> {
  state = { error: undefined as unknown, location: this.props.location };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { location: Location }, state: { error: unknown; location: Location }) {
    // A new page starts without the previous page's error.
    return props.location !== state.location ? { error: undefined, location: props.location } : null;
  }
  render() {
    if (this.state.error === undefined) return this.props.children;
    return <ErrorContext.Provider value={this.state.error}>{this.props.fallback}</ErrorContext.Provider>;
  }
}

/** The matched routes' elements, each inside its parent's <Outlet/>; a failed route's boundary shows its error element. */
function Matches<C>({ state }: { state: RouterState<C> }) {
  const { matches, errors } = state;
  const failedAt = errors ? matches.findIndex((m) => m.route.id in errors) : -1;
  const shown = failedAt >= 0 ? matches.slice(0, failedAt + 1) : matches;
  let outlet: ReactNode = null;
  for (let i = shown.length - 1; i >= 0; i--) {
    const { route } = shown[i]!;
    let el: ReactNode =
      i === failedAt ? (
        <ErrorContext.Provider value={errors![route.id]}>{route.errorElement}</ErrorContext.Provider>
      ) : (
        <OutletContext.Provider value={outlet}>{route.element === undefined ? <Outlet /> : route.element}</OutletContext.Provider>
      );
    if (route.errorElement && i !== failedAt) {
      el = (
        <RenderBoundary fallback={route.errorElement} location={state.location}>
          {el}
        </RenderBoundary>
      );
    }
    outlet = el;
  }
  return outlet;
}

// The server renders once; navigation happens in the browser.
const noNavigate: Navigate = () => undefined;

/** The render process's router: one state, already loaded. */
export function StaticRouter<C>({ state }: { state: RouterState<C> }) {
  const value = useMemo(() => ({ location: state.location, params: state.matches.at(-1)?.params ?? {}, navigate: noNavigate }), [state]);
  return (
    <RouterContext.Provider value={value}>
      <Matches state={state} />
    </RouterContext.Provider>
  );
}

type HistoryState = { key: string; usr: unknown } | null;
const newKey = () => Math.random().toString(36).slice(2, 10);

/**
 * The browser's router: starts from the served page's state, runs loaders before showing the next
 * page (the current one stays until then), keeps scroll positions for Back and Forward, and leaves
 * paths outside its routes (`leave`) to a full page load.
 */
export function BrowserRouter<C>(props: { routes: Route<C>[]; context: C; initial: RouterState<C>; leave: (pathname: string) => boolean; onNavigate?: () => void }) {
  const { routes, context, leave, onNavigate } = props;
  const [state, setState] = useState<RouterState<C> & { pop?: boolean }>(props.initial);
  const current = useRef(0);
  const positions = useRef(new Map<string, number>());

  const go = useCallback(
    async (url: URL, opts: NavigateOptions & { pop?: boolean; key?: string }, hops = 0): Promise<void> => {
      if (url.origin !== window.location.origin || leave(url.pathname)) {
        window.location.assign(url.href);
        return;
      }
      const id = ++current.current;
      onNavigate?.();
      const key = opts.key ?? newKey();
      let result: LoadResult<C>;
      try {
        // The loaders' module (with the route loaders, in a chunk of their own) is no part of the first load.
        const { load } = await import('./load');
        result = await load(routes, url, context, opts.state ?? null, key);
      } catch {
        // A page's chunk failed to load (a new release, the network): the server serves the page.
        window.location.assign(url.href);
        return;
      }
      if (id !== current.current) return;
      if ('redirect' in result) {
        // The page asked for is never shown: its redirect takes its place in the history (pushed
        // or replaced as the original navigation was).
        if (hops < 5) await go(new URL(result.redirect.location, url), { replace: opts.replace || opts.pop }, hops + 1);
        else window.location.assign(result.redirect.location);
        return;
      }
      if (!opts.pop) {
        positions.current.set((window.history.state as HistoryState)?.key ?? 'default', window.scrollY);
        const entry: HistoryState = { key, usr: opts.state ?? null };
        if (opts.replace) window.history.replaceState(entry, '', url.href);
        else window.history.pushState(entry, '', url.href);
      }
      setState({ ...result.state, pop: opts.pop });
    },
    [routes, context, leave, onNavigate],
  );

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const onPop = () => {
      const h = window.history.state as HistoryState;
      void go(new URL(window.location.href), { pop: true, key: h?.key ?? 'default', state: h?.usr ?? null });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [go]);

  // New pages start at the top (or at their #section); Back and Forward return where the reader was.
  useLayoutEffect(() => {
    if (state.location.key === 'default' && !state.pop) return;
    const saved = state.pop ? positions.current.get(state.location.key) : undefined;
    const target = state.location.hash ? document.getElementById(decodeURIComponent(state.location.hash.slice(1))) : null;
    if (saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [state]);

  const navigate = useCallback<Navigate>((to, opts = {}) => void go(new URL(to, window.location.href), opts), [go]);
  const value = useMemo(() => ({ location: state.location, params: state.matches.at(-1)?.params ?? {}, navigate }), [state, navigate]);
  return (
    <RouterContext.Provider value={value}>
      <Matches state={state} />
    </RouterContext.Provider>
  );
}

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;
export interface LinkProps extends AnchorProps {
  to: string;
  state?: unknown;
  replace?: boolean;
}

const plainClick = (e: MouseEvent<HTMLAnchorElement>, target?: string) =>
  e.button === 0 && !e.metaKey && !e.altKey && !e.ctrlKey && !e.shiftKey && (!target || target === '_self');

/** An <a> whose plain clicks are navigations inside the site. */
export function Link({ to, state, replace, onClick, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || !plainClick(e, rest.target)) return;
    e.preventDefault();
    navigate(to, { state, replace });
  };
  return <a {...rest} href={to} onClick={handle} />;
}

/** A link that knows when its page is the current one (`aria-current="page"`, class `active`). */
export function NavLink({ end = false, className = '', ...rest }: LinkProps & { end?: boolean; className?: string }) {
  const here = useLocation().pathname.toLowerCase();
  const to = rest.to.toLowerCase();
  const endSlash = to !== '/' && to.endsWith('/') ? to.length - 1 : to.length;
  const active = here === to || (!end && here.startsWith(to) && here.charAt(endSlash) === '/');
  return <Link {...rest} aria-current={active ? 'page' : undefined} className={[className, active ? 'active' : null].filter(Boolean).join(' ')} />;
}

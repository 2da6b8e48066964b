/**
 * The public site's first load on React Router's data router and TanStack Query, measured with the
 * same code as today's (web/server/first-load.ts), so the two stacks can be compared on one build
 * machine: docs/architecture.md#first-load-budget records the figures and why today's stack stays.
 *
 *   node node_modules/.bin/tsx bench/first-load-alt.ts          (needs `npm run build` first, for today's figures)
 *
 * It writes an experimental client entry into web/.first-load-alt/ (removed afterwards) and builds
 * it with the project's Vite config, where two aliases swap the public site's own libraries for
 * thin layers over the libraries, leaving every page, loader and component as it is:
 *   - `@/lib/router` → React Router (`Link`, `NavLink`, `Outlet`, hooks; route errors and redirects
 *     as React Router's `data()` and `redirect()`; lazy pages as its `lazy` routes),
 *   - `@/lib/read-cache` → TanStack Query (`useRead` is `useQuery`, the loaders' `ensure` is
 *     `fetchQuery`),
 * and the entry hydrates `createBrowserRouter` (hydrationData) under `QueryClientProvider` and
 * `HydrationBoundary`. Server rendering (`createStaticHandler` + `StaticRouterProvider`, and
 * `dehydrate` of the query client) runs in the render process and adds nothing to the browser's
 * first load, so it is not built here. A second entry, the "floor", holds only what the browser
 * must load for that stack (React DOM, the data router, the query client, hydration) and no page:
 * no port of the site can be lighter than it.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { FIRST_LOAD_BUDGET_BYTES, describeFirstLoad, kB, measureFirstLoad, type FirstLoad } from '../web/server/first-load';

const ROOT = path.resolve(__dirname, '..');
const WEB = path.join(ROOT, 'web');
const DIR = path.join(WEB, '.first-load-alt');

const ROUTER = `
import { data, redirect as rrRedirect, useSearchParams as rrSearchParams } from 'react-router';
export { Link, NavLink, Outlet, useLocation, useNavigate, useParams, useRouteError, isRouteErrorResponse } from 'react-router';
export const useSearchParams = () => [rrSearchParams()[0]];
export const lazyComponent = (module, load) => ({ module, load });
export const routeError = (status, statusText) => data(statusText, { status, statusText });
export const redirect = (location, status = 302) => rrRedirect(location, status);
export const pageStatus = (status) => data(null, { status });
export const prepareRoutes = (routes) => routes;
`;

const READ_CACHE = `
import { createContext } from 'react';
import { useQuery } from '@tanstack/react-query';
export class ReadCache {
  constructor(client) { this.client = client; }
  ensure(q) { return this.client.fetchQuery(q); }
}
export const ReadCacheContext = createContext(null);
export const useRead = (q, opts = {}) => useQuery({ ...q, enabled: opts.enabled ?? true, select: opts.select });
`;

const ENTRY = `
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { HydrationBoundary, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { browserReads } from '@/features/public/api/public.api';
import { publicRoutes } from '@/features/public/routes';
import { ErrorScreen } from '@/components/error-screen';
import { Document } from '@/app/document';
import { HYDRATION_ELEMENT_ID, Providers } from '@/app/providers';
import { ReadCache } from '@/lib/read-cache';
import '@/styles.css';

const el = document.getElementById(HYDRATION_ELEMENT_ID);
const payload = el ? JSON.parse(el.textContent ?? 'null') : null;
if (payload) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  const cache = new ReadCache(client);
  const deps = { cache, reads: browserReads, origin: payload.site.origin || window.location.origin };
  const toRouter = (r) => ({
    id: r.id, path: r.path, index: r.index, element: r.element, errorElement: r.errorElement,
    loader: r.loader && (({ params, request }) => r.loader({ params, url: new URL(request.url), context: deps })),
    lazy: r.lazy && (async () => ({ Component: await r.lazy.load() })),
    children: r.children?.map(toRouter),
  });
  const router = createBrowserRouter([{ id: 'root', errorElement: <ErrorScreen />, children: publicRoutes().map(toRouter) }], { hydrationData: payload.router });
  hydrateRoot(document, (
    <Document>
      <StrictMode>
        <QueryClientProvider client={client}>
          <HydrationBoundary state={payload.queries}>
            <Providers cache={cache} reads={browserReads} site={payload.site}>
              <RouterProvider router={router} />
            </Providers>
          </HydrationBoundary>
        </QueryClientProvider>
      </StrictMode>
    </Document>
  ));
} else {
  void import('@/app/admin-app').then((m) => m.startAdminApp());
}
`;

/** Only the stack: React DOM, the data router, the query client and its hydration, one empty route. */
const FLOOR = `
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, useLoaderData } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { HydrationBoundary, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';

const client = new QueryClient();
function Page() {
  const q = useQuery({ queryKey: ['x'], queryFn: () => fetch('/api/settings').then((r) => r.json()) });
  return <><Link to="/about">{String(useLoaderData())}</Link>{JSON.stringify(q.data)}<Outlet /></>;
}
const router = createBrowserRouter([{ path: '/', Component: Page, loader: () => client.ensureQueryData({ queryKey: ['x'], queryFn: () => 1 }) }], { hydrationData: window.__data });
hydrateRoot(document, <QueryClientProvider client={client}><HydrationBoundary state={window.__queries}><RouterProvider router={router} /></HydrationBoundary></QueryClientProvider>);
`;

/** Builds one entry with the project's Vite config (through Vite's own CLI, as `npm run build` does) and measures it. */
function buildEntry(name: string, entry: string, aliases: boolean): FirstLoad {
  const outDir = path.join(DIR, `dist-${name}`);
  const alias = aliases
    ? `[{ find: /^@\\/lib\\/router$/, replacement: ${JSON.stringify(path.join(DIR, 'router.jsx'))} }, { find: /^@\\/lib\\/read-cache$/, replacement: ${JSON.stringify(path.join(DIR, 'read-cache.jsx'))} }]`
    : '[]';
  const config = path.join(DIR, `vite.${name}.config.mjs`);
  writeFileSync(
    config,
    `import { mergeConfig } from 'vite';
import project from '../vite.config.ts';
export default (env) => mergeConfig(project(env), {
  root: ${JSON.stringify(WEB)},
  logLevel: 'warn',
  resolve: { alias: ${alias} },
  build: { outDir: ${JSON.stringify(outDir)}, emptyOutDir: true, sourcemap: false, rollupOptions: { input: ${JSON.stringify(path.join(DIR, entry))} } },
});
`,
  );
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', config], { cwd: WEB, stdio: ['ignore', 'ignore', 'inherit'] });
  return measureFirstLoad(outDir);
}

/** Each library's share of the floor: React DOM alone, then with only one of the two. */
const REACT_ONLY = `
import { hydrateRoot } from 'react-dom/client';
hydrateRoot(document, <p>{String(window.__data)}</p>);
`;
const ROUTER_ONLY = `
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, useLoaderData } from 'react-router';
import { RouterProvider } from 'react-router/dom';
function Page() {
  return <><Link to="/about">{String(useLoaderData())}</Link><Outlet /></>;
}
const router = createBrowserRouter([{ path: '/', Component: Page, loader: () => fetch('/api/settings').then((r) => r.json()) }], { hydrationData: window.__data });
hydrateRoot(document, <RouterProvider router={router} />);
`;
const QUERY_ONLY = `
import { hydrateRoot } from 'react-dom/client';
import { HydrationBoundary, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
const client = new QueryClient();
function Page() {
  const q = useQuery({ queryKey: ['x'], queryFn: () => fetch('/api/settings').then((r) => r.json()) });
  return <p>{JSON.stringify(q.data)}</p>;
}
hydrateRoot(document, <QueryClientProvider client={client}><HydrationBoundary state={window.__queries}><Page /></HydrationBoundary></QueryClientProvider>);
`;

async function main() {
  const today = path.join(WEB, 'dist');
  if (!existsSync(path.join(today, '.vite/manifest.json'))) throw new Error('no client build in web/dist: run `npm run build` first');
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  try {
    writeFileSync(path.join(DIR, 'router.jsx'), ROUTER);
    writeFileSync(path.join(DIR, 'read-cache.jsx'), READ_CACHE);
    writeFileSync(path.join(DIR, 'entry.jsx'), ENTRY);
    writeFileSync(path.join(DIR, 'floor.jsx'), FLOOR);
    writeFileSync(path.join(DIR, 'react-only.jsx'), REACT_ONLY);
    writeFileSync(path.join(DIR, 'router-only.jsx'), ROUTER_ONLY);
    writeFileSync(path.join(DIR, 'query-only.jsx'), QUERY_ONLY);
    const ported = buildEntry('ported', 'entry.jsx', true);
    const floor = buildEntry('floor', 'floor.jsx', false);
    const react = buildEntry('react', 'react-only.jsx', false).entryBytes;
    const router = buildEntry('router', 'router-only.jsx', false).entryBytes - react;
    const query = buildEntry('query', 'query-only.jsx', false).entryBytes - react;
    const now = measureFirstLoad(today);

    console.log(`today's stack (own router and read cache), web/dist:\n${describeFirstLoad(now)}\n`);
    console.log(`React Router data router + TanStack Query, every page as it is:\n${describeFirstLoad(ported)}\n`);
    console.log(`React Router data router + TanStack Query, no page at all (the floor): ${kB(floor.entryBytes)}`);
    console.log(`  of which React DOM ${kB(react)}, the data router about ${kB(router)}, the query client with hydration about ${kB(query)}\n`);
    const byPage = new Map(ported.routes.map((r) => [r.page, r.bytes]));
    console.log(`${'route'.padEnd(24)} ${'today'.padStart(9)} ${'RR+TQ'.padStart(9)}`);
    for (const r of now.routes) console.log(`${path.basename(r.page, '.tsx').padEnd(24)} ${kB(r.bytes).padStart(9)} ${kB(byPage.get(r.page) ?? NaN).padStart(9)}`);
    const worst = (l: FirstLoad) => Math.max(...l.routes.map((r) => r.bytes));
    console.log(`\nheaviest route: today ${kB(worst(now))}, React Router + TanStack Query ${kB(worst(ported))} (floor ${kB(floor.entryBytes)}); budget ${kB(FIRST_LOAD_BUDGET_BYTES)}`);
  } finally {
    rmSync(DIR, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});

import { createElement } from 'react';
import { deserializeErrors, lazyComponent, matchRoutes, prepareRoutes, routeError, serializeErrors, type RouteObject } from './core';
import { load, pageStatus, redirect } from './load';

const Page = () => null;
const tree = (): RouteObject<{ log: string[] }>[] => [
  {
    id: 'root',
    errorElement: 'root error',
    children: [
      {
        id: 'layout',
        element: 'layout',
        loader: ({ context }) => void context.log.push('layout'),
        children: [
          {
            id: 'pages',
            errorElement: 'page error',
            children: [
              { index: true, element: 'home' },
              { path: 'board', element: 'board', loader: ({ context }) => void context.log.push('board') },
              {
                path: 'archives',
                element: 'archives',
                children: [
                  { index: true, loader: () => Promise.reject(redirect('/archives/2026/vol7/issue4')) },
                  { path: ':year/:vol/:issue', element: 'issue' },
                  { path: ':year/:vol/:issue/:ref', lazy: lazyComponent('src/article.tsx', async () => Page) },
                ],
              },
              { path: 'broken', loader: () => Promise.reject(new Error('database password in here')) },
              {
                path: '*',
                loader: () => {
                  throw routeError(404, 'Not Found');
                },
              },
            ],
          },
        ],
      },
    ],
  },
];

const ids = (m: { route: { id: string } }[] | null) => m?.map((x) => x.route.id);

describe('public router: matching', () => {
  const routes = prepareRoutes(tree());

  test('index, static and dynamic segments; any case; a trailing slash; decoded params', () => {
    expect(ids(matchRoutes(routes, '/'))).toEqual(['root', 'layout', 'pages', 'pages-0']);
    expect(ids(matchRoutes(routes, '/Board/'))).toEqual(['root', 'layout', 'pages', 'pages-1']);
    const m = matchRoutes(routes, '/archives/2026/vol7/no%20four/R%2F1')!;
    expect(m.at(-1)!.params).toEqual({ year: '2026', vol: 'vol7', issue: 'no four', ref: 'R/1' });
  });

  test('a path no branch consumes falls to the splat route, beside the branch that did not fit', () => {
    expect(ids(matchRoutes(routes, '/archives/2026/vol7'))?.at(-1)).toBe('pages-4');
    expect(matchRoutes(routes, '/archives/a/b/c/d/e')!.at(-1)!.params['*']).toBe('archives/a/b/c/d/e');
    // A malformed escape is kept as it came instead of throwing.
    expect(ids(matchRoutes(routes, '/%E0%A4%A'))?.at(-1)).toBe('pages-4');
  });
});

describe('public router: loading', () => {
  const run = (path: string) => {
    const context = { log: [] as string[] };
    return { context, result: load(prepareRoutes(tree()), new URL(`http://x${path}`), context) };
  };

  test('runs the loaders of every matched route and answers 200', async () => {
    const { context, result } = run('/board');
    const r = await result;
    expect('state' in r && r.status).toBe(200);
    expect(context.log.sort()).toEqual(['board', 'layout']);
  });

  test('a loader may answer its page with another status, the page still rendered (a tombstone is 410)', async () => {
    const routes = prepareRoutes<null>([{ id: 'root', children: [{ path: 'gone', element: 'tombstone', loader: () => pageStatus(410) }] }]);
    const r = await load(routes, new URL('http://x/gone'), null);
    if (!('state' in r)) throw new Error('expected a page');
    expect(r.status).toBe(410);
    expect(r.state.errors).toBeNull();
  });

  test('a redirect thrown by a loader is the answer', async () => {
    expect(await run('/archives').result).toEqual({ redirect: redirect('/archives/2026/vol7/issue4') });
  });

  test("a loader's error response (thrown at once or later) goes to the nearest error element with its status", async () => {
    const r = await run('/nowhere').result;
    if (!('state' in r)) throw new Error('expected a page');
    expect(r.status).toBe(404);
    expect(r.state.errors).toEqual({ pages: routeError(404, 'Not Found') });
    const broken = await run('/broken').result;
    expect('state' in broken && broken.status).toBe(500);
  });

  test('an unexpected error reaches the browser without its message', () => {
    const errors = serializeErrors({ pages: new Error('database password in here'), other: routeError(503, 'Service Unavailable') });
    expect(JSON.stringify(errors)).not.toContain('password');
    expect(deserializeErrors(JSON.parse(JSON.stringify(errors)))).toEqual({ pages: new Error('Unexpected error'), other: routeError(503, 'Service Unavailable') });
  });

  test("a matched route's lazy component is loaded with the data, once", async () => {
    const routes = prepareRoutes(tree());
    const article = matchRoutes(routes, '/archives/2026/vol7/issue4/1019')!.at(-1)!.route;
    expect(article.element).toBeUndefined();
    await load(routes, new URL('http://x/archives/2026/vol7/issue4/1019'), { log: [] });
    expect(article.element).toEqual(createElement(Page));
  });
});

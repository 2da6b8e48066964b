import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real local HTTP server for component tests (no fetch mocks): each test file gives it a small
 * route table; the server adds the CORS and JSON plumbing the browser client needs, records every
 * request, and can be switched to fail every read and write.
 */

/** One request as the server saw it. */
export interface RecordedRequest {
  method: string;
  /** The path with its query, as sent. */
  url: string;
  /** The path without its query. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** The bearer token sent, or '' without one. */
  token: string;
  body: string;
}

/** What a route answers: a JSON body, its status and any further headers (a download's content-disposition). */
export interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export const json = (body: unknown, status = 200, headers?: Record<string, string>): Answer => ({ status, body, ...(headers ? { headers } : {}) });
export const problem = (status: number, error: string, message: string, extra: object = {}): Answer => json({ error, message, ...extra }, status);

/** The answer of every route while the server is failing. */
export const FAILURE = problem(500, 'internal', 'boom');

/**
 * A route answers now, or later: a promise the test resolves when it lets the answer go, so the
 * state before it is on screen. `params` are a RegExp pattern's groups.
 */
export type Route = (req: RecordedRequest, params: string[]) => Answer | Promise<Answer>;

/**
 * Routes in order, the first whose pattern matches wins: a RegExp is tried on the path, a string
 * is the exact path, or `METHOD /path`; '*' matches anything. No match answers 404.
 */
export type RouteTable = [pattern: string | RegExp, route: Route][];

function matchRoute(routes: RouteTable, req: RecordedRequest): [Route, string[]] | null {
  for (const [pattern, route] of routes) {
    if (pattern instanceof RegExp) {
      const m = pattern.exec(req.path);
      if (m) return [route, m.slice(1)];
      continue;
    }
    const [method, path] = pattern.includes(' ') ? pattern.split(' ', 2) : [null, pattern];
    if ((method === null || method === req.method) && (path === '*' || path === req.path)) return [route, []];
  }
  return null;
}

export class JsonServer {
  /** `http://127.0.0.1:<port>`, the API client's base URL (set once started). */
  base = '';
  /** Every request but the CORS preflights, in order. */
  readonly requests: RecordedRequest[] = [];
  /** While true every request is answered 500. */
  failing = false;
  private server: http.Server | null = null;

  constructor(private readonly routes: RouteTable) {}

  async start(): Promise<this> {
    const server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('access-control-allow-headers', 'authorization, content-type, idempotency-key');
      res.setHeader('access-control-expose-headers', 'content-disposition');
      if (req.method === 'OPTIONS') return void res.writeHead(204).end();
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const seen = recorded(req, Buffer.concat(chunks).toString());
        this.requests.push(seen);
        const found = matchRoute(this.routes, seen);
        const answer = this.failing ? FAILURE : found ? found[0](seen, found[1]) : problem(404, 'not_found', 'Not found');
        void Promise.resolve(answer).then((a) => res.writeHead(a.status, a.headers).end(JSON.stringify(a.body)));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    this.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  /** Not failing, no requests seen. */
  reset() {
    this.failing = false;
    this.requests.length = 0;
  }

  close(): Promise<void> {
    const server = this.server;
    if (!server) return Promise.resolve();
    // An answer a test held and never let go must not keep the server open.
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function recorded(req: http.IncomingMessage, body: string): RecordedRequest {
  const url = req.url ?? '/';
  const parsed = new URL(url, 'http://test');
  return {
    method: req.method ?? 'GET',
    url,
    path: parsed.pathname,
    query: parsed.searchParams,
    headers: req.headers,
    token: (req.headers.authorization ?? '').replace(/^Bearer /, ''),
    body,
  };
}

export const startJsonServer = (routes: RouteTable): Promise<JsonServer> => new JsonServer(routes).start();

/**
 * The server for a whole test file: started before its tests, closed after them, and reset
 * before each test.
 */
export function useJsonServer(routes: RouteTable): JsonServer {
  const server = new JsonServer(routes);
  beforeAll(() => server.start());
  afterAll(() => server.close());
  beforeEach(() => server.reset());
  return server;
}

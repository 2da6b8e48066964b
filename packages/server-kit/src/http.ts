import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import type { Logger } from './logger';
import { createMetrics, type Metrics } from './metrics';
import { errorHandler } from './error-handler';
import { dependencyHealth, type Dependency } from './dependencies';
import { redactUrl } from './log-redact';

export const REQUEST_ID_HEADER = 'x-request-id';
const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      requestId: string;
    }
  }
}

export interface HttpAppOptions {
  name: string;
  logger: Logger;
  /**
   * Resolves true when this process can answer (its warm-up done). Not the datastores: their
   * trouble is answered per request (503 JSON), and a failover must not empty every Service.
   */
  ready?: () => Promise<boolean> | boolean;
  /** The datastores, reported by /healthz and the `dependency_*` gauges (see dependencies.ts). */
  dependencies?: Record<string, Dependency>;
  /** JSON body limit, or false where bodies are streamed on (the gateway). */
  jsonLimit?: string | false;
  /** Whether an incoming x-request-id may be kept (the gateway keeps only its trusted proxy's). */
  trustRequestId?: (req: Request) => boolean;
  metrics?: Metrics;
  /** Which request lines are written (see `requestLogger`); default every one. */
  logSample?: RequestLogSampling;
}

export interface RequestLogSampling {
  /** 1 in `every` successful GET/HEAD answers is logged; 1 logs them all. */
  every: number;
  /** Answers slower than this are always logged, as are errors, 4xx/5xx and writes. */
  slowMs: number;
}

const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The request id to use: the incoming one when its sender is trusted and it is well formed, else a new one. */
export function pickRequestId(incoming: string | undefined, trusted: boolean): string {
  return trusted && incoming && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID();
}

/** What the request logger reads of a request: express's Request, or a bare one given these fields. */
export type LoggedRequest = { url?: string; method?: string; requestId: string; originalUrl?: string };

/**
 * One line per request when it ends, at info: `{requestId, req: {method, url}, res: {statusCode},
 * responseTime}`. Successful reads may be sampled: at thousands of reads a second every line costs
 * the process CPU and the log store bytes while saying nothing new. Failures, 4xx, writes, slow
 * answers and aborted requests are always written. No per-request child logger is made.
 */
export function requestLogger(logger: Logger, sampling: RequestLogSampling) {
  let seen = 0;
  return (req: LoggedRequest, res: ServerResponse, next: () => void) => {
    if (QUIET_PATHS.has(req.url ?? '') || !logger.isLevelEnabled('info')) {
      next();
      return;
    }
    const t0 = performance.now();
    const done = (finished: boolean) => {
      const ms = Math.round(performance.now() - t0);
      const status = res.statusCode;
      const read = req.method === 'GET' || req.method === 'HEAD';
      if (finished && status < 400 && read && ms < sampling.slowMs && sampling.every > 1 && ++seen % sampling.every !== 0) return;
      logger.info(
        { requestId: req.requestId, req: { method: req.method, url: redactUrl(req.originalUrl ?? req.url ?? '') }, res: { statusCode: status }, responseTime: ms },
        !finished ? 'request aborted' : status >= 500 ? 'request errored' : 'request completed',
      );
    };
    res.once('finish', () => done(true));
    res.once('close', () => {
      if (!res.writableFinished) done(false);
    });
    next();
  };
}

/** A request once `observe` has run: its id, and the target as it came (for the log line). */
export type ObservedRequest = IncomingMessage & { requestId: string; originalUrl: string };

export interface HttpApp {
  app: Express;
  metrics: Metrics;
  /**
   * The one request pipeline: picks the request id (the incoming one only from a trusted sender),
   * starts the request's log line and its duration metric. The express app runs it first; entry
   * points in front of express (the gateway's proxy, the render process's pages) call it
   * themselves and put the id into their one writeHead.
   */
  observe(req: IncomingMessage & { route?: { path: string } }, res: ServerResponse, trustedId: boolean): ObservedRequest;
  /** Mount routes here, then call `finish()` to add the 404 and error handlers. */
  finish(): void;
  state: { shuttingDown: boolean };
  /** Stops the health timers (tests that start many apps in one process). */
  stopHealth(): void;
}

/** Express app with request ids, JSON logging, metrics, health endpoints and one error handler. */
export function createHttpApp(opts: HttpAppOptions): HttpApp {
  const app = express();
  const state = { shuttingDown: false };
  const metrics = opts.metrics ?? createMetrics(opts.name);
  app.disable('x-powered-by');
  app.set('etag', 'strong');
  app.set('query parser', 'simple');

  const logRequest = requestLogger(opts.logger, opts.logSample ?? { every: 1, slowMs: 0 });
  const noop = () => {};
  const observe: HttpApp['observe'] = (req, res, trustedId) => {
    const incoming = req.headers[REQUEST_ID_HEADER];
    const observed = Object.assign(req, {
      requestId: pickRequestId(typeof incoming === 'string' ? incoming : undefined, trustedId),
      originalUrl: req.url ?? '/',
    });
    logRequest(observed, res, noop);
    metrics.middleware(observed, res, noop);
    return observed;
  };

  app.use((req: Request, res: Response, next: NextFunction) => {
    observe(req, res, opts.trustRequestId ? opts.trustRequestId(req) : true);
    res.setHeader(REQUEST_ID_HEADER, req.requestId);
    if (state.shuttingDown) res.setHeader('Connection', 'close');
    next();
  });

  // Liveness: the event loop answers. The datastores are detail for people and alerts, never a
  // reason to restart (a restart fixes no database).
  const health = opts.dependencies ? dependencyHealth(opts.dependencies, metrics.registry) : undefined;
  app.get('/healthz', (_req, res) => {
    res.json(health ? health.report() : { status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    let ok = !state.shuttingDown;
    if (ok && opts.ready) ok = await Promise.resolve(opts.ready()).catch(() => false);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'unavailable' });
  });
  app.get('/metrics', async (_req, res) => {
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  });

  if (opts.jsonLimit !== false) {
    app.use(express.json({ limit: opts.jsonLimit ?? '1mb', strict: true, type: ['application/json', 'application/*+json'] }));
  }

  return {
    app,
    metrics,
    observe,
    state,
    stopHealth: () => health?.stop(),
    finish() {
      app.use((req: Request, res: Response) => {
        res.status(404).json({ error: 'not_found', message: `No route for ${req.method} ${req.path}` });
      });
      app.use(errorHandler(opts.logger));
    },
  };
}

export interface RunningServer {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * Listens, and on close stops accepting, lets in-flight requests finish within the grace period,
 * then drops what is left: the order a rolling restart needs for zero failed requests.
 */
export function listen(
  httpApp: HttpApp,
  port: number,
  host = '127.0.0.1',
  graceMs = 10_000,
  /** Answers requests in front of the express app (the gateway's proxy), handing it the rest. */
  handler?: RequestListener,
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = handler ? createServer(handler).listen(port, host) : httpApp.app.listen(port, host);
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    server.once('error', reject);
    server.once('listening', () => {
      const addr = server.address() as AddressInfo;
      resolve({
        server,
        port: addr.port,
        url: `http://${host}:${addr.port}`,
        close: () =>
          new Promise<void>((done) => {
            httpApp.state.shuttingDown = true;
            httpApp.stopHealth();
            const hard = setTimeout(() => server.closeAllConnections(), graceMs);
            hard.unref();
            const closeNow = () =>
              server.close(() => {
                clearTimeout(hard);
                done();
              });
            // server.close() also drops idle keep-alive connections, which races a client's next
            // request on them. So first let open connections drain: each answer now carries
            // `Connection: close`, and the client hangs up knowingly.
            server.getConnections((_err, open) => {
              if (!open) closeNow();
              else setTimeout(closeNow, Math.min(2000, graceMs / 2)).unref();
            });
          }),
      });
    });
  });
}

/** Calls `stop` once on SIGTERM or SIGINT, then exits; a second signal exits at once. */
export function onShutdown(logger: Logger, stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, 'shutting down');
    stop()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', handler);
  process.on('SIGINT', handler);
}

/** For answers about accounts and staff work: never kept by a browser or a shared cache. */
export function noStore(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}

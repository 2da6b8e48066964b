import { Agent, type IncomingMessage, type ServerResponse, type ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { Gauge } from 'prom-client';
import {
  AppError, CLIENT_IP_HEADER, PUBLIC_HOST_HEADER, REQUEST_ID_HEADER, TENANT_HEADER,
  createHttpApp, createLogger, listen, type RunningServer,
} from '@journal/common';
import type { GatewayConfig } from './config';
import { isUploadRoute, upstreamFor, type Upstream } from './routes';
import { normaliseHost, TenantResolver } from './tenants';
import { clientIp, makeTrustCheck } from './client-ip';

/** Headers a client may not set: the gateway is the only source of tenant and address facts. */
const STRIPPED = [TENANT_HEADER, CLIENT_IP_HEADER, PUBLIC_HOST_HEADER, 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded'];

const FRESH_COOKIE = 'jp_fresh=1; Max-Age=5; Path=/; SameSite=Lax; HttpOnly';

interface Ctx {
  journalId: string;
  host: string;
  clientIp: string;
  startedAt: number;
}
type GwReq = IncomingMessage & { gw?: Ctx; requestId?: string };

export interface GatewayApp {
  url: string;
  port: number;
  tenants: TenantResolver;
  stop(): Promise<void>;
}

export async function start(config: GatewayConfig): Promise<GatewayApp> {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const trusted = makeTrustCheck(config.TRUSTED_PROXIES);
  const tenants = new TenantResolver(config.CONTENT_URL, config.TENANT_CACHE_MS);
  const http = createHttpApp({
    name: 'gateway',
    logger,
    jsonLimit: false,
    trustRequestId: (req) => trusted(req.socket.remoteAddress ?? ''),
  });
  const { app } = http;
  const inflight = new Gauge({ name: 'gateway_inflight_requests', help: 'Requests being proxied', registers: [http.metrics.registry] });

  // TLS ends in front of us; upgrading requests is left to the deployment so plain-HTTP hosts keep working.
  app.use(helmet({ contentSecurityPolicy: { directives: { 'img-src': ["'self'", 'data:', 'https:'], 'frame-ancestors': ["'self'"], 'upgrade-insecure-requests': null } } }));

  const upstreamUrl: Record<Upstream, string> = {
    content: config.CONTENT_URL,
    auth: config.AUTH_URL,
    worklog: config.WORKLOG_URL,
    pdf: config.PDF_URL,
  };

  const proxies = Object.fromEntries(
    (Object.keys(upstreamUrl) as Upstream[]).map((name) => {
      const timeout = name === 'pdf' ? config.PDF_PROXY_TIMEOUT_MS : config.PROXY_TIMEOUT_MS;
      const mw = createProxyMiddleware<Request, Response>({
        target: upstreamUrl[name],
        // http-proxy opens a new connection per request unless given an agent.
        agent: new Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64, timeout: 60_000 }),
        changeOrigin: false,
        xfwd: false,
        proxyTimeout: timeout,
        on: {
          proxyReq: (proxyReq: ClientRequest, req: IncomingMessage) => {
            const r = req as GwReq;
            for (const h of STRIPPED) proxyReq.removeHeader(h);
            proxyReq.setHeader(TENANT_HEADER, r.gw!.journalId);
            proxyReq.setHeader(PUBLIC_HOST_HEADER, r.gw!.host);
            proxyReq.setHeader(CLIENT_IP_HEADER, r.gw!.clientIp);
            proxyReq.setHeader(REQUEST_ID_HEADER, r.requestId ?? '');
          },
          proxyRes: (proxyRes: IncomingMessage, req: IncomingMessage) => {
            // After a successful write this browser skips nginx's one-second cache of public
            // reads for a few seconds, so it sees what it just wrote on the next request.
            const status = proxyRes.statusCode ?? 500;
            if (req.method !== 'GET' && req.method !== 'HEAD' && status < 300) {
              const prior = proxyRes.headers['set-cookie'] ?? [];
              proxyRes.headers['set-cookie'] = [...prior, FRESH_COOKIE];
            }
          },
          error: (err: Error & { code?: string }, req: IncomingMessage, res: ServerResponse | Socket) => {
            const r = req as GwReq;
            const elapsed = Date.now() - (r.gw?.startedAt ?? Date.now());
            const slow = elapsed >= timeout - 50 || err.code === 'ETIMEDOUT';
            const status = slow ? 504 : 502;
            logger.warn({ upstream: name, code: err.code, elapsed, requestId: r.requestId }, 'upstream failed');
            if (!('writeHead' in res)) {
              res.destroy();
              return;
            }
            if (res.headersSent) {
              res.destroy();
              return;
            }
            res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
            res.end(JSON.stringify(
              slow
                ? { error: 'gateway_timeout', message: `The ${name} service did not answer in time` }
                : { error: 'bad_gateway', message: `The ${name} service is unavailable` },
            ));
          },
        },
      });
      return [name, mw];
    }),
  ) as Record<Upstream, RequestHandler<Request, Response>>;

  app.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (req.path.startsWith('/internal/')) throw new AppError(404, 'not_found', 'Not found');
      const upstream = upstreamFor(req.path);
      if (!upstream) throw new AppError(404, 'not_found', `No route for ${req.method} ${req.path}`);

      const limit = isUploadRoute(req.method, req.path) ? config.UPLOAD_LIMIT_BYTES : config.BODY_LIMIT_BYTES;
      // Bodies are streamed on, not parsed here; a body without a declared length could not be
      // held to the limit before it reaches a service, so it is refused.
      if (req.header('transfer-encoding') && req.header('content-length') === undefined) {
        throw new AppError(411, 'length_required', 'A request body needs a Content-Length');
      }
      const declared = Number(req.header('content-length') ?? 0);
      if (declared > limit) throw new AppError(413, 'payload_too_large', `Body exceeds ${limit} bytes`);

      const host = normaliseHost(req.header('host'));
      if (!host) throw new AppError(400, 'invalid_host', 'Host header is missing or invalid');
      const journalId = await tenants.resolve(host);
      if (!journalId) throw new AppError(404, 'unknown_journal', `No journal is served at ${host}`);

      (req as unknown as GwReq).gw = { journalId, host, clientIp: clientIp(req, trusted), startedAt: Date.now() };
      inflight.inc();
      res.on('close', () => inflight.dec());
      await proxies[upstream](req, res, next);
    } catch (err) {
      next(err);
    }
  });
  http.finish();

  const server: RunningServer = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  logger.info({ url: server.url }, 'gateway listening');
  return { url: server.url, port: server.port, tenants, stop: () => server.close() };
}

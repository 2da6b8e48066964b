import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import { Gauge } from 'prom-client';
import { AppError, createHttpApp, createLogger, listen, logSampleOf, type RunningServer } from '@journal/server-kit';
import type { GatewayConfig } from './config';
import { isUploadRoute, upstreamFor, type Upstream } from './routes';
import { normaliseHost, TenantResolver } from './tenants';
import { clientIp, makeTrustCheck } from './client-ip';
import { createUpstreamProxy, type GwReq } from './proxy';

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
    logSample: logSampleOf(config),
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
    render: config.RENDER_URL,
  };

  const proxies = Object.fromEntries(
    (Object.keys(upstreamUrl) as Upstream[]).map((name) => [
      name,
      createUpstreamProxy(name, upstreamUrl[name], name === 'pdf' ? config.PDF_PROXY_TIMEOUT_MS : config.PROXY_TIMEOUT_MS, logger, () => http.state.shuttingDown),
    ]),
  ) as Record<Upstream, ReturnType<typeof createUpstreamProxy>>;

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

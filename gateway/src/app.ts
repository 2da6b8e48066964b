import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { Counter, Gauge } from 'prom-client';
import { logSampleOf } from '@journal/server-kit/config';
import { redisDependency } from '@journal/server-kit/dependencies';
import { EDGE_CACHE_KEY_HEADER, EdgeKeyMap } from '@journal/server-kit/edge-keys';
import { sendErrorAnswer } from '@journal/server-kit/error-handler';
import { AppError } from '@journal/server-kit/errors';
import { createHttpApp, listen, REQUEST_ID_HEADER, type ObservedRequest, type RunningServer } from '@journal/server-kit/http';
import { createLogger, type Logger } from '@journal/server-kit/logger';
import { normaliseHost, publicOriginOf } from '@journal/server-kit/public-origin';
import { createRedis, redisReady } from '@journal/server-kit/redis';
import type { ResolveAddresses } from '@journal/server-kit/replica-set';
import { edgeTarget, isEdgeCachedRead } from '@journal/contracts/edge-routes';
import type { GatewayConfig } from './config';
import { isPlatformApi, isSubmissionUploadRoute, isUploadRoute, sideOf, upstreamFor, type Upstream } from './routes';
import { PLATFORM_TENANT_ID } from '@journal/contracts/ids';
import { TenantResolver, type Tenant } from './tenants';
import { requestTarget } from './request-target';
import { clientIp, makeTrustCheck } from './client-ip';
import { createUpstreamProxy, type GatewayContext, type UpstreamProxy } from './proxy';
import { affinityUpstreams, type PoolOptions, type Upstreams } from './affinity';
import { HELMET_OPTIONS, securityHeaders } from './security-headers';
import { EdgeAnswers, edgeTtlOf } from './edge-answers';
import { SharedReads } from './shared-reads';
import { ChangeStamps, STAMP_WAIT_MS } from './change-stamps';

export interface GatewayApp {
  url: string;
  port: number;
  tenants: TenantResolver;
  stop(): Promise<void>;
}

/** The gateway's own endpoints, answered by the express app; every other request is proxied. */
const OWN_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

type GwRequest = ObservedRequest;

/** Pages (every one the render process answers) and the content reads nginx keeps, asked for to be read. */
const keptByEdge = (upstream: Upstream, method: string, path: string) =>
  (method === 'GET' || method === 'HEAD') && (upstream === 'render' || (upstream === 'content' && isEdgeCachedRead(path)));

/** What a test may put in place of the system's: the lookup of the replicas' addresses. */
export interface GatewayOptions {
  resolveAddresses?: ResolveAddresses;
}

export async function start(config: GatewayConfig, options: GatewayOptions = {}): Promise<GatewayApp> {
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const trusted = makeTrustCheck(config.TRUSTED_PROXIES);
  const tenants = new TenantResolver(config.CONTENT_URL, config.TENANT_CACHE_MS);
  const platformHost = config.COUNTER_PLATFORM_HOST ? normaliseHost(config.COUNTER_PLATFORM_HOST) : null;
  const logSample = logSampleOf(config);
  const edgeRedisUrl = config.EDGE_REDIS_URL || config.REDIS_URL;
  const redis = edgeRedisUrl ? createRedis(edgeRedisUrl) : null;
  const http = createHttpApp({
    name: 'gateway',
    logger,
    jsonLimit: false,
    logSample,
    // The Redis of the records: /healthz and the metrics (its memory among them) show it.
    ...(redis ? { dependencies: { 'edge-redis': redisDependency(redis) } } : {}),
    trustRequestId: (req) => trusted(req.socket.remoteAddress ?? ''),
  });
  const { app, metrics } = http;
  const inflight = new Gauge({ name: 'gateway_inflight_requests', help: 'Requests being proxied', registers: [metrics.registry] });
  const replicas = new Gauge({ name: 'gateway_upstream_replicas', help: 'Reachable replicas a service\'s journals are spread over (journal affinity)', labelNames: ['upstream'], registers: [metrics.registry] });
  app.use(helmet(HELMET_OPTIONS));
  http.finish();

  const security = securityHeaders();
  const edgeTtl = edgeTtlOf(config);
  const keys = redis
    ? new EdgeKeyMap(redis, {
        prefix: config.REDIS_PREFIX,
        ttlSeconds: edgeTtl.ttlSeconds,
        maxLinked: config.EDGE_KEYS_LINKED_MAX,
        maxOther: config.EDGE_KEYS_OTHER_MAX,
        maxDropped: config.EDGE_KEYS_DROPPED_MAX,
        maxKeyLength: config.EDGE_KEY_MAX_BYTES,
      })
    : null;
  const edge = new EdgeAnswers({ keys, logger, ...edgeTtl });
  // The journals' change numbers are in the services' own Redis (the records may have one of their
  // own); a connection of its own, as a read waits on it and must not wait long.
  const changeRedis = config.REDIS_URL ? createRedis(config.REDIS_URL, { commandTimeout: STAMP_WAIT_MS }) : null;
  const stamps = changeRedis ? new ChangeStamps(changeRedis, config.REDIS_PREFIX) : null;
  // A read before the connection is ready goes on unstamped, and nginx may not store it: wait a little.
  if (changeRedis) await redisReady(changeRedis, 2000);
  const sharedAnswers = new Counter({
    name: 'gateway_shared_answers_total',
    help: "Answers a reader got from another reader's request to the service (readers asking at once for a key nginx does not hold)",
    labelNames: ['upstream'],
    registers: [metrics.registry],
  });
  // Records an earlier release wrote without an expiry get one (in the background).
  void keys?.expireUnbounded().then(
    (n) => n && logger.info({ keys: n }, 'edge records without an expiry were given one'),
    (err: unknown) => logger.warn({ err }, 'edge records without an expiry could not be given one'),
  );
  const upstreamUrl: Record<Upstream, string> = {
    content: config.CONTENT_URL,
    'content-staff': config.CONTENT_STAFF_URL ?? config.CONTENT_URL,
    auth: config.AUTH_URL,
    worklog: config.WORKLOG_URL,
    pdf: config.PDF_URL,
    render: config.RENDER_URL,
  };
  // Content and render hold per-journal caches: each journal goes to a subset of their pods.
  const podsUrl: Partial<Record<Upstream, string>> = { content: config.CONTENT_PODS_URL, render: config.RENDER_PODS_URL };
  const sets: Upstreams[] = [];
  const targetOf = (name: Upstream) => {
    const pods = podsUrl[name];
    if (!pods) return upstreamUrl[name];
    return (pool: PoolOptions) => {
      const set = affinityUpstreams({
        name,
        podsUrl: pods,
        fallback: upstreamUrl[name],
        subset: config.AFFINITY_SUBSET,
        refreshMs: config.AFFINITY_REFRESH_MS,
        quarantineMs: config.AFFINITY_QUARANTINE_MS,
        connectTimeoutMs: config.AFFINITY_CONNECT_TIMEOUT_MS,
        pool,
        logger,
        resolve: options.resolveAddresses,
        onChange: (n) => replicas.set({ upstream: name }, n),
      });
      sets.push(set);
      return set;
    };
  };
  const proxies = Object.fromEntries(
    (Object.keys(upstreamUrl) as Upstream[]).filter((name) => name !== 'content-staff' || config.CONTENT_STAFF_URL).map((name) => [
      name,
      createUpstreamProxy(
        // The staff side is the content service to those it answers.
        name === 'content-staff' ? 'content' : name,
        targetOf(name),
        name === 'pdf' ? config.PDF_PROXY_TIMEOUT_MS : config.PROXY_TIMEOUT_MS,
        logger,
        () => http.state.shuttingDown,
        security,
        name === 'content' || name === 'render' ? edge : null,
        name === 'content' || name === 'render' ? new SharedReads((n) => sharedAnswers.inc({ upstream: name }, n), config.HELD_ANSWERS_BYTES) : null,
        name === 'content' || name === 'render' ? stamps : null,
      ),
    ]),
  ) as Record<Upstream, UpstreamProxy>;
  // Without a staff side of its own, content's writes go where its reads do (journal affinity included).
  proxies['content-staff'] ??= proxies.content;
  // The first lookup of the pods is tried before the gateway takes requests (until then, or
  // without an answer, the Services take them).
  await Promise.all(sets.map((s) => s.ready()));

  const inflightDown = () => inflight.dec();

  /**
   * Proxied requests skip express: request id, request log line, duration metric, security headers
   * and the checks below are all this path does before the service is asked. Health, readiness and
   * metrics go to the express app.
   */
  const handle = (raw: IncomingMessage, res: ServerResponse) => {
    const target = requestTarget(raw.url ?? '/');
    const url = target?.url ?? null;
    const q = url === null ? -1 : url.indexOf('?');
    const path = url === null ? '' : q < 0 ? url : url.slice(0, q);
    const fromProxy = trusted(raw.socket.remoteAddress ?? '');
    // Health and metrics are for probes and Prometheus inside the cluster (or on loopback), which
    // call the gateway directly. A request nginx passed on carries the reader's address: its
    // metrics are nobody's business outside (nginx refuses them too, this is the second wall).
    const own = (raw.method === 'GET' || raw.method === 'HEAD') && OWN_PATHS.has(ownPath(path));
    if (own && !(ownPath(path) === '/metrics' && forwarded(raw))) {
      app(raw, res);
      return;
    }
    // The request id and Connection go into the one writeHead of the answer (proxy.ts, refuse):
    // headers set ahead one by one would make node merge every answer header into them.
    const req = http.observe(raw, res, fromProxy);
    const { requestId } = req;

    try {
      if (url === null) throw new AppError(400, 'bad_request', 'Invalid request target');
      if (own || path.startsWith('/internal/')) throw new AppError(404, 'not_found', 'Not found');
      const upstream = upstreamFor(path);
      if (!upstream) throw new AppError(404, 'not_found', `No route for ${req.method} ${path}`);

      const method = req.method ?? '';
      const limit = isSubmissionUploadRoute(method, path)
        ? config.SUBMISSION_UPLOAD_LIMIT_BYTES
        : isUploadRoute(method, path)
          ? config.UPLOAD_LIMIT_BYTES
          : config.BODY_LIMIT_BYTES;
      // Bodies are streamed on, not parsed here; a body without a declared length could not be
      // held to the limit before it reaches a service, so it is refused.
      const length = req.headers['content-length'];
      if (req.headers['transfer-encoding'] && length === undefined) {
        throw new AppError(411, 'length_required', 'A request body needs a Content-Length');
      }
      if (Number(length ?? 0) > limit) throw new AppError(413, 'payload_too_large', `Body exceeds ${limit} bytes`);

      const host = normaliseHost(req.headers.host);
      if (!host) throw new AppError(400, 'invalid_host', 'Host header is missing or invalid');
      // One host per request: an absolute-form target (`GET http://other/x`) naming another host
      // than the Host header would let a cache in front key the answer under the one host and the
      // journal be chosen by the other.
      if (target!.host !== undefined && target!.host !== host) {
        throw new AppError(400, 'host_mismatch', 'The request target names another host than the Host header');
      }
      if (url !== req.url) req.url = url;
      if (platformHost && host === platformHost) {
        // The platform's host serves the platform-wide COUNTER_SUSHI API, named to the content
        // service by its own path and no journal (docs/product.md#counter-platform), and the
        // operators' API under the platform's tenant (docs/security.md#platform-operators); nothing of a journal.
        const operators = isPlatformApi(path);
        if (!operators && (upstream !== 'content' || !path.startsWith('/counter/r51'))) {
          throw new AppError(404, 'not_found', 'Only the COUNTER_SUSHI API (/counter/r51/) and the platform\'s usage screen are served at this host');
        }
        if (!operators) req.url = `/counter/platform${url.slice('/counter'.length)}`;
        inflight.inc();
        res.once('close', inflightDown);
        const ctx = { journalId: operators ? PLATFORM_TENANT_ID : '', host, clientIp: clientIp(req, fromProxy), requestId, startedAt: Date.now() };
        proxies[operators ? sideOf(upstream, method, path) : 'content'](req, res, ctx);
        return;
      }
      // The operators' API is the platform host's alone.
      if (isPlatformApi(path)) throw new AppError(404, 'not_found', `No route for ${req.method} ${path}`);
      const go = (tenant: Tenant | null) => {
        if (!tenant) {
          // A reader's browser gets a page; API clients get the JSON error.
          if (upstream === 'render') {
            unknownHostPage(req, res, security, requestId, http.state.shuttingDown);
            return;
          }
          throw new AppError(404, 'unknown_journal', `No journal is served at ${host}`);
        }
        if (tenant.primaryHost !== host) {
          redirect(req, res, publicOriginOf(tenant.primaryHost, config) + url, security, requestId, http.state.shuttingDown);
          return;
        }
        const ctx: GatewayContext = { journalId: tenant.id, host, clientIp: clientIp(req, fromProxy), requestId, startedAt: Date.now() };
        // A page or read nginx keeps is asked for with the parameters its route reads and no other
        // (packages/contracts/src/edge-routes.ts): its answer is the one its cache key names,
        // whatever else the reader's link carried.
        const edgeUrl = keptByEdge(upstream, method, path) ? edgeTarget(url) : url;
        if (edgeUrl !== req.url) req.url = edgeUrl;
        // nginx's cache key, believed only from nginx, and only when it names this very host and
        // target. A key refused here is '': nginx still stores the answer under it, so it must not keep it long.
        const cacheKey = fromProxy ? header(req, EDGE_CACHE_KEY_HEADER) : undefined;
        if (cacheKey) ctx.cacheKey = cacheKey.length <= 8192 && cacheKey.slice(cacheKey.indexOf('|') + 1) === host + edgeUrl ? cacheKey : '';
        inflight.inc();
        res.once('close', inflightDown);
        proxies[sideOf(upstream, method, path)](req, res, ctx);
      };
      // A known host is answered from memory without a promise; only a new one waits on the directory.
      const known = tenants.peek(host);
      if (known !== undefined) go(known);
      else
        tenants.resolve(host).then(go).catch((err: unknown) => {
          refuse(logger, req, res, err, security, http.state.shuttingDown);
        });
    } catch (err) {
      refuse(logger, req, res, err, security, http.state.shuttingDown);
    }
  };

  const server: RunningServer = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS, handle);
  logger.info({ url: server.url }, 'gateway listening');
  return {
    url: server.url,
    port: server.port,
    tenants,
    stop: async () => {
      await server.close();
      await Promise.all([...new Set(Object.values(proxies))].map((p) => p.close()));
      // Keys of answers nginx stored in the last moments: a purge must still find them.
      await keys?.close();
      redis?.disconnect();
      changeRedis?.disconnect();
    },
  };
}

/** `/healthz/`, `/HEALTHZ` reach the same route in express; longer paths are none of them. */
const ownPath = (path: string) => (path.length > 9 ? path : (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase());

/** A request nginx (or another proxy) passed on: it says whose request it was. */
const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

const forwarded = (req: IncomingMessage) => req.headers['x-real-ip'] !== undefined || req.headers['x-forwarded-for'] !== undefined;

const UNKNOWN_HOST_PAGE = Buffer.from(
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Not Found!</title></head><body><p>Not Found!</p><p>No journal is served at this address.</p></body></html>',
);

/** The page of a host no journal serves (nginx keeps it, like any 404 page, under that host only). */
function unknownHostPage(req: GwRequest, res: ServerResponse, security: Readonly<Record<string, string>>, requestId: string, closing: boolean) {
  res.writeHead(404, {
    ...security,
    [REQUEST_ID_HEADER]: requestId,
    'content-type': 'text/html; charset=utf-8',
    'content-length': UNKNOWN_HOST_PAGE.length,
    'cache-control': 'no-cache',
    ...(closing ? { connection: 'close' } : {}),
  });
  res.end(req.method === 'HEAD' ? undefined : UNKNOWN_HOST_PAGE);
}

/**
 * An alias host of a journal sends the reader to the same path on its primary host: 301 for
 * reads, 308 for writes (a 301 would turn them into GETs).
 */
function redirect(req: GwRequest, res: ServerResponse, location: string, security: Readonly<Record<string, string>>, requestId: string, closing: boolean) {
  const read = req.method === 'GET' || req.method === 'HEAD';
  // A body nobody will read must not stand before the client's next request on this connection.
  if (!read) req.resume();
  res.writeHead(read ? 301 : 308, {
    ...security,
    [REQUEST_ID_HEADER]: requestId,
    location,
    'cache-control': 'public, max-age=300',
    'content-length': '0',
    ...(closing ? { connection: 'close' } : {}),
  });
  res.end();
}

/** The one error answer of the services (`{error, message}` JSON, no stack), logged as they log it. */
function refuse(logger: Logger, req: GwRequest, res: ServerResponse, err: unknown, security: Readonly<Record<string, string>>, closing: boolean) {
  sendErrorAnswer(logger, err, req, res, { ...security, [REQUEST_ID_HEADER]: req.requestId, ...(closing ? { connection: 'close' } : {}) });
}

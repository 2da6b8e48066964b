import http, { Agent, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, Response } from 'express';
import { createProxyMiddleware, type RequestHandler } from 'http-proxy-middleware';
import { CLIENT_IP_HEADER, PUBLIC_HOST_HEADER, REQUEST_ID_HEADER, TENANT_HEADER, type Logger } from '@journal/server-kit';

/** Headers a client may not set: the gateway is the only source of tenant and address facts. */
const STRIPPED = [TENANT_HEADER, CLIENT_IP_HEADER, PUBLIC_HOST_HEADER, 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded'];

/** After a successful write the browser skips nginx's one-second cache of public reads for a few
 *  seconds, so it sees what it just wrote on its next request. */
const FRESH_COOKIE = 'jp_fresh=1; Max-Age=5; Path=/; SameSite=Lax; HttpOnly';

/** Connection failures after which an idempotent request is sent once more on a new connection. */
const RETRIABLE = new Set(['ECONNRESET', 'EPIPE', 'ECONNREFUSED']);

export interface GatewayContext {
  journalId: string;
  host: string;
  clientIp: string;
  startedAt: number;
  retried?: boolean;
  upstreamReq?: ClientRequest;
}
export type GwReq = IncomingMessage & { gw?: GatewayContext; requestId?: string };

const contextHeaders = (r: GwReq): Record<string, string> => ({
  [TENANT_HEADER]: r.gw!.journalId,
  [PUBLIC_HOST_HEADER]: r.gw!.host,
  [CLIENT_IP_HEADER]: r.gw!.clientIp,
  [REQUEST_ID_HEADER]: r.requestId ?? '',
});

function sendFailure(res: ServerResponse | Socket, name: string, slow: boolean) {
  if (!('writeHead' in res) || res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(slow ? 504 : 502, { 'content-type': 'application/json; charset=utf-8' });
  res.end(
    JSON.stringify(
      slow
        ? { error: 'gateway_timeout', message: `The ${name} service did not answer in time` }
        : { error: 'bad_gateway', message: `The ${name} service is unavailable` },
    ),
  );
}

/**
 * A keep-alive connection the service closes (a replica shutting down) can meet a request on its
 * way; browsers and nginx send an idempotent request again on a fresh connection, and so do we.
 */
function retryOnce(req: GwReq, res: ServerResponse, target: string, timeoutMs: number, fail: (err: Error & { code?: string }) => void) {
  const headers: OutgoingHttpHeaders = { ...req.headers };
  for (const h of STRIPPED) delete headers[h];
  Object.assign(headers, contextHeaders(req));
  const up = http.request(new URL(req.url ?? '/', target), { method: req.method, headers, agent: false, timeout: timeoutMs }, (upRes) => {
    res.writeHead(upRes.statusCode ?? 502, upRes.headers);
    upRes.pipe(res);
  });
  up.on('timeout', () => up.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })));
  up.on('error', fail);
  up.end();
}

export function createUpstreamProxy(
  name: string,
  target: string,
  timeoutMs: number,
  logger: Logger,
  shuttingDown: () => boolean,
): RequestHandler<Request, Response> {
  return createProxyMiddleware<Request, Response>({
    target,
    // http-proxy opens a new connection per request unless given an agent.
    agent: new Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 }),
    changeOrigin: false,
    xfwd: false,
    proxyTimeout: timeoutMs,
    on: {
      proxyReq: (proxyReq: ClientRequest, req: IncomingMessage) => {
        (req as GwReq).gw!.upstreamReq = proxyReq;
        for (const h of STRIPPED) proxyReq.removeHeader(h);
        const r = req as GwReq;
        proxyReq.setHeader(TENANT_HEADER, r.gw!.journalId);
        proxyReq.setHeader(PUBLIC_HOST_HEADER, r.gw!.host);
        proxyReq.setHeader(CLIENT_IP_HEADER, r.gw!.clientIp);
        proxyReq.setHeader(REQUEST_ID_HEADER, r.requestId ?? '');
      },
      proxyRes: (proxyRes: IncomingMessage, req: IncomingMessage) => {
        // Connection is hop-by-hop: the service's keep-alive says nothing about the client's
        // connection, and while we drain for shutdown the client must be told to hang up.
        const asked = String(req.headers.connection ?? (req.httpVersion === '1.0' ? 'close' : 'keep-alive'));
        proxyRes.headers.connection = shuttingDown() || /close/i.test(asked) ? 'close' : 'keep-alive';
        // A service that answers before taking the whole body (a refused upload) stops reading it,
        // and the body's unread bytes would stand in front of the client's next request on this
        // connection until a timeout. They are read and dropped instead (no more than the length
        // already held to the limit), so the client finishes sending and gets its answer.
        proxyRes.once('end', () => {
          if (req.complete) return;
          req.unpipe();
          req.resume();
        });
        delete proxyRes.headers['keep-alive'];
        if (req.method !== 'GET' && req.method !== 'HEAD' && (proxyRes.statusCode ?? 500) < 300) {
          proxyRes.headers['set-cookie'] = [...(proxyRes.headers['set-cookie'] ?? []), FRESH_COOKIE];
        }
      },
      error: (err: Error & { code?: string }, req: IncomingMessage, res: ServerResponse | Socket) => {
        const r = req as GwReq;
        const fail = (e: Error & { code?: string }) => {
          const elapsed = Date.now() - (r.gw?.startedAt ?? Date.now());
          const slow = elapsed >= timeoutMs - 50 || e.code === 'ETIMEDOUT';
          logger.warn({ upstream: name, code: e.code, elapsed, requestId: r.requestId }, 'upstream failed');
          sendFailure(res, name, slow);
        };
        const idempotent = req.method === 'GET' || req.method === 'HEAD';
        // Only a kept-alive connection the service had already closed is worth a second try; a
        // request that timed out is not sent again.
        const staleSocket = r.gw?.upstreamReq?.reusedSocket === true || err.code === 'ECONNREFUSED';
        const timedOut = Date.now() - (r.gw?.startedAt ?? 0) >= timeoutMs - 50;
        if (idempotent && r.gw && !r.gw.retried && staleSocket && !timedOut && RETRIABLE.has(err.code ?? '') && 'writeHead' in res && !res.headersSent) {
          r.gw.retried = true;
          logger.debug({ upstream: name, code: err.code, requestId: r.requestId }, 'retrying on a new connection');
          retryOnce(r, res, target, timeoutMs, fail);
          return;
        }
        fail(err);
      },
    },
  });
}

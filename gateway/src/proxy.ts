import http, { Agent, type ClientRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { Client, type Dispatcher } from 'undici';
import { CONTENT_VERSION_HEADER } from '@journal/server-kit/change-feed';
import type { EdgeEncoding } from '@journal/server-kit/edge-encoding';
import { EDGE_CACHE_KEY_HEADER } from '@journal/server-kit/edge-keys';
import { REQUEST_ID_HEADER } from '@journal/server-kit/http';
import type { Logger } from '@journal/server-kit/logger';
import { limitConnectTime } from '@journal/server-kit/replica-set';
import { CLIENT_IP_HEADER, PUBLIC_HOST_HEADER, TENANT_HEADER } from '@journal/server-kit/tenant';
import { UNREACHABLE, singleUpstream, type Endpoint, type PoolOptions, type Upstreams } from './affinity';
import type { EdgeAnswers } from './edge-answers';
import { MAX_SHARED_BYTES, REFRESH_HEADER, SharedReads, type SharedAnswer } from './shared-reads';
import { feedVersionOf, notStorable, type ChangeStamps } from './change-stamps';

/**
 * Request headers not passed to a service. A client may not set the tenant and address facts (the
 * gateway is their only source), and Connection and Keep-Alive are hop-by-hop: the gateway keeps
 * its connections to the service alive, whatever the client asked. Host is replaced by the one
 * normalised host the journal was resolved from.
 */
const NOT_PASSED = new Set([
  'host', TENANT_HEADER, CLIENT_IP_HEADER, PUBLIC_HOST_HEADER, REQUEST_ID_HEADER, EDGE_CACHE_KEY_HEADER, REFRESH_HEADER, CONTENT_VERSION_HEADER,
  'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'forwarded', 'connection', 'keep-alive',
]);

/** Connection failures after which an idempotent request is sent once more on a new connection. */
const RETRIABLE = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', ...UNREACHABLE]);
/** Replicas a read tries when one after another cannot be reached (each is then left out). */
const MAX_ATTEMPTS = 4;
/** A read's failed attempts so far: replicas that could not be reached, and other failures. */
interface Tries {
  unreachable: number;
  other: number;
}
const NO_TRIES: Tries = { unreachable: 0, other: 0 };
const TIMEOUTS = new Set(['ETIMEDOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
type AnswerHeaders = Record<string, string | string[] | undefined>;

/**
 * How a stamped answer nginx would store (the gateway gave it a lifetime) is checked against the
 * journal's changes before nginx gets its last byte. `whole`: held until whole, then checked: one
 * compressed here (held anyway), or of a declared length up to MAX_SHARED_BYTES. `unsized`: a read
 * without a declared length (chunked) is held the same way while it stays within MAX_SHARED_BYTES,
 * and past it goes on as not storable. `never`: longer (a file, a large export), it streams as it
 * comes and goes on as not storable: its end would reach nginx unchecked, and nginx would store
 * what was read before a write whose purges are already over, serving it until its lifetime ends.
 * null: nginx does not store it.
 */
function checkOf(method: string | undefined, h: AnswerHeaders, compressed: boolean): 'whole' | 'unsized' | 'never' | null {
  const ttl = h['x-accel-expires'];
  if (ttl === undefined || ttl === '0') return null;
  if (compressed) return 'whole';
  if (h['content-length'] === undefined) return method === 'GET' ? 'unsized' : 'never';
  const length = Number(h['content-length']);
  return Number.isFinite(length) && length <= MAX_SHARED_BYTES ? 'whole' : 'never';
}

export interface GatewayContext {
  journalId: string;
  host: string;
  clientIp: string;
  requestId: string;
  startedAt: number;
  /** nginx's cache key of this request (only from a trusted proxy): recorded under the answer's tags; '' for one refused. */
  cacheKey?: string;
}

type UpstreamError = Error & { code?: string };

/**
 * A large answer reaches the gateway in several socket reads (64 kB each) during one turn of the
 * event loop. Its chunks are held corked until that turn ends and then written to the client in
 * one system call, instead of one write each; past GATHER_LIMIT bytes they are written at once.
 */
const GATHER_LIMIT = 256 * 1024;
const gathering: (() => void)[] = [];
const releaseGathered = () => {
  for (const release of gathering.splice(0)) release();
};
const gather = (release: () => void) => {
  if (gathering.push(release) === 1) setImmediate(releaseGathered);
};
export interface UpstreamProxy {
  (req: IncomingMessage, res: ServerResponse, ctx: GatewayContext): void;
  /** Closes the connections to the service (after the gateway stopped taking requests). */
  close(): Promise<void>;
}

function sendFailure(res: ServerResponse, name: string, slow: boolean, base: Readonly<Record<string, string>>, requestId: string, closing: boolean) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(
    slow
      ? { error: 'gateway_timeout', message: `The ${name} service did not answer in time` }
      : { error: 'bad_gateway', message: `The ${name} service is unavailable` },
  );
  res.writeHead(slow ? 504 : 502, {
    ...base,
    [REQUEST_ID_HEADER]: requestId,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...(closing ? { connection: 'close' } : {}),
  });
  res.end(body);
}

/** A read without a body: nothing in it stops it from being sent on undici's pool. */
const plainRead = (req: IncomingMessage) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const h = req.headers;
  return h['content-length'] === undefined && h['transfer-encoding'] === undefined && h.expect === undefined && h.upgrade === undefined;
};

/**
 * Streams a request to one service and its answer back. Reads without a body (nearly every
 * request) go on undici's connection pool with a handler that writes the answer's chunks straight
 * to the client (no response stream or pipe in between); requests with a body keep node's http
 * client on a keep-alive agent, whose body streaming the early-answer drain below relies on. No
 * request is pipelined. The answer carries `base` (the security headers) under the service's own
 * headers; the service's Connection and Keep-Alive are replaced by ours, which follow the client's
 * connection (hop-by-hop). Tagged public answers get the edge headers and are compressed once
 * (edge-answers.ts).
 *
 * A keep-alive connection the service closes (a replica shutting down) can meet a request on its
 * way; browsers and nginx send an idempotent request again on a fresh connection, and so do we,
 * once. A request that timed out is not sent again. Failures answer 502, or 504 when the service
 * was too slow, as JSON.
 */
export function createUpstreamProxy(
  name: string,
  /** The Service's URL, or the replicas a journal's requests are spread over (affinity.ts). */
  target: string | ((pool: PoolOptions) => Upstreams),
  timeoutMs: number,
  logger: Logger,
  shuttingDown: () => boolean,
  base: Readonly<Record<string, string>> = {},
  edge: EdgeAnswers | null = null,
  /** Readers asking at once for a key nginx is about to store share one request (shared-reads.ts). */
  shared: SharedReads | null = null,
  /** Reads nginx is about to store are checked against the journal's changes (change-stamps.ts). */
  stamps: ChangeStamps | null = null,
): UpstreamProxy {
  const agent = new Agent({ keepAlive: true, maxSockets: 512, maxFreeSockets: 64 });
  const poolOptions: PoolOptions = { pipelining: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs };
  const upstreams = typeof target === 'string' ? singleUpstream(target, poolOptions) : target(poolOptions);
  /** The endpoint could not be connected to: a replica is left out (true), and a read may try another. */
  const unreachable = (endpoint: Endpoint, err: UpstreamError) => UNREACHABLE.has(err.code ?? '') && upstreams.unreachable(endpoint);

  /** The service's answer headers made ours, in place. */
  const answerHeaders = (req: IncomingMessage, h: AnswerHeaders, ctx: GatewayContext): AnswerHeaders => {
    // Connection is hop-by-hop: the service's keep-alive says nothing about the client's
    // connection, and while we drain for shutdown the client must be told to hang up.
    const asked = req.headers.connection ?? (req.httpVersion === '1.0' ? 'close' : 'keep-alive');
    h.connection = shuttingDown() || /close/i.test(asked) ? 'close' : 'keep-alive';
    delete h['keep-alive'];
    if (req.httpVersion === '1.0') delete h['transfer-encoding'];
    for (const k in base) if (h[k] === undefined) h[k] = base[k];
    h[REQUEST_ID_HEADER] = ctx.requestId;
    return h;
  };

  /** What a failure before or during the answer comes to: one retry of a read, or 502/504. */
  const failed = (req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, err: UpstreamError, answered: boolean, mayRetry: boolean, retry: () => void) => {
    // The client hung up first: nobody is waiting for an answer, and nothing went wrong upstream.
    if (res.destroyed || res.writableFinished || req.socket.destroyed) return;
    if (answered) {
      res.destroy();
      return;
    }
    const elapsed = Date.now() - ctx.startedAt;
    const timedOut = TIMEOUTS.has(err.code ?? '') || elapsed >= timeoutMs - 50;
    const idempotent = req.method === 'GET' || req.method === 'HEAD';
    if (idempotent && mayRetry && !timedOut && RETRIABLE.has(err.code ?? '') && !res.headersSent) {
      logger.debug({ upstream: name, code: err.code, requestId: ctx.requestId }, 'retrying on a new connection');
      retry();
      return;
    }
    logger.warn({ upstream: name, code: err.code, elapsed, requestId: ctx.requestId }, 'upstream failed');
    sendFailure(res, name, timedOut, base, ctx.requestId, shuttingDown());
  };

  /**
   * A read without a body on undici: a retry goes on a connection of its own, made for it. A
   * replica that cannot be reached is left out and the read tries the next one (the journal's
   * subset, then the Service), up to MAX_ATTEMPTS such failures; any other failure is retried once
   * and does not count among them (a kept-alive connection to a pod that has just died fails
   * first with a reset, then a new one is refused).
   */
  const read = (req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, headers: string[], stamp: string | null, tries: Tries = NO_TRIES, flight?: string) => {
    const endpoint = upstreams.pick(ctx.journalId);
    const retried = tries.unreachable + tries.other > 0;
    const dispatcher: Dispatcher = retried ? new Client(endpoint.origin, poolOptions) : endpoint.pool;
    endpoint.inflight++;
    let counted = true;
    const done = () => {
      if (counted) endpoint.inflight--;
      counted = false;
      if (retried) void dispatcher.close().catch(() => {});
    };
    let answered = false;
    let controller: Dispatcher.DispatchController | undefined;
    // The client hanging up ends the service's request (and its answer, if it had begun).
    const clientGone = () => {
      if (!res.writableFinished) controller?.abort(Object.assign(new Error('client gone'), { code: 'ECLIENTGONE' }));
    };
    const drained = () => controller?.resume();
    // Backpressure: a client slower than the service holds the service's answer back.
    const wait = () => {
      if (controller && !controller.paused && res.writableLength >= res.writableHighWaterMark) {
        controller.pause();
        res.once('drain', drained);
      }
    };
    /** A tagged answer compressed here: its body is held until it is whole. */
    let encoding: EdgeEncoding | null = null;
    /** An answer nginx would store, held until it is whole and the journal's changes are checked. */
    let checked = false;
    /** Held without a declared length (checkOf's `unsized`): the bytes so far, for its limit. */
    let unsized = false;
    let heldBytes = 0;
    let held: Buffer[] = [];
    let heldHeaders: AnswerHeaders = {};
    let heldStatus = 0;
    let heldMessage = '';
    let gathered = 0;
    /** The answer as readers waiting on the same key get it (shared-reads.ts): settled once. */
    let sharing = flight;
    let kept: Buffer[] | null = flight ? [] : null;
    let keptBytes = 0;
    let shareHead: Omit<SharedAnswer, 'body'> | null = null;
    const share = (answer: SharedAnswer | null, checkedUnmoved = false) => {
      if (sharing === undefined) return;
      shared?.settle(sharing, answer, stamp, checkedUnmoved);
      sharing = undefined;
      kept = null;
    };
    const release = () => {
      if (gathered === 0) return;
      gathered = 0;
      res.uncork();
      wait();
    };
    res.once('close', clientGone);
    dispatcher.dispatch(
      // The stamp's feed version goes with the read: the service answers once it has applied it.
      { path: req.url ?? '/', method: req.method!, headers: stamp === null ? headers : [...headers, CONTENT_VERSION_HEADER, feedVersionOf(stamp)] },
      {
        onRequestStart(c) {
          controller = c;
          if (res.destroyed) clientGone();
        },
        onResponseStart(_c, status, h, message) {
          // 1xx answers (103 Early Hints) are the service's business; the final one follows.
          if (status < 200) return;
          answered = true;
          const headers = answerHeaders(req, h as AnswerHeaders, ctx);
          encoding = edge ? edge.prepare(req, status, headers, ctx) : null;
          const check = stamp !== null && stamps !== null ? checkOf(req.method, headers, encoding !== null) : null;
          if (check === 'never') notStorable(headers);
          checked = check === 'whole' || check === 'unsized';
          unsized = check === 'unsized';
          // A read meant to be stamped whose stamp Redis could not give is unchecked: nginx would
          // store what may predate a write whose purges are already over.
          if (stamp === null && stamps !== null && ctx.cacheKey && req.headers.authorization === undefined) notStorable(headers);
          if (encoding || checked) {
            heldHeaders = headers;
            heldStatus = status;
            heldMessage = message ?? '';
            return;
          }
          if (sharing !== undefined) shareHead = { status, message: message ?? '', headers: { ...headers } };
          res.writeHead(status, message, headers);
        },
        onResponseData(_c, chunk) {
          if (encoding || checked) {
            held.push(chunk);
            heldBytes += chunk.length;
            if (!unsized || heldBytes <= MAX_SHARED_BYTES) return;
            // Longer than an answer held for its check: passed on as it comes, and not storable.
            checked = false;
            notStorable(heldHeaders);
            share(null);
            res.writeHead(heldStatus, heldMessage, heldHeaders);
            res.cork();
            for (const c of held) res.write(c);
            held = [];
            res.uncork();
            wait();
            return;
          }
          if (kept) {
            kept.push(chunk);
            keptBytes += chunk.length;
            if (keptBytes > MAX_SHARED_BYTES) share(null);
          }
          if (gathered === 0) {
            res.cork();
            gather(release);
          }
          gathered += chunk.length;
          res.write(chunk);
          if (gathered >= GATHER_LIMIT) release();
        },
        onResponseEnd() {
          res.off('close', clientGone);
          if (encoding || checked) {
            const body = held.length === 1 ? held[0]! : Buffer.concat(held);
            held = [];
            const bytes =
              encoding && edge
                ? edge.compress(encoding, body, heldHeaders).catch((err: unknown) => {
                    logger.warn({ err, requestId: ctx.requestId }, 'answer not compressed');
                    heldHeaders['content-length'] = String(body.length);
                    return body;
                  })
                : body;
            // Held whole: a length, never chunks.
            if (unsized) {
              heldHeaders['content-length'] = String(body.length);
              delete heldHeaders['transfer-encoding'];
            }
            // Checked once the answer is whole (compressed meanwhile): a change numbered before this
            // may have been purged already, and nginx would store what was read before it.
            const moved = checked ? stamps!.moved(ctx.journalId, stamp!) : false;
            void Promise.all([bytes, moved]).then(([b, m]) => {
              if (m) notStorable(heldHeaders);
              share({ status: heldStatus, message: heldMessage, headers: { ...heldHeaders }, body: b }, checked && !m);
              if (res.destroyed) return;
              res.writeHead(heldStatus, heldMessage, heldHeaders);
              res.end(b);
            });
            done();
            return;
          }
          // Uncorked before end(): a chunked answer's last piece would otherwise follow its terminator.
          if (gathered) {
            gathered = 0;
            res.uncork();
          }
          res.end();
          done();
          share(kept && shareHead ? { ...shareHead, body: kept.length === 1 ? kept[0]! : Buffer.concat(kept) } : null);
        },
        onResponseError(_c, err: UpstreamError) {
          res.off('close', clientGone);
          gathered = 0;
          done();
          // Those waiting ask on their own; a retry of this read leads no one.
          share(null);
          const down = unreachable(endpoint, err);
          const mayRetry = down ? tries.unreachable < MAX_ATTEMPTS - 1 : tries.other === 0;
          const next = down ? { ...tries, unreachable: tries.unreachable + 1 } : { ...tries, other: tries.other + 1 };
          failed(req, res, ctx, err, answered, mayRetry, () => read(req, res, ctx, headers, stamp, next));
        },
      },
    );
  };

  /** Any other request on node's http client, its body piped to the service. */
  const send = (req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, path: string, headers: OutgoingHttpHeaders, retried: boolean) => {
    const endpoint = upstreams.pick(ctx.journalId);
    const { hostname, port } = endpoint;
    const up: ClientRequest = http.request({ hostname, port, path, method: req.method, headers, agent: retried ? false : agent });
    endpoint.inflight++;
    up.once('close', () => endpoint.inflight--);
    // A replica gone without a word (its address no longer answers) fails fast, as on undici's pools.
    if (endpoint.connectTimeoutMs) limitConnectTime(up, endpoint.connectTimeoutMs);
    let answered = false;
    // The client hanging up ends the service's request (and its answer, if it had begun).
    const clientGone = () => {
      if (!res.writableFinished) up.destroy();
    };
    res.once('close', clientGone);

    up.setTimeout(timeoutMs, () => up.destroy(Object.assign(new Error('upstream timeout'), { code: 'ETIMEDOUT' })));
    up.once('response', (upRes) => {
      answered = true;
      const status = upRes.statusCode ?? 502;
      const h = answerHeaders(req, upRes.headers as AnswerHeaders, ctx);
      // Bodies of reads sent this way are not compressed here; the tags and lifetimes still apply.
      edge?.prepare(req, status, h, ctx);
      // Never stamped nor checked (a read with a body, which nginx stores like any other): nginx
      // would store what may predate a write whose purges are already over.
      const ttl = h['x-accel-expires'];
      if (stamps !== null && ttl !== undefined && ttl !== '0' && ctx.cacheKey && req.headers.authorization === undefined) notStorable(h);
      // A service that answers before taking the whole body (a refused upload) stops reading it,
      // and the body's unread bytes would stand in front of the client's next request on this
      // connection until a timeout. They are read and dropped instead (no more than the length
      // already held to the limit), so the client finishes sending and gets its answer.
      upRes.once('end', () => {
        if (req.complete) return;
        req.unpipe(up);
        req.resume();
      });
      res.writeHead(status, upRes.statusMessage, h);
      upRes.pipe(res);
      upRes.once('aborted', () => res.destroy());
      upRes.once('error', () => res.destroy());
    });
    up.once('error', (err: UpstreamError) => {
      res.off('close', clientGone);
      unreachable(endpoint, err);
      // Only a kept-alive connection the service had already closed is worth a second try.
      const staleSocket = up.reusedSocket || UNREACHABLE.has(err.code ?? '');
      failed(req, res, ctx, err, answered, !retried && staleSocket, () => send(req, res, ctx, path, headers, true));
    });

    // Bodies always declare their length here (the gateway refuses the others before this point).
    const length = req.headers['content-length'];
    if (length === undefined || length === '0') up.end();
    else req.pipe(up);
  };

  /** A waiting reader's copy of the answer another reader's request brought. */
  const replay = (req: IncomingMessage, res: ServerResponse, ctx: GatewayContext, a: SharedAnswer) => {
    if (res.destroyed) return;
    edge?.recordShared(a.headers, ctx);
    const h = { ...a.headers };
    // Dated now (node adds it), not when the service answered: a CDN ages an answer from its Date.
    delete h.date;
    res.writeHead(a.status, a.message, answerHeaders(req, h, ctx));
    res.end(a.body);
  };

  const proxy = ((req, res, ctx) => {
    if (plainRead(req)) {
      // A flat list, as undici takes it: no copy of the headers object to delete from.
      const headers: string[] = [];
      const h = req.headers;
      for (const k in h) {
        const v = h[k];
        if (v === undefined || NOT_PASSED.has(k)) continue;
        if (typeof v === 'string') headers.push(k, v);
        else for (const one of v) headers.push(k, one);
      }
      headers.push('host', ctx.host, TENANT_HEADER, ctx.journalId, PUBLIC_HOST_HEADER, ctx.host, CLIENT_IP_HEADER, ctx.clientIp, REQUEST_ID_HEADER, ctx.requestId);
      const key = shared?.keyOf(req, ctx) ?? null;
      const refresh = key !== null && SharedReads.isRefresh(req);
      // A reader whose wait for another's answer came to nothing (a write came meanwhile) asks on its
      // own, stamped anew: its first stamp may be the number from before that write.
      const alone = (stamp: string | null) => {
        if (stamp === null || !stamps) read(req, res, ctx, headers, stamp);
        else void stamps.stamp(ctx.journalId).then((now) => read(req, res, ctx, headers, now));
      };
      const go = (stamp: string | null) => {
        if (key === null || !shared) {
          read(req, res, ctx, headers, stamp);
          return;
        }
        const joined = shared.join(key, stamp, (a) => (a ? replay(req, res, ctx, a) : alone(stamp)), refresh);
        if (joined !== 'wait') read(req, res, ctx, headers, stamp, NO_TRIES, joined === 'lead' ? key : undefined);
      };
      // Stamped before the service is asked: what it reads then is no older than the stamp. A number
      // read in the last second does, but not for a reader an answer is held for, nor a write's
      // refresh (change-stamps.ts); looked at and joined in one go, so no answer comes to be held in between.
      if (stamps && ctx.cacheKey && req.headers.authorization === undefined) {
        const recent = refresh || (key !== null && shared!.holds(key)) ? undefined : stamps.recent(ctx.journalId);
        if (recent !== undefined) go(recent);
        else void stamps.stamp(ctx.journalId).then(go);
      } else go(null);
      return;
    }
    const headers: OutgoingHttpHeaders = { ...req.headers };
    for (const h of NOT_PASSED) delete headers[h];
    headers.host = ctx.host;
    headers[TENANT_HEADER] = ctx.journalId;
    headers[PUBLIC_HOST_HEADER] = ctx.host;
    headers[CLIENT_IP_HEADER] = ctx.clientIp;
    headers[REQUEST_ID_HEADER] = ctx.requestId;
    send(req, res, ctx, req.url ?? '/', headers, false);
  }) as UpstreamProxy;
  proxy.close = async () => {
    agent.destroy();
    await upstreams.close();
  };
  return proxy;
}

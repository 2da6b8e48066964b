import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import {
  AppError,
  CLIENT_IP_HEADER,
  createBlockingRedis,
  createHttpApp,
  createRedis,
  createLogger,
  sendErrorAnswer,
  listen,
  logSampleOf,
  PUBLIC_HOST_HEADER,
  publicOriginOf,
  ReplicaSet,
  REQUEST_ID_HEADER,
  SURROGATE_KEY_HEADER,
  runService,
  TENANT_HEADER,
  CONTENT_VERSION_HEADER,
  versionOf,
  type ObservedRequest,
  type RunningServer,
} from '@journal/server-kit';
import { OBJECT_ID_RE as ID_RE } from '@journal/contracts';
import { loadAssets } from './assets';
import { readRenderConfig, type RenderConfig } from './config';
import { ContentChanges } from './content-changes';
import { ContentReads } from './content-reads';
import { HeldPages } from './held-pages';
import { etagMatches, pageEncoding, sendEncoded, sendPage, sendParts, storeKey } from './page-answer';
import { PageStore } from './page-store';
import { fallbackPage, preparePage } from './render';

const HTML = 'text/html; charset=utf-8';
/**
 * Client-rendered areas: the render process answers them with the app shell. Not the platform
 * operators' usage screen: nginx serves it on COUNTER_PLATFORM_HOST, where the gateway sends no
 * page here, so a /platform that reaches this process is on a journal's host, which has none (404).
 */
const APP_SHELL_RE = /^\/(admin|webdata)(\/|$)/;
/** The express app's own endpoints, as express matches them (any case, a trailing slash). */
const OWN_PATH_RE = /^\/(healthz|readyz|metrics)\/?$/i;
/** The pages' label in the request-duration metric. */
const PAGE_ROUTE = { path: '/.*/' };

type PageRequest = ObservedRequest;

export interface RenderApp {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The render process: server-rendered pages of the public site, hydrated by the same components. */
export async function start(config: RenderConfig): Promise<RenderApp> {
  const logger = createLogger('render', config.LOG_LEVEL);
  // The build id covers this module too: a page's ETag changes with the code that renders it.
  const assets = loadAssets(config.WEB_DIST, fileURLToPath(import.meta.url));
  // Journal affinity: a journal's reads go to the content pods the gateway sends its API requests to.
  const pods = config.CONTENT_PODS_URL ? new URL(config.CONTENT_PODS_URL) : undefined;
  const replicas = pods
    ? new ReplicaSet({
        name: 'content',
        hostname: pods.hostname,
        subset: config.AFFINITY_SUBSET,
        refreshMs: config.AFFINITY_REFRESH_MS,
        quarantineMs: config.AFFINITY_QUARANTINE_MS,
        logger,
      })
    : undefined;
  await replicas?.ready();
  const redis = config.REDIS_URL ? { commands: createRedis(config.REDIS_URL), subscriber: createBlockingRedis(config.REDIS_URL) } : undefined;
  const changes = redis ? new ContentChanges({ redis: redis.commands, subscriber: redis.subscriber, prefix: config.REDIS_PREFIX, logger }) : undefined;
  // Pages are served meanwhile (every read revalidated) if Redis is slow to answer at start.
  changes?.start().catch((err: unknown) => logger.warn({ err }, 'content change feed not followed; every read is revalidated'));
  const contentReads = new ContentReads(
    config.CONTENT_URL,
    config.LAYOUT_CACHE_MS,
    config.CONTENT_TIMEOUT_MS,
    replicas && pods ? { replicas, port: Number(pods.port) || 80, connectTimeoutMs: config.AFFINITY_CONNECT_TIMEOUT_MS } : undefined,
    changes,
  );
  // Answers of pages rendered before, by ETag: an unchanged page is not rendered or compressed again.
  const pages = config.PAGE_STORE_BYTES > 0 ? new PageStore(config.PAGE_STORE_BYTES) : undefined;
  // Which answer each page gave while its journal is unchanged: sent again without its loaders.
  const held = pages && changes ? new HeldPages() : undefined;
  const logSample = logSampleOf(config);
  const http = createHttpApp({ name: 'render', logger, jsonLimit: false, logSample });
  const { app } = http;
  http.finish();


  const servePage = async (req: PageRequest, res: ServerResponse, path: string) => {
    const common: Record<string, string> = { [REQUEST_ID_HEADER]: req.requestId };
    if (http.state.shuttingDown) common.connection = 'close';
    if (APP_SHELL_RE.test(path)) {
      sendParts(res, 200, { ...common, 'cache-control': 'no-store', 'content-type': HTML, etag: assets.shellEtag }, [assets.shellBytes]);
      return;
    }
    const journalId = header(req, TENANT_HEADER) ?? '';
    if (!ID_RE.test(journalId)) throw new AppError(400, 'unknown_journal', 'No journal is known for this host');
    const journalHost = header(req, PUBLIC_HOST_HEADER);
    const version = versionOf(req.headers[CONTENT_VERSION_HEADER]);
    // An author's or a reviewer's own pages (docs/product.md#submissions, #peer-review) are theirs alone: no cache keeps them.
    const own = PRIVATE_PAGE_RE.test(path);
    // A linked page (no query string, not one's own) whose journal no write has changed since its
    // last answer, and whose request's feed version is applied here: that answer again, by its
    // ETag from the page store, its loaders not run (held-pages.ts). Taken before the reads below
    // begin, so a page made now is held under a generation its reads all began in.
    const encoding = pageEncoding(req);
    const heldKey = held && req.method === 'GET' && !own && !req.originalUrl.includes('?') ? HeldPages.keyOf(encoding, journalId, journalHost ?? '', req.originalUrl) : undefined;
    const generation = heldKey === undefined ? undefined : changes!.currentAt(journalId, version);
    const year = new Date().getFullYear();
    if (generation !== undefined) {
      const last = held!.get(heldKey!, generation, year, version);
      const answer = last && pages!.get(storeKey(encoding, last.etag));
      if (last && answer) {
        const headers = { ...common, 'cache-control': 'no-cache', ...(last.tags ? { [SURROGATE_KEY_HEADER]: last.tags } : {}), etag: last.etag };
        if (etagMatches(header(req, 'if-none-match'), last.etag)) res.writeHead(304, headers).end();
        else sendEncoded(res, 200, { ...headers, 'content-type': HTML }, answer);
        return;
      }
    }
    let covered = generation !== undefined;
    // The journal's primary host as the gateway resolved it; never the Host the client sent.
    const origin = publicOriginOf(journalHost, config);
    // The page is made of these content answers; caches in front keep it until a write changes one.
    const tags = new Set<string>();
    const reads = contentReads.forRequest(
      {
        journalId,
        journalHost: journalHost ?? '',
        clientIp: header(req, CLIENT_IP_HEADER) ?? '',
        requestId: req.requestId,
        // nginx keeps the page until a write purges it: it must hold every write made before it.
        fresh: true,
        version,
      },
      (t) => {
        for (const one of t.split(' ')) if (one) tags.add(one);
      },
      () => {
        covered = false;
      },
    );
    const pageHeaders: Record<string, string> = { ...common, 'cache-control': own ? 'no-store' : 'no-cache', ...(own ? { 'x-accel-expires': '0' } : {}) };
    try {
      // The origin is ours (validated host); the path is the reader's, kept as a path.
      const url = new URL(origin + (req.originalUrl.startsWith('/') ? req.originalUrl : `/${req.originalUrl}`));
      const page = await preparePage({
        url,
        origin,
        reads,
        assets,
        onError: (err) => logger.error({ err, requestId: req.requestId }, 'render error'),
      });
      if (tags.size && !own) pageHeaders[SURROGATE_KEY_HEADER] = [...tags].join(' ');
      if ('redirect' in page) {
        res.writeHead(page.status, { ...pageHeaders, location: page.redirect, 'content-length': '0' }).end();
        return;
      }
      // A reader who went away gets nothing; one who holds this page gets a 304, and no render.
      if (res.destroyed) return;
      const headers = { ...pageHeaders, etag: page.etag };
      if (page.status === 200 && etagMatches(header(req, 'if-none-match'), page.etag)) {
        res.writeHead(304, headers).end();
        return;
      }
      // Kept: the pages links lead to. Not an author's or reviewer's own page, nor one under a query
      // string (searches: endless, and a flood of them would push the journal's pages out).
      sendPage(req, res, page.status, { ...headers, 'content-type': HTML }, page.render, own || url.search ? undefined : pages);
      // Held only if no write of the journal was announced while it was made, from reads all kept.
      if (covered && page.status === 200 && changes!.generation(journalId) === generation) {
        held!.set(heldKey!, { generation: generation!, year, etag: page.etag, tags: pageHeaders[SURROGATE_KEY_HEADER] ?? '', version });
      }
    } catch (err) {
      if (res.destroyed) return;
      logger.error({ err, requestId: req.requestId }, 'page render failed');
      sendParts(res, 503, { ...pageHeaders, 'content-type': HTML }, [fallbackPage(503, assets.css)]);
    }
  };

  /**
   * Pages skip express: request id, request log line, duration metric and the page itself are all
   * this path does. Health, readiness, metrics and anything but GET/HEAD go to the express app.
   */
  const handle = (raw: IncomingMessage, res: ServerResponse) => {
    const target = raw.url ?? '/';
    const q = target.indexOf('?');
    const path = q < 0 ? target : target.slice(0, q);
    if ((raw.method !== 'GET' && raw.method !== 'HEAD') || OWN_PATH_RE.test(path)) {
      app(raw, res);
      return;
    }
    const req = http.observe(Object.assign(raw, { route: PAGE_ROUTE }), res, true);
    servePage(req, res, path).catch((err: unknown) =>
      sendErrorAnswer(logger, err, req, res, { [REQUEST_ID_HEADER]: req.requestId, 'cache-control': 'no-cache' }),
    );
  };

  const server: RunningServer = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS, handle);
  logger.info({ url: server.url }, 'render listening');
  return {
    url: server.url,
    port: server.port,
    stop: async () => {
      await server.close();
      contentReads.close();
      changes?.stop();
      redis?.commands.disconnect();
      redis?.subscriber.disconnect();
    },
  };
}

/** The submission form, the status pages and the reviewers' pages: never kept by nginx or a CDN. */
const PRIVATE_PAGE_RE = /^\/(submit|submission|review)(\/|$)/;

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

// Started as `node web/dist-ssr/server.js`; tests import start() instead.
if (process.argv[1] && /dist-ssr[\\/]server\.js$/.test(process.argv[1])) runService('render', readRenderConfig, start);

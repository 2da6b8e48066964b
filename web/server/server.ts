import {
  AppError,
  CLIENT_IP_HEADER,
  createHttpApp,
  createLogger,
  listen,
  logSampleOf,
  PUBLIC_HOST_HEADER,
  publicOriginOf,
  runService,
  TENANT_HEADER,
  type RunningServer,
} from '@journal/server-kit';
import type { Request, Response } from 'express';
import { loadAssets } from './assets';
import { readRenderConfig, type RenderConfig } from './config';
import { ContentReads } from './content-reads';
import { fallbackPage, renderPage } from './render';

const ID_RE = /^[a-f0-9]{24}$/;
const HTML = 'text/html; charset=utf-8';
/** Client-rendered areas: the render process answers them with the app shell. */
const APP_SHELL_RE = /^\/(admin|webdata)(\/|$)/;

export interface RenderApp {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** The render process: server-rendered pages of the public site, hydrated by the same components. */
export async function start(config: RenderConfig): Promise<RenderApp> {
  const logger = createLogger('render', config.LOG_LEVEL);
  const assets = loadAssets(config.WEB_DIST);
  const contentReads = new ContentReads(config.CONTENT_URL, config.LAYOUT_CACHE_MS, config.CONTENT_TIMEOUT_MS);
  const http = createHttpApp({ name: 'render', logger, jsonLimit: false, logSample: logSampleOf(config) });
  const { app } = http;

  app.get(/.*/, async (req: Request, res: Response) => {
    res.setHeader('Cache-Control', 'no-cache');
    if (APP_SHELL_RE.test(req.path)) {
      res.type(HTML).setHeader('Cache-Control', 'no-store');
      res.send(assets.shell);
      return;
    }
    const journalId = req.header(TENANT_HEADER) ?? '';
    if (!ID_RE.test(journalId)) throw new AppError(400, 'unknown_journal', 'No journal is known for this host');
    const origin = publicOriginOf({ host: req.header('host'), journalHost: req.header(PUBLIC_HOST_HEADER) }, config);
    const reads = contentReads.forRequest({
      journalId,
      journalHost: req.header(PUBLIC_HOST_HEADER) ?? '',
      clientIp: req.header(CLIENT_IP_HEADER) ?? '',
      requestId: req.requestId,
      fresh: /(?:^|;\s*)jp_fresh=/.test(req.header('cookie') ?? ''),
    });
    try {
      // The origin is ours (validated host); the path is the reader's, kept as a path.
      const url = new URL(origin + (req.originalUrl.startsWith('/') ? req.originalUrl : `/${req.originalUrl}`));
      const page = await renderPage({
        url,
        origin,
        reads,
        assets,
        onError: (err) => logger.error({ err, requestId: req.requestId }, 'render error'),
      });
      if ('redirect' in page) {
        res.redirect(page.status, page.redirect);
        return;
      }
      res.status(page.status).type(HTML).send(page.html);
    } catch (err) {
      // A reader who went away gets nothing.
      if (res.destroyed) return;
      logger.error({ err, requestId: req.requestId }, 'page render failed');
      res.status(503).type(HTML).send(fallbackPage(503, assets.css));
    }
  });
  http.finish();

  const server: RunningServer = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  logger.info({ url: server.url }, 'render listening');
  return {
    url: server.url,
    port: server.port,
    stop: async () => {
      await server.close();
      contentReads.close();
    },
  };
}

// Started as `node web/dist-ssr/server.js`; tests import start() instead.
if (process.argv[1] && /dist-ssr[\\/]server\.js$/.test(process.argv[1])) runService('render', readRenderConfig, start);

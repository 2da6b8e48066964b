import { createHttpApp, createLogger, createRedis, listen } from '@journal/server-kit';
import type { EdgePurgerConfig } from './edge-purger.config';
import { startEdge } from './edge-purge.setup';

export interface EdgePurgerApp {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * The purge queue's worker in a process of its own (`edge-purger`): each write's purges and
 * refreshes of the caches in front, a few hundred requests to nginx for a journal whose readers
 * keep many keys, run on no event loop (and no CPU share) that answers staff saves or readers.
 * Writes enqueue the jobs (purge.queue.ts); any number of purgers take them, and a job whose
 * purger died is taken over by another.
 */
export async function startEdgePurger(config: EdgePurgerConfig): Promise<EdgePurgerApp> {
  const logger = createLogger('edge-purger', config.LOG_LEVEL);
  const redis = createRedis(config.REDIS_URL);
  const edge = startEdge(config, redis, logger);
  const http = createHttpApp({ name: 'edge-purger', logger, ready: () => redis.status === 'ready' });
  http.finish();
  const server = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  logger.info({ url: server.url, concurrency: config.EDGE_PURGE_CONCURRENCY }, 'edge purger working');
  return {
    url: server.url,
    port: server.port,
    async stop() {
      await server.close();
      await edge.stop();
      redis.disconnect();
    },
  };
}

import type { Connection } from 'mongoose';
import {
  connectMongo, createHttpApp, createLogger, createRedis, isMongoReady, isRedisReady, listen,
  type Redis, type RunningServer,
} from '@journal/common';
import type { ContentConfig } from './config';
import { JournalRepo } from './journals/journal.repo';
import { internalJournalRoutes } from './journals/journal.routes';
import { publicSettingsRoutes } from './journals/settings.routes';

export interface ContentApp {
  url: string;
  port: number;
  conn: Connection;
  journals: JournalRepo;
  stop(): Promise<void>;
}

export async function start(config: ContentConfig): Promise<ContentApp> {
  const logger = createLogger('content', config.LOG_LEVEL);
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const redis: Redis = createRedis(config.REDIS_URL);
  const journals = new JournalRepo(conn);
  await journals.init();

  const http = createHttpApp({ name: 'content', logger, ready: () => isMongoReady(conn) && isRedisReady(redis) });
  http.app.use(internalJournalRoutes(journals));
  http.app.use(publicSettingsRoutes(journals));
  http.finish();

  const server: RunningServer = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  logger.info({ url: server.url }, 'content listening');
  return {
    url: server.url,
    port: server.port,
    conn,
    journals,
    async stop() {
      await server.close();
      redis.disconnect();
      await conn.close();
    },
  };
}

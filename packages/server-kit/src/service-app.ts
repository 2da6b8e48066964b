import type { Connection } from 'mongoose';
import { connectMongo } from './db';
import { listen, type HttpApp, type RunningServer } from './http';
import { createLogger, type Logger } from './logger';

/** What a service's `start()` answers: where it listens, its domain service (the tests call it) and `stop()`. */
export interface ServiceApp<S> {
  url: string;
  port: number;
  service: S;
  stop(): Promise<void>;
}

/** The fields of `baseConfigShape` and `mongoConfigShape` a start reads. */
interface StartConfig {
  LOG_LEVEL: string;
  MONGO_URL: string;
  MONGO_DB: string;
  PORT: number;
  HOST: string;
  SHUTDOWN_GRACE_MS: number;
}

/** The first two things every service's start makes: its logger and its database connection. */
export async function openService(name: string, config: StartConfig): Promise<{ logger: Logger; conn: Connection }> {
  const logger = createLogger(name, config.LOG_LEVEL);
  return { logger, conn: await connectMongo(config.MONGO_URL, config.MONGO_DB) };
}

/** The last: the error handler after the routes, listening on the configured address, and a line saying where. */
export async function serve(http: HttpApp, config: StartConfig, logger: Logger, name: string): Promise<RunningServer> {
  http.finish();
  const server = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  logger.info({ url: server.url }, `${name} listening`);
  return server;
}

import type { Connection } from 'mongoose';
import { connectMongo, userStateReader, createHttpApp, createLogger, createRedis, listen, mongoDependency, redisDependency, type Redis, type RunningServer } from '@journal/server-kit';
import type { AuthConfig } from './config';
import { UserRepo } from './user.repo';
import { SessionRepo } from './session.repo';
import { LoginThrottle } from './throttle';
import { AuthService } from './auth.service';
import { authRoutes } from './auth.routes';

export interface AuthApp {
  url: string;
  port: number;
  service: AuthService;
  stop(): Promise<void>;
}

export async function start(config: AuthConfig): Promise<AuthApp> {
  const logger = createLogger('auth', config.LOG_LEVEL);
  const conn: Connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const redis: Redis = createRedis(config.REDIS_URL);
  const users = new UserRepo(conn);
  await users.init();
  const sessions = new SessionRepo(conn);
  await sessions.init();
  const limits = {
    perIpUser: config.LOGIN_MAX_FAILURES_PER_USER,
    perIp: config.LOGIN_MAX_FAILURES_PER_IP,
    windowSeconds: config.LOGIN_WINDOW_SECONDS,
    baseDelaySeconds: config.LOGIN_BASE_DELAY_SECONDS,
    maxDelaySeconds: config.LOGIN_MAX_DELAY_SECONDS,
  };
  const throttle = new LoginThrottle(redis, config.REDIS_PREFIX, limits);
  const reauthThrottle = new LoginThrottle(redis, config.REDIS_PREFIX, { ...limits, perUser: config.LOGIN_MAX_FAILURES_PER_USER }, 'reauth');
  const userState = userStateReader(conn, config.USER_STATE_CACHE_MS);
  const service = new AuthService({
    users, sessions, throttle, reauthThrottle, redis, redisPrefix: config.REDIS_PREFIX, jwtSecret: config.JWT_SECRET, userState,
  });

  const http = createHttpApp({
    name: 'auth',
    logger,
    jsonLimit: '16kb',
    // Ready as soon as it listens; datastore trouble is a 503 per request, shown by /healthz and metrics.
    dependencies: { mongo: mongoDependency(conn), redis: redisDependency(redis) },
  });
  http.app.use(authRoutes(service, { secret: config.JWT_SECRET, redis, redisPrefix: config.REDIS_PREFIX, users: userState }));
  http.finish();
  const server: RunningServer = await listen(http, config.PORT, config.HOST, config.SHUTDOWN_GRACE_MS);
  logger.info({ url: server.url }, 'auth listening');

  return {
    url: server.url,
    port: server.port,
    service,
    async stop() {
      await server.close();
      redis.disconnect();
      await conn.close();
    },
  };
}

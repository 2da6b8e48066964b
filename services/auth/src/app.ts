import { ActivityLog, userStateReader, createHttpApp, createRedis, mongoDependency, openService, redisDependency, serve, type Redis, type ServiceApp } from '@journal/server-kit';
import type { AuthConfig } from './config';
import { UserRepo } from './user.repo';
import { SessionRepo } from './session.repo';
import { LoginThrottle } from './throttle';
import { AuthService } from './auth.service';
import { authRoutes } from './auth.routes';
import { activityRoutes } from './activity.routes';
import { platformAuthRoutes } from './platform-auth.routes';

export interface AuthApp extends ServiceApp<AuthService> {
  activity: ActivityLog;
}

export async function start(config: AuthConfig): Promise<AuthApp> {
  const { logger, conn } = await openService('auth', config);
  const redis: Redis = createRedis(config.REDIS_URL);
  const users = new UserRepo(conn);
  const sessions = new SessionRepo(conn);
  // The auth service owns the activity collection's schema: it builds its indexes and sweeps it.
  const activity = new ActivityLog(conn, logger);
  const [clashes] = await Promise.all([users.init(), sessions.init(), activity.init()]);
  // docs/operations.md#user-name-clashes: accounts stored before names were compared in their normal form.
  for (const c of clashes) logger.warn({ journalId: c.journalId, names: c.names }, 'user names that are one name: rename or disable all but one (jp user list)');
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
    users, sessions, throttle, reauthThrottle, redis, redisPrefix: config.REDIS_PREFIX, jwtSecret: config.JWT_SECRET, userState, activity,
  });

  const http = createHttpApp({
    name: 'auth',
    logger,
    jsonLimit: '16kb',
    // Ready as soon as it listens; datastore trouble is a 503 per request, shown by /healthz and metrics.
    dependencies: { mongo: mongoDependency(conn), redis: redisDependency(redis) },
  });
  const authOpts = { secret: config.JWT_SECRET, redis, redisPrefix: config.REDIS_PREFIX, users: userState };
  // Before the journal routes, whose tenant check would refuse the platform's requests first.
  http.app.use(platformAuthRoutes(service, authOpts));
  http.app.use(authRoutes(service, authOpts));
  http.app.use(activityRoutes(activity, authOpts));
  const server = await serve(http, config, logger, 'auth');
  // FerretDB has no TTL indexes, so a year's retention is a periodic delete (every replica may
  // run it: deleting what is already gone costs nothing).
  const sweep = () =>
    activity.sweep().then(
      (n) => n && logger.info({ deleted: n }, 'activity log: entries older than the retention deleted'),
      (err: unknown) => logger.warn({ err }, 'activity log sweep failed'),
    );
  const sweeper = config.ACTIVITY_SWEEP_MINUTES ? setInterval(sweep, config.ACTIVITY_SWEEP_MINUTES * 60_000) : undefined;
  sweeper?.unref();
  if (sweeper) void sweep();

  return {
    url: server.url,
    port: server.port,
    service,
    activity,
    async stop() {
      if (sweeper) clearInterval(sweeper);
      await server.close();
      redis.disconnect();
      await conn.close();
    },
  };
}

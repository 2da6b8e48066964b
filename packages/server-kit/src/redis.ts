import Redis, { type RedisOptions } from 'ioredis';

/**
 * A client for request paths: no offline queue, so while Redis is down every command fails at
 * once and the caller answers 503 instead of waiting.
 */
export function createRedis(url: string, extra: RedisOptions = {}): Redis {
  return quiet(
    new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      ...extra,
    }),
  );
}

/** A client for BullMQ workers, which must wait out an outage rather than fail. */
export function createBlockingRedis(url: string, extra: RedisOptions = {}): Redis {
  return quiet(
    new Redis(url, {
      maxRetriesPerRequest: null,
      enableReadyCheck: false,
      retryStrategy: (times) => Math.min(times * 200, 2000),
      ...extra,
    }),
  );
}

/**
 * Without a listener ioredis prints every failed reconnect of an outage to stderr. The outage is
 * already reported where it matters: /healthz's dependencies and each caller's 503.
 */
function quiet(client: Redis): Redis {
  client.on('error', () => undefined);
  return client;
}

export const isRedisReady = (r: Redis | undefined) => r?.status === 'ready';

/** Resolves once the client is ready, or after `ms` (a service starts without Redis rather than not at all). */
export function redisReady(redis: Redis, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (redis.status === 'ready') return resolve();
    redis.once('ready', () => resolve());
    setTimeout(resolve, ms).unref();
  });
}

export type { Redis };

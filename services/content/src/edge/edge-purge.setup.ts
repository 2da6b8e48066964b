import { createBlockingRedis, createRedis, EdgeKeyMap, type Logger, type Redis } from '@journal/server-kit';
import type { ContentConfig } from '../config';
import { EdgePurger, type PurgeTarget } from './purger';
import { LiveStatusRepo } from './live-status.repo';
import { LiveStatusService } from './live-status.service';
import { FILE_LANDING_MS, PurgeQueue } from './purge.queue';
import { NginxPurgeTarget } from './nginx-purge';
import { AkamaiPurgeTarget, CloudflarePurgeTarget, FastlyPurgeTarget } from './cdn-purge';

type EdgeConfig = Pick<
  ContentConfig,
  | 'REDIS_URL' | 'REDIS_PREFIX' | 'EDGE_REDIS_URL' | 'EDGE_NGINX_PURGE_URLS' | 'EDGE_REFRESH_KEYS' | 'EDGE_REFRESH_TIMEOUT_MS' | 'EDGE_REFRESH_WAIT_MS' | 'EDGE_PURGE_ATTEMPTS' | 'EDGE_PURGE_RETRY_MS' | 'EDGE_REPURGE_MS' | 'EDGE_FILE_READ_MS' | 'EDGE_CDN'
  | 'EDGE_PURGE_CONCURRENCY' | 'EDGE_PURGE_LOCK_MS' | 'EDGE_PURGE_SLOW_MS' | 'EDGE_DROPPED_DRAIN_MS'
  | 'FASTLY_API_URL' | 'FASTLY_SERVICE_ID' | 'FASTLY_API_TOKEN' | 'CLOUDFLARE_API_URL' | 'CLOUDFLARE_ZONE_ID' | 'CLOUDFLARE_API_TOKEN'
  | 'AKAMAI_HOST' | 'AKAMAI_CLIENT_TOKEN' | 'AKAMAI_CLIENT_SECRET' | 'AKAMAI_ACCESS_TOKEN' | 'AKAMAI_NETWORK'
>;

/** The CDN adapter the config names, or none; a CDN named without its credentials stops the start. */
export function cdnTarget(c: EdgeConfig): PurgeTarget | null {
  const need = (name: string, ...values: (string | undefined)[]) => {
    if (values.some((v) => !v)) throw new Error(`EDGE_CDN=${name} needs its credentials (docs/operations.md#edge-caches)`);
  };
  switch (c.EDGE_CDN) {
    case 'fastly':
      need('fastly', c.FASTLY_SERVICE_ID, c.FASTLY_API_TOKEN);
      return new FastlyPurgeTarget({ apiUrl: c.FASTLY_API_URL, serviceId: c.FASTLY_SERVICE_ID, token: c.FASTLY_API_TOKEN ?? '' });
    case 'cloudflare':
      need('cloudflare', c.CLOUDFLARE_ZONE_ID, c.CLOUDFLARE_API_TOKEN);
      return new CloudflarePurgeTarget({ apiUrl: c.CLOUDFLARE_API_URL, zoneId: c.CLOUDFLARE_ZONE_ID, token: c.CLOUDFLARE_API_TOKEN ?? '' });
    case 'akamai':
      need('akamai', c.AKAMAI_HOST, c.AKAMAI_CLIENT_TOKEN, c.AKAMAI_CLIENT_SECRET, c.AKAMAI_ACCESS_TOKEN);
      return new AkamaiPurgeTarget({
        host: c.AKAMAI_HOST,
        clientToken: c.AKAMAI_CLIENT_TOKEN ?? '',
        clientSecret: c.AKAMAI_CLIENT_SECRET ?? '',
        accessToken: c.AKAMAI_ACCESS_TOKEN ?? '',
        network: c.AKAMAI_NETWORK,
      });
    default:
      return null;
  }
}

/** The journal a write's tags are of (every cache tag starts with `j` and the journal's id): the scope of the gateway's records. */
export const journalOfTags = (tags: readonly string[]) => /^j([a-f0-9]{24})/.exec(tags[0] ?? '')?.[1] ?? tags[0] ?? '';

/**
 * The Redis of the gateway's records of nginx's keys: EDGE_REDIS_URL (an instance whose keys may
 * be evicted), else the service's own.
 */
export function edgeRedisOf(c: EdgeConfig, redis: Redis): Redis {
  return c.EDGE_REDIS_URL && c.EDGE_REDIS_URL !== c.REDIS_URL ? createRedis(c.EDGE_REDIS_URL) : redis;
}

/** The purger of every cache in front that the config names (nginx, a CDN). */
export function createEdgePurger(c: EdgeConfig, edgeRedis: Redis, logger: Logger): EdgePurger {
  const targets: PurgeTarget[] = [];
  if (c.EDGE_NGINX_PURGE_URLS.length) {
    // Read and forgotten here: the gateway records (with their caps and lifetimes).
    const keys = new EdgeKeyMap(edgeRedis, { prefix: c.REDIS_PREFIX, ttlSeconds: 0, scopeOf: journalOfTags });
    targets.push(new NginxPurgeTarget(keys, c.EDGE_NGINX_PURGE_URLS, { refreshKeys: c.EDGE_REFRESH_KEYS, refreshTimeoutMs: c.EDGE_REFRESH_TIMEOUT_MS, refreshWaitMs: c.EDGE_REFRESH_WAIT_MS }));
  }
  const cdn = cdnTarget(c);
  if (cdn) targets.push(cdn);
  return new EdgePurger({ targets, logger, attempts: c.EDGE_PURGE_ATTEMPTS, retryMs: c.EDGE_PURGE_RETRY_MS });
}

/** The caches in front: their purger, the queue that runs it after each write, and how far each journal's changes have gone. */
export interface EdgeModule {
  purger: EdgePurger;
  queue: PurgeQueue;
  liveStatus: LiveStatusRepo;
  /** What the admin's status route reads. */
  status: LiveStatusService;
  stop(): Promise<void>;
}

/** The purger, its queue and this process's worker of it (on connections of their own). */
export function startEdge(c: EdgeConfig, redis: Redis, logger: Logger): EdgeModule {
  // The gateway's records of nginx's keys may live in a Redis of their own (EDGE_REDIS_URL).
  const edgeRedis = edgeRedisOf(c, redis);
  const purger = createEdgePurger(c, edgeRedis, logger);
  const liveStatus = new LiveStatusRepo(redis, c.REDIS_PREFIX);
  const queueConn = createRedis(c.REDIS_URL);
  const queue = new PurgeQueue(queueConn, purger, liveStatus, {
    prefix: `${c.REDIS_PREFIX}bull`,
    repurgeMs: c.EDGE_REPURGE_MS,
    fileRepurgeMs: c.EDGE_FILE_READ_MS + FILE_LANDING_MS,
    concurrency: c.EDGE_PURGE_CONCURRENCY,
    lockMs: c.EDGE_PURGE_LOCK_MS,
    slowMs: c.EDGE_PURGE_SLOW_MS,
    logger,
  });
  const workerConn = purger.enabled && c.EDGE_PURGE_CONCURRENCY ? createBlockingRedis(c.REDIS_URL) : null;
  if (workerConn) queue.work(workerConn);
  const drainer = workerConn ? drainDropped(purger, c.EDGE_DROPPED_DRAIN_MS, logger) : null;
  return {
    purger,
    queue,
    liveStatus,
    status: new LiveStatusService(liveStatus),
    async stop() {
      await drainer?.stop();
      await queue.close();
      workerConn?.disconnect();
      queueConn.disconnect();
      if (edgeRedis !== redis) edgeRedis.disconnect();
    },
  };
}

/**
 * Every `everyMs`, purges the keys the gateway dropped from its records over their caps (no tag's
 * purge finds them), on each worker of the purge queue: a dropped page is stale that long at most.
 */
export function drainDropped(purger: EdgePurger, everyMs: number, logger: Logger): { stop(): Promise<void> } {
  const nginx = purger.targets.find((t): t is NginxPurgeTarget => t instanceof NginxPurgeTarget);
  if (!nginx) return { stop: async () => undefined };
  // A tick while a drain still runs (a slow or unreachable nginx) is skipped, not queued behind it:
  // the next drain reads what is left then, and waits pile up neither in memory nor in a burst after.
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= nginx
      .drainAll()
      .then(
        () => undefined,
        (err: unknown) => logger.warn({ err }, 'dropped edge keys not purged; trying again'),
      )
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

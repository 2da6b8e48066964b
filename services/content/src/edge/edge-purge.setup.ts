import { EdgeKeyMap, type Logger, type Redis } from '@journal/server-kit';
import type { ContentConfig } from '../config';
import { EdgePurger, type PurgeTarget } from './purger';
import { NginxPurgeTarget } from './nginx-purge';
import { AkamaiPurgeTarget, CloudflarePurgeTarget, FastlyPurgeTarget } from './cdn-purge';

type EdgeConfig = Pick<
  ContentConfig,
  | 'REDIS_PREFIX' | 'EDGE_NGINX_PURGE_URLS' | 'EDGE_REFRESH_KEYS' | 'EDGE_REFRESH_TIMEOUT_MS' | 'EDGE_PURGE_ATTEMPTS' | 'EDGE_PURGE_RETRY_MS' | 'EDGE_REPURGE_MS' | 'EDGE_CDN'
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

/** The purger of every cache in front that the config names (nginx, a CDN). */
export function createEdgePurger(c: EdgeConfig, redis: Redis, logger: Logger): EdgePurger {
  const targets: PurgeTarget[] = [];
  if (c.EDGE_NGINX_PURGE_URLS.length) {
    // Only read here: the gateway records (its TTL trims the records).
    targets.push(new NginxPurgeTarget(new EdgeKeyMap(redis, { prefix: c.REDIS_PREFIX, ttlSeconds: 0 }), c.EDGE_NGINX_PURGE_URLS, { refreshKeys: c.EDGE_REFRESH_KEYS, refreshTimeoutMs: c.EDGE_REFRESH_TIMEOUT_MS }));
  }
  const cdn = cdnTarget(c);
  if (cdn) targets.push(cdn);
  return new EdgePurger({ targets, logger, attempts: c.EDGE_PURGE_ATTEMPTS, retryMs: c.EDGE_PURGE_RETRY_MS, repurgeMs: c.EDGE_REPURGE_MS });
}

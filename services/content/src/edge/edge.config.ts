import { z } from 'zod';

const list = z
  .union([z.string(), z.array(z.string())])
  .default('')
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')));

/** The purger's settings (docs/operations.md#edge-caches): nginx always where set, one CDN behind config. */
export const edgeConfigShape = {
  /**
   * The Redis holding the gateway's records of nginx's cache keys (the gateway's EDGE_REDIS_URL):
   * an instance of its own with `allkeys-lru`, so readers' records can never fill the one queues,
   * sign-ins and revocations need. Empty: REDIS_URL.
   */
  EDGE_REDIS_URL: z.string().default(''),
  /** nginx purge endpoints (comma-separated); a host name stands for every address it resolves to. Empty: no nginx purge. */
  EDGE_NGINX_PURGE_URLS: list,
  /** Tries per cache and write before the purge is given up (logged), and the first wait (doubled each time). */
  EDGE_PURGE_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  EDGE_PURGE_RETRY_MS: z.coerce.number().int().min(1).default(200),
  /**
   * Keys per write replaced in place on each nginx (fetched anew and stored, readers served the
   * old copy meanwhile) rather than purged: keys of linked paths (no query string, origin-form)
   * first, then the most recently filled; the rest are purged.
   * 0: purge only. See NginxPurgeTarget.
   */
  EDGE_REFRESH_KEYS: z.coerce.number().int().min(0).max(10_000).default(32),
  /**
   * How long a purge waits for one refresh; past it the key is purged instead (nginx may still
   * store the refreshed answer when it comes, asked for after the write), so a busy render never
   * holds the change from readers for long.
   */
  EDGE_REFRESH_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(1000),
  /**
   * How long a purge waits for its refreshes altogether (at most EDGE_REFRESH_TIMEOUT_MS): the keys
   * whose refresh has not come back by then are purged, and the write is live. Readers of those
   * keys get the next fill; a refresh that comes later stores the new answer too.
   */
  EDGE_REFRESH_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(250),
  /**
   * A second purge this long after the first (0: none): an answer built from the state before the
   * write and still on its way into a cache (or built by a replica that had not yet applied the
   * write) when the first purge ran is removed by the second. See purge.queue.ts.
   */
  EDGE_REPURGE_MS: z.coerce.number().int().min(0).default(500),
  /**
   * The longest a read of a versioned file (`/assets/…?v=`, what nginx's asset cache stores) may
   * take in the content service, from its start to its last byte; past it the answer is cut, and
   * nginx stores no cut answer. File reads are not stamped like pages, so a write's retired files
   * are purged once more this long (plus a few seconds for the last bytes to reach nginx) after
   * its first purge: a copy read before the write and stored after both purges goes then. nginx
   * buffers the answer, so the read runs at loopback speed, not the reader's. Set it alike for
   * the content service and the edge purger (see purge.queue.ts).
   */
  EDGE_FILE_READ_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** Purges run at once by this process's worker of the purge queue (0: no worker here; another process runs them). */
  EDGE_PURGE_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(4),
  /**
   * How long a purge job is held by a worker without renewing its lock before another worker (or
   * this one, started again) takes it over: a write whose process died before its purge ran is
   * purged after the restart, within about this time.
   */
  EDGE_PURGE_LOCK_MS: z.coerce.number().int().min(1000).max(300_000).default(10_000),
  /** A purge job taking longer than this from its write to live is logged with its stages (edge purge slow). */
  EDGE_PURGE_SLOW_MS: z.coerce.number().int().min(0).default(2000),
  /**
   * How often a purge worker purges the keys the gateway dropped from its records over their caps
   * (a write's purge of the journal does so first too): such a page stays stale at most about this long.
   */
  EDGE_DROPPED_DRAIN_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** The CDN in front, told by tag; none by default. */
  EDGE_CDN: z.enum(['none', 'fastly', 'cloudflare', 'akamai']).default('none'),
  FASTLY_API_URL: z.string().url().default('https://api.fastly.com'),
  FASTLY_SERVICE_ID: z.string().default(''),
  /** CDN credentials: from the Secret, unset unless that CDN is used. */
  FASTLY_API_TOKEN: z.string().optional(),
  CLOUDFLARE_API_URL: z.string().url().default('https://api.cloudflare.com'),
  CLOUDFLARE_ZONE_ID: z.string().default(''),
  CLOUDFLARE_API_TOKEN: z.string().optional(),
  /** The EdgeGrid client credentials' host (akab-….purge.akamaiapis.net) and tokens. */
  AKAMAI_HOST: z.string().default(''),
  AKAMAI_CLIENT_TOKEN: z.string().optional(),
  /** Unset unless Akamai is used (as a secret it must then pass the production secret policy). */
  AKAMAI_CLIENT_SECRET: z.string().optional(),
  AKAMAI_ACCESS_TOKEN: z.string().optional(),
  AKAMAI_NETWORK: z.enum(['production', 'staging']).default('production'),
};

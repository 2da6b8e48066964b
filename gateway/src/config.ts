import { z } from 'zod';
import { baseConfigShape, loadConfig, requestLogConfigShape } from '@journal/server-kit/config';
import { publicOriginConfigShape } from '@journal/server-kit/public-origin';
import { affinityConfigShape } from '@journal/server-kit/replica-set';

const url = z.string().url();
export const gatewayConfigSchema = z.object({
  ...baseConfigShape,
  ...requestLogConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  CONTENT_URL: url,
  /**
   * The content processes that take staff requests and every write (routes.ts, `sideOf`), apart
   * from those answering readers: a save never waits behind readers' reads. Unset: CONTENT_URL.
   */
  CONTENT_STAFF_URL: url.optional(),
  AUTH_URL: url,
  WORKLOG_URL: url,
  PDF_URL: url,
  /** The render process: server-rendered pages of the public site. */
  RENDER_URL: url,
  /** Peers whose X-Real-IP / X-Request-ID are believed (the web nginx); comma-separated addresses or CIDR blocks, IPv4 or IPv6. */
  TRUSTED_PROXIES: z.string().default('127.0.0.1,::1,::ffff:127.0.0.1'),
  PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  PDF_PROXY_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().positive().default(8 * 1024 * 1024),
  /** A 20 MB manuscript with the submission form's fields. */
  SUBMISSION_UPLOAD_LIMIT_BYTES: z.coerce.number().int().positive().default(21 * 1024 * 1024),
  TENANT_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * The platform's own host (e.g. `usage.publisher.example`), where the platform-wide
   * COUNTER_SUSHI API answers at `/counter/r51/` and nothing else (docs/product.md#counter-platform).
   * Empty: there is none.
   */
  COUNTER_PLATFORM_HOST: z.string().trim().toLowerCase().default(''),
  /**
   * Journal affinity (docs/architecture.md#journal-affinity): the headless Services whose names
   * resolve to the content and render pods. Unset (a local stack): every request goes to
   * CONTENT_URL / RENDER_URL.
   */
  CONTENT_PODS_URL: url.optional(),
  RENDER_PODS_URL: url.optional(),
  ...affinityConfigShape,
  /**
   * Redis, where the cache keys of tagged answers are recorded for the content service's purger
   * (the same REDIS_URL and REDIS_PREFIX): EDGE_REDIS_URL (the content service's, an instance of
   * its own with `allkeys-lru`), else REDIS_URL. Both empty: nothing recorded, nginx is not purged by key.
   */
  REDIS_URL: z.string().default(''),
  EDGE_REDIS_URL: z.string().default(''),
  REDIS_PREFIX: z.string().default('jp:'),
  /**
   * Records kept per journal (anyone's reads make them), the oldest dropped first: of keys links
   * lead to (paths without a query string), and of the others (query strings, absolute-form
   * targets), so a flood of made-up query strings never pushes out a page's record.
   */
  EDGE_KEYS_LINKED_MAX: z.coerce.number().int().min(1).default(50_000),
  EDGE_KEYS_OTHER_MAX: z.coerce.number().int().min(1).default(5_000),
  /** Keys dropped over those caps and not yet purged by the content service, per journal (docs/operations.md#edge-caches). */
  EDGE_KEYS_DROPPED_MAX: z.coerce.number().int().min(1).default(10_000),
  /** Longest cache key recorded; an answer under a longer one is kept EDGE_UNRECORDED_TTL_S only. */
  EDGE_KEY_MAX_BYTES: z.coerce.number().int().min(64).max(8192).default(1024),
  /** How long nginx and a CDN keep a tagged public answer (until a write purges it), and serve it stale meanwhile. */
  EDGE_CACHE_TTL_S: z.coerce.number().int().min(1).default(86_400),
  /** How long nginx keeps a tagged answer whose key is not recorded (a 404, a key over EDGE_KEY_MAX_BYTES): no purge reaches it. */
  EDGE_UNRECORDED_TTL_S: z.coerce.number().int().min(0).default(10),
  EDGE_STALE_WHILE_REVALIDATE_S: z.coerce.number().int().min(0).default(60),
  EDGE_STALE_IF_ERROR_S: z.coerce.number().int().min(0).default(86_400),
  /**
   * Bytes of answers nginx stores that the gateway holds too, for the content service and again
   * for the render process (shared-reads.ts): a request nginx does not hold whose journal's change
   * number has not moved since is answered from them. 0: an answer is held a second only.
   */
  HELD_ANSWERS_BYTES: z.coerce.number().int().min(0).default(16 * 1024 * 1024),
  /** Scheme and port of the journals' public origin, where alias hosts redirect to (the same values as the content service's). */
  ...publicOriginConfigShape,
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const readGatewayConfig = () => loadConfig(gatewayConfigSchema);

import { z } from 'zod';
import { baseConfigShape, jwtConfigShape, loadConfig, mongoConfigShape, redisConfigShape } from '@journal/common';

export const contentConfigSchema = z.object({
  ...baseConfigShape,
  ...mongoConfigShape,
  ...redisConfigShape,
  ...jwtConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  /** Scheme of absolute public URLs (canonical links, sitemap, OAI); the host comes from the gateway. */
  PUBLIC_SCHEME: z.enum(['http', 'https']).default('http'),
  /**
   * Port of absolute public URLs when the site is not on the scheme's default port (local runs:
   * 8080). Empty: the port of the Host header when it names the journal's host, else none.
   */
  PUBLIC_PORT: z.string().regex(/^\d{0,5}$/).default(''),
  /** URLs per sitemap file before /sitemap.xml becomes an index (sitemaps.org: 50,000). */
  SITEMAP_MAX_URLS: z.coerce.number().int().min(1).max(50_000).default(50_000),
  /** In-process public cache bounds. */
  CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(5000),
  CACHE_MAX_MB: z.coerce.number().int().min(1).default(128),
  /** How often replicas compare the change counters in Redis with what they applied (lost pub/sub messages). */
  CACHE_VERSION_POLL_MS: z.coerce.number().int().min(50).default(1000),
  /**
   * start() resolves once the read models are loaded (the server listens, and answers /readyz 503,
   * from the beginning either way). false: resolve as soon as it listens.
   */
  WAIT_READY: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .default(true),
});
export type ContentConfig = z.infer<typeof contentConfigSchema>;
export const readContentConfig = () => loadConfig(contentConfigSchema);

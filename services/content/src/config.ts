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
});
export type ContentConfig = z.infer<typeof contentConfigSchema>;
export const readContentConfig = () => loadConfig(contentConfigSchema);

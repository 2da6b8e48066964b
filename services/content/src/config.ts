import { z } from 'zod';
import { baseConfigShape, jwtConfigShape, loadConfig, mongoConfigShape, redisConfigShape } from '@journal/common';

export const contentConfigSchema = z.object({
  ...baseConfigShape,
  ...mongoConfigShape,
  ...redisConfigShape,
  ...jwtConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
  /** The SPA's index.html, into which article and issue pages get their meta tags. */
  WEB_INDEX_URL: z.string().default('http://127.0.0.1:8080/index.html'),
  /** How long a fetched index.html is reused. */
  WEB_INDEX_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  /** Scheme of absolute public URLs (canonical links, sitemap, OAI); the host comes from the gateway. */
  PUBLIC_SCHEME: z.enum(['http', 'https']).default('http'),
  /** In-process public cache bounds. */
  CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(5000),
  CACHE_MAX_MB: z.coerce.number().int().min(1).default(128),
});
export type ContentConfig = z.infer<typeof contentConfigSchema>;
export const readContentConfig = () => loadConfig(contentConfigSchema);

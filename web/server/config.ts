import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { affinityConfigShape, baseConfigShape, loadConfig, publicOriginConfigShape, requestLogConfigShape } from '@journal/server-kit';

const here = fileURLToPath(new URL('.', import.meta.url));

export const renderConfigSchema = z.object({
  ...baseConfigShape,
  ...requestLogConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4005),
  /** The content service, called directly with the tenant headers the gateway set. */
  CONTENT_URL: z.string().url(),
  /**
   * Journal affinity: the content pods' headless Service. Each journal's reads go to the same
   * subset of content pods as the gateway sends its API requests to (the same hashing and
   * settings), so their caches hold the journal once; unset (a local stack), CONTENT_URL.
   */
  CONTENT_PODS_URL: z.string().url().optional(),
  ...affinityConfigShape,
  /** The client build (manifest, entry script, CSS, the admin shell); next to web/dist-ssr. */
  WEB_DIST: z.string().default(`${here}../dist`),
  /** Scheme and port of absolute public URLs (the same settings as the gateway and the content service). */
  ...publicOriginConfigShape,
  /**
   * Redis, to follow the content service's change feed: a page's reads are then reused until a
   * write of their journal is announced, rather than revalidated with the content service for
   * every page. Empty: every read is revalidated.
   */
  REDIS_URL: z.string().default(''),
  REDIS_PREFIX: z.string().default('jp:'),
  /**
   * How long reads that are the same for every page of a journal (settings, archive list) may be
   * reused without asking the content service, for a request that need not see the latest write.
   * Pages are all such requests now: nginx keeps each until a write purges it, so every read a
   * page makes began after the page was asked for (revalidated by ETag, pages that come together
   * sharing one check).
   */
  LAYOUT_CACHE_MS: z.coerce.number().int().min(0).default(2000),
  CONTENT_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /**
   * Bytes of page answers kept by ETag and encoding (web/server/page-store.ts): a page asked for
   * again unchanged (another web pod's nginx, a refresh after a write it does not show, a key nginx
   * let go) is sent from memory, not rendered and compressed again. 0: every page is rendered.
   */
  PAGE_STORE_BYTES: z.coerce.number().int().min(0).default(32 * 1024 * 1024),
});
export type RenderConfig = z.infer<typeof renderConfigSchema>;
export const readRenderConfig = () => loadConfig(renderConfigSchema);

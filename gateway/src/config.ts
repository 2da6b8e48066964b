import { z } from 'zod';
import { affinityConfigShape, baseConfigShape, loadConfig, publicOriginConfigShape, requestLogConfigShape } from '@journal/server-kit';

const url = z.string().url();
export const gatewayConfigSchema = z.object({
  ...baseConfigShape,
  ...requestLogConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  CONTENT_URL: url,
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
  TENANT_CACHE_MS: z.coerce.number().int().min(0).default(30_000),
  /**
   * Journal affinity (docs/architecture.md#journal-affinity): the headless Services whose names
   * resolve to the content and render pods. Unset (a local stack): every request goes to
   * CONTENT_URL / RENDER_URL.
   */
  CONTENT_PODS_URL: url.optional(),
  RENDER_PODS_URL: url.optional(),
  ...affinityConfigShape,
  /** Scheme and port of the journals' public origin, where alias hosts redirect to (the same values as the content service's). */
  ...publicOriginConfigShape,
});
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export const readGatewayConfig = () => loadConfig(gatewayConfigSchema);

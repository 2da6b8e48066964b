import { z } from 'zod';
import { baseConfigShape, redisConfigShape } from '@journal/server-kit';
import { edgeConfigShape } from './edge.config';

/** The edge purger's settings: the content service's Redis and purge ones (docs/operations.md#edge-caches). */
export const edgePurgerConfigSchema = z.object({
  ...baseConfigShape,
  ...redisConfigShape,
  ...edgeConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4008),
  /** Jobs this process runs at once (a purger that runs none has no reason to be). */
  EDGE_PURGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
});
export type EdgePurgerConfig = z.infer<typeof edgePurgerConfigSchema>;

import { z } from 'zod';
import { baseConfigShape, jwtConfigShape, loadConfig, mongoConfigShape, redisConfigShape } from '@journal/common';

export const contentConfigSchema = z.object({
  ...baseConfigShape,
  ...mongoConfigShape,
  ...redisConfigShape,
  ...jwtConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4001),
});
export type ContentConfig = z.infer<typeof contentConfigSchema>;
export const readContentConfig = () => loadConfig(contentConfigSchema);

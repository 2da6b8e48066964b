import { z } from 'zod';
import { baseConfigShape, jwtConfigShape, loadConfig, mongoConfigShape, redisConfigShape } from '@journal/common';

export const authConfigSchema = z.object({
  ...baseConfigShape,
  ...mongoConfigShape,
  ...redisConfigShape,
  ...jwtConfigShape,
  PORT: z.coerce.number().int().min(0).max(65535).default(4002),
  LOGIN_MAX_FAILURES_PER_USER: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().positive().default(20),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
});
export type AuthConfig = z.infer<typeof authConfigSchema>;
export const readAuthConfig = () => loadConfig(authConfigSchema);
